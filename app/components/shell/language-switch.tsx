import { Form, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGE_NAMES, LANGUAGES, type Language } from "~/lib/languages";

/**
 * The other language, as a plain form (issue 42): posts to /resources/language, which sets the
 * cookie (and the profile) and comes back to this page with its query. A whole page load, with
 * or without JavaScript, so everything on it changes language at once.
 */
export function LanguageSwitch({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const { pathname, search, hash } = useLocation();
  const current = i18n.language as Language;
  const other = LANGUAGES.find((lng) => lng !== current) ?? "en";
  return (
    <Form method="post" action="/resources/language" reloadDocument>
      <input type="hidden" name="lng" value={other} />
      <input type="hidden" name="redirectTo" value={`${pathname}${search}${hash}`} />
      <button type="submit" className={className} data-testid="language-switch">
        <span className="sr-only">{t("language.label")}: </span>
        <span lang={other}>{LANGUAGE_NAMES[other]}</span>
      </button>
    </Form>
  );
}
