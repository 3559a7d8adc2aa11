/**
 * Reminders and notices over real SMTP: produced by the date (the tax-year rules of
 * ~/lib/tax-year), to the right owner, with subject and amounts; once per business and event
 * however often (and however concurrently) the job runs; only to confirmed addresses of owners
 * who did not say no; every one with one-click unsubscribe headers.
 */
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses, users } from "~/db/schema";
import { countLetterRecipients } from "~/models/letters.server";
import { owedBusinesses } from "~/models/tax-year-report.server";
import { remindersJob } from "~/jobs/reminders.server";
import { runJob } from "~/jobs/registry.server";
import { setRemindersOptOut } from "~/models/mail-preferences.server";
import { createBusiness, createReceipt, createUser } from "../support/factories";
import { setupTestMail } from "../support/mail";

const mail = setupTestMail();

async function owner({ verified = true } = {}) {
  return createUser({ emailVerifiedAt: verified ? new Date("2026-01-01T00:00:00Z") : null });
}

async function business(ownerId: number, years: number[], extra: Parameters<typeof createBusiness>[0] = {}) {
  const b = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId, employeeCount: 2, vehicleCount: 1, ...extra });
  for (const fy of years) createReceipt(b.id, { fiscalYear: fy, userId: ownerId, amount: 120_00 });
  return b;
}

/** Runs the reminders job at `iso` (town morning), then sends; returns what reached `email` in all. */
async function runAt(iso: string, email: string): Promise<ParsedMail[]> {
  const outcome = await runJob(remindersJob, { now: new Date(iso) });
  expect(outcome.status).toBe("ran");
  await mail.deliver();
  return mail.to(email);
}

describe("renewal reminders (no auto-renewal)", () => {
  it("July 1 and two weeks before the due date, once each, with the amount and unsubscribe headers", async () => {
    const o = await owner();
    const b = await business(o.id, [2027]);
    expect(await runAt("2027-06-30T14:00:00Z", o.email)).toHaveLength(0);

    let got = await runAt("2027-07-01T14:00:00Z", o.email);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`Renew the Business Tax Receipt of ${b.name} for FY2028`);
    expect(got[0].text).toContain("Amount: $120.00");
    expect(got[0].text).toContain("Due date: September 30, 2027");
    // Unfolded header lines, as a mail program reads them.
    const rawHeaders = got[0].headerLines.map((h) => h.line.replace(/\r\n\s+/g, " ")).join("\n");
    expect(rawHeaders).toMatch(new RegExp(`List-Unsubscribe: <http://localhost:3000/unsubscribe/${o.id}\\.[A-Za-z0-9_-]{32}>`));
    expect(rawHeaders).toContain("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
    expect(got[0].text).toContain(`/unsubscribe/${o.id}.`);

    // The job again, the same day and later that month: nothing new.
    await runAt("2027-07-01T20:00:00Z", o.email);
    got = await runAt("2027-08-10T14:00:00Z", o.email);
    expect(got).toHaveLength(1);

    got = await runAt("2027-09-16T14:00:00Z", o.email);
    expect(got).toHaveLength(2);
    expect(got[1].subject).toBe(`Two weeks left: renew ${b.name} by September 30, 2027`);
    got = await runAt("2027-09-20T14:00:00Z", o.email);
    expect(got).toHaveLength(2);
  });

  it("none once the next year is bought, none to an unconfirmed address, none after 'stop reminders'", async () => {
    const renewed = await owner();
    await business(renewed.id, [2027, 2028]);
    const unconfirmed = await owner({ verified: false });
    await business(unconfirmed.id, [2027]);
    const stopped = await owner();
    await business(stopped.id, [2027]);
    setRemindersOptOut(stopped.id, true);
    for (const o of [renewed, unconfirmed, stopped]) expect(await runAt("2027-07-01T14:00:00Z", o.email)).toHaveLength(0);

    // Confirming later: the reminder still due goes.
    getDb().update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, unconfirmed.id)).run();
    expect(await runAt("2027-07-02T14:00:00Z", unconfirmed.email)).toHaveLength(1);
  });

  it("two runs at once queue each reminder once", async () => {
    const o = await owner();
    await business(o.id, [2027]);
    await business(o.id, [2027]);
    const now = new Date("2027-07-03T14:00:00Z");
    await Promise.all([runJob(remindersJob, { now }), runJob(remindersJob, { now }), runJob(remindersJob, { now })]);
    await runJob(remindersJob, { now });
    await mail.deliver();
    expect(await mail.to(o.email)).toHaveLength(2);
  });
});

