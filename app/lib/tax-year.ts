/**
 * The tax year Florida law defines for the Local Business Tax Receipt (F.S. chapter 205), as pure
 * functions of dates, receipts and the town's fee schedule. No clock here: callers pass `now`
 * (from `~/utils/clock.server` on the server).
 *
 * - F.S. 205.043 / 205.053: a receipt is valid for one year, October 1 - September 30. The fiscal
 *   year is labelled by the year it ENDS: FY2027 = October 1, 2026 - September 30, 2027.
 * - F.S. 205.053(1): receipts for the coming year are sold from July 1 and are due by September 30
 *   (the next working day when that is a weekend or a legal holiday). Unrenewed past the due date
 *   the receipt is delinquent: 10% of the tax for October plus 5% for each further month or part
 *   of a month, at most 25%.
 * - F.S. 205.053(3): operating without ever having obtained a receipt: 25% of the tax due, when
 *   the town's schedule applies it.
 *
 * Days and months are those of the town's time zone (America/New_York), not UTC: a payment at
 * 23:30 on September 30 in Pembroke Park is on time even though it is October 1 in UTC.
 *
 * Calendar dates are ISO strings (yyyy-MM-dd); instants are Dates.
 */

import { wholeCount } from "./fee";

export const TOWN_TIME_ZONE = "America/New_York";

/** A fiscal year, as the calendar year it ends in (2027 = Oct 1, 2026 - Sep 30, 2027). */
export type FiscalYear = number;

/** The town's schedule for one fiscal year (money in integer cents; month-days as "MM-DD"). */
export type TaxSchedule = {
  fiscalYear: FiscalYear;
  baseCents: number;
  perEmployeeCents: number;
  perVehicleCents: number;
  /** Percent of the tax for the first month of delinquency (October). */
  firstMonthPenaltyPercent: number;
  /** Percent for each further month or part of a month. */
  furtherMonthPenaltyPercent: number;
  /** The delinquency penalty never exceeds this percent of the tax. */
  penaltyCapPercent: number;
  /** Whether the F.S. 205.053(3) penalty for never having obtained a receipt is charged. */
  neverReceiptedPenaltyApplies: boolean;
  neverReceiptedPenaltyPercent: number;
  /** Month-day, in the calendar year before the fiscal year ends, when the year's receipts go on sale. */
  renewalOpens: string;
  /** Month-day the tax is due (moved to the next working day when needed), same calendar year. */
  dueDay: string;
  /** Month-day the annual auto-renewal charges for the coming year (inside the renewal window). */
  renewalCharge: string;
};

/** Today's figures: $100 + $5 per employee + $10 per vehicle, and the statute's penalties. */
export const DEFAULT_SCHEDULE_FIGURES: Omit<TaxSchedule, "fiscalYear"> = {
  baseCents: 100_00,
  perEmployeeCents: 5_00,
  perVehicleCents: 10_00,
  firstMonthPenaltyPercent: 10,
  furtherMonthPenaltyPercent: 5,
  penaltyCapPercent: 25,
  // Off by default: the registry lists every business in town, most of which never needed to be
  // asked; a town that enforces F.S. 205.053(3) turns it on in its schedule.
  neverReceiptedPenaltyApplies: false,
  neverReceiptedPenaltyPercent: 25,
  renewalOpens: "07-01",
  dueDay: "09-30",
  renewalCharge: "09-01",
};

export function defaultSchedule(fiscalYear: FiscalYear): TaxSchedule {
  return { fiscalYear, ...DEFAULT_SCHEDULE_FIGURES };
}

// ---------------------------------------------------------------------------------------------
// Calendar dates and the town's time zone

const partsFormatters = new Map<string, Intl.DateTimeFormat>();
function partsFormatter(timeZone: string) {
  let f = partsFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    partsFormatters.set(timeZone, f);
  }
  return f;
}

type Parts = { year: number; month: number; day: number; hour: number; minute: number; second: number };

