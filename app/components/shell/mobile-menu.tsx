import { isStaff } from "~/lib/roles";
import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import type { PublicUser } from "~/lib/types";
import { isActive, mainLinks } from "./nav-links";
import { LanguageSwitch } from "./language-switch";
import { LogoutForm } from "./logout-form";

const itemClass = (active: boolean) =>
  `block rounded-md px-3 py-2 text-base ${
    active ? "bg-primary-50 font-semibold text-primary-800 dark:bg-slate-800 dark:text-white" : "hover:bg-slate-100 dark:hover:bg-slate-800"
  }`;

/** A side menu from the left built on <details>, so it opens and closes without JavaScript. */
export function MobileMenu({ user }: { user: PublicUser | null }) {
  const { pathname, search } = useLocation();
  const ref = useRef<HTMLDetailsElement>(null);
  const close = () => ref.current?.removeAttribute("open");
  const { t } = useTranslation();

  // Choosing a link closes the menu.
  useEffect(() => {
    close();
  }, [pathname, search]);

  const links = [
    ...mainLinks(user),
    { to: "/help", label: "nav.help", match: "/help" },
    ...(user
      ? [
          { to: "/dashboard", label: "nav.dashboard", match: "/dashboard" },
          ...(isStaff(user) ? [{ to: "/admin", label: "nav.adminDashboard", match: "/admin" }] : []),
        ]
      : [
          { to: "/login", label: "nav.signIn", match: "/login" },
          { to: "/register", label: "nav.register", match: "/register" },
        ]),
  ];

  return (
    <details ref={ref} className="group md:hidden" data-testid="mobile-menu">
      <summary
        className="flex h-10 w-10 cursor-pointer items-center justify-center rounded-md border border-slate-300 dark:border-slate-700"
        aria-label={t("nav.openMenu")}
      >
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="currentColor">
          <path d="M3 5h14v2H3zM3 9h14v2H3zM3 13h14v2H3z" />
        </svg>
      </summary>
      <div className="fixed inset-x-0 bottom-0 top-16 z-50 flex">
        <nav
          aria-label={t("nav.mobile")}
          className="h-full w-72 max-w-[85%] overflow-y-auto bg-white p-4 shadow-xl dark:bg-slate-900"
        >
          <div className="mb-4 border-b border-slate-200 pb-4 dark:border-slate-700">
            <p className="font-semibold">{t("brand")}</p>
            <p className="text-sm text-slate-600 dark:text-slate-300">{t("tagline")}</p>
          </div>
          <ul className="space-y-1">
            {links.map((link) => (
              <li key={`${link.label}-${link.to}`}>
                <AppLink to={link.to} className={itemClass(isActive(pathname, link.match))} onClick={close}>
                  {t(link.label)}
                </AppLink>
              </li>
            ))}
            {user ? (
              <li>
                <LogoutForm className={`${itemClass(false)} w-full text-left`} onSubmit={close} />
              </li>
            ) : null}
            <li>
              <LanguageSwitch className={`${itemClass(false)} w-full text-left`} />
            </li>
          </ul>
        </nav>
        {/* Without JS the backdrop reloads the page, which closes the menu; with JS it just closes. */}
        <AppLink
          to={`${pathname}${search}`}
          aria-label={t("nav.closeMenu")}
          className="flex-1 bg-black/40"
          onClick={(event) => {
            event.preventDefault();
            close();
          }}
        />
      </div>
    </details>
  );
}
