/**
 * What a claim letter says, as pure functions: its fiscal year and due date, the fee schedule in
 * short, the claim page's address (never the code), and the address the letter is sent to.
 */
import { BASE_FEE_CENTS, formatCents, PER_EMPLOYEE_CENTS, PER_VEHICLE_CENTS } from "./fee";
import { fiscalYearStart } from "./fiscal-year";

export type LetterTerms = { fiscalYear: string; dueDate: string; overdue: boolean };

/**
 * Letters from July on are for the fiscal year that starts on the next October 1 (due
 * September 30 before it); earlier letters are for the current one, whose receipt was due on
 * the September 30 that began it.
 */
export function letterTerms(now: Date): LetterTerms {
  const ahead = new Date(now.getTime() + 92 * 86_400_000);
  const start = fiscalYearStart(ahead);
  const due = new Date(Date.UTC(start, 8, 30, 23, 59, 59));
  return { fiscalYear: `${start}-${start + 1}`, dueDate: `September 30, ${start}`, overdue: due.getTime() < now.getTime() };
}

export const FEE_SCHEDULE_SHORT = `${formatCents(BASE_FEE_CENTS)} + ${formatCents(PER_EMPLOYEE_CENTS)} per employee + ${formatCents(PER_VEHICLE_CENTS)} per vehicle`;

/** The absolute claim page of a business. The code is never part of it. */
export function claimUrl(appUrl: string, businessId: number): string {
  return `${appUrl.replace(/\/+$/, "")}/claim/${businessId}`;
}

export type AddressFields = {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  /** The state's mailing address (registry import); absent or empty: the principal address serves. */
  mailAddress1?: string | null;
  mailAddress2?: string | null;
  mailCity?: string | null;
  mailState?: string | null;
  mailZip?: string | null;
};

/**
 * The address a letter goes to: the mailing address the business gave the state when it has a
 * usable one (a street line and a city), else its principal address.
 */
export function letterAddress(b: AddressFields): { line1: string; line2: string; city: string; state: string; zip: string } {
  if (b.mailAddress1?.trim() && b.mailCity?.trim()) {
    return { line1: b.mailAddress1, line2: b.mailAddress2 ?? "", city: b.mailCity, state: b.mailState ?? "", zip: b.mailZip ?? "" };
  }
  return { line1: b.address1 ?? "", line2: b.address2 ?? "", city: b.city ?? "", state: b.state ?? "", zip: b.zip ?? "" };
}
