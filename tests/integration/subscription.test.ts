import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import type { StripeDouble } from "../../stripe-double/index";
import * as createSubRoute from "~/routes/api.create-subscription";
import * as subRoute from "~/routes/api.subscription.$businessId";
import * as subPage from "~/routes/business.$id_.subscription";
import { nextRenewalChargeAt, RENEWAL_FAILED_NOTICE } from "~/models/subscription.server";
import { fiscalYearLabel } from "~/lib/fiscal-year";
import { fiscalYearOf, fiscalYearSpan } from "~/lib/tax-year";
import { callRoute as callAnyRoute, createBusiness, createUser, getBusiness, makeRequest } from "../support/factories";
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

async function paidBusiness() {
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true, employeeCount: 2, vehicleCount: 1 });
  return { owner, business };
}

async function card(number = "4242424242424242") {
  const pm = await testStripe().paymentMethods.create({ type: "card", card: { number, exp_month: 12, exp_year: 2034, cvc: "123" } as never });
  return pm.id;
}

async function create(user: { id: number } | null, json: Record<string, unknown>) {
  return callRoute(createSubRoute.action, await makeRequest("/api/create-subscription", { user, json }));
}

async function change(user: { id: number } | null, businessId: number, method: "PATCH" | "DELETE" | "POST", json?: unknown) {
  return callRoute(subRoute.action, await makeRequest(`/api/subscription/${businessId}`, { user, method, json }), { businessId: String(businessId) });
}

/**
 * Where the set-up's trial ends and auto-renewal charges (issue 21): September 1 at midnight in the
 * town, inside the renewal window before the next fiscal year.
 */
const nextRenewalCharge = () => nextRenewalChargeAt(new Date(), [fiscalYearOf(new Date())]).chargeAt;

/** Creates the subscription through the API, then refreshes it like the browser does (a card that needs no 3-D Secure). */
async function subscribe(owner: { id: number }, businessId: number) {
  const res = await create(owner, { businessId, paymentMethodId: await card() });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { clientSecret?: string; renewalDate: string };
  expect(body.clientSecret).toBeUndefined();
  expect((await change(owner, businessId, "POST")).status).toBe(200);
  return body;
}

/** Money the double actually took from this customer: succeeded PaymentIntents and charges. */
function chargedTo(customer: string) {
  const intents = [...double.state.paymentIntents.values()].filter((pi) => pi.customer === customer && pi.status === "succeeded");
  const charges = [...double.state.charges.values()].filter((ch) => ch.customer === customer);
  return { intents, charges, total: intents.reduce((sum, pi) => sum + pi.amount_received, 0) };
}

const customerOf = (userId: number) => getDb().select().from(users).where(eq(users.id, userId)).get()!.stripeCustomerId!;
/** Payments made through the subscription (the business's fixture receipt for this year aside). */
const paymentsOf = (businessId: number) =>
  getDb()
    .select()
    .from(payments)
    .where(eq(payments.businessId, businessId))
    .all()
    .filter((p) => !p.stripePaymentId.startsWith("pi_fixture_"));

