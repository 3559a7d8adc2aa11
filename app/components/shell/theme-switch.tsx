import { Form, useLocation } from "@remix-run/react";
import { Theme, useTheme } from "remix-themes";
import { useState } from "react";
import { THEME_PREFERENCES, type ThemePreference } from "~/lib/theme";

const labels: Record<ThemePreference, string> = { light: "Light", dark: "Dark", system: "System" };

/** A plain form (works without JS); with JS the change applies at once and syncs to other tabs. */
export function ThemeSwitch({ preference }: { preference: ThemePreference }) {
  const [, setTheme] = useTheme();
  const { pathname, search } = useLocation();
  const [current, setCurrent] = useState(preference);

  return (
    <Form
      method="post"
      action="/resources/theme"
      className="flex items-center gap-1"
      aria-label="Theme"
      onSubmit={(event) => {
        const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
        const value = submitter?.value as ThemePreference | undefined;
        if (!value) return;
        event.preventDefault();
        setCurrent(value);
        // remix-themes applies the class, broadcasts to other tabs and persists through the action.
        setTheme(value === "system" ? null : value === "dark" ? Theme.DARK : Theme.LIGHT);
        window.localStorage.setItem("theme", value);
        const root = document.documentElement;
        root.classList.remove("light", "dark");
        if (value !== "system") root.classList.add(value);
        else root.classList.add(window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light");
      }}
    >
      <input type="hidden" name="redirectTo" value={`${pathname}${search}`} />
      <span className="mr-1 text-sm text-slate-600 dark:text-slate-300">Theme:</span>
      {THEME_PREFERENCES.map((value) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          aria-pressed={current === value}
          className={`rounded px-2 py-1 text-sm ${
            current === value
              ? "bg-primary-700 text-white"
              : "text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800"
          }`}
        >
          {labels[value]}
        </button>
      ))}
    </Form>
  );
}