describe("upcoming automatic charge", () => {
  it("seven days before the charge, for owners with auto-renewal (and no renewal reminder)", async () => {
    const o = await owner();
    const b = await business(o.id, [2027], {
      stripeSubscriptionId: `sub_${o.id}_test`,
      subscriptionStatus: "trialing",
      autoRenew: true,
      renewalDate: new Date("2027-10-01T00:00:00Z"),
    });
    expect(await runAt("2027-07-01T14:00:00Z", o.email)).toHaveLength(0);
    expect(await runAt("2027-09-22T14:00:00Z", o.email)).toHaveLength(0);
    const got = await runAt("2027-09-23T14:00:00Z", o.email);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`$120.00 will be charged on September 30, 2027 for ${b.name}`);
    expect(got[0].text).toContain("FY2028");
    expect(got[0].headerLines.some((h) => h.key === "list-unsubscribe")).toBe(true);
    expect(await runAt("2027-09-25T14:00:00Z", o.email)).toHaveLength(1);
  });
});

describe("delinquency notices", () => {
  it("the first day of each delinquent month, with the penalty owed that month", async () => {
    const o = await owner();
    const b = await business(o.id, [2026]);
    const notices = async (iso: string) => (await runAt(iso, o.email)).filter((m) => m.subject?.startsWith("Delinquent"));
    // On the due date it is a renewal reminder, not a notice.
    const onDueDate = await runAt("2026-09-30T14:00:00Z", o.email);
    expect(onDueDate.map((m) => m.subject)).toEqual([`Two weeks left: renew ${b.name} by September 30, 2026`]);

    let got = await notices("2026-11-01T14:00:00Z");
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`Delinquent: the Business Tax Receipt of ${b.name} is unpaid (November 2026)`);
    // November is the second month late: 10% + 5% of $120.00.
    expect(got[0].text).toContain("Business tax: $120.00");
    expect(got[0].text).toContain("Penalty owed: $18.00");
    expect(got[0].text).toContain("Total due now: $138.00");
    expect(got[0].headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);

    got = await notices("2026-11-15T14:00:00Z");
    expect(got).toHaveLength(1);
    got = await notices("2026-12-01T14:00:00Z");
    expect(got).toHaveLength(2);
    expect(got[1].subject).toContain("(December 2026)");
    expect(got[1].text).toContain("Penalty owed: $24.00");
  });
});

describe("a closed business (an approved closing, issue 40)", () => {
  it("gets no reminder, no delinquency notice and no letter, and is not listed as owing", async () => {
    const o = await owner();
    const b = await business(o.id, [2026], { closedOn: "2026-09-01" });
    expect(await runAt("2026-07-01T14:00:00Z", o.email)).toHaveLength(0);
    expect(await runAt("2026-10-01T14:00:00Z", o.email)).toHaveLength(0);
    expect(await runAt("2026-11-01T14:00:00Z", o.email)).toHaveLength(0);
    expect(owedBusinesses(new Date("2026-11-01T14:00:00Z")).map((r) => r.id)).not.toContain(b.id);
    const town = b.city!;
    const before = countLetterRecipients(town, { unclaimed: false, mailed: "any" });
    getDb().update(businesses).set({ closedOn: null }).where(eq(businesses.id, b.id)).run();
    expect(countLetterRecipients(town, { unclaimed: false, mailed: "any" })).toBe(before + 1);
    expect(owedBusinesses(new Date("2026-11-01T14:00:00Z")).map((r) => r.id)).toContain(b.id);
  });
});
