import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ThemePreference } from "~/lib/theme";
import type { PublicUser } from "~/lib/types";
import type { ClientToast } from "~/lib/toast-store";
import { AppLinkNavigation } from "~/components/ui/app-link";
import { Toaster } from "~/components/ui/toaster";
import { Footer } from "./footer";
import { Header } from "./header";

export function AppShell({
  user,
  toast,
  theme,
  year,
  children,
}: {
  user: PublicUser | null;
  toast: ClientToast | null;
  theme: ThemePreference;
  year: number;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <AppLinkNavigation>
      <div className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t("skipToContent")}
        </a>
        <Header user={user} />
        <main id="main" className="flex-1">
          {children}
        </main>
        <Footer year={year} theme={theme} />
        <Toaster serverToast={toast} />
      </div>
    </AppLinkNavigation>
  );
}
