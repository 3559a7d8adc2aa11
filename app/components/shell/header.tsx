import { useTranslation } from "react-i18next";
import { useLocation } from "@remix-run/react";
import { AppLink } from "~/components/ui/app-link";
import { isStaff } from "~/lib/roles";
import type { PublicUser } from "~/lib/types";
import { isActive, mainLinks } from "./nav-links";
import { LanguageSwitch } from "./language-switch";
import { LogoutForm } from "./logout-form";
import { MobileMenu } from "./mobile-menu";

const linkClass = (active: boolean) =>
  `rounded-md px-3 py-2 text-sm font-medium ${
    active
      ? "bg-primary-50 text-primary-800 dark:bg-slate-800 dark:text-white"
      : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
  }`;

export function Header({ user }: { user: PublicUser | null }) {
  const { pathname } = useLocation();
  const { t } = useTranslation();
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-4 px-4">
        <MobileMenu user={user} />
        <AppLink to="/" className="flex items-center gap-2 font-semibold" aria-label={t("brandHome")}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t("brand")}</span>
        </AppLink>
        <nav aria-label={t("nav.main")} className="ml-6 hidden items-center gap-1 md:flex">
          {mainLinks(user).map((link) => {
            const active = isActive(pathname, link.match);
            return (
              <AppLink key={link.label} to={link.to} className={linkClass(active)} aria-current={active ? "page" : undefined}>
                {t(link.label)}
              </AppLink>
            );
          })}
        </nav>
        <div className="ml-auto hidden items-center gap-2 md:flex" data-testid="header-account">
          {user ? (
            <>
              {isStaff(user) ? (
                <AppLink to="/admin" className={linkClass(isActive(pathname, "/admin"))}>
                  {t("nav.admin")}
                </AppLink>
              ) : null}
              <AppLink to="/dashboard" className={linkClass(isActive(pathname, "/dashboard"))}>
                {t("nav.dashboard")}
              </AppLink>
              <LogoutForm className={linkClass(false)} />
            </>
          ) : (
            <>
              <AppLink to="/login" className={linkClass(isActive(pathname, "/login"))}>
                {t("nav.signIn")}
              </AppLink>
              <AppLink to="/register" className="rounded-md bg-primary-700 px-3 py-2 text-sm font-medium text-white hover:bg-primary-800">
                {t("nav.register")}
              </AppLink>
            </>
          )}
          <LanguageSwitch className={linkClass(false)} />
        </div>
      </div>
    </header>
  );
}
