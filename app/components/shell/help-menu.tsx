import { useLocation } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { startTourForPage } from "~/lib/tour-events";
import { TourLauncher } from "~/components/tour/tour-launcher";
import { Tooltips } from "~/components/ui/tooltip";

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
  const { t } = useTranslation("common");

  useEffect(() => {
    ref.current?.removeAttribute("open");
  }, [pathname]);

  return (
    <>
      <details ref={ref} className="relative print:hidden" data-testid="help-menu" data-tour="help-menu">
        <summary
          ref={summaryRef}
          aria-label={t("helpMenu.label")}
          data-tooltip={t("helpMenu.tooltip")}
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
                  {t("helpMenu.start")}
                </button>
              </li>
            ) : null}
            <li>
              <a className={itemClass} href="/help" target="_blank" rel="noopener noreferrer">
                {t("helpMenu.helpCenter")}
              </a>
            </li>
            <li>
              <a className={itemClass} href="/faq" target="_blank" rel="noopener noreferrer">
                {t("helpMenu.faq")}
              </a>
            </li>
            <li>
              <a className={itemClass} href="/contact" target="_blank" rel="noopener noreferrer">
                {t("helpMenu.contact")}
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
