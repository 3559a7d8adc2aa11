/**
 * The one rule for reading an id (route params, query strings, JSON bodies, Stripe metadata):
 * surrounding spaces are ignored, then 1 to 15 digits naming a positive safe integer.
 * "abc", "1.5", "-1", "1e3", "0" and "" are not ids; a number is read the same way as its digits.
 */
export function parseId(value: unknown): number | null {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  if (!/^\d{1,15}$/.test(s)) return null;
  const id = Number(s);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}
