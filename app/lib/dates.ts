import { format, isValid, parseISO } from "date-fns";

function toDate(value: Date | string | number | null | undefined): Date | null {
  if (value === null || value === undefined || value === "") return null;
  const date = value instanceof Date ? value : typeof value === "number" ? new Date(value) : parseISO(value);
  return isValid(date) ? date : null;
}

/** Cards and lists: 'MMM d, yyyy' (e.g. "Jan 5, 2026"); `fallback` when missing. */
export function formatCardDate(value: Date | string | number | null | undefined, fallback = "Unknown date") {
  const date = toDate(value);
  return date ? format(date, "MMM d, yyyy") : fallback;
}

/** Receipts and renewals: 'MMMM d, yyyy' (e.g. "January 5, 2026"). */
export function formatLongDate(value: Date | string | number | null | undefined, fallback = "") {
  const date = toDate(value);
  return date ? format(date, "MMMM d, yyyy") : fallback;
}

/** CSV and APIs: ISO 8601 (date-only values stay yyyy-MM-dd). */
export function isoDate(value: Date | string | number | null | undefined): string {
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}$/.test(value)) return value;
  const date = toDate(value);
  return date ? date.toISOString() : "";
}
