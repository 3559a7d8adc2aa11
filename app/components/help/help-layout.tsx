import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

const pages = [
  { to: "/help", label: "layout.helpCenter" },
  { to: "/faq", label: "layout.faq" },
  { to: "/contact", label: "layout.contact" },
] as const;

/** The frame shared by /help, /faq and /contact: a title, an intro and links between the three. */
export function HelpLayout({
  title,
  intro,
  current,
  children,
}: {
  title: string;
  intro: ReactNode;
  current: "/help" | "/faq" | "/contact";
  children: ReactNode;
}) {
  const { t } = useTranslation("help");
  return (
    <div className="mx-auto max-w-4xl px-4 py-12">
      <nav aria-label={t("layout.nav")} className="mb-6">
        <ul className="flex flex-wrap gap-2 text-sm">
          {pages.map((page) => (
            <li key={page.to}>
              <Link
                to={page.to}
                aria-current={page.to === current ? "page" : undefined}
                className={`inline-block rounded-full px-3 py-1 ${
                  page.to === current
                    ? "bg-primary-700 text-white"
                    : "bg-slate-100 text-slate-800 hover:bg-slate-200 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700"
                }`}
              >
                {t(page.label)}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <h1 className="text-4xl font-bold">{title}</h1>
      <div className="mt-4 text-lg text-slate-700 dark:text-slate-300">{intro}</div>
      <div className="mt-10">{children}</div>
    </div>
  );
}

export const proseLink = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

export function HelpSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} id={id} className="mt-10 scroll-mt-24 first:mt-0">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold">
        {title}
      </h2>
      <div className="mt-3 space-y-3 text-slate-800 dark:text-slate-200">{children}</div>
    </section>
  );
}
