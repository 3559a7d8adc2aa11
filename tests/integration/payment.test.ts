import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { computeFee } from "~/lib/fee";
import { fiscalYearLabel } from "~/lib/fiscal-year";
import type { StripeDouble } from "../../stripe-double/index";
import * as createIntentRoute from "~/routes/api.create-payment-intent";
import * as paymentsRoute from "~/routes/api.payments";
import * as byStripeIdRoute from "~/routes/api.payments.stripe.$stripePaymentId";
import * as paymentPage from "~/routes/payment.$businessId";
import * as receiptPage from "~/routes/receipt.$paymentId";
import { callRoute as callAnyRoute, createBusiness, createUser, getBusiness, makeRequest } from "../support/factories";
import { deliverWebhook, lastEvent, startTestStripe, testStripe } from "../support/stripe";

/** callRoute, typed for Remix's loader/action signatures. */
const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

let double: StripeDouble;
beforeAll(async () => {
  double = await startTestStripe();
});
afterAll(async () => {
  await double.close();
});

async function ownerWithBusiness(counts: { employeeCount?: number | null; vehicleCount?: number | null } = {}) {
  const owner = await createUser();
  const business = createBusiness({
    isClaimed: true,
    canBeClaimed: false,
    ownerId: owner.id,
    employeeCount: 3,
    vehicleCount: 2,
    ...counts,
  });
  return { owner, business };
}

async function createIntent(user: { id: number }, json: Record<string, unknown>) {
  return callRoute(createIntentRoute.action, await makeRequest("/api/create-payment-intent", { user, json }));
}

async function recordPayment(user: { id: number }, json: Record<string, unknown>) {
  return callRoute(paymentsRoute.action, await makeRequest("/api/payments", { user, json }));
}

/** Creates and confirms (with a test card) a PaymentIntent through the app's endpoint. */
async function paidIntent(user: { id: number }, businessId: number, paymentMethod = "pm_card_visa") {
  const res = await createIntent(user, { businessId });
  expect(res.status).toBe(200);
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  const id = clientSecret.split("_secret_")[0];
  return testStripe().paymentIntents.confirm(id, { payment_method: paymentMethod });
}

function paymentRows(businessId: number) {
  return getDb().select().from(payments).where(eq(payments.businessId, businessId)).all();
}

describe("fee", () => {
  it("is $100 + $5 per employee + $10 per vehicle, in cents, negatives and missing counts as 0", () => {
    expect(computeFee(0, 0).totalCents).toBe(10000);
    expect(computeFee(3, 2).totalCents).toBe(13500);
    expect(computeFee(-4, -1).totalCents).toBe(10000);
    expect(computeFee(null, undefined).totalCents).toBe(10000);
    expect(computeFee(2.9, 1).totalCents).toBe(12000);
    expect(computeFee(1000, 100)).toMatchObject({ employeeCents: 500000, vehicleCents: 100000, totalCents: 610000 });
  });

  it("charges the fee computed from the stored counts", async () => {
    const { owner, business } = await ownerWithBusiness({ employeeCount: -3, vehicleCount: 4 });
    const res = await createIntent(owner, { businessId: business.id });
    expect(res.status).toBe(200);
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const intent = await testStripe().paymentIntents.retrieve(clientSecret.split("_secret_")[0]);
    expect(intent.amount).toBe(14000);
    expect(intent.currency).toBe("usd");
    expect(intent.metadata).toMatchObject({ businessId: String(business.id), userId: String(owner.id) });
  });
});

