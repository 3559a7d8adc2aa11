/**
 * The one navigation of every staff page (issue 40): a side bar on wide screens, a menu on phones
 * (a <details>, so it opens without JavaScript). What a clerk may not open is not listed; the
 * current page is marked with aria-current. The role and the count of filings waiting come from
 * the root loader (its `user` and `staff`), so no staff page has to load them.
 */
import { useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/ui/app-link";
import { roleOf } from "~/lib/roles";
import { currentStaffEntry, staffEntriesFor, type StaffEntry } from "~/lib/staff-nav";
import type { loader as rootLoader } from "~/root";

const linkClass = (current: boolean) =>
  `flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm ${
    current
      ? "bg-primary-50 font-semibold text-primary-800 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;

function StaffLinks({
  entries,
  current,
  waiting,
  className,
}: {
  entries: StaffEntry[];
  current: ReturnType<typeof currentStaffEntry>;
  waiting: number | null;
  className: string;
}) {
  const { t } = useTranslation("admin");
  return (
    <ul className={className}>
      {entries.map((e) => {
        const isCurrent = current?.id === e.id;
        return (
          <li key={e.id}>
            <AppLink to={e.to} className={linkClass(isCurrent)} aria-current={isCurrent ? (current?.exact ? "page" : "true") : undefined}>
              <span>{t(`nav.entries.${e.id}`)}</span>
              {e.id === "filings" && waiting !== null ? (
                <span
                  className={`rounded-full px-2 text-xs font-semibold ${
                    waiting > 0 ? "bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50" : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200"
                  }`}
                  data-testid="filings-waiting"
                >
                  {waiting.toLocaleString("en-US")}
                  <span className="sr-only"> {t("nav.waiting")}</span>
                </span>
              ) : null}
            </AppLink>
          </li>
        );
      })}
    </ul>
  );
}

export function StaffNav() {
  const { pathname, search } = useLocation();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  // Without the root's data (it failed), list what every staff member may open.
  const role = root?.user && roleOf(root.user) === "admin" ? "admin" : "clerk";
  const waiting = root?.staff?.filingsWaiting ?? null;
  const entries = staffEntriesFor(role);
  const current = currentStaffEntry(pathname, search);
  const { t } = useTranslation("admin");
  const currentEntry = entries.find((e) => e.id === current?.id);
  const currentLabel = currentEntry ? t(`nav.entries.${currentEntry.id}`) : undefined;
  const menu = useRef<HTMLDetailsElement>(null);

  // Choosing a page closes the phone menu (without JavaScript the new page starts closed).
  useEffect(() => {
    menu.current?.removeAttribute("open");
  }, [pathname, search]);

  return (
    <>
      <details
        ref={menu}
        className="mb-6 rounded-lg border border-slate-200 bg-white print:hidden lg:hidden dark:border-slate-700 dark:bg-slate-900"
        data-testid="staff-menu"
      >
        <summary className="cursor-pointer px-4 py-3 text-sm font-semibold">
          {t("nav.menu")}
          {currentLabel ? <span className="font-normal text-slate-700 dark:text-slate-300">: {currentLabel}</span> : null}
        </summary>
        <nav aria-label={t("nav.label")} className="border-t border-slate-200 p-2 dark:border-slate-700">
          <StaffLinks entries={entries} current={current} waiting={waiting} className="grid grid-cols-1 gap-1 sm:grid-cols-2" />
        </nav>
      </details>
      <div className="hidden w-52 shrink-0 print:hidden lg:block" data-testid="staff-sidebar">
        <nav aria-label={t("nav.label")} className="sticky top-24">
          <p className="px-3 pb-2 text-xs font-semibold uppercase tracking-wide text-slate-700 dark:text-slate-300" aria-hidden="true">
            {t("nav.label")}
          </p>
          <StaffLinks entries={entries} current={current} waiting={waiting} className="space-y-1" />
        </nav>
      </div>
    </>
  );
}