describe("POST /api/create-subscription", () => {
  it("401 signed out, 400 invalid, 403 not the owner, 409 unpaid or already subscribed", async () => {
    const { owner, business } = await paidBusiness();
    expect((await create(null, { businessId: business.id, paymentMethodId: "pm_card_visa" })).status).toBe(401);
    expect((await create(owner, { businessId: business.id })).status).toBe(400);
    expect((await create(owner, { paymentMethodId: "pm_card_visa" })).status).toBe(400);
    const stranger = await createUser();
    expect((await create(stranger, { businessId: business.id, paymentMethodId: "pm_card_visa" })).status).toBe(403);
    const unpaid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    expect((await create(owner, { businessId: unpaid.id, paymentMethodId: "pm_card_visa" })).status).toBe(409);
    await subscribe(owner, business.id);
    expect((await create(owner, { businessId: business.id, paymentMethodId: await card() })).status).toBe(409);
  });

  it("set-up charges nothing: trialing until the renewal charge day (September 1, before the next fiscal year), which is the stored renewal date", async () => {
    const { owner, business } = await paidBusiness();
    const paymentMethodId = await card();
    const res = await create(owner, { businessId: business.id, paymentMethodId });
    expect(res.status).toBe(201);
    const body = (await res.json()) as { clientSecret?: string; renewalDate: string };
    // The card needs no authentication: Stripe set it up, nothing is left for the browser to confirm.
    expect(body).toEqual({ renewalDate: nextRenewalCharge().toISOString() });

    const stored = getBusiness(business.id)!;
    expect(stored).toMatchObject({ subscriptionStatus: "trialing", autoRenew: true, hasPaidBTR: true });
    expect(stored.stripeSubscriptionId).toMatch(/^sub_/);
    expect(stored.renewalDate?.toISOString()).toBe(nextRenewalCharge().toISOString());
    const sub = await testStripe().subscriptions.retrieve(stored.stripeSubscriptionId!);
    expect(sub).toMatchObject({ status: "trialing", trial_end: nextRenewalCharge().getTime() / 1000, default_payment_method: paymentMethodId });
    expect(sub.items.data[0].current_period_end).toBe(nextRenewalCharge().getTime() / 1000);
    expect(sub.items.data[0].price).toMatchObject({ unit_amount: 12000, currency: "usd", recurring: { interval: "year" } });

    // No money moved: no payment row, nothing charged at Stripe, the first invoice is $0.
    const customer = customerOf(owner.id);
    expect(customer).toMatch(/^cus_/);
    expect(chargedTo(customer)).toMatchObject({ intents: [], charges: [], total: 0 });
    expect(paymentsOf(business.id)).toHaveLength(0);
    const firstInvoice = double.state.invoices.get(sub.latest_invoice as string)!;
    expect(firstInvoice).toMatchObject({ amount_paid: 0, status: "paid", billing_reason: "subscription_create" });
    // Its invoice.paid webhook is no payment either.
    expect((await deliverWebhook(double, lastEvent(double, "invoice.paid", firstInvoice.id))).status).toBe(200);
    expect(paymentsOf(business.id)).toHaveLength(0);
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("trialing");
  });

  it("creates one customer per user, reused for a second business", async () => {
    const { owner, business } = await paidBusiness();
    await subscribe(owner, business.id);
    const customer = customerOf(owner.id);
    // A second business of the same user reuses the customer.
    const second = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    await subscribe(owner, second.id);
    const sub2 = await testStripe().subscriptions.retrieve(getBusiness(second.id)!.stripeSubscriptionId!);
    expect(sub2.customer).toBe(customer);
  });

  it("a declined card is refused with the provider's message and leaves nothing behind", async () => {
    const { owner, business } = await paidBusiness();
    const res = await create(owner, { businessId: business.id, paymentMethodId: await card("4000000000000002") });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: "Your card was declined." } });
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: null });
    const customer = customerOf(owner.id);
    const atStripe = [...double.state.subscriptions.values()].filter((sub) => sub.customer === customer);
    expect(atStripe.map((sub) => sub.status)).toEqual(["canceled"]);
    await subscribe(owner, business.id);
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("trialing");
    expect(chargedTo(customer).total).toBe(0);
  });

  it("3-D Secure at set-up: abandoned or failed set-ups are dropped at Stripe; an authenticated card is later charged off session", async () => {
    const { owner, business } = await paidBusiness();
    const start = async () => {
      const res = await create(owner, { businessId: business.id, paymentMethodId: await card("4000002500003155") });
      expect(res.status).toBe(201);
      const { clientSecret } = (await res.json()) as { clientSecret: string };
      expect(clientSecret).toMatch(/^seti_.+_secret_/);
      const setupId = clientSecret.split("_secret_")[0];
      // Until the browser confirmed the card the subscription is not live.
      expect(getBusiness(business.id)?.subscriptionStatus).toBe("incomplete");
      return { setupId, subId: getBusiness(business.id)!.stripeSubscriptionId! };
    };
    // 1. Abandoned before authenticating: a new set-up replaces it and it can never charge.
    const abandoned = await start();
    // 2. Authentication fails: the browser's refresh drops it.
    const failed = await start();
    expect(double.state.subscriptions.get(abandoned.subId)?.status).toBe("canceled");
    expect((await testStripe().setupIntents.confirm(failed.setupId)).status).toBe("requires_action");
    double.state.authenticateSetup(double.state.setupIntents.get(failed.setupId)!, false);
    await change(owner, business.id, "POST");
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: null });
    expect(double.state.subscriptions.get(failed.subId)?.status).toBe("canceled");
    // 3. Authenticated: trialing, and the first renewal is charged off session without a challenge.
    const ok = await start();
    expect((await testStripe().setupIntents.confirm(ok.setupId)).status).toBe("requires_action");
    double.state.authenticateSetup(double.state.setupIntents.get(ok.setupId)!, true);
    await change(owner, business.id, "POST");
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("trialing");
    expect(chargedTo(customerOf(owner.id)).total).toBe(0);
    const subId = getBusiness(business.id)!.stripeSubscriptionId!;
    double.state.advanceSubscription(subId);
    expect(double.state.subscriptions.get(subId)?.status).toBe("active");
    expect(chargedTo(customerOf(owner.id)).total).toBe(12000);
  });
});

