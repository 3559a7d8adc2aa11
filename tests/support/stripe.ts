/**
 * Integration tests talk to the Stripe test double in-process: this starts it on a free port
 * and points the app's Stripe adapter at it. Webhooks are delivered by the test itself
 * (deliverWebhook) so every assertion is deterministic.
 */
import { startStripeDouble, type StripeDouble } from "../../stripe-double/index";
import { getStripe } from "~/services/stripe.server";
import { resetEnvCache } from "~/utils/env.server";
import { action as webhookAction } from "~/routes/api.stripe.webhook";
import { callRoute } from "./factories";

export async function startTestStripe(): Promise<StripeDouble> {
  const double = await startStripeDouble({ webhookSecret: "whsec_test_0123456789abcdef" });
  process.env.STRIPE_SECRET_KEY = "sk_test_integration";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_integration";
  process.env.STRIPE_API_URL = double.url;
  process.env.STRIPE_WEBHOOK_SECRET = double.webhookSecret;
  resetEnvCache();
  return double;
}

export function testStripe() {
  return getStripe();
}

/** POSTs an event to the app's webhook route, signed like Stripe does (or with `secret`). */
export async function deliverWebhook(double: StripeDouble, event: object, { secret, signature }: { secret?: string; signature?: string } = {}) {
  const payload = JSON.stringify(event);
  const request = new Request("http://localhost:3000/api/stripe/webhook", {
    method: "POST",
    headers: { "Content-Type": "application/json", "Stripe-Signature": signature ?? double.signatureHeader(payload, secret) },
    body: payload,
  });
  return callRoute(webhookAction as Parameters<typeof callRoute>[0], request);
}

/** The double's most recent event of this type about this object. */
export function lastEvent(double: StripeDouble, type: string, objectId: string) {
  const event = [...double.state.events].reverse().find((e) => e.type === type && e.data.object.id === objectId);
  if (!event) throw new Error(`No ${type} event for ${objectId}`);
  return event;
}
