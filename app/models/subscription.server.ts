/**
 * Annual auto-renewal of a paid BTR with a Stripe subscription. One Stripe customer per user
 * (users.stripe_customer_id), a yearly price equal to the business's fee computed on the
 * server, and the business row kept in step with Stripe (stripeSubscriptionId, status,
 * renewalDate = end of the current paid period, autoRenew = not cancel-at-period-end).
 * Renewal invoices arrive by webhook and are recorded as payments, once per invoice.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, users, type Business } from "~/db/schema";
import { fiscalYearLabel } from "~/lib/fiscal-year";
import { CURRENCY, feeFor, getBusiness } from "~/models/payment.server";
import { getStripe, type Stripe } from "~/services/stripe.server";
import { getEnv } from "~/utils/env.server";

export const RENEWAL_FAILED_NOTICE =
  "Your Business Tax Receipt auto-renewal payment failed. Please update your card or pay the renewal manually.";

export class SubscriptionError extends Error {
  constructor(
    public status: 400 | 403 | 404 | 409 | 502,
    message: string,
  ) {
    super(message);
    this.name = "SubscriptionError";
  }
}

/** A subscription that counts: abandoned first payments (incomplete) and cancelled ones do not. */
const hasLiveSubscription = (b: Business) =>
  Boolean(b.stripeSubscriptionId) && !["canceled", "incomplete", "incomplete_expired"].includes(b.subscriptionStatus ?? "");

/** The owner of a claimed, paid business; anyone else is refused. */
export function requireSubscriptionOwner(businessId: number, userId: number): Business {
  const business = getBusiness(businessId);
  if (!business) throw new SubscriptionError(404, "Business not found");
  if (!business.isClaimed || business.ownerId !== userId) {
    throw new SubscriptionError(403, "Only the owner of this business can manage its subscription.");
  }
  if (!business.hasPaidBTR) {
    throw new SubscriptionError(409, "The Business Tax Receipt must be paid before setting up auto-renewal.");
  }
  return business;
}

function providerMessage(error: unknown, fallback: string) {
  const e = error as { type?: string; message?: string };
  if (e?.type === "StripeCardError" || e?.type === "StripeInvalidRequestError") return e.message || fallback;
  console.error(fallback, error);
  return fallback;
}

