import { afterEach, describe, expect, it } from "vitest";
import { parseAppNow, resolveClockSetting } from "~/lib/clock";
import {
  chargeFor,
  defaultSchedule,
  delinquencyPenalty,
  dueDateOf,
  fiscalYearBounds,
  fiscalYearOf,
  fiscalYearSpan,
  floridaLegalHolidays,
  parseFiscalYear,
  renewalChargeOn,
  renewalOpensOn,
  standingOf,
  startOfTownDay,
  taxFor,
  townDate,
  validityText,
  type TaxSchedule,
} from "~/lib/tax-year";
import { now, resetClock, setTestNow } from "~/utils/clock.server";

const fy = (y: number) => defaultSchedule(y);
/** A $150 tax: $100 base + 10 employees at $5. */
const TAX_150 = { employeeCount: 10, vehicleCount: 0 };

describe("fiscal year", () => {
  it("is labelled by the year it ends, in New York time", () => {
    expect(fiscalYearOf(new Date("2026-10-01T00:00:00-04:00"))).toBe(2027);
    expect(fiscalYearOf(new Date("2026-09-30T23:59:59-04:00"))).toBe(2026);
    // The last second of September in New York is already October 1 in UTC.
    expect(fiscalYearOf(new Date("2026-10-01T03:59:59Z"))).toBe(2026);
    expect(fiscalYearOf(new Date("2026-10-01T04:00:00Z"))).toBe(2027);
    expect(fiscalYearSpan(2027)).toBe("2026-2027");
    expect(parseFiscalYear("2026-2027")).toBe(2027);
    expect(parseFiscalYear("FY2027")).toBe(2027);
    expect(parseFiscalYear("2026-2028")).toBeNull();
    expect(validityText(2027)).toBe("Valid October 1, 2026 through September 30, 2027");
  });

  it("starts at midnight in the town, across daylight saving", () => {
    expect(startOfTownDay("2026-10-01").toISOString()).toBe("2026-10-01T04:00:00.000Z");
    expect(startOfTownDay("2027-01-15").toISOString()).toBe("2027-01-15T05:00:00.000Z");
    expect(fiscalYearBounds(2027)).toEqual({
      from: new Date("2026-10-01T04:00:00.000Z"),
      to: new Date("2027-10-01T04:00:00.000Z"),
    });
    expect(townDate(new Date("2027-03-01T04:30:00Z"))).toBe("2027-02-28");
  });
});

describe("renewal window and due date", () => {
  it("opens July 1 and is due September 30 when that is a working day", () => {
    expect(renewalOpensOn(fy(2027))).toBe("2026-07-01");
    expect(renewalChargeOn(fy(2027))).toBe("2026-09-01");
    expect(dueDateOf(fy(2027))).toBe("2026-09-30"); // a Wednesday
  });

  it("moves to the next working day when September 30 falls on a weekend", () => {
    expect(dueDateOf(fy(2030))).toBe("2029-10-01"); // Sunday Sep 30, 2029 -> Monday
    expect(dueDateOf(fy(2036))).toBe("2035-10-01"); // Sunday Sep 30, 2035 -> Monday
    expect(dueDateOf(fy(2029))).toBe("2028-10-02"); // Saturday Sep 30, 2028 -> Monday Oct 2
  });

  it("skips Florida legal holidays", () => {
    expect(floridaLegalHolidays(2026)).toContain("2026-10-12"); // Columbus Day
    expect(floridaLegalHolidays(2026)).toContain("2026-09-07"); // Labor Day
    const schedule: TaxSchedule = { ...fy(2027), dueDay: "10-12" };
    expect(dueDateOf(schedule)).toBe("2026-10-13");
  });
});

