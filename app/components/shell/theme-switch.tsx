import { Form, useLocation } from "@remix-run/react";
import { Theme, useTheme } from "remix-themes";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { THEME_PREFERENCES, THEME_STORAGE_KEY, type ThemePreference } from "~/lib/theme";

function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** Puts the theme class on <html> at once (no reload); "system" follows the device's setting. */
function applyThemeClass(preference: ThemePreference) {
  const dark =
    preference === "dark" || (preference === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  const root = document.documentElement;
  root.classList.remove("light", "dark");
  root.classList.add(dark ? "dark" : "light");
}

function storeLocally(preference: ThemePreference) {
  try {
    if (window.localStorage.getItem(THEME_STORAGE_KEY) !== preference) {
      window.localStorage.setItem(THEME_STORAGE_KEY, preference);
    }
  } catch {
    // storage disabled: the cookie still carries the preference
  }
}

/**
 * A plain form (works without JS: the cookie is set and the page reloads in the new theme). With
 * JS the change applies at once, is saved to the cookie (so the server renders the right class
 * and nothing flashes) and to localStorage 'theme', whose storage event updates other open tabs.
 */
export function ThemeSwitch({ preference }: { preference: ThemePreference }) {
  const { t } = useTranslation();
  const [, setTheme] = useTheme();
  const { pathname, search } = useLocation();
  const [current, setCurrent] = useState(preference);

  // The cookie the server read is the authority: adopt it (and mirror it into localStorage).
  useEffect(() => {
    setCurrent(preference);
    storeLocally(preference);
  }, [preference]);

  // Keep <html> in step with the choice, including after the root re-renders its class.
  useEffect(() => {
    applyThemeClass(current);
    if (current !== "system") return;
    const media = window.matchMedia("(prefers-color-scheme: dark)");
    const follow = () => applyThemeClass("system");
    media.addEventListener("change", follow);
    return () => media.removeEventListener("change", follow);
  }, [current]);

  // Another tab changed the theme.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY && isThemePreference(event.newValue)) setCurrent(event.newValue);
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return (
    <Form
      method="post"
      action="/resources/theme"
      className="flex items-center gap-1"
      aria-label={t("theme.label")}
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const value = submitter?.value;
        if (!isThemePreference(value)) return;
        event.preventDefault();
        setCurrent(value);
        // remix-themes persists the cookie through /resources/theme.
        setTheme(value === "system" ? null : value === "dark" ? Theme.DARK : Theme.LIGHT);
        storeLocally(value);
      }}
    >
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <span className="mr-1 text-sm text-slate-600 dark:text-slate-300">{t("theme.prefix")}</span>
      {THEME_PREFERENCES.map((value) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          data-tooltip={t(`theme.hints.${value}`)}
          aria-pressed={current === value}
          className={`rounded px-2 py-1 text-sm ${
            current === value
              ? "bg-primary-700 text-white"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          }`}
        >
          {t(`theme.${value}`)}
        </button>
      ))}
    </Form>
  );
}