describe("PATCH and DELETE /api/subscription/{businessId}", () => {
  it("toggles auto-renew at Stripe; a stranger is refused (403); none exists is 409; bad input 400", async () => {
    const { owner, business } = await paidBusiness();
    expect((await change(owner, business.id, "PATCH", { autoRenew: false })).status).toBe(409);
    expect((await change(owner, business.id, "DELETE")).status).toBe(409);
    await subscribe(owner, business.id);
    const stranger = await createUser();
    expect((await change(stranger, business.id, "PATCH", { autoRenew: false })).status).toBe(403);
    expect((await change(stranger, business.id, "DELETE")).status).toBe(403);
    expect((await change(null, business.id, "PATCH", { autoRenew: false })).status).toBe(401);
    expect((await change(owner, business.id, "PATCH", { autoRenew: "no" })).status).toBe(400);
    expect(getBusiness(business.id)?.autoRenew).toBe(true);

    const off = await change(owner, business.id, "PATCH", { autoRenew: false });
    expect(off.status).toBe(200);
    expect(getBusiness(business.id)?.autoRenew).toBe(false);
    const sub = await testStripe().subscriptions.retrieve(getBusiness(business.id)!.stripeSubscriptionId!);
    expect(sub.cancel_at_period_end).toBe(true);
    await change(owner, business.id, "PATCH", { autoRenew: true });
    expect(getBusiness(business.id)?.autoRenew).toBe(true);

    const subId = getBusiness(business.id)!.stripeSubscriptionId!;
    expect((await change(owner, business.id, "DELETE")).status).toBe(200);
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: "canceled", renewalDate: null, autoRenew: false, hasPaidBTR: true });
    expect((await testStripe().subscriptions.retrieve(subId)).status).toBe("canceled");
  });
});

describe("renewal webhooks", () => {
  it("the trial ends on September 1: the first charge is one renewal payment for the coming fiscal year, recorded once", async () => {
    const { owner, business } = await paidBusiness();
    await subscribe(owner, business.id);
    const before = getBusiness(business.id)!;
    expect(before.renewalDate?.toISOString()).toBe(nextRenewalCharge().toISOString());
    const subId = before.stripeSubscriptionId!;
    double.state.advanceSubscription(subId);
    const sub = double.state.subscriptions.get(subId)!;
    expect(sub.status).toBe("active");
    const invoiceId = sub.latest_invoice as string;
    expect(double.state.invoices.get(invoiceId)).toMatchObject({ amount_paid: 12000, period_start: nextRenewalCharge().getTime() / 1000 });
    expect(chargedTo(customerOf(owner.id)).total).toBe(12000);
    const event = lastEvent(double, "invoice.paid", invoiceId);
    expect((await deliverWebhook(double, event)).status).toBe(200);
    expect((await deliverWebhook(double, { ...event, id: `${event.id}_redelivered` })).status).toBe(200);
    const recorded = paymentsOf(business.id);
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({
      stripePaymentId: invoiceId,
      userId: owner.id,
      amount: 12000,
      kind: "renewal",
      // Charged on September 1 inside the renewal window: the receipt for the coming fiscal year.
      fiscalYear: fiscalYearSpan(fiscalYearOf(new Date()) + 1),
      taxYear: fiscalYearOf(new Date()) + 1,
    });
    expect(recorded[0].fiscalYear).not.toBe(fiscalYearLabel(new Date()));
    const after = getBusiness(business.id)!;
    const expected = new Date(before.renewalDate!);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(after.renewalDate?.toISOString()).toBe(expected.toISOString());
    expect(after).toMatchObject({ hasPaidBTR: true, subscriptionStatus: "active", autoRenew: true });
  });

  it("invoice.payment_failed leaves a notice; customer.subscription.deleted clears the fields", async () => {
    const { owner, business } = await paidBusiness();
    await subscribe(owner, business.id);
    const subId = getBusiness(business.id)!.stripeSubscriptionId!;
    // The card on file starts declining.
    const declining = await card("4000000000000002");
    const customer = getDb().select().from(users).where(eq(users.id, owner.id)).get()!.stripeCustomerId!;
    await testStripe().paymentMethods.attach(declining, { customer });
    await testStripe().subscriptions.update(subId, { default_payment_method: declining });
    double.state.advanceSubscription(subId);
    const invoiceId = double.state.subscriptions.get(subId)!.latest_invoice as string;
    await deliverWebhook(double, lastEvent(double, "invoice.payment_failed", invoiceId));
    // What is owed, for which year and by when (issue 21).
    expect(getBusiness(business.id)?.renewalNotice).toContain(RENEWAL_FAILED_NOTICE);
    expect(getBusiness(business.id)?.renewalNotice).toMatch(/\$\d+\.\d{2} is owed for FY\d{4}, due by September 30, \d{4}; after that a late penalty applies/);
    await deliverWebhook(double, lastEvent(double, "customer.subscription.updated", subId));
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("past_due");

    await testStripe().subscriptions.cancel(subId);
    await deliverWebhook(double, lastEvent(double, "customer.subscription.deleted", subId));
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: "canceled", autoRenew: false });
  });

  it("a forged subscription event is refused and changes nothing", async () => {
    const { owner, business } = await paidBusiness();
    await subscribe(owner, business.id);
    const subId = getBusiness(business.id)!.stripeSubscriptionId!;
    const fake = { id: "evt_forged_sub", object: "event", type: "customer.subscription.deleted", data: { object: { id: subId, object: "subscription" } } };
    expect((await deliverWebhook(double, fake, { secret: "whsec_wrong" })).status).toBe(400);
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("trialing");
  });
});

