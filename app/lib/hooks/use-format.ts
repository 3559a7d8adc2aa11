import { useTranslation } from "react-i18next";
import { formatCardDate, formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import { isLanguage, DEFAULT_LANGUAGE, type Language } from "~/lib/languages";

/** The page's language, for formatting (issue 42). */
export function useLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/** Dates and money in the page's language: "Nov 15, 2026" / "15 nov 2026", "$1,234.50". */
export function useFormat() {
  const language = useLanguage();
  return {
    language,
    cardDate: (value: Parameters<typeof formatCardDate>[0], fallback?: string) => formatCardDate(value, fallback, language),
    longDate: (value: Parameters<typeof formatLongDate>[0], fallback?: string) => formatLongDate(value, fallback, language),
    money: (cents: number) => formatCents(cents, language),
  };
}
