/**
 * Which reminders and notices a business is due, as a pure function of its receipts, its
 * auto-renewal and the date; every rule about the tax year comes from ~/lib/tax-year.
 *
 * - renewal-window: the next year's receipt went on sale (July 1, `renewalOpensOn`) and the owner,
 *   who holds the year before and has no auto-renewal, has not bought it; until two weeks before
 *   the due date.
 * - renewal-two-weeks: from two weeks before the due date (`dueDateOf`) until it, same owners.
 * - auto-charge: seven days (or fewer) before the auto-renewal charges, for owners with it.
 * - delinquency: each month (by the town's calendar) that the business is delinquent, with the
 *   penalty owed that day.
 * Each has a key unique per business and event (year, or month): queued once, whatever runs it.
 */
import {
  addDays,
  chargeFor,
  dueDateOf,
  renewalOpensOn,
  standingOf,
  townDate,
  type FiscalYear,
  type TaxSchedule,
} from "~/lib/tax-year";

export type ReminderKind = "renewal-window" | "renewal-two-weeks" | "auto-charge" | "delinquency";

export type ReminderInput = {
  businessId: number;
  receiptYears: FiscalYear[];
  employeeCount: number | null;
  vehicleCount: number | null;
  /** A live auto-renewal subscription that will charge at `renewalDate`. */
  autoRenew: boolean;
  renewalDate: Date | null;
};

export type PlannedReminder = {
  kind: ReminderKind;
  key: string;
  fiscalYear: FiscalYear;
  /** Calendar date (yyyy-MM-dd): the due date, or for auto-charge the charge day. */
  date: string;
  /** What is owed (or will be charged), penalties included, in cents. */
  amountCents: number;
  penaltyCents: number;
  /** delinquency: the town's month the notice is for, "2026-11". */
  month?: string;
};

export const TWO_WEEKS_DAYS = 14;
export const AUTO_CHARGE_NOTICE_DAYS = 7;

export function plannedReminders(
  input: ReminderInput,
  now: Date,
  scheduleFor: (fy: FiscalYear) => TaxSchedule,
): PlannedReminder[] {
  const today = townDate(now);
  const held = new Set(input.receiptYears);
  const standing = standingOf(input.receiptYears, now, scheduleFor);
  const counts = { employeeCount: input.employeeCount, vehicleCount: input.vehicleCount };
  const out: PlannedReminder[] = [];

  if (!input.autoRenew) {
    for (const fy of [standing.currentYear, standing.currentYear + 1]) {
      if (held.has(fy) || !held.has(fy - 1)) continue;
      const schedule = scheduleFor(fy);
      const opens = renewalOpensOn(schedule);
      const due = dueDateOf(schedule);
      if (today < opens || today > due) continue;
      const kind: ReminderKind = today >= addDays(due, -TWO_WEEKS_DAYS) ? "renewal-two-weeks" : "renewal-window";
      const charge = chargeFor(schedule, counts, now, { neverReceipted: false });
      out.push({ kind, key: `${kind}:${input.businessId}:${fy}`, fiscalYear: fy, date: due, amountCents: charge.totalCents, penaltyCents: charge.penaltyCents });
    }
  }

  if (input.autoRenew && input.renewalDate) {
    const chargeDay = townDate(input.renewalDate);
    if (today >= addDays(chargeDay, -AUTO_CHARGE_NOTICE_DAYS) && today < chargeDay) {
      const atCharge = standingOf(input.receiptYears, input.renewalDate, scheduleFor);
      const fy = atCharge.purchasable.find((y) => !held.has(y));
      if (fy !== undefined) {
        const charge = chargeFor(scheduleFor(fy), counts, input.renewalDate, { neverReceipted: held.size === 0 });
        out.push({ kind: "auto-charge", key: `auto-charge:${input.businessId}:${fy}`, fiscalYear: fy, date: chargeDay, amountCents: charge.totalCents, penaltyCents: charge.penaltyCents });
      }
    }
  }

  if (standing.standing === "delinquent" && standing.owed.length > 0) {
    const month = today.slice(0, 7);
    const charges = standing.owed.map((fy) => chargeFor(scheduleFor(fy), counts, now, { neverReceipted: false }));
    const oldest = standing.owed[0];
    out.push({
      kind: "delinquency",
      key: `delinquency:${input.businessId}:${month}`,
      fiscalYear: oldest,
      date: dueDateOf(scheduleFor(oldest)),
      amountCents: charges.reduce((sum, c) => sum + c.totalCents, 0),
      penaltyCents: charges.reduce((sum, c) => sum + c.penaltyCents, 0),
      month,
    });
  }
  return out;
}