describe("POST /api/create-payment-intent", () => {
  it("needs a signed-in user (401) and a business id (400)", async () => {
    const { business } = await ownerWithBusiness();
    const anonymous = await callRoute(createIntentRoute.action, await makeRequest("/api/create-payment-intent", { json: { businessId: business.id } }));
    expect(anonymous.status).toBe(401);
    const owner = await createUser();
    expect((await createIntent(owner, {})).status).toBe(400);
  });

  it("refuses a tampered amount with 400 and creates no intent", async () => {
    const { owner, business } = await ownerWithBusiness();
    const before = double.state.paymentIntents.size;
    const res = await createIntent(owner, { businessId: business.id, amount: 100 });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/amount/i);
    expect(double.state.paymentIntents.size).toBe(before);
    // The right amount (in cents) is accepted.
    expect((await createIntent(owner, { businessId: business.id, amount: 13500 })).status).toBe(200);
  });

  it("makes one intent for a double click", async () => {
    const { owner, business } = await ownerWithBusiness();
    const [a, b] = await Promise.all([createIntent(owner, { businessId: business.id }), createIntent(owner, { businessId: business.id })]);
    const [sa, sb] = (await Promise.all([a.json(), b.json()])) as { clientSecret: string }[];
    expect(sa.clientSecret).toBe(sb.clientSecret);
  });

  it("validates the description with the spec's messages", async () => {
    const { owner, business } = await ownerWithBusiness();
    const short = await createIntent(owner, { businessId: business.id, description: "abc" });
    expect(short.status).toBe(400);
    expect(((await short.json()) as { error: { message: string } }).error.message).toBe("Description must be at least 5 characters");
    const long = await createIntent(owner, { businessId: business.id, description: "x".repeat(201) });
    expect(((await long.json()) as { error: { message: string } }).error.message).toBe("Description must be less than 200 characters");
  });

  it("refuses a stranger (403), an unclaimed business and a paid one (409), a missing one (404)", async () => {
    const { business } = await ownerWithBusiness();
    const stranger = await createUser();
    expect((await createIntent(stranger, { businessId: business.id })).status).toBe(403);
    const unclaimed = createBusiness();
    expect((await createIntent(stranger, { businessId: unclaimed.id })).status).toBe(409);
    const paid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: stranger.id, hasPaidBTR: true });
    expect((await createIntent(stranger, { businessId: paid.id })).status).toBe(409);
    expect((await createIntent(stranger, { businessId: 99999999 })).status).toBe(404);
  });
});

