/**
 * Display dates with the spec's patterns, always in UTC (timestamps are stored in UTC), so the
 * server's HTML and the browser's hydration agree whatever the visitor's time zone.
 * Intl does the formatting: it is built into every browser, which keeps a date library out of
 * every page's JavaScript.
 */
import { LANGUAGE_LOCALES, type Language } from "./languages";
import { TOWN_TIME_ZONE } from "./tax-year";

/** One Intl format per language, with these options. */
const formatsFor = (options: Intl.DateTimeFormatOptions) =>
  Object.fromEntries(Object.entries(LANGUAGE_LOCALES).map(([language, locale]) => [language, new Intl.DateTimeFormat(locale, options)])) as Record<
    Language,
    Intl.DateTimeFormat
  >;
const dateFormats = (month: "short" | "long") => formatsFor({ month, day: "numeric", year: "numeric", timeZone: "UTC" });
/** "Jan 5, 2026" / "5 ene 2026" */
const CARD_FORMAT = dateFormats("short");
/** "January 5, 2026" / "5 de enero de 2026" */
const LONG_FORMAT = dateFormats("long");
const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  let date: Date;
  if (value instanceof Date || typeof value === "number") date = new Date(value);
  else {
    const dateOnly = DATE_ONLY.exec(value);
    // A calendar date (yyyy-MM-dd) is that day, not midnight somewhere.
    if (dateOnly) {
      const [year, month, day] = [Number(dateOnly[1]), Number(dateOnly[2]), Number(dateOnly[3])];
      date = new Date(Date.UTC(year, month - 1, day));
      // "2024-02-30" is not a date (Date.UTC would roll it over to March 1).
      if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
    } else date = new Date(value);
  }
  return Number.isNaN(date.getTime()) ? null : date;
}

/** Cards and lists: 'MMM d, yyyy' (e.g. "Jan 5, 2026"); `fallback` when missing. */
export function formatCardDate(value: Date | string | number | null | undefined, fallback = "Unknown date", language: Language = "en") {
  const date = toDate(value);
  return date ? CARD_FORMAT[language].format(date) : fallback;
}

/** Receipts and renewals: 'MMMM d, yyyy' (e.g. "January 5, 2026"; "5 de enero de 2026" in Spanish). */
export function formatLongDate(value: Date | string | number | null | undefined, fallback = "", language: Language = "en") {
  const date = toDate(value);
  return date ? LONG_FORMAT[language].format(date) : fallback;
}

const TOWN_TIME_FORMAT = formatsFor({ month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: TOWN_TIME_ZONE, timeZoneName: "short" });

/**
 * A moment on the town's clock, for staff pages: "Nov 28, 2026, 5:45 AM EST" / "28 nov 2026,
 * 5:45 a.m. EST"; `fallback` when missing. Call it in a loader, not in a component: browsers
 * write times in their own ways ("a.m." / "a. m."), which would differ from the server's HTML.
 */
export function formatTownTime(value: Date | string | number | null | undefined, language: Language = "en", fallback = ""): string {
  const date = toDate(value);
  return date ? TOWN_TIME_FORMAT[language].format(date) : fallback;
}

/** CSV and APIs: ISO 8601 (date-only values stay yyyy-MM-dd). */
export function isoDate(value: Date | string | number | null | undefined): string {
  if (typeof value === "string" && DATE_ONLY.test(value)) return value;
  const date = toDate(value);
  return date ? date.toISOString() : "";
}