describe("/business/{id}/subscription (no JavaScript)", () => {
  it("sets up through Checkout in subscription mode and comes back to the business page", async () => {
    const { owner, business } = await paidBusiness();
    const params = { id: String(business.id) };
    const res = await callRoute(subPage.action, await makeRequest(`/business/${business.id}/subscription`, { user: owner, form: { intent: "setup" } }), params);
    expect(res.status).toBe(302);
    const checkoutUrl = res.headers.get("Location")!;
    expect(checkoutUrl.startsWith(`${double.url}/checkout/`)).toBe(true);
    const session = double.state.sessions.get(checkoutUrl.split("/").pop()!)!;
    expect(session).toMatchObject({ mode: "subscription", amount_total: 0 });
    expect(await (await fetch(checkoutUrl)).text()).toContain("Total due today");
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: new URLSearchParams({ cardNumber: "4242424242424242" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("Location")!);
    const done = await callRoute(subPage.loader, await makeRequest(`${back.pathname}${back.search}`, { user: owner }), params);
    expect(done.headers.get("Location")).toBe(`/business/${business.id}`);
    expect(getBusiness(business.id)).toMatchObject({ subscriptionStatus: "trialing", autoRenew: true });
    expect(getBusiness(business.id)?.renewalDate?.toISOString()).toBe(nextRenewalCharge().toISOString());
    const sub = double.state.subscriptions.get(getBusiness(business.id)!.stripeSubscriptionId!)!;
    expect(sub).toMatchObject({ status: "trialing", trial_end: nextRenewalCharge().getTime() / 1000 });
    expect(chargedTo(customerOf(owner.id)).total).toBe(0);
    expect(paymentsOf(business.id)).toHaveLength(0);

    const toggled = await callRoute(subPage.action, await makeRequest(`/business/${business.id}/subscription`, { user: owner, form: { intent: "toggle", autoRenew: "off" } }), params);
    expect(toggled.headers.get("Location")).toBe(`/business/${business.id}`);
    expect(getBusiness(business.id)?.autoRenew).toBe(false);

    const confirm = await callRoute(subPage.loader, await makeRequest(`/business/${business.id}/subscription?confirm=cancel`, { user: owner }), params);
    expect(await confirm.json()).toMatchObject({ confirmCancel: true });
    await callRoute(subPage.action, await makeRequest(`/business/${business.id}/subscription`, { user: owner, form: { intent: "cancel" } }), params);
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("canceled");
  });

  it("a stranger gets 403 and changes nothing", async () => {
    const { owner, business } = await paidBusiness();
    await subscribe(owner, business.id);
    const stranger = await createUser();
    const params = { id: String(business.id) };
    expect((await callRoute(subPage.loader, await makeRequest(`/business/${business.id}/subscription`, { user: stranger }), params)).status).toBe(403);
    const res = await callRoute(subPage.action, await makeRequest(`/business/${business.id}/subscription`, { user: stranger, form: { intent: "toggle", autoRenew: "off" } }), params);
    expect(res.status).toBe(403);
    expect(getBusiness(business.id)?.autoRenew).toBe(true);
  });
});