function zonedParts(instant: Date, timeZone: string): Parts {
  const out: Record<string, number> = {};
  for (const p of partsFormatter(timeZone).formatToParts(instant)) {
    if (p.type !== "literal") out[p.type] = Number(p.value);
  }
  return { year: out.year, month: out.month, day: out.day, hour: out.hour % 24, minute: out.minute, second: out.second };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The calendar date (yyyy-MM-dd) an instant falls on in the town's time zone. */
export function townDate(instant: Date, timeZone = TOWN_TIME_ZONE): string {
  const p = zonedParts(instant, timeZone);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

function splitDate(date: string): { year: number; month: number; day: number } {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) throw new Error(`Not a calendar date: ${date}`);
  return { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) };
}

function utcDay(date: string): Date {
  const { year, month, day } = splitDate(date);
  return new Date(Date.UTC(year, month - 1, day));
}

function fromUtcDay(d: Date): string {
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
}

export function addDays(date: string, days: number): string {
  const d = utcDay(date);
  d.setUTCDate(d.getUTCDate() + days);
  return fromUtcDay(d);
}

/** 0 = Sunday ... 6 = Saturday. */
export function weekday(date: string): number {
  return utcDay(date).getUTCDay();
}

/** The instant a calendar day starts (00:00) in the town's time zone. */
export function startOfTownDay(date: string, timeZone = TOWN_TIME_ZONE): Date {
  const { year, month, day } = splitDate(date);
  // Guess UTC midnight, then correct by the zone's offset at that moment (twice, for DST edges).
  let guess = Date.UTC(year, month - 1, day);
  for (let i = 0; i < 3; i++) {
    const p = zonedParts(new Date(guess), timeZone);
    const asUtc = Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second);
    const target = Date.UTC(year, month - 1, day);
    const diff = asUtc - target;
    if (diff === 0) break;
    guess -= diff;
  }
  return new Date(guess);
}

function monthDay(year: number, md: string): string {
  if (!/^\d{2}-\d{2}$/.test(md)) throw new Error(`Not a month-day: ${md}`);
  return `${year}-${md}`;
}

// ---------------------------------------------------------------------------------------------
// Florida legal holidays (F.S. 683.01) on which public offices close, for moving the due date.

function nthWeekdayOfMonth(year: number, month: number, weekdayWanted: number, n: number): string {
  const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
  const day = 1 + ((weekdayWanted - first + 7) % 7) + (n - 1) * 7;
  return `${year}-${pad(month)}-${pad(day)}`;
}

function lastWeekdayOfMonth(year: number, month: number, weekdayWanted: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  const back = (last.getUTCDay() - weekdayWanted + 7) % 7;
  return `${year}-${pad(month)}-${pad(last.getUTCDate() - back)}`;
}

/** A fixed-date holiday on a Saturday is observed the Friday before, on a Sunday the Monday after. */
function observed(date: string): string {
  const w = weekday(date);
  return w === 6 ? addDays(date, -1) : w === 0 ? addDays(date, 1) : date;
}

export function floridaLegalHolidays(year: number): string[] {
  const fixed = [`${year}-01-01`, `${year}-07-04`, `${year}-11-11`, `${year}-12-25`].map(observed);
  return [
    ...fixed,
    nthWeekdayOfMonth(year, 1, 1, 3), // Martin Luther King Jr. Day
    lastWeekdayOfMonth(year, 5, 1), // Memorial Day
    nthWeekdayOfMonth(year, 9, 1, 1), // Labor Day
    nthWeekdayOfMonth(year, 10, 1, 2), // Columbus Day
    nthWeekdayOfMonth(year, 11, 4, 4), // Thanksgiving
    // New Year's Day of the next year observed on this year's December 31.
    ...(weekday(`${year + 1}-01-01`) === 6 ? [`${year}-12-31`] : []),
  ].sort();
}

