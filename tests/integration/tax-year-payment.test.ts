/**
 * Paying for a fiscal year (issue 21), through the real routes, the Stripe SDK and the double,
 * with the app clock moved in-process (setTestNow; the e2e server uses APP_NOW instead).
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import type { StripeDouble } from "../../stripe-double/index";
import { defaultSchedule } from "~/lib/tax-year";
import { saveSchedule } from "~/models/fee-schedule.server";
import { standingOfBusiness } from "~/models/receipt.server";
import * as createIntentRoute from "~/routes/api.create-payment-intent";
import * as paymentsRoute from "~/routes/api.payments";
import * as paymentPage from "~/routes/payment.$businessId";
import { resetClock, setTestNow } from "~/utils/clock.server";
import { callRoute as callAnyRoute, createBusiness, createReceipt, createUser, makeRequest } from "../support/factories";
import { startTestStripe, testStripe } from "../support/stripe";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

let double: StripeDouble;
beforeAll(async () => {
  double = await startTestStripe();
});
afterAll(async () => {
  await double.close();
});
afterEach(() => resetClock());

/** A claimed business with a $150 tax ($100 + 10 employees), holding receipts for `years`. */
async function owned(years: number[]) {
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 10, vehicleCount: 0 });
  for (const fiscalYear of years) createReceipt(business.id, { fiscalYear, userId: owner.id, amount: 150_00, paidAt: new Date(`${fiscalYear - 1}-09-01T12:00:00-04:00`) });
  return { owner, business };
}

async function createIntent(user: { id: number }, json: Record<string, unknown>) {
  return callRoute(createIntentRoute.action, await makeRequest("/api/create-payment-intent", { user, json }));
}

