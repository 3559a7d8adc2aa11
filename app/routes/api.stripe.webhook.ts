import type { ActionFunctionArgs } from "@remix-run/node";
import { handleStripeEvent } from "~/models/stripe-events.server";
import { getStripe, getWebhookSecret, type Stripe } from "~/services/stripe.server";
import { apiError, assertMethod } from "~/utils/http";

/**
 * Stripe's webhook endpoint. Authenticated by Stripe's signature over the raw body (no session):
 * a missing or bad signature is a 400 and nothing is recorded.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const secret = getWebhookSecret();
  if (!secret) return apiError(400, "Webhook signing secret is not configured");
  const signature = request.headers.get("Stripe-Signature");
  if (!signature) return apiError(400, "Missing Stripe-Signature header");
  const payload = await request.text();
  let event: Stripe.Event;
  try {
    event = getStripe().webhooks.constructEvent(payload, signature, secret);
  } catch (error) {
    return apiError(400, `Webhook signature verification failed: ${(error as Error).message}`);
  }
  await handleStripeEvent(event);
  return Response.json({ received: true });
}

export async function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
