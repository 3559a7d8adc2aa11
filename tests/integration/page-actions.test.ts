/**
 * The JavaScript card steps post to the pages' own actions (through a fetcher), which call the
 * same model functions as the /api routes: the payment page's `create-intent` and `record`, the
 * subscription page's `create-subscription` and `refresh`. Results and toasts as the UI needs
 * them: data + status, toasts flashed.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { StripeDouble } from "../../stripe-double/index";
import * as paymentPage from "~/routes/payment.$businessId";
import * as createSubscriptionApi from "~/routes/api.create-subscription";
import * as subscriptionPage from "~/routes/business.$id_.subscription";
import { flashedToast } from "../support/accounts";
import { callRoute as callAnyRoute, createBusiness, createUser, getBusiness, makeRequest } from "../support/factories";
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

const payStep = async (user: { id: number }, businessId: number, form: Record<string, string>) =>
  callRoute(paymentPage.action, await makeRequest(`/payment/${businessId}`, { user, form }), { businessId: String(businessId) });
const subStep = async (user: { id: number }, businessId: number, form: Record<string, string>) =>
  callRoute(subscriptionPage.action, await makeRequest(`/business/${businessId}/subscription`, { user, form }), { id: String(businessId) });

describe("payment page action, JavaScript steps", () => {
  it("create-intent then record: the server's fee, the payment recorded, a redirect to the success step with its toast", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 3, vehicleCount: 2 });
    const created = await payStep(owner, business.id, { intent: "create-intent", description: "Business Tax Receipt" });
    expect(created.status).toBe(200);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const id = clientSecret.split("_secret_")[0];
    await testStripe().paymentIntents.confirm(id, { payment_method: "pm_card_visa" });

    const recorded = await payStep(owner, business.id, { intent: "record", stripePaymentId: id });
    expect(recorded.status).toBe(302);
    expect(recorded.headers.get("Location")).toMatch(new RegExp(`^/payment/${business.id}\\?paid=\\d+$`));
    expect(recorded.headers.get("X-Remix-Replace")).toBe("true");
    expect(await flashedToast(recorded)).toMatchObject({ title: "Payment Successful" });
    expect(getBusiness(business.id)?.hasPaidBTR).toBe(true);
  });

  it("a different amount is refused with the Payment Error toast; an unconfirmed intent is not recorded (Record Failed)", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    const wrong = await payStep(owner, business.id, { intent: "create-intent", description: "Business Tax Receipt", amount: "1" });
    expect(wrong.status).toBe(400);
    expect(await flashedToast(wrong)).toMatchObject({ title: "Payment Error", variant: "destructive" });

    const created = await payStep(owner, business.id, { intent: "create-intent", description: "Business Tax Receipt" });
    const id = ((await created.json()) as { clientSecret: string }).clientSecret.split("_secret_")[0];
    const unpaid = await payStep(owner, business.id, { intent: "record", stripePaymentId: id });
    expect(unpaid.status).toBeGreaterThanOrEqual(400);
    expect(((await unpaid.json()) as { error: { message: string } }).error.message).toBeTruthy();
    expect(await flashedToast(unpaid)).toMatchObject({ title: "Record Failed", description: "Failed to record payment. Please contact support" });
    expect(getBusiness(business.id)?.hasPaidBTR).toBe(false);
  });
});

describe("subscription page action, JavaScript steps", () => {
  it("create-subscription with a card that needs no bank check is live at once and says so", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    const pm = await testStripe().paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } as never });
    const response = await subStep(owner, business.id, { intent: "create-subscription", paymentMethodId: pm.id });
    expect(response.status).toBe(200);
    expect(((await response.json()) as { clientSecret?: string }).clientSecret).toBeUndefined();
    expect(await flashedToast(response)).toMatchObject({ title: "Subscription created" });
    expect(getBusiness(business.id)?.subscriptionStatus).toBe("trialing");
  });

  it("refuses a missing payment method (400) and a declined card with the provider's message and the Subscription error toast", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    expect((await subStep(owner, business.id, { intent: "create-subscription" })).status).toBe(400);
    const pm = await testStripe().paymentMethods.create({ type: "card", card: { number: "4000000000000002", exp_month: 12, exp_year: 2034, cvc: "123" } as never });
    const declined = await subStep(owner, business.id, { intent: "create-subscription", paymentMethodId: pm.id });
    expect(declined.status).toBeGreaterThanOrEqual(400);
    expect(((await declined.json()) as { error: { message: string } }).error.message).toBe("Your card was declined.");
    expect(await flashedToast(declined)).toMatchObject({ title: "Subscription error", description: "Your card was declined." });
    expect(getBusiness(business.id)?.stripeSubscriptionId).toBeNull();
  });

  it("tells a refusal in the page's language (a second subscription, in Spanish), while the JSON door stays English", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    const card = () => testStripe().paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } as never });
    expect((await subStep(owner, business.id, { intent: "create-subscription", paymentMethodId: (await card()).id })).status).toBe(200);
    const again = await callRoute(
      subscriptionPage.action,
      await makeRequest(`/business/${business.id}/subscription?lng=es`, { user: owner, form: { intent: "create-subscription", paymentMethodId: (await card()).id } }),
      { id: String(business.id) },
    );
    expect(again.status).toBe(409);
    expect(((await again.json()) as { error: { message: string } }).error.message).toBe("Ya existe una suscripción para esta empresa.");
    const api = await callRoute(
      createSubscriptionApi.action,
      await makeRequest("/api/create-subscription", { user: owner, json: { businessId: business.id, paymentMethodId: (await card()).id } }),
    );
    expect(api.status).toBe(409);
    expect(((await api.json()) as { error: { message: string } }).error.message).toBe("A subscription already exists for this business.");
  });
});
