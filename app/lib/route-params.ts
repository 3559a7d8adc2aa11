/** A positive integer id from a route param ("12"), or null for anything else ("12abc", "-1", "0"). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}
