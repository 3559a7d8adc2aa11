import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

export type TabLink = { id: string; to: string; label: ReactNode; active: boolean };

/** Tabs that are links (each tab is a URL, so they work without JavaScript), the current one marked. */
export function TabNav({ label, tabs, preventScrollReset }: { label: string; tabs: TabLink[]; preventScrollReset?: boolean }) {
  return (
    <nav aria-label={label} className="mt-10 border-b border-slate-200 dark:border-slate-700">
      <ul className="-mb-px flex flex-wrap gap-1">
        {tabs.map((tab) => (
          <li key={tab.id}>
            <Link
              to={tab.to}
              aria-current={tab.active ? "page" : undefined}
              preventScrollReset={preventScrollReset}
              className={`inline-block border-b-2 px-4 py-2 text-sm font-medium ${
                tab.active
                  ? "border-primary-700 text-primary-800 dark:border-primary-100 dark:text-white"
                  : "border-transparent text-slate-700 hover:border-slate-300 dark:text-slate-300"
              }`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
