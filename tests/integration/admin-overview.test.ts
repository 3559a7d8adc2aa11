/**
 * The staff overview on /admin (issue 40): receipts per month beside last year (by the town's
 * calendar), each letter batch's claim rate by days after mailing, businesses current / due /
 * delinquent (the delinquent report's rows), filings waiting by age; and the count of filings
 * waiting that the staff navigation shows.
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { countFilingsWaiting } from "~/models/admin/filings-waiting.server";
import { filingsWaitingByAge, getOverview, letterBatchClaims, receiptsByMonth, standingCounts } from "~/models/admin/overview.server";
import { owedBusinesses } from "~/models/tax-year-report.server";
import { loader as adminPage } from "~/routes/admin";
import { resetClock, setTestNow } from "~/utils/clock.server";
import { callRoute, createBusiness, createReceipt, createUser, makeRequest } from "../support/factories";

afterEach(() => resetClock());

const at = (iso: string) => new Date(iso);

describe("receipts sold per month", () => {
  it("counts this fiscal year's months beside last year's, by the day in the town, without refunded receipts", () => {
    const now = at("2026-11-16T12:00:00-05:00"); // FY2027
    const before = receiptsByMonth(now);
    const sale = (iso: string, fiscalYear: number) => createReceipt(createBusiness().id, { fiscalYear, paidAt: at(iso) });

    sale("2026-10-05T10:00:00-04:00", 2027);
    // 11:30 pm on October 31 in the town is November 1 in UTC: October's.
    sale("2026-10-31T23:30:00-04:00", 2027);
    sale("2026-11-02T09:00:00-05:00", 2027);
    // Last year: October, and 11 pm on September 30 (October 1 in UTC): last year's September.
    sale("2025-10-15T12:00:00-04:00", 2026);
    sale("2026-09-30T23:00:00-04:00", 2027);
    // A receipt refunded whole was not sold; the year before last is not shown.
    const refunded = sale("2026-11-03T09:00:00-05:00", 2027);
    getDb().update(payments).set({ refundedCents: refunded.amount }).where(eq(payments.id, refunded.id)).run();
    sale("2024-11-03T09:00:00-05:00", 2025);

    const after = receiptsByMonth(now);
    expect(after.currentYear).toBe("FY2027");
    expect(after.previousYear).toBe("FY2026");
    expect(after.months.map((m) => m.label)).toEqual(["Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep"]);
    expect(after.months.map((m) => m.month).slice(0, 4)).toEqual(["2026-10", "2026-11", "2026-12", "2027-01"]);
    const delta = after.months.map((m, i) => ({
      current: m.current === null ? null : m.current - (before.months[i].current ?? 0),
      previous: m.previous - before.months[i].previous,
    }));
    expect(delta[0]).toEqual({ current: 2, previous: 1 });
    expect(delta[1]).toEqual({ current: 1, previous: 0 });
    expect(delta[11]).toEqual({ current: null, previous: 1 });
    // Months still to come have no figure yet.
    expect(after.months.slice(2).every((m) => m.current === null)).toBe(true);
    expect(delta.slice(2, 11).every((d) => d.previous === 0)).toBe(true);
  });
});

describe("claims after each letter batch", () => {
  function batch(mailedOn: string | null, businessIds: number[], sentOn: Date) {
    const client = getDb().$client;
    const id = Number(
      client
        .prepare("insert into letter_batches (filters, letter_count, fiscal_year, mailed_on, created_at) values ('{}', ?, '2026-2027', ?, ?)")
        .run(businessIds.length, mailedOn, sentOn.getTime()).lastInsertRowid,
    );
    const letter = client.prepare("insert into letters (batch_id, business_id, code_hash, created_at) values (?, ?, 'x', ?)");
    for (const b of businessIds) letter.run(id, b, sentOn.getTime());
    return id;
  }
  const claimed = (iso: string) => createBusiness({ isClaimed: true, canBeClaimed: false, claimedAt: at(iso) }).id;

  it("the share claimed by each day after mailing, newest batch first, only mailed batches", () => {
    const now = at("2026-11-16T12:00:00-05:00");
    const sent = at("2026-09-28T12:00:00-04:00");
    const ids = [
      claimed("2026-10-03T12:00:00-04:00"), // day 2
      claimed("2026-10-20T08:00:00-04:00"), // day 19
      claimed("2026-09-01T12:00:00-04:00"), // before its letter: not an answer to it
      createBusiness().id, // not claimed
    ];
    const october = batch("2026-10-01", ids, sent);
    const november = batch("2026-11-10", [createBusiness().id, createBusiness().id], at("2026-11-09T12:00:00-05:00"));
    const draft = batch(null, [createBusiness().id], sent);

    const claims = letterBatchClaims(now, 50);
    expect(claims.map((c) => c.batchId)).not.toContain(draft);
    const ours = claims.filter((c) => c.batchId === october || c.batchId === november);
    expect(ours.map((c) => c.batchId)).toEqual([november, october]);

    const [nov, oct] = ours;
    expect(oct).toMatchObject({ mailedOn: "2026-10-01", letters: 4, daysSinceMailing: 46 });
    expect(oct.curve).toHaveLength(47);
    expect(oct.curve.slice(0, 3)).toEqual([0, 0, 0.25]);
    expect(oct.curve[18]).toBe(0.25);
    expect(oct.curve[19]).toBe(0.5);
    expect(oct.curve[46]).toBe(0.5);
    expect(oct.checkpoints).toEqual([
      { day: 7, claimed: 1, rate: 0.25 },
      { day: 14, claimed: 1, rate: 0.25 },
      { day: 30, claimed: 2, rate: 0.5 },
      { day: 60, claimed: null, rate: null },
      { day: 90, claimed: null, rate: null },
    ]);
    expect(nov).toMatchObject({ letters: 2, daysSinceMailing: 6, curve: [0, 0, 0, 0, 0, 0, 0] });
    expect(nov.checkpoints.every((c) => c.rate === null)).toBe(true);

    // Long after mailing, the curve stops at 90 days.
    const later = letterBatchClaims(at("2027-06-01T12:00:00-04:00"), 50).find((c) => c.batchId === october)!;
    expect(later.curve).toHaveLength(91);
    expect(later.checkpoints.map((c) => c.claimed)).toEqual([1, 1, 2, 2, 2]);
  });
});

describe("businesses current, due and delinquent", () => {
  it("current holds this year's receipt; due and delinquent are the delinquent report's rows", () => {
    // September 30, 2028 is a Saturday: FY2029's due date moves to Monday, October 2, so on
    // October 1 a business that held FY2028's receipt is due, not yet delinquent.
    const now = at("2028-10-01T12:00:00-04:00");
    setTestNow(now);
    const before = standingCounts(now);
    createReceipt(createBusiness().id, { fiscalYear: 2029, paidAt: at("2028-09-15T12:00:00-04:00") });
    createReceipt(createBusiness().id, { fiscalYear: 2028, paidAt: at("2027-10-15T12:00:00-04:00") });
    createReceipt(createBusiness().id, { fiscalYear: 2027, paidAt: at("2026-10-15T12:00:00-04:00") });
    createBusiness(); // never receipted: none of the three

    const after = standingCounts(now);
    expect({ current: after.current - before.current, due: after.due - before.due, delinquent: after.delinquent - before.delinquent }).toEqual({
      current: 1,
      due: 1,
      delinquent: 1,
    });
    const owed = owedBusinesses(now);
    expect(after.due + after.delinquent).toBe(owed.length);
    expect(after.delinquent).toBe(owed.filter((o) => o.standing === "Delinquent").length);
  });
});

describe("filings waiting", () => {
  function filing(status: string, submittedAt: Date | null) {
    getDb()
      .$client.prepare("insert into filings (kind, status, submitted_at, updated_at) values ('new-business', ?, ?, ?)")
      .run(status, submittedAt?.getTime() ?? null, Date.now());
  }

  it("counts the submitted ones, by whole days since submitted", () => {
    const now = at("2026-11-16T12:00:00-05:00");
    const ago = (days: number, hours = 0) => new Date(now.getTime() - days * 86_400_000 - hours * 3_600_000);
    const count = countFilingsWaiting();
    const before = filingsWaitingByAge(now);

    filing("submitted", ago(0, 3));
    filing("submitted", ago(1, 23)); // 1 day: under 2
    filing("submitted", ago(2, 1)); // 2 days
    filing("submitted", ago(7, 23)); // 7 days
    filing("submitted", ago(8, 1)); // 8 days
    filing("submitted", ago(30, 23)); // 30 days
    filing("submitted", ago(31, 1)); // 31 days
    filing("submitted", ago(400));
    filing("draft", null);
    filing("approved", ago(40));
    filing("changes_requested", ago(3));

    const after = filingsWaitingByAge(now);
    expect({
      under2: after.under2 - before.under2,
      "2to7": after["2to7"] - before["2to7"],
      "8to30": after["8to30"] - before["8to30"],
      over30: after.over30 - before.over30,
    }).toEqual({ under2: 2, "2to7": 2, "8to30": 2, over30: 2 });
    expect(countFilingsWaiting()).toBe(count + 8);
  });

  it("reads the count and the ages through filings_status_idx", () => {
    const plan = (query: string) =>
      (getDb().$client.prepare(`explain query plan ${query}`).all() as { detail: string }[]).map((r) => r.detail).join("\n");
    expect(plan("select count(*) from filings where status = 'submitted'")).toMatch(/USING COVERING INDEX filings_status_idx/);
    expect(plan("select coalesce(submitted_at, updated_at) from filings where status = 'submitted'")).toMatch(/USING INDEX filings_status_idx/);
  });
});

describe("the /admin page", () => {
  it("carries the overview on /admin itself, not on a tab's own address", async () => {
    setTestNow("2026-11-16T12:00:00-05:00");
    const clerk = await createUser({ role: "clerk" });
    const overview = await (await callRoute(adminPage, await makeRequest("/admin", { user: clerk }))).json();
    expect(overview.overview).toEqual(JSON.parse(JSON.stringify(getOverview())));
    expect(Object.keys(overview.overview)).toEqual(["receipts", "claims", "standing", "filings"]);
    const tab = await (await callRoute(adminPage, await makeRequest("/admin?tab=payments", { user: clerk }))).json();
    expect(tab.overview).toBeNull();
    const owner = await createUser();
    expect((await callRoute(adminPage, await makeRequest("/admin", { user: owner }))).headers.get("Location")).toBe("/");
  });
});