describe("recording a payment", () => {
  it("records once Stripe confirms it, once only, and marks the business paid", async () => {
    const { owner, business } = await ownerWithBusiness();
    const intent = await paidIntent(owner, business.id);
    const body = { businessId: business.id, amount: 13500, description: "ignored", stripePaymentId: intent.id, receiptUrl: "" };
    const first = await recordPayment(owner, body);
    expect(first.status).toBe(201);
    const payment = (await first.json()) as { id: number; amount: number; fiscalYear: string; receiptUrl: string };
    expect(payment.amount).toBe(13500);
    expect(payment.fiscalYear).toBe(fiscalYearLabel(new Date()));
    expect(payment.receiptUrl).toMatch(/^http/);
    const second = await recordPayment(owner, body);
    expect(second.status).toBe(200);
    expect(((await second.json()) as { id: number }).id).toBe(payment.id);
    expect(paymentRows(business.id)).toHaveLength(1);
    expect(getBusiness(business.id)?.hasPaidBTR).toBe(true);
  });

  it("refuses an intent Stripe has not confirmed, and a declined card records nothing", async () => {
    const { owner, business } = await ownerWithBusiness();
    const res = await createIntent(owner, { businessId: business.id });
    const { clientSecret } = (await res.json()) as { clientSecret: string };
    const id = clientSecret.split("_secret_")[0];
    expect((await recordPayment(owner, { businessId: business.id, stripePaymentId: id })).status).toBe(400);
    await expect(testStripe().paymentIntents.confirm(id, { payment_method: "pm_card_chargeDeclined" })).rejects.toMatchObject({
      code: "card_declined",
      message: "Your card was declined.",
    });
    expect((await recordPayment(owner, { businessId: business.id, stripePaymentId: id })).status).toBe(400);
    expect((await recordPayment(owner, { businessId: business.id, stripePaymentId: "pi_doesnotexist123" })).status).toBe(400);
    expect(paymentRows(business.id)).toHaveLength(0);
    expect(getBusiness(business.id)?.hasPaidBTR).toBe(false);
  });

  it("refuses a PaymentIntent of another user or for another business", async () => {
    const a = await ownerWithBusiness();
    const b = await ownerWithBusiness();
    const intentB = await paidIntent(b.owner, b.business.id);
    // A reports B's payment for A's own business: Stripe's metadata names B's business and user.
    expect((await recordPayment(a.owner, { businessId: a.business.id, stripePaymentId: intentB.id })).status).toBe(400);
    // A reports B's payment for B's business: not A's payment.
    expect((await recordPayment(a.owner, { businessId: b.business.id, stripePaymentId: intentB.id })).status).toBe(400);
    expect(paymentRows(a.business.id)).toHaveLength(0);
    expect(paymentRows(b.business.id)).toHaveLength(0);
    // Once recorded for B, reporting it for another business is a conflict.
    expect((await recordPayment(b.owner, { businessId: b.business.id, stripePaymentId: intentB.id })).status).toBe(201);
    const other = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: b.owner.id });
    expect([400, 409]).toContain((await recordPayment(b.owner, { businessId: other.id, stripePaymentId: intentB.id })).status);
  });

  it("records Stripe's amount, checked against the server's charge: a client's amount is never used", async () => {
    // The amount a page showed may be a month old (issue 21): recording recomputes the charge
    // for the moment the payment succeeded, so the client's figure decides nothing.
    const { owner, business } = await ownerWithBusiness();
    const intent = await paidIntent(owner, business.id);
    expect((await recordPayment(owner, { businessId: business.id, amount: 1, stripePaymentId: intent.id })).status).toBe(201);
    expect(paymentRows(business.id)).toEqual([expect.objectContaining({ amount: 13500, taxCents: 13500, penaltyCents: 0 })]);
  });

  it("two concurrent attempts for one business end with one recorded charge", async () => {
    const { owner, business } = await ownerWithBusiness();
    const [r1, r2] = await Promise.all([createIntent(owner, { businessId: business.id }), createIntent(owner, { businessId: business.id })]);
    const secrets = (await Promise.all([r1.json(), r2.json()])) as { clientSecret: string }[];
    expect(new Set(secrets.map((s) => s.clientSecret)).size).toBe(1);
    const id = secrets[0].clientSecret.split("_secret_")[0];
    await testStripe().paymentIntents.confirm(id, { payment_method: "pm_card_visa" });
    const body = { businessId: business.id, stripePaymentId: id };
    const results = await Promise.all([
      recordPayment(owner, body),
      recordPayment(owner, body),
      deliverWebhook(double, lastEvent(double, "payment_intent.succeeded", id)),
    ]);
    // Whichever of the three arrives first records it; the others find that row.
    for (const r of results) expect([200, 201]).toContain(r.status);
    const ids = (await Promise.all(results.slice(0, 2).map((r) => r.json()))) as { id: number }[];
    expect(ids[0].id).toBe(ids[1].id);
    expect(paymentRows(business.id)).toHaveLength(1);
  });

  it("a second, different successful charge for a paid business is refunded and not recorded", async () => {
    const { owner, business } = await ownerWithBusiness();
    // A second intent, e.g. from another tab with another description, opened before the first is paid.
    const res = await createIntent(owner, { businessId: business.id, description: "Business Tax Receipt 2026" });
    const second = (await res.json()) as { clientSecret: string };
    const first = await paidIntent(owner, business.id);
    const secondId = second.clientSecret.split("_secret_")[0];
    await testStripe().paymentIntents.confirm(secondId, { payment_method: "pm_card_visa" });
    const results = await Promise.all([
      recordPayment(owner, { businessId: business.id, stripePaymentId: first.id }),
      recordPayment(owner, { businessId: business.id, stripePaymentId: secondId }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    expect(paymentRows(business.id)).toHaveLength(1);
    const refunded = [...double.state.refunds.values()].filter((r) => r.payment_intent === secondId || r.payment_intent === first.id);
    expect(refunded).toHaveLength(1);
  });
});

describe("looking at Stripe before charging (issue 24)", () => {
  it("a success Stripe has but this app has not recorded is recorded, and no second intent or session is made", async () => {
    const { owner, business } = await ownerWithBusiness();
    const first = await paidIntent(owner, business.id); // charged; its webhook never came
    expect(paymentRows(business.id)).toHaveLength(0);
    const intentsBefore = double.state.paymentIntents.size;
    const res = await createIntent(owner, { businessId: business.id, description: "Business Tax Receipt again" });
    expect(res.status).toBe(409);
    expect(paymentRows(business.id)).toHaveLength(1);
    expect(paymentRows(business.id)[0].stripePaymentId).toBe(first.id);
    expect(double.state.paymentIntents.size).toBe(intentsBefore);
  });
});

describe("POST /api/stripe/webhook", () => {
  it("a forged signature is a 400 and records nothing", async () => {
    const { owner, business } = await ownerWithBusiness();
    const intent = await paidIntent(owner, business.id);
    const event = lastEvent(double, "payment_intent.succeeded", intent.id);
    expect((await deliverWebhook(double, event, { secret: "whsec_forged" })).status).toBe(400);
    expect((await deliverWebhook(double, event, { signature: "t=1,v1=deadbeef" })).status).toBe(400);
    expect((await deliverWebhook(double, event, { signature: "" })).status).toBe(400);
    expect(paymentRows(business.id)).toHaveLength(0);
  });

  it("records payment_intent.succeeded once, even when redelivered and reported by the browser", async () => {
    const { owner, business } = await ownerWithBusiness();
    const intent = await paidIntent(owner, business.id);
    const event = lastEvent(double, "payment_intent.succeeded", intent.id);
    expect((await deliverWebhook(double, event)).status).toBe(200);
    expect((await deliverWebhook(double, event)).status).toBe(200);
    expect((await recordPayment(owner, { businessId: business.id, stripePaymentId: intent.id })).status).toBe(200);
    const rows = paymentRows(business.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: owner.id, amount: 13500, stripePaymentId: intent.id, kind: "btr" });
    expect(getBusiness(business.id)?.hasPaidBTR).toBe(true);
  });

  it("a forged event with a valid-looking body but no real payment records nothing", async () => {
    const { owner, business } = await ownerWithBusiness();
    const fake = {
      id: "evt_fake_1",
      object: "event",
      type: "payment_intent.succeeded",
      data: { object: { id: "pi_notatstripe1234", object: "payment_intent", status: "succeeded", amount: 13500, currency: "usd", metadata: { businessId: String(business.id), userId: String(owner.id) } } },
    };
    // Correctly signed (the secret leaked, say): the app still re-reads the intent from Stripe.
    expect((await deliverWebhook(double, fake)).status).toBe(200);
    expect(paymentRows(business.id)).toHaveLength(0);
  });
});