export function isWorkingDay(date: string): boolean {
  const w = weekday(date);
  if (w === 0 || w === 6) return false;
  return !floridaLegalHolidays(splitDate(date).year).includes(date);
}

/** The date itself when it is a working day, else the next working day. */
export function nextWorkingDay(date: string): string {
  let d = date;
  while (!isWorkingDay(d)) d = addDays(d, 1);
  return d;
}

// ---------------------------------------------------------------------------------------------
// Fiscal years

/** The fiscal year an instant falls in, by the town's calendar (Oct 1 starts the next year). */
export function fiscalYearOf(instant: Date, timeZone = TOWN_TIME_ZONE): FiscalYear {
  const { year, month } = zonedParts(instant, timeZone);
  return month >= 10 ? year + 1 : year;
}

/** The fiscal year a calendar date (yyyy-MM-dd) falls in. */
export function fiscalYearOfDate(date: string): FiscalYear {
  const { year, month } = splitDate(date);
  return month >= 10 ? year + 1 : year;
}

/** "FY2027" */
export function fiscalYearName(fy: FiscalYear): string {
  return `FY${fy}`;
}

/** "2026-2027": the form stored in payments.fiscal_year since the first release. */
export function fiscalYearSpan(fy: FiscalYear): string {
  return `${fy - 1}-${fy}`;
}

/** Reads "2026-2027", "FY2027" or "2027" back to 2027; null when it is none of these. */
export function parseFiscalYear(value: string | null | undefined): FiscalYear | null {
  if (!value) return null;
  const v = value.trim();
  let m = /^(\d{4})-(\d{4})$/.exec(v);
  if (m) return Number(m[2]) === Number(m[1]) + 1 ? Number(m[2]) : null;
  m = /^(?:FY)?(\d{4})$/i.exec(v);
  return m ? Number(m[1]) : null;
}

/** First and last calendar day of a fiscal year. */
export function fiscalYearDates(fy: FiscalYear): { startsOn: string; endsOn: string } {
  return { startsOn: `${fy - 1}-10-01`, endsOn: `${fy}-09-30` };
}

/** [start, end) as instants in the town's time zone, for "collected in this fiscal year". */
export function fiscalYearBounds(fy: FiscalYear, timeZone = TOWN_TIME_ZONE): { from: Date; to: Date } {
  return { from: startOfTownDay(`${fy - 1}-10-01`, timeZone), to: startOfTownDay(`${fy}-10-01`, timeZone) };
}

const LONG = new Intl.DateTimeFormat("en-US", { month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });

/** "October 1, 2026" for "2026-10-01". */
export function longDate(date: string): string {
  return LONG.format(utcDay(date));
}

/** "Valid October 1, 2026 through September 30, 2027" */
export function validityText(fy: FiscalYear): string {
  const { startsOn, endsOn } = fiscalYearDates(fy);
  return `Valid ${longDate(startsOn)} through ${longDate(endsOn)}`;
}

/** The day receipts for `fy` go on sale (July 1 before the year starts, by default). */
export function renewalOpensOn(schedule: Pick<TaxSchedule, "fiscalYear" | "renewalOpens">): string {
  return monthDay(schedule.fiscalYear - 1, schedule.renewalOpens);
}

/** The due date for `fy`'s receipt: September 30 before the year starts, or the next working day. */
export function dueDateOf(schedule: Pick<TaxSchedule, "fiscalYear" | "dueDay">): string {
  return nextWorkingDay(monthDay(schedule.fiscalYear - 1, schedule.dueDay));
}

/** The day the annual auto-renewal charges for `fy` (September 1 before it starts, by default). */
export function renewalChargeOn(schedule: Pick<TaxSchedule, "fiscalYear" | "renewalCharge">): string {
  return monthDay(schedule.fiscalYear - 1, schedule.renewalCharge);
}

// ---------------------------------------------------------------------------------------------
// Money