describe("delinquency penalty (F.S. 205.053(1))", () => {
  const tax = 150_00;
  const penaltyOn = (date: string, s = fy(2027)) => delinquencyPenalty(s, tax, date);

  it("is nothing up to the due date", () => {
    expect(penaltyOn("2026-07-01")).toEqual({ monthsLate: 0, percent: 0, cents: 0 });
    expect(penaltyOn("2026-09-30")).toEqual({ monthsLate: 0, percent: 0, cents: 0 });
  });

  it("is 10% for October, 5% more each further month, at most 25%", () => {
    expect(penaltyOn("2026-10-01")).toEqual({ monthsLate: 1, percent: 10, cents: 15_00 });
    expect(penaltyOn("2026-10-31")).toEqual({ monthsLate: 1, percent: 10, cents: 15_00 });
    // The statute's example: $150 paid on November 15 of the delinquent year owes $22.50.
    expect(penaltyOn("2026-11-15")).toEqual({ monthsLate: 2, percent: 15, cents: 22_50 });
    expect(penaltyOn("2026-12-01")).toEqual({ monthsLate: 3, percent: 20, cents: 30_00 });
    expect(penaltyOn("2027-01-02")).toEqual({ monthsLate: 4, percent: 25, cents: 37_50 });
    expect(penaltyOn("2027-02-28")).toEqual({ monthsLate: 5, percent: 25, cents: 37_50 });
    expect(penaltyOn("2027-09-30").percent).toBe(25);
  });

  it("counts February and a leap year's February 29 as one month each", () => {
    const s = fy(2028); // Oct 1, 2027 - Sep 30, 2028; 2028 is a leap year
    expect(penaltyOn("2028-02-29", s)).toEqual({ monthsLate: 5, percent: 25, cents: 37_50 });
    const lowCap: TaxSchedule = { ...s, penaltyCapPercent: 100 };
    expect(delinquencyPenalty(lowCap, tax, "2028-01-31").monthsLate).toBe(4);
    expect(delinquencyPenalty(lowCap, tax, "2028-02-01")).toEqual({ monthsLate: 5, percent: 30, cents: 45_00 });
    expect(delinquencyPenalty(lowCap, tax, "2028-02-29").percent).toBe(30);
    expect(delinquencyPenalty(lowCap, tax, "2028-03-01").percent).toBe(35);
  });

  it("does not start until the moved due date, and October is still the first month", () => {
    const s = fy(2030); // due Monday October 1, 2029
    expect(penaltyOn("2029-10-01", s).cents).toBe(0);
    expect(penaltyOn("2029-10-02", s)).toEqual({ monthsLate: 1, percent: 10, cents: 15_00 });
    expect(penaltyOn("2029-11-01", s).percent).toBe(15);
  });

  it("uses the town's day: the last second of September in New York is on time", () => {
    const counts = TAX_150;
    const lastSecond = new Date("2026-09-30T23:59:59-04:00");
    expect(chargeFor(fy(2027), counts, lastSecond, { neverReceipted: false }).penaltyCents).toBe(0);
    const firstSecond = new Date("2026-10-01T00:00:00-04:00");
    expect(chargeFor(fy(2027), counts, firstSecond, { neverReceipted: false }).penaltyCents).toBe(15_00);
  });

  it("follows the month the payment succeeds in: started October 31, confirmed November 1", () => {
    const started = chargeFor(fy(2027), TAX_150, new Date("2026-10-31T23:59:00-04:00"), { neverReceipted: false });
    const confirmed = chargeFor(fy(2027), TAX_150, new Date("2026-11-01T00:01:00-04:00"), { neverReceipted: false });
    expect(started.penalty.percent).toBe(10);
    expect(confirmed.penalty).toEqual({ monthsLate: 2, percent: 15, cents: 22_50 });
    expect(confirmed.totalCents).toBe(172_50);
  });
});

describe("charge", () => {
  it("is the schedule's tax for the counts, plus penalties", () => {
    const c = chargeFor(fy(2027), { employeeCount: 3, vehicleCount: 2 }, new Date("2026-08-01T12:00:00-04:00"), {
      neverReceipted: false,
    });
    expect(c).toMatchObject({ baseCents: 100_00, employeeCents: 15_00, vehicleCents: 20_00, taxCents: 135_00, penaltyCents: 0, totalCents: 135_00 });
    expect(taxFor(fy(2027), -1, Number.NaN).taxCents).toBe(100_00);
  });

  it("adds 25% for a business that never held a receipt only when the schedule applies it", () => {
    const when = new Date("2026-11-15T12:00:00-05:00");
    const off = chargeFor(fy(2027), TAX_150, when, { neverReceipted: true });
    expect(off.penaltyCents).toBe(0);
    const on = chargeFor({ ...fy(2027), neverReceiptedPenaltyApplies: true }, TAX_150, when, { neverReceipted: true });
    expect(on).toMatchObject({ neverReceiptedPercent: 25, neverReceiptedCents: 37_50, penaltyCents: 37_50, totalCents: 187_50 });
    expect(on.penalty.cents).toBe(0);
  });

  it("a delinquent business paying two years owes each year's penalty", () => {
    const when = new Date("2026-11-15T12:00:00-05:00"); // FY2027
    const standing = standingOf([2025], when);
    expect(standing.standing).toBe("delinquent");
    expect(standing.owed).toEqual([2026, 2027]);
    const older = chargeFor(fy(2026), TAX_150, when, { neverReceipted: false });
    const current = chargeFor(fy(2027), TAX_150, when, { neverReceipted: false });
    expect(older.penalty).toEqual({ monthsLate: 14, percent: 25, cents: 37_50 });
    expect(current.penalty).toEqual({ monthsLate: 2, percent: 15, cents: 22_50 });
    expect(older.totalCents + current.totalCents).toBe(150_00 * 2 + 37_50 + 22_50);
  });
});

