import { useLocation } from "@remix-run/react";
import { useContext, useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { I18nNamespacesContext } from "~/components/i18n-boot";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { startTourForPage } from "~/lib/tour-events";
import { TourLauncher } from "~/components/tour/tour-launcher";
import { Tooltips } from "~/components/ui/tooltip";

/**
 * The menu's texts, "help:menu.*" (issue 42). The menu is on every page, but the "help" namespace
 * only comes inline with the help pages: elsewhere the server renders the English (the same texts
 * as en/help.json), the browser renders the same to hydrate, then loads the namespace when the
 * page is not in English and shows it translated. Without JavaScript the menu is in the page's
 * language only on the pages that bring "help".
 */
export const HELP_MENU_ENGLISH = {
  label: "Help menu",
  tooltip: "Help, tour and support",
  start: "Start Interactive Tour",
  helpCenter: "View Help Center",
  faq: "Frequently Asked Questions",
  contact: "Contact Support",
} as const;

function useMenuText() {
  // "loaded": render again once the namespace arrives.
  const { t, i18n } = useTranslation("common", { bindI18n: "languageChanged loaded" });
  const pageNamespaces = useContext(I18nNamespacesContext);
  const inBrowser = typeof document !== "undefined";
  const available = inBrowser ? i18n.hasResourceBundle(i18n.language, "help") : pageNamespaces.includes("help");
  useEffect(() => {
    if (i18n.language !== "en" && !i18n.hasResourceBundle(i18n.language, "help")) void i18n.loadNamespaces("help");
  }, [i18n, i18n.language]);
  return (key: keyof typeof HELP_MENU_ENGLISH) => (available ? t(`help:menu.${key}`) : HELP_MENU_ENGLISH[key]);
}

const itemClass = "block w-full rounded-md px-3 py-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800";

/**
 * The round help button: tour (JS only), help centre, FAQ and contact (new tabs). It also mounts
 * the tour launcher, which knows the pages that have a tour and loads the tour code on demand.
 * It sits in the footer's row, in the page's flow, so it never covers text (a floating button
 * covered the first search result on phones and the footer's "©" on wide screens); its menu
 * opens upwards.
 */
export function HelpMenu() {
  const hydrated = useHydrated();
  const { pathname } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const summaryRef = useRef<HTMLElement>(null);
  const text = useMenuText();

  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [pathname]);

  return (
    <>
      <details ref={ref} className="relative print:hidden" data-testid="help-menu" data-tour="help-menu">
        <summary
          ref={summaryRef}
          aria-label={text("label")}
          data-tooltip={text("tooltip")}
          data-tooltip-side="right"
          className="flex h-12 w-12 cursor-pointer items-center justify-center rounded-full bg-primary-700 text-xl font-bold text-white shadow-lg hover:bg-primary-800"
        >
          ?
        </summary>
        <div className="absolute bottom-14 left-1/2 z-40 w-64 -translate-x-1/2 rounded-lg sm:left-0 sm:translate-x-0 border border-slate-200 bg-white p-2 shadow-xl dark:border-slate-700 dark:bg-slate-900">
          <ul>
            {hydrated ? (
              <li>
                <button
                  type="button"
                  className={itemClass}
                  onClick={() => {
                    ref.current?.removeAttribute("open");
                    // The closed menu's item cannot keep focus: the tour returns it to the help button.
                    summaryRef.current?.focus();
                    startTourForPage(pathname);
                  }}
                >
                  {text("start")}
                </button>
              </li>
            ) : null}
            <li>
              <a className={itemClass} href="/help" target="_blank" rel="noopener noreferrer">
                {text("helpCenter")}
              </a>
            </li>
            <li>
              <a className={itemClass} href="/faq" target="_blank" rel="noopener noreferrer">
                {text("faq")}
              </a>
            </li>
            <li>
              <a className={itemClass} href="/contact" target="_blank" rel="noopener noreferrer">
                {text("contact")}
              </a>
            </li>
          </ul>
        </div>
      </details>
      <TourLauncher />
      <Tooltips />
    </>
  );
}