export type TaxBreakdown = {
  fiscalYear: FiscalYear;
  baseCents: number;
  perEmployeeCents: number;
  perVehicleCents: number;
  employees: number;
  employeeCents: number;
  vehicles: number;
  vehicleCents: number;
  /** base + employees + vehicles. */
  taxCents: number;
};

export function taxFor(
  schedule: Pick<TaxSchedule, "fiscalYear" | "baseCents" | "perEmployeeCents" | "perVehicleCents">,
  employeeCount: number | null | undefined,
  vehicleCount: number | null | undefined,
): TaxBreakdown {
  const employees = wholeCount(employeeCount);
  const vehicles = wholeCount(vehicleCount);
  const employeeCents = employees * schedule.perEmployeeCents;
  const vehicleCents = vehicles * schedule.perVehicleCents;
  return {
    fiscalYear: schedule.fiscalYear,
    baseCents: schedule.baseCents,
    perEmployeeCents: schedule.perEmployeeCents,
    perVehicleCents: schedule.perVehicleCents,
    employees,
    employeeCents,
    vehicles,
    vehicleCents,
    taxCents: schedule.baseCents + employeeCents + vehicleCents,
  };
}

/** Whole-cent percentage, rounding half a cent up. */
export function percentOf(cents: number, percent: number): number {
  return Math.round((cents * percent) / 100);
}

export type Penalty = {
  /** Months of delinquency counted so far (0 = not delinquent): October is 1, November 2, ... */
  monthsLate: number;
  percent: number;
  cents: number;
};

const monthIndex = (date: string) => {
  const { year, month } = splitDate(date);
  return year * 12 + (month - 1);
};

/**
 * The F.S. 205.053(1) delinquency penalty for `fy`'s receipt paid on `paidOn` (a calendar date in
 * the town): nothing up to the due date; then the first month's rate for the month delinquency
 * starts in (October), plus the further rate for each further month or part of one, capped.
 */
export function delinquencyPenalty(schedule: TaxSchedule, taxCents: number, paidOn: string): Penalty {
  const due = dueDateOf(schedule);
  if (paidOn <= due) return { monthsLate: 0, percent: 0, cents: 0 };
  const monthsLate = monthIndex(paidOn) - monthIndex(addDays(due, 1)) + 1;
  const percent = Math.min(
    schedule.penaltyCapPercent,
    schedule.firstMonthPenaltyPercent + schedule.furtherMonthPenaltyPercent * (monthsLate - 1),
  );
  return { monthsLate, percent, cents: percentOf(taxCents, percent) };
}

export type Charge = TaxBreakdown & {
  penalty: Penalty;
  /** F.S. 205.053(3), when the schedule applies it to a business that never held a receipt. */
  neverReceiptedPercent: number;
  neverReceiptedCents: number;
  /** Delinquency + never-receipted penalties. */
  penaltyCents: number;
  totalCents: number;
};

/**
 * What buying `schedule.fiscalYear`'s receipt costs when paid at `paidAt`: the tax for the
 * business's counts plus the penalties owed on that day (in the town's time zone).
 * `neverReceipted` = the business has never held any receipt: there is no receipt to renew, so the
 * delinquency penalty does not apply, and the 205.053(3) penalty does when the schedule says so.
 */
export function chargeFor(
  schedule: TaxSchedule,
  counts: { employeeCount: number | null | undefined; vehicleCount: number | null | undefined },
  paidAt: Date,
  options: { neverReceipted: boolean; timeZone?: string },
): Charge {
  const tax = taxFor(schedule, counts.employeeCount, counts.vehicleCount);
  const paidOn = townDate(paidAt, options.timeZone);
  const penalty = options.neverReceipted
    ? { monthsLate: 0, percent: 0, cents: 0 }
    : delinquencyPenalty(schedule, tax.taxCents, paidOn);
  const neverReceiptedPercent =
    options.neverReceipted && schedule.neverReceiptedPenaltyApplies ? schedule.neverReceiptedPenaltyPercent : 0;
  const neverReceiptedCents = percentOf(tax.taxCents, neverReceiptedPercent);
  const penaltyCents = penalty.cents + neverReceiptedCents;
  return { ...tax, penalty, neverReceiptedPercent, neverReceiptedCents, penaltyCents, totalCents: tax.taxCents + penaltyCents };
}