describe("hosted checkout (no JavaScript)", () => {
  it("the form creates a Checkout Session; its success URL records the payment and shows the success step", async () => {
    const { owner, business } = await ownerWithBusiness();
    const res = await callRoute(paymentPage.action, await makeRequest(`/payment/${business.id}`, { user: owner, form: { description: "Business Tax Receipt" } }), {
      businessId: String(business.id),
    });
    expect(res.status).toBe(302);
    const checkoutUrl = res.headers.get("Location")!;
    expect(checkoutUrl.startsWith(`${double.url}/checkout/cs_test_`)).toBe(true);
    // The customer pays on the double's hosted page (a plain form).
    const declined = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: new URLSearchParams({ cardNumber: "4000000000000002" }), redirect: "manual" });
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    const successUrl = new URL(paid.headers.get("Location")!);
    expect(successUrl.pathname).toBe(`/payment/${business.id}`);
    const back = await callRoute(paymentPage.loader, await makeRequest(`${successUrl.pathname}${successUrl.search}`, { user: owner }), {
      businessId: String(business.id),
    });
    expect(back.status).toBe(302);
    const successStep = back.headers.get("Location")!;
    expect(successStep).toMatch(new RegExp(`^/payment/${business.id}\\?paid=\\d+$`));
    const page = await callRoute(paymentPage.loader, await makeRequest(successStep, { user: owner }), { businessId: String(business.id) });
    const view = (await page.json()) as { step: string; payment: { stripePaymentId: string } };
    expect(view.step).toBe("success");
    expect(view.payment.stripePaymentId).toMatch(/^pi_/);
    expect(paymentRows(business.id)).toHaveLength(1);
    // The checkout.session.completed webhook for the same payment adds nothing.
    const sessionId = successUrl.searchParams.get("session_id")!;
    expect((await deliverWebhook(double, lastEvent(double, "checkout.session.completed", sessionId))).status).toBe(200);
    expect(paymentRows(business.id)).toHaveLength(1);
  });

  it("a session id of someone else's checkout is refused", async () => {
    const a = await ownerWithBusiness();
    const b = await ownerWithBusiness();
    const res = await callRoute(paymentPage.action, await makeRequest(`/payment/${b.business.id}`, { user: b.owner, form: { description: "Business Tax Receipt" } }), {
      businessId: String(b.business.id),
    });
    const checkoutUrl = res.headers.get("Location")!;
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: new URLSearchParams({ cardNumber: "4242424242424242" }), redirect: "manual" });
    const sessionId = new URL(paid.headers.get("Location")!).searchParams.get("session_id");
    const back = await callRoute(paymentPage.loader, await makeRequest(`/payment/${a.business.id}?session_id=${sessionId}`, { user: a.owner }), {
      businessId: String(a.business.id),
    });
    expect(back.headers.get("Location")).toBe(`/payment/${a.business.id}`);
    expect(paymentRows(a.business.id)).toHaveLength(0);
  });

  it("validates the description (400) and redirects per the spec", async () => {
    const { owner, business } = await ownerWithBusiness();
    const params = { businessId: String(business.id) };
    const bad = await callRoute(paymentPage.action, await makeRequest(`/payment/${business.id}`, { user: owner, form: { description: "abc" } }), params);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(await bad.json())).toContain("Description must be at least 5 characters");

    const anonymous = await callRoute(paymentPage.loader, await makeRequest(`/payment/${business.id}`), params);
    expect(anonymous.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/payment/${business.id}`)}`);
    const stranger = await createUser();
    expect((await callRoute(paymentPage.loader, await makeRequest(`/payment/${business.id}`, { user: stranger }), params)).headers.get("Location")).toBe(
      `/business/${business.id}`,
    );
    const unclaimed = createBusiness();
    expect(
      (await callRoute(paymentPage.loader, await makeRequest(`/payment/${unclaimed.id}`, { user: owner }), { businessId: String(unclaimed.id) })).headers.get("Location"),
    ).toBe(`/claim/${unclaimed.id}`);
    const paid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    expect(
      (await callRoute(paymentPage.loader, await makeRequest(`/payment/${paid.id}`, { user: owner }), { businessId: String(paid.id) })).headers.get("Location"),
    ).toBe(`/business/${paid.id}`);
    expect((await callRoute(paymentPage.loader, await makeRequest(`/payment/99999999`, { user: owner }), { businessId: "99999999" })).status).toBe(404);
    const form = await callRoute(paymentPage.loader, await makeRequest(`/payment/${business.id}`, { user: owner }), params);
    expect(await form.json()).toMatchObject({ step: "form", fee: { totalCents: 13500 }, demo: true });
  });
});

