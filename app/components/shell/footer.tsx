import { useTranslation } from "react-i18next";
import type { ThemePreference } from "~/lib/theme";
import { HelpMenu } from "./help-menu";
import { ThemeSwitch } from "./theme-switch";

export function Footer({ year, theme }: { year: number; theme: ThemePreference }) {
  const { t } = useTranslation();
  return (
    <footer className="mt-16 border-t border-slate-200 py-8 dark:border-slate-800">
      <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 sm:flex-row">
        <HelpMenu />
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {t("footer.rights", { year })}
        </p>
        <a
          href="/developers"
          className="text-sm font-medium text-slate-700 underline hover:text-slate-900 dark:text-slate-200 dark:hover:text-white"
        >
          {t("footer.developers")}
        </a>
        <ThemeSwitch preference={theme} />
      </div>
    </footer>
  );
}