// ---------------------------------------------------------------------------------------------
// Standing

export type Standing = "current" | "renewal open" | "due" | "delinquent" | "never receipted";

export type StandingInfo = {
  standing: Standing;
  /** The fiscal year `now` falls in. */
  currentYear: FiscalYear;
  /** Whether a receipt for the current fiscal year is held (the API's `hasPaidBTR`). */
  holdsCurrent: boolean;
  /** Fiscal years that can be bought now, oldest first (unpaid years since the last receipt, then next year in the window). */
  purchasable: FiscalYear[];
  /** Unpaid years owed (with the current one when started and unpaid), oldest first. */
  owed: FiscalYear[];
  /** When the current year is unpaid: its due date. When renewal is open: next year's due date. */
  dueOn: string | null;
};

/** How many past unpaid years a delinquent business is asked for, at most (the current one included). */
export const MAX_ARREARS_YEARS = 3;

/**
 * A business's standing, derived from the fiscal years it holds receipts for and the date:
 * - `current`: holds this year's receipt (and next year's is not on sale yet, or is held too);
 * - `renewal open`: holds this year's, and next year's is on sale (July 1 - due date) but not bought;
 * - `due`: holds no receipt for the year that has started, and its due date has not passed
 *   (only possible when September 30 moved to a working day in October);
 * - `delinquent`: held a receipt once, but not this year's, and its due date has passed;
 * - `never receipted`: has never held a receipt.
 */
export function standingOf(
  receiptYears: Iterable<FiscalYear>,
  now: Date,
  scheduleFor: (fy: FiscalYear) => TaxSchedule = defaultSchedule,
  timeZone = TOWN_TIME_ZONE,
): StandingInfo {
  const held = new Set(receiptYears);
  const today = townDate(now, timeZone);
  const currentYear = fiscalYearOfDate(today);
  const next = currentYear + 1;
  const holdsCurrent = held.has(currentYear);
  const nextSchedule = scheduleFor(next);
  const nextOnSale = today >= renewalOpensOn(nextSchedule);

  if (holdsCurrent) {
    const purchasable = nextOnSale && !held.has(next) ? [next] : [];
    const renewalOpen = purchasable.length > 0;
    return {
      standing: renewalOpen ? "renewal open" : "current",
      currentYear,
      holdsCurrent,
      purchasable,
      owed: [],
      dueOn: renewalOpen ? dueDateOf(nextSchedule) : null,
    };
  }

  const past = [...held].filter((y) => y < currentYear);
  const dueOn = dueDateOf(scheduleFor(currentYear));
  if (past.length === 0 && held.size === 0) {
    return { standing: "never receipted", currentYear, holdsCurrent, purchasable: [currentYear], owed: [currentYear], dueOn };
  }
  // Years owed: every year after the last one held, up to the current one (bounded).
  const lastHeld = past.length ? Math.max(...past) : currentYear - 1;
  const owed: FiscalYear[] = [];
  for (let y = Math.max(lastHeld + 1, currentYear - MAX_ARREARS_YEARS + 1); y <= currentYear; y++) owed.push(y);
  const standing: Standing = today <= dueOn && owed.length === 1 ? "due" : "delinquent";
  return { standing, currentYear, holdsCurrent, purchasable: owed, owed, dueOn };
}

/** Human words for a standing, for badges. */
export const STANDING_LABELS: Record<Standing, string> = {
  current: "Current",
  "renewal open": "Renewal open",
  due: "Due",
  delinquent: "Delinquent",
  "never receipted": "Never receipted",
};
