/**
 * Auto-renewal follows the fiscal year (issue 21): it charges on September 1 for the coming year at
 * the schedule's amount; when the town changes next year's schedule, the renewal charges the new
 * amount and issues next year's receipt.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import * as createSubRoute from "~/routes/api.create-subscription";
import * as subRoute from "~/routes/api.subscription.$businessId";
import * as schedulePage from "~/routes/admin_.fee-schedule";
import { standingOfBusiness } from "~/models/receipt.server";
import { resetClock, setTestNow } from "~/utils/clock.server";
import type { StripeDouble } from "../../stripe-double/index";
import { callRoute as callAnyRoute, createBusiness, createReceipt, createUser, getBusiness, makeRequest } from "../support/factories";
import { deliverWebhook, lastEvent, startTestStripe, testStripe } from "../support/stripe";

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

async function card() {
  const pm = await testStripe().paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } as never });
  return pm.id;
}

describe("auto-renewal and the fee schedule", () => {
  it("charges on September 1 for the coming year, at the amount of the schedule the admin changed", async () => {
    // Real time runs on in the double; the app clock sits in November of FY2027.
    setTestNow("2026-11-20T12:00:00-05:00");
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 2, vehicleCount: 1 });
    createReceipt(business.id, { fiscalYear: 2027, userId: owner.id, amount: 120_00 });

    const res = await callRoute(createSubRoute.action, await makeRequest("/api/create-subscription", { user: owner, json: { businessId: business.id, paymentMethodId: await card() } }));
    expect(res.status).toBe(201);
    // The renewal date shown is the charge date: September 1, 2027 at midnight in Pembroke Park.
    expect(await res.json()).toMatchObject({ renewalDate: "2027-09-01T04:00:00.000Z" });
    expect((await callRoute(subRoute.action, await makeRequest(`/api/subscription/${business.id}`, { user: owner, method: "POST" }), { businessId: String(business.id) })).status).toBe(200);
    const subId = getBusiness(business.id)!.stripeSubscriptionId!;
    expect(double.state.subscriptions.get(subId)!.items.data[0].price.unit_amount).toBe(120_00);

    // The town raises FY2028's base fee to $130: the next renewal is repriced before it is invoiced.
    const admin = await createUser({ isAdmin: true });
    const saved = await callRoute(
      schedulePage.action,
      await makeRequest("/admin/fee-schedule", {
        user: admin,
        form: {
          fiscalYear: "2028",
          base: "130.00",
          perEmployee: "5.00",
          perVehicle: "10.00",
          firstMonthPenaltyPercent: "10",
          furtherMonthPenaltyPercent: "5",
          penaltyCapPercent: "25",
          neverReceiptedPenaltyPercent: "25",
          renewalOpens: "07-01",
          dueDay: "09-30",
          renewalCharge: "09-01",
        },
      }),
    );
    expect(saved.status).toBe(302);
    const sub = double.state.subscriptions.get(subId)!;
    expect(sub.items.data[0].price.unit_amount).toBe(150_00);
    expect(sub.items.data[0].current_period_end).toBe(new Date("2027-09-01T04:00:00.000Z").getTime() / 1000);

    // September 1, 2027: the renewal charges the new amount and issues the FY2028 receipt.
    setTestNow("2027-09-01T06:00:00-04:00");
    double.state.advanceSubscription(subId);
    const invoiceId = double.state.subscriptions.get(subId)!.latest_invoice as string;
    expect(double.state.invoices.get(invoiceId)).toMatchObject({ amount_paid: 150_00 });
    expect((await deliverWebhook(double, lastEvent(double, "invoice.paid", invoiceId))).status).toBe(200);
    const renewal = getDb().select().from(payments).where(eq(payments.stripePaymentId, invoiceId)).get();
    expect(renewal).toMatchObject({ kind: "renewal", amount: 150_00, taxCents: 150_00, penaltyCents: 0, taxYear: 2028, fiscalYear: "2027-2028" });
    expect(renewal?.receiptNumber).toMatch(/^2028-\d{6}$/);
    expect(standingOfBusiness(getBusiness(business.id)!).standing).toBe("current");
  });
});
