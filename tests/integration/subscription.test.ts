import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments, users } from "~/db/schema";
import type { StripeDouble } from "~/services/stripe-double/index.server";
import * as createSubRoute from "~/routes/api.create-subscription";
import * as subRoute from "~/routes/api.subscription.$businessId";
import * as subPage from "~/routes/business.$id_.subscription";
import { RENEWAL_FAILED_NOTICE } from "~/models/subscription.server";
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

/** Creates the subscription through the API and confirms its first payment like the browser does. */
async function subscribe(owner: { id: number }, businessId: number) {
  const res = await create(owner, { businessId, paymentMethodId: await card() });
  expect(res.status).toBe(201);
  const body = (await res.json()) as { clientSecret?: string; renewalDate: string };
  expect(body.clientSecret).toMatch(/_secret_/);
  await testStripe().paymentIntents.confirm(body.clientSecret!.split("_secret_")[0]);
  expect((await change(owner, businessId, "POST")).status).toBe(200);
  return body;
}

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

  it("creates one customer per user, a yearly price for the fee, and stores the renewal date", async () => {
    const { owner, business } = await paidBusiness();
    const { renewalDate } = await subscribe(owner, business.id);
    const stored = getBusiness(business.id)!;
    expect(stored.stripeSubscriptionId).toMatch(/^sub_/);
    expect(stored.subscriptionStatus).toBe("active");
    expect(stored.autoRenew).toBe(true);
    expect(stored.renewalDate?.toISOString()).toBe(renewalDate);
    const sub = await testStripe().subscriptions.retrieve(stored.stripeSubscriptionId!);
    expect(sub.items.data[0].price).toMatchObject({ unit_amount: 12000, currency: "usd", recurring: { interval: "year" } });
    expect(new Date(sub.items.data[0].current_period_end * 1000).toISOString()).toBe(renewalDate);
    const customer = getDb().select().from(users).where(eq(users.id, owner.id)).get()!.stripeCustomerId;
    expect(customer).toMatch(/^cus_/);
    // A second business of the same user reuses the customer.
    const second = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    await subscribe(owner, second.id);
    const sub2 = await testStripe().subscriptions.retrieve(getBusiness(second.id)!.stripeSubscriptionId!);
    expect(sub2.customer).toBe(customer);
  });

  it("a declined card is refused with the provider's message and stores nothing live", async () => {
    const { owner, business } = await paidBusiness();
    const res = await create(owner, { businessId: business.id, paymentMethodId: await card("4000000000000002") });
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    await expect(testStripe().paymentIntents.confirm(clientSecret.split("_secret_")[0])).rejects.toMatchObject({ message: "Your card was declined." });
    await change(owner, business.id, "POST");
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("incomplete");
    // Not live: the owner may try again with another card.
    await subscribe(owner, business.id);
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("active");
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
  it("invoice.paid delivered twice records one payment and moves the renewal date by one year", async () => {
    const { owner, business } = await paidBusiness();
    await subscribe(owner, business.id);
    const before = getBusiness(business.id)!;
    const subId = before.stripeSubscriptionId!;
    double.state.advanceSubscription(subId);
    const sub = double.state.subscriptions.get(subId)!;
    const invoiceId = sub.latest_invoice as string;
    const event = lastEvent(double, "invoice.paid", invoiceId);
    expect((await deliverWebhook(double, event)).status).toBe(200);
    expect((await deliverWebhook(double, { ...event, id: `${event.id}_redelivered` })).status).toBe(200);
    const renewals = getDb().select().from(payments).where(eq(payments.stripePaymentId, invoiceId)).all();
    expect(renewals).toHaveLength(1);
    expect(renewals[0]).toMatchObject({ businessId: business.id, userId: owner.id, amount: 12000, kind: "renewal" });
    const after = getBusiness(business.id)!;
    const expected = new Date(before.renewalDate!);
    expected.setUTCFullYear(expected.getUTCFullYear() + 1);
    expect(after.renewalDate?.toISOString()).toBe(expected.toISOString());
    expect(after.hasPaidBTR).toBe(true);
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
    expect(getBusiness(business.id)?.renewalNotice).toBe(RENEWAL_FAILED_NOTICE);
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
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("active");
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
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: new URLSearchParams({ cardNumber: "4242424242424242" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    const back = new URL(paid.headers.get("Location")!);
    const done = await callRoute(subPage.loader, await makeRequest(`${back.pathname}${back.search}`, { user: owner }), params);
    expect(done.headers.get("Location")).toBe(`/business/${business.id}`);
    expect(getBusiness(business.id)).toMatchObject({ subscriptionStatus: "active", autoRenew: true });

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
