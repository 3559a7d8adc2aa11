/**
 * Keeps the Stripe double faithful: the same official-SDK calls the app makes run against the
 * double, always, and against Stripe's test mode when STRIPE_CONTRACT_SECRET_KEY (an sk_test_
 * key) is set. A difference in what the app reads (statuses, amounts, error codes and messages,
 * expansions) fails here before it misleads the app's own tests.
 */
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStripeDouble, type StripeDouble } from "../../stripe-double/index";

const liveKey = process.env.STRIPE_CONTRACT_SECRET_KEY;
if (liveKey && !liveKey.startsWith("sk_test_")) throw new Error("STRIPE_CONTRACT_SECRET_KEY must be a test-mode key (sk_test_...)");

type Target = { name: string; skip: boolean; client: () => Stripe; setup?: () => Promise<void>; teardown?: () => Promise<void> };

let double: StripeDouble | undefined;
const targets: Target[] = [
  {
    name: "the Stripe double",
    skip: false,
    setup: async () => {
      double = await startStripeDouble();
    },
    teardown: async () => double?.close(),
    client: () => new Stripe("sk_test_contract", { host: "localhost", port: double!.port, protocol: "http", maxNetworkRetries: 0 }),
  },
  {
    name: "Stripe's test mode",
    skip: !liveKey,
    client: () => new Stripe(liveKey!, { maxNetworkRetries: 1 }),
  },
];

/** The next October 1, 00:00 UTC, as the app's renewal trial uses. */
function nextOctoberFirst(now = new Date()) {
  const year = now.getUTCMonth() >= 9 ? now.getUTCFullYear() + 1 : now.getUTCFullYear();
  return Math.floor(Date.UTC(year, 9, 1) / 1000);
}

for (const target of targets) {
  describe.skipIf(target.skip)(`Stripe contract: ${target.name}`, () => {
    let stripe: Stripe;
    beforeAll(async () => {
      await target.setup?.();
      stripe = target.client();
    });
    afterAll(async () => {
      await target.teardown?.();
    });

    it("a card payment succeeds and its charge expands", async () => {
      const intent = await stripe.paymentIntents.create({
        amount: 13_500,
        currency: "usd",
        allowed_payment_method_types: ["card"],
        payment_method: "pm_card_visa",
        confirm: true,
        metadata: { businessId: "2", userId: "7" },
      });
      expect(intent.status).toBe("succeeded");
      expect(intent.amount_received).toBe(13_500);
      const read = await stripe.paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
      expect(read.metadata).toEqual({ businessId: "2", userId: "7" });
      const charge = read.latest_charge as Stripe.Charge;
      expect(charge.object).toBe("charge");
      expect(charge.paid).toBe(true);
      expect(charge.amount).toBe(13_500);
    });

    it("a declined card is a card error with Stripe's message", async () => {
      const error = await stripe.paymentIntents
        .create({ amount: 13_500, currency: "usd", allowed_payment_method_types: ["card"], payment_method: "pm_card_chargeDeclined", confirm: true })
        .then(() => null, (e: unknown) => e);
      expect(error).toBeInstanceOf(Stripe.errors.StripeCardError);
      expect((error as Stripe.errors.StripeCardError).code).toBe("card_declined");
      expect((error as Stripe.errors.StripeCardError).message).toBe("Your card was declined.");
    });

    it("a 3-D Secure card asks for authentication", async () => {
      const intent = await stripe.paymentIntents.create({
        amount: 13_500,
        currency: "usd",
        allowed_payment_method_types: ["card"],
        payment_method: "pm_card_authenticationRequired",
        confirm: true,
        return_url: "http://localhost:3000/payment/2/return",
      });
      expect(intent.status).toBe("requires_action");
      expect(intent.next_action).not.toBeNull();
    });

    it("a hosted checkout session for a payment", async () => {
      const session = await stripe.checkout.sessions.create({
        mode: "payment",
        line_items: [{ price_data: { currency: "usd", unit_amount: 13_500, product_data: { name: "Business Tax Receipt" } }, quantity: 1 }],
        success_url: "http://localhost:3000/payment/2/return?session_id={CHECKOUT_SESSION_ID}",
        cancel_url: "http://localhost:3000/payment/2",
        metadata: { businessId: "2" },
      });
      expect(session.url).toMatch(/^https?:\/\//);
      expect(session.status).toBe("open");
      expect(session.payment_status).toBe("unpaid");
      expect(session.amount_total).toBe(13_500);
      const read = await stripe.checkout.sessions.retrieve(session.id);
      expect(read.metadata).toEqual({ businessId: "2" });
    });

    it("a yearly subscription with a trial until October 1 charges nothing at set-up, and cancels", async () => {
      const customer = await stripe.customers.create({ email: "contract@example.com" });
      const price = await stripe.prices.create({ currency: "usd", unit_amount: 13_500, recurring: { interval: "year" }, product_data: { name: "BTR renewal" } });
      const pm = await stripe.paymentMethods.attach("pm_card_visa", { customer: customer.id });
      const trialEnd = nextOctoberFirst();
      const sub = await stripe.subscriptions.create({ customer: customer.id, items: [{ price: price.id }], default_payment_method: pm.id, trial_end: trialEnd });
      expect(sub.status).toBe("trialing");
      expect(sub.trial_end).toBe(trialEnd);
      const updated = await stripe.subscriptions.update(sub.id, { cancel_at_period_end: true });
      expect(updated.cancel_at_period_end).toBe(true);
      const cancelled = await stripe.subscriptions.cancel(sub.id);
      expect(cancelled.status).toBe("canceled");
    });
  });
}