describe("reading payments and receipts", () => {
  it("GET /api/payments answers an array of only the user's own; the Stripe-id lookup finds only the user's own", async () => {
    const a = await ownerWithBusiness();
    const b = await ownerWithBusiness();
    const intentA = await paidIntent(a.owner, a.business.id);
    const recorded = (await (await recordPayment(a.owner, { businessId: a.business.id, stripePaymentId: intentA.id })).json()) as { id: number };
    const listA = (await (await callRoute(paymentsRoute.loader, await makeRequest("/api/payments", { user: a.owner }))).json()) as { id: number }[];
    expect(listA.map((p) => p.id)).toEqual([recorded.id]);
    const listB = (await (await callRoute(paymentsRoute.loader, await makeRequest("/api/payments", { user: b.owner }))).json()) as unknown[];
    expect(listB).toEqual([]);
    expect((await callRoute(paymentsRoute.loader, await makeRequest("/api/payments"))).status).toBe(401);

    const own = await callRoute(byStripeIdRoute.loader, await makeRequest(`/api/payments/stripe/${intentA.id}`, { user: a.owner }), { stripePaymentId: intentA.id });
    expect(await own.json()).toEqual({ id: recorded.id });
    const other = await callRoute(byStripeIdRoute.loader, await makeRequest(`/api/payments/stripe/${intentA.id}`, { user: b.owner }), { stripePaymentId: intentA.id });
    expect(other.status).toBe(404);
  });

  it("a receipt is shown to its payer and to admins; a stranger gets 404", async () => {
    const { owner, business } = await ownerWithBusiness();
    const intent = await paidIntent(owner, business.id);
    const { id } = (await (await recordPayment(owner, { businessId: business.id, stripePaymentId: intent.id })).json()) as { id: number };
    const params = { paymentId: String(id) };
    const mine = await callRoute(receiptPage.loader, await makeRequest(`/receipt/${id}`, { user: owner }), params);
    expect(mine.status).toBe(200);
    expect(await mine.json()).toMatchObject({
      paymentId: id,
      receipt: { title: "Local Business Tax Receipt", total: "$135.00", business: { name: business.name }, town: { name: "Pembroke Park" } },
    });
    const admin = await createUser({ isAdmin: true });
    expect((await callRoute(receiptPage.loader, await makeRequest(`/receipt/${id}`, { user: admin }), params)).status).toBe(200);
    const stranger = await createUser();
    expect((await callRoute(receiptPage.loader, await makeRequest(`/receipt/${id}`, { user: stranger }), params)).status).toBe(404);
    const anonymous = await callRoute(receiptPage.loader, await makeRequest(`/receipt/${id}`), params);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
