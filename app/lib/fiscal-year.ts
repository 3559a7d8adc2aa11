/**
 * Florida local business tax receipts run October 1 to September 30 (F.S. ch. 205).
 * A date in October 2026 or later belongs to fiscal year "2026-2027".
 */
export function fiscalYearStart(date: Date): number {
  const year = date.getUTCFullYear();
  return date.getUTCMonth() >= 9 ? year : year - 1;
}

export function fiscalYearLabel(date: Date): string {
  const start = fiscalYearStart(date);
  return `${start}-${start + 1}`;
}

/** [Oct 1 start, Oct 1 next year) in UTC, for "revenue collected this fiscal year". */
export function fiscalYearRange(date: Date): { from: Date; to: Date } {
  const start = fiscalYearStart(date);
  return { from: new Date(Date.UTC(start, 9, 1)), to: new Date(Date.UTC(start + 1, 9, 1)) };
}