async function payIntent(user: { id: number }, json: Record<string, unknown>) {
  const res = await createIntent(user, json);
  const body = (await res.json()) as { clientSecret: string; amount: number; fiscalYear: number; breakdown: { penalty: { percent: number; monthsLate: number; cents: number } } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  const id = body.clientSecret.split("_secret_")[0];
  await testStripe().paymentIntents.confirm(id, { payment_method: "pm_card_visa" });
  return { id, ...body };
}

async function record(user: { id: number }, businessId: number, stripePaymentId: string) {
  return callRoute(paymentsRoute.action, await makeRequest("/api/payments", { user, json: { businessId, stripePaymentId } }));
}

const rowsOf = (businessId: number) => getDb().select().from(payments).where(eq(payments.businessId, businessId)).all();

describe("a delinquent business", () => {
  it("pays the year with the late penalty of the month the payment succeeds in, and becomes current", async () => {
    setTestNow("2026-11-15T12:00:00-05:00");
    const { owner, business } = await owned([2026]);
    expect(standingOfBusiness(business).standing).toBe("delinquent");
    const intent = await payIntent(owner, { businessId: business.id });
    // The statute's example: $150 paid on November 15 of the delinquent year owes $22.50.
    expect(intent).toMatchObject({ amount: 172_50, fiscalYear: 2027, breakdown: { penalty: { percent: 15, monthsLate: 2, cents: 22_50 } } });
    const res = await record(owner, business.id, intent.id);
    expect(res.status).toBe(201);
    const payment = (await res.json()) as Record<string, unknown>;
    expect(payment).toMatchObject({ amount: 172_50, taxCents: 150_00, penaltyCents: 22_50, taxYear: 2027, fiscalYear: "2026-2027" });
    expect(payment.receiptNumber).toMatch(/^2027-\d{6}$/);
    expect(standingOfBusiness(business)).toMatchObject({ standing: "current", holdsCurrent: true });
  });

  it("refuses to sell the same year twice (409), at the intent and at recording", async () => {
    setTestNow("2026-11-15T12:00:00-05:00");
    const { owner, business } = await owned([2026]);
    const first = await payIntent(owner, { businessId: business.id });
    expect((await record(owner, business.id, first.id)).status).toBe(201);
    const again = await createIntent(owner, { businessId: business.id, fiscalYear: 2027 });
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe(
      "This business already holds its Business Tax Receipt for FY2027 (valid October 1, 2026 through September 30, 2027).",
    );
    expect(rowsOf(business.id).filter((p) => p.taxYear === 2027)).toHaveLength(1);
  });

  it("a payer who starts on October 31 and confirms on November 1 owes November's penalty: refunded and asked again", async () => {
    setTestNow("2026-10-31T23:58:00-04:00");
    const { owner, business } = await owned([2026]);
    const intent = await payIntent(owner, { businessId: business.id });
    expect(intent.amount).toBe(165_00); // 10% for October
    setTestNow("2026-11-01T00:01:00-04:00");
    const res = await record(owner, business.id, intent.id);
    expect(res.status).toBe(409);
    expect(((await res.json()) as { error: { message: string } }).error.message).toContain("it is now $172.50 (including a 15% late penalty)");
    expect(rowsOf(business.id).filter((p) => p.taxYear === 2027)).toHaveLength(0);
    const refunds = [...double.state.refunds.values()].filter((r) => r.payment_intent === intent.id);
    expect(refunds.map((r) => r.amount)).toEqual([165_00]);
    // Paying again at November's amount succeeds.
    const retry = await payIntent(owner, { businessId: business.id, amount: 172_50 });
    expect((await record(owner, business.id, retry.id)).status).toBe(201);
  });

  it("behind two years, pays the older one first (capped at 25%) then this one (15%)", async () => {
    setTestNow("2026-11-15T12:00:00-05:00");
    const { owner, business } = await owned([2025]);
    expect(standingOfBusiness(business)).toMatchObject({ standing: "delinquent", owed: [2026, 2027], totalOwedCents: 150_00 + 37_50 + 150_00 + 22_50 });
    const older = await payIntent(owner, { businessId: business.id });
    expect(older).toMatchObject({ fiscalYear: 2026, amount: 187_50 });
    expect((await record(owner, business.id, older.id)).status).toBe(201);
    expect(standingOfBusiness(business).standing).toBe("delinquent");
    const current = await payIntent(owner, { businessId: business.id });
    expect(current).toMatchObject({ fiscalYear: 2027, amount: 172_50 });
    expect((await record(owner, business.id, current.id)).status).toBe(201);
    expect(standingOfBusiness(business).standing).toBe("current");
  });
});

describe("the renewal window", () => {
  it("sells next year's receipt from July 1 to an owner whose current year is paid", async () => {
    setTestNow("2027-06-30T23:59:00-04:00");
    const { owner, business } = await owned([2027]);
    const early = await createIntent(owner, { businessId: business.id });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: { message: string } }).error.message).toContain("Receipts for FY2028 go on sale July 1, 2027.");
    setTestNow("2027-07-01T09:00:00-04:00");
    expect(standingOfBusiness(business).standing).toBe("renewal open");
    const intent = await payIntent(owner, { businessId: business.id });
    expect(intent).toMatchObject({ fiscalYear: 2028, amount: 150_00 });
    const res = await record(owner, business.id, intent.id);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ taxYear: 2028, penaltyCents: 0, receiptNumber: expect.stringMatching(/^2028-\d{6}$/) });
    expect(standingOfBusiness(business).standing).toBe("current");
  });

  it("the payment page names the year, its validity and the penalty", async () => {
    setTestNow("2026-11-15T12:00:00-05:00");
    const { owner, business } = await owned([2026]);
    const res = await callRoute(paymentPage.loader, await makeRequest(`/payment/${business.id}`, { user: owner }), { businessId: String(business.id) });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({
      step: "form",
      year: { fiscalYear: 2027, name: "FY2027", validity: "Valid October 1, 2026 through September 30, 2027" },
      standing: "delinquent",
      fee: { taxCents: 150_00, penalty: { percent: 15, monthsLate: 2, cents: 22_50 }, totalCents: 172_50 },
      penaltyNote: "This amount applies to payments completed by November 30, 2026 (Eastern time). From December 1, 2026 the late penalty rises by 5% of the tax.",
    });
  });
});

describe("the town's schedule", () => {
  it("charges a never-receipted business 25% when the year's schedule applies it", async () => {
    setTestNow("2031-02-10T12:00:00-05:00");
    saveSchedule({ ...defaultSchedule(2031), neverReceiptedPenaltyApplies: true }, null);
    const { owner, business } = await owned([]);
    const intent = await payIntent(owner, { businessId: business.id });
    expect(intent).toMatchObject({ fiscalYear: 2031, amount: 187_50 });
    expect((await record(owner, business.id, intent.id)).status).toBe(201);
  });
});