/** The user's Stripe customer, created once and reused. */
export async function getOrCreateCustomer(userId: number): Promise<string> {
  const db = getDb();
  const user = db.select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new SubscriptionError(404, "User not found");
  if (user.stripeCustomerId) return user.stripeCustomerId;
  const customer = await getStripe().customers.create(
    {
      email: user.email,
      name: [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username,
      metadata: { userId: String(user.id) },
    },
    { idempotencyKey: `customer-user-${user.id}` },
  );
  db.update(users).set({ stripeCustomerId: customer.id }).where(and(eq(users.id, userId), isNull(users.stripeCustomerId))).run();
  return db.select({ id: users.stripeCustomerId }).from(users).where(eq(users.id, userId)).get()!.id!;
}

async function yearlyPrice(business: Business): Promise<string> {
  const fee = feeFor(business);
  const price = await getStripe().prices.create(
    {
      currency: CURRENCY,
      unit_amount: fee.totalCents,
      recurring: { interval: "year" },
      product_data: { name: `Business Tax Receipt renewal - ${business.name}`.slice(0, 250) },
      metadata: { businessId: String(business.id) },
    },
    { idempotencyKey: `price-b${business.id}-c${fee.totalCents}` },
  );
  return price.id;
}

const periodEnd = (sub: Stripe.Subscription) => {
  const end = sub.items.data[0]?.current_period_end;
  return end ? new Date(end * 1000) : null;
};

/** Stores Stripe's view of a subscription on its business. */
function storeSubscription(businessId: number, sub: Stripe.Subscription) {
  const canceled = sub.status === "canceled" || sub.status === "incomplete_expired";
  getDb()
    .update(businesses)
    .set(
      canceled
        ? { stripeSubscriptionId: null, subscriptionStatus: "canceled", renewalDate: null, autoRenew: false }
        : {
            stripeSubscriptionId: sub.id,
            subscriptionStatus: sub.status,
            renewalDate: periodEnd(sub),
            autoRenew: !sub.cancel_at_period_end,
          },
    )
    .where(eq(businesses.id, businessId))
    .run();
}

/**
 * Links a new subscription to its business unless another live one is already there.
 * Returns false (and cancels the new one at Stripe) when it lost that race.
 */
async function linkSubscription(business: Business, sub: Stripe.Subscription): Promise<boolean> {
  const result = getDb()
    .update(businesses)
    .set({ stripeSubscriptionId: sub.id, subscriptionStatus: sub.status, renewalDate: periodEnd(sub), autoRenew: !sub.cancel_at_period_end, renewalNotice: null })
    .where(
      and(
        eq(businesses.id, business.id),
        or(
          isNull(businesses.stripeSubscriptionId),
          eq(businesses.subscriptionStatus, "canceled"),
          eq(businesses.subscriptionStatus, "incomplete"),
          eq(businesses.stripeSubscriptionId, sub.id),
        ),
      ),
    )
    .run();
  if (result.changes === 1) return true;
  await getStripe().subscriptions.cancel(sub.id).catch(() => undefined);
  return false;
}

/**
 * With JavaScript: the browser made a card payment method; subscribe with it. Returns the
 * client secret when the first invoice's payment still has to be confirmed in the browser.
 */
export async function createSubscription({
  businessId,
  userId,
  paymentMethodId,
}: {
  businessId: number;
  userId: number;
  paymentMethodId: string;
}): Promise<{ clientSecret?: string; renewalDate: string | null; subscriptionId: string }> {
  const business = requireSubscriptionOwner(businessId, userId);
  if (hasLiveSubscription(business)) throw new SubscriptionError(409, "A subscription already exists for this business.");
  const stripe = getStripe();
  let sub: Stripe.Subscription;
  try {
    const customer = await getOrCreateCustomer(userId);
    const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
    if (!pm.customer) await stripe.paymentMethods.attach(paymentMethodId, { customer });
    else if (pm.customer !== customer) throw new SubscriptionError(400, "This card belongs to another customer.");
    const price = await yearlyPrice(business);
    sub = await stripe.subscriptions.create(
      {
        customer,
        items: [{ price }],
        default_payment_method: paymentMethodId,
        payment_behavior: "default_incomplete",
        payment_settings: { save_default_payment_method: "on_subscription" },
        metadata: { businessId: String(business.id), userId: String(userId) },
        expand: ["latest_invoice.confirmation_secret"],
      },
      { idempotencyKey: `sub-b${business.id}-u${userId}-${paymentMethodId}` },
    );
  } catch (error) {
    if (error instanceof SubscriptionError) throw error;
    throw new SubscriptionError(400, providerMessage(error, "Failed to create subscription"));
  }
  if (!(await linkSubscription(business, sub))) throw new SubscriptionError(409, "A subscription already exists for this business.");
  const invoice = typeof sub.latest_invoice === "object" ? sub.latest_invoice : null;
  const clientSecret = sub.status === "incomplete" ? (invoice?.confirmation_secret?.client_secret ?? undefined) : undefined;
  return { clientSecret, renewalDate: periodEnd(sub)?.toISOString() ?? null, subscriptionId: sub.id };
}

/** Without JavaScript: a Checkout Session in subscription mode that comes back to the business page. */
export async function createSubscriptionCheckout({ businessId, userId }: { businessId: number; userId: number }): Promise<string> {
  const business = requireSubscriptionOwner(businessId, userId);
  if (hasLiveSubscription(business)) throw new SubscriptionError(409, "A subscription already exists for this business.");
  const appUrl = getEnv().APP_URL.replace(/\/$/, "");
  try {
    const customer = await getOrCreateCustomer(userId);
    const price = await yearlyPrice(business);
    const metadata = { businessId: String(business.id), userId: String(userId) };
    const session = await getStripe().checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: `${appUrl}/business/${business.id}/subscription?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/business/${business.id}`,
      metadata,
      subscription_data: { metadata },
    });
    if (!session.url) throw new Error("Checkout Session without url");
    return session.url;
  } catch (error) {
    throw new SubscriptionError(502, providerMessage(error, "Failed to create subscription"));
  }
}

/** Back from hosted checkout (or after the browser confirmed): re-read Stripe and store. */
export async function completeSubscriptionCheckout({ sessionId, businessId, userId }: { sessionId: string; businessId: number; userId: number }) {
  const business = requireSubscriptionOwner(businessId, userId);
  const session = await getStripe().checkout.sessions.retrieve(sessionId, { expand: ["subscription"] }).catch(() => null);
  const sub = session && typeof session.subscription === "object" ? session.subscription : null;
  if (
    !session ||
    !sub ||
    session.mode !== "subscription" ||
    session.status !== "complete" ||
    sub.metadata?.businessId !== String(businessId) ||
    sub.metadata?.userId !== String(userId)
  ) {
    throw new SubscriptionError(400, "Failed to create subscription");
  }
  if (business.stripeSubscriptionId === sub.id) {
    storeSubscription(business.id, sub);
  } else if (!(await linkSubscription(business, sub))) {
    throw new SubscriptionError(409, "A subscription already exists for this business.");
  }
  return { renewalDate: periodEnd(sub) };
}

/** After the browser confirmed the first payment: the business row follows Stripe. */
export async function refreshSubscription(businessId: number, userId: number) {
  const business = requireSubscriptionOwner(businessId, userId);
  if (!business.stripeSubscriptionId) throw new SubscriptionError(409, "No subscription exists for this business.");
  const sub = await getStripe().subscriptions.retrieve(business.stripeSubscriptionId);
  storeSubscription(business.id, sub);
  return { status: sub.status, renewalDate: periodEnd(sub) };
}

