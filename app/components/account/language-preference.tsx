import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { LANGUAGE_NAMES, LANGUAGES } from "~/lib/languages";

/**
 * Profile: the language of the pages and of the email sent to the owner (issue 42). A plain POST
 * (intent language): saved on the account and in the `lng` cookie, like the header's switch.
 */
export function LanguagePreference({ current }: { current: string }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "language";
  return (
    <section aria-labelledby="language-heading" className="mt-6 rounded-lg border border-slate-200 p-6 dark:border-slate-700">
      <h2 id="language-heading" className="text-xl font-semibold">
        {t("language.heading")}
      </h2>
      <Form method="post" className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="language" />
        <div>
          <label htmlFor="profile-language" className="mb-1 block text-sm font-medium">
            {t("language.label")}
          </label>
          <select id="profile-language" name="language" defaultValue={current} className={inputClass} aria-describedby="profile-language-hint">
            {LANGUAGES.map((language) => (
              <option key={language} value={language} lang={language}>
                {LANGUAGE_NAMES[language]}
              </option>
            ))}
          </select>
          <p id="profile-language-hint" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
            {t("language.hint")}
          </p>
        </div>
        <Button type="submit" variant="outline" disabled={busy}>
          {busy ? t("language.saving") : t("language.save")}
        </Button>
      </Form>
    </section>
  );
}
