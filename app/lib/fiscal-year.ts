/**
 * Compatibility names over `~/lib/tax-year` (the one module of the tax-year rules): the fiscal
 * year runs October 1 to September 30 in the town's time zone; a date in October 2026 or later
 * belongs to fiscal year "2026-2027" (FY2027).
 */
import { fiscalYearBounds, fiscalYearOf, fiscalYearSpan } from "~/lib/tax-year";

/** The calendar year the fiscal year of `date` starts in (2026 for FY2027). */
export function fiscalYearStart(date: Date): number {
  return fiscalYearOf(date) - 1;
}

/** "2026-2027": the label stored in payments.fiscal_year. */
export function fiscalYearLabel(date: Date): string {
  return fiscalYearSpan(fiscalYearOf(date));
}

/** [Oct 1 start, Oct 1 next year) at midnight in the town, for "revenue collected this fiscal year". */
export function fiscalYearRange(date: Date): { from: Date; to: Date } {
  return fiscalYearBounds(fiscalYearOf(date));
}
