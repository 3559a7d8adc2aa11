/**
 * What the app does with each verified Stripe event. Each event id is handled once
 * (stripe_events); every handler is idempotent too, so a retried delivery is harmless.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { stripeEvents } from "~/db/schema";
import { isTransferFee, recordFilingFeeFromStripe } from "~/models/filings/fee.server";
import { recordFromStripeObject } from "~/models/payment.server";
import { recordStripeRefunds } from "~/models/refund.server";
import { recordInvoiceFailed, recordInvoicePaid, syncSubscriptionFromStripe } from "~/models/subscription.server";
import type { Stripe } from "~/services/stripe.server";

type Handler = (event: Stripe.Event) => Promise<unknown>;

const handlers: Partial<Record<Stripe.Event["type"], Handler>> = {
  "payment_intent.succeeded": async (event) => {
    const intent = event.data.object as Stripe.PaymentIntent;
    // A filing's transfer fee is recorded by the filings (no receipt); any other one-off payment is a BTR.
    if (isTransferFee(intent.metadata)) await recordFilingFeeFromStripe(intent.id);
    else await recordFromStripeObject(intent.id);
  },
  "checkout.session.completed": async (event) => {
    const session = event.data.object as Stripe.Checkout.Session;
    if (session.mode === "payment" && isTransferFee(session.metadata)) await recordFilingFeeFromStripe(session.id);
    else if (session.mode === "payment") await recordFromStripeObject(session.id);
    const sub = session.subscription;
    if (session.mode === "subscription" && sub) await syncSubscriptionFromStripe(typeof sub === "string" ? sub : sub.id);
  },
  "charge.refunded": async (event) => {
    await recordStripeRefunds(event.data.object as Stripe.Charge);
  },
  "invoice.paid": async (event) => {
    await recordInvoicePaid((event.data.object as Stripe.Invoice).id);
  },
  "invoice.payment_failed": async (event) => {
    await recordInvoiceFailed((event.data.object as Stripe.Invoice).id);
  },
  "customer.subscription.updated": async (event) => {
    await syncSubscriptionFromStripe((event.data.object as Stripe.Subscription).id);
  },
  "customer.subscription.deleted": async (event) => {
    await syncSubscriptionFromStripe((event.data.object as Stripe.Subscription).id);
  },
};

export async function handleStripeEvent(event: Stripe.Event): Promise<"handled" | "duplicate" | "ignored"> {
  const db = getDb();
  if (db.select({ id: stripeEvents.id }).from(stripeEvents).where(eq(stripeEvents.id, event.id)).get()) return "duplicate";
  const handler = handlers[event.type];
  if (handler) await handler(event);
  db.insert(stripeEvents).values({ id: event.id, type: event.type }).onConflictDoNothing().run();
  return handler ? "handled" : "ignored";
}