describe("standing", () => {
  const at = (iso: string) => new Date(iso);

  it("is current with this year's receipt before July 1", () => {
    const s = standingOf([2027], at("2027-06-30T23:59:59-04:00"));
    expect(s).toMatchObject({ standing: "current", currentYear: 2027, holdsCurrent: true, purchasable: [] });
  });

  it("is renewal open from July 1 until next year's is bought", () => {
    expect(standingOf([2027], at("2027-07-01T00:00:00-04:00"))).toMatchObject({
      standing: "renewal open",
      purchasable: [2028],
      dueOn: "2027-09-30",
    });
    expect(standingOf([2027, 2028], at("2027-07-01T00:00:00-04:00")).standing).toBe("current");
  });

  it("is delinquent from October 1 after an unrenewed receipt expires", () => {
    expect(standingOf([2026], at("2026-09-30T23:59:59-04:00")).standing).toBe("renewal open");
    const s = standingOf([2026], at("2026-10-01T00:00:00-04:00"));
    expect(s).toMatchObject({ standing: "delinquent", holdsCurrent: false, owed: [2027], purchasable: [2027] });
  });

  it("is due on October 1 when September 30 fell on a Sunday (2029), delinquent the day after", () => {
    expect(standingOf([2029], at("2029-10-01T12:00:00-04:00"))).toMatchObject({ standing: "due", dueOn: "2029-10-01" });
    expect(standingOf([2029], at("2029-10-02T00:00:00-04:00")).standing).toBe("delinquent");
    expect(standingOf([2035], at("2035-10-01T23:59:59-04:00")).standing).toBe("due");
  });

  it("is never receipted without any receipt, owing the current year", () => {
    expect(standingOf([], at("2027-02-15T12:00:00-05:00"))).toMatchObject({
      standing: "never receipted",
      owed: [2027],
      holdsCurrent: false,
    });
  });

  it("asks at most three years of arrears", () => {
    expect(standingOf([2020], at("2027-02-15T12:00:00-05:00")).owed).toEqual([2025, 2026, 2027]);
  });
});

describe("clock", () => {
  afterEach(() => {
    delete process.env.APP_NOW;
    resetClock();
  });

  it("reads APP_NOW only under NODE_ENV=test, and only as an instant", () => {
    expect(parseAppNow("2027-11-15T12:00:00-05:00")?.toISOString()).toBe("2027-11-15T17:00:00.000Z");
    expect(parseAppNow("2027-11-15")).toBeNull();
    expect(resolveClockSetting("test", "2027-11-15T12:00:00Z").fixed?.toISOString()).toBe("2027-11-15T12:00:00.000Z");
    const prod = resolveClockSetting("production", "2027-11-15T12:00:00Z");
    expect(prod.fixed).toBeNull();
    expect(prod.warning).toMatch(/ignored/);
    expect(resolveClockSetting("test", "tomorrow").warning).toMatch(/not an ISO/);
    expect(resolveClockSetting("production", undefined)).toEqual({ fixed: null, warning: null });
  });

  it("now() follows APP_NOW in tests and setTestNow in-process", () => {
    process.env.APP_NOW = "2027-11-15T12:00:00-05:00";
    resetClock();
    expect(now().toISOString()).toBe("2027-11-15T17:00:00.000Z");
    setTestNow("2028-01-01T00:00:00Z");
    expect(now().toISOString()).toBe("2028-01-01T00:00:00.000Z");
  });
});