export async function setAutoRenew({ businessId, userId, autoRenew }: { businessId: number; userId: number; autoRenew: boolean }) {
  const business = requireSubscriptionOwner(businessId, userId);
  if (!hasLiveSubscription(business)) throw new SubscriptionError(409, "No subscription exists for this business.");
  let sub: Stripe.Subscription;
  try {
    sub = await getStripe().subscriptions.update(business.stripeSubscriptionId!, { cancel_at_period_end: !autoRenew });
  } catch (error) {
    throw new SubscriptionError(502, providerMessage(error, "Failed to update subscription settings"));
  }
  storeSubscription(business.id, sub);
  return { autoRenew: !sub.cancel_at_period_end, renewalDate: periodEnd(sub) };
}

export async function cancelSubscription({ businessId, userId }: { businessId: number; userId: number }) {
  const business = requireSubscriptionOwner(businessId, userId);
  if (!hasLiveSubscription(business)) throw new SubscriptionError(409, "No subscription exists for this business.");
  try {
    await getStripe().subscriptions.cancel(business.stripeSubscriptionId!);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 404) throw new SubscriptionError(502, providerMessage(error, "Failed to cancel subscription"));
  }
  getDb()
    .update(businesses)
    .set({ stripeSubscriptionId: null, subscriptionStatus: "canceled", renewalDate: null, autoRenew: false })
    .where(eq(businesses.id, business.id))
    .run();
}

// ---- webhooks --------------------------------------------------------------------------------

function businessForSubscription(subId: string, metadata?: Record<string, string> | null): Business | undefined {
  const db = getDb();
  const linked = db.select().from(businesses).where(eq(businesses.stripeSubscriptionId, subId)).get();
  if (linked) return linked;
  // Created on hosted checkout: the event may arrive before the success URL links it.
  const businessId = Number(metadata?.businessId);
  const business = Number.isInteger(businessId) && businessId > 0 ? getBusiness(businessId) : undefined;
  if (business && business.ownerId !== null && String(business.ownerId) === metadata?.userId) return business;
  return undefined;
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === "string" ? sub : (sub?.id ?? null);
}

/** customer.subscription.updated / .deleted: re-read the subscription and store it. */
export async function syncSubscriptionFromStripe(subId: string) {
  const sub = await getStripe().subscriptions.retrieve(subId);
  const business = businessForSubscription(sub.id, sub.metadata);
  if (!business) return;
  if (business.stripeSubscriptionId !== sub.id) {
    if (sub.status === "canceled" || !(await linkSubscription(business, sub))) return;
  }
  storeSubscription(business.id, sub);
}

/** invoice.paid: the renewal payment is recorded once (on the invoice id) and the date moves on. */
export async function recordInvoicePaid(invoiceId: string) {
  const stripe = getStripe();
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subId = subscriptionIdOf(invoice);
  if (invoice.status !== "paid" || !subId || invoice.currency !== CURRENCY) return null;
  const sub = await stripe.subscriptions.retrieve(subId);
  const business = businessForSubscription(sub.id, sub.metadata);
  if (!business) return null;
  if (business.stripeSubscriptionId !== sub.id && !(await linkSubscription(business, sub))) return null;
  const periodStart = invoice.lines.data[0]?.period?.start ?? invoice.period_start;
  const db = getDb();
  return db.transaction((tx) => {
    const existing = tx.select().from(payments).where(eq(payments.stripePaymentId, invoice.id)).get();
    if (existing) return { payment: existing, created: false };
    const payment = tx
      .insert(payments)
      .values({
        userId: business.ownerId,
        businessId: business.id,
        amount: invoice.amount_paid,
        currency: invoice.currency,
        description: "Business Tax Receipt renewal",
        stripePaymentId: invoice.id,
        receiptUrl: invoice.hosted_invoice_url ?? null,
        kind: "renewal",
        fiscalYear: fiscalYearLabel(new Date(periodStart * 1000)),
      })
      .returning()
      .get();
    tx.update(businesses)
      .set({
        hasPaidBTR: true,
        renewalNotice: null,
        subscriptionStatus: sub.status,
        renewalDate: periodEnd(sub),
        autoRenew: !sub.cancel_at_period_end,
      })
      .where(eq(businesses.id, business.id))
      .run();
    return { payment, created: true };
  });
}

/** invoice.payment_failed: a notice the owner sees on the dashboard and the business page. */
export async function recordInvoiceFailed(invoiceId: string) {
  const invoice = await getStripe().invoices.retrieve(invoiceId);
  const subId = subscriptionIdOf(invoice);
  if (!subId) return;
  const business = getDb().select().from(businesses).where(eq(businesses.stripeSubscriptionId, subId)).get();
  if (!business) return;
  getDb().update(businesses).set({ renewalNotice: RENEWAL_FAILED_NOTICE }).where(eq(businesses.id, business.id)).run();
}
