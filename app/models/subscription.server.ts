/**
 * Annual auto-renewal of a paid BTR with a Stripe subscription. One Stripe customer per user
 * (users.stripe_customer_id), a yearly price equal to the business's fee computed on the
 * server, and the business row kept in step with Stripe (stripeSubscriptionId, status,
 * renewalDate = end of the current period, autoRenew = not cancel-at-period-end).
 *
 * Auto-renewal is only offered once this fiscal year's BTR is paid, so nothing is charged at
 * set-up: the subscription is trialing until the next BTR year begins (October 1, 00:00 UTC,
 * `trial_end`) and the card is only saved (a SetupIntent, confirmed in the browser when the
 * bank asks for it). The first charge is the invoice at trial end, for the new fiscal year.
 * Renewal invoices arrive by webhook and are recorded as payments, once per invoice.
 */
import { and, eq, isNotNull, isNull, notInArray, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, users, type Business } from "~/db/schema";
import { CURRENCY, formatCents } from "~/lib/fee";
import {
  chargeFor,
  dueDateOf,
  fiscalYearName,
  fiscalYearOf,
  longDate,
  renewalChargeOn,
  renewalOpensOn,
  startOfTownDay,
  taxFor,
  townDate,
  type FiscalYear,
} from "~/lib/tax-year";
import { getBusinessById, isOwner } from "~/models/business.server";
import { getSchedule } from "~/models/fee-schedule.server";
import { queueReceipt, queueRenewalFailed } from "~/models/mail-events.server";
import { holdsCurrentReceipt, insertReceipt, receiptYears } from "~/models/receipt.server";
import { isClockFixed, now } from "~/utils/clock.server";
import { getStripe, type Stripe } from "~/services/stripe.server";
import type { Language } from "~/lib/languages";

export const RENEWAL_FAILED_NOTICE =
  "Your Business Tax Receipt auto-renewal payment failed. Please update your card or pay the renewal manually.";

/** A refusal: its message is a key ("dashboard:autoRenewal.refusal.exists"), translated where it is shown (the JSON door answers in English), or Stripe's own words about a card. */
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
  const business = getBusinessById(businessId);
  if (!business) throw new SubscriptionError(404, "dashboard:autoRenewal.refusal.notFound");
  if (!isOwner(business, userId)) {
    throw new SubscriptionError(403, "dashboard:autoRenewal.refusal.notOwner");
  }
  if (!holdsCurrentReceipt(business.id)) {
    throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.unpaid");
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
  if (!user) throw new SubscriptionError(404, "dashboard:autoRenewal.refusal.userNotFound");
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

/** The renewal's yearly price: the tax the schedule of `fiscalYear` gives for the business's counts. */
async function yearlyPrice(business: Business, fiscalYear: FiscalYear): Promise<string> {
  const amount = taxFor(getSchedule(fiscalYear), business.employeeCount, business.vehicleCount).taxCents;
  const price = await getStripe().prices.create(
    {
      currency: CURRENCY,
      unit_amount: amount,
      recurring: { interval: "year" },
      product_data: { name: `Business Tax Receipt renewal - ${business.name}`.slice(0, 250) },
      metadata: { businessId: String(business.id), fiscalYear: String(fiscalYear) },
    },
    { idempotencyKey: `price-b${business.id}-y${fiscalYear}-c${amount}` },
  );
  return price.id;
}

/**
 * When auto-renewal charges next: the schedule's renewal charge day (September 1 by default, inside
 * the renewal window, so a card that fails leaves a month before the September 30 due date) before
 * the first coming fiscal year the business does not hold yet. Midnight in the town.
 */
export function nextRenewalChargeAt(at: Date = now(), heldYears: FiscalYear[] = []): { chargeAt: Date; fiscalYear: FiscalYear } {
  for (let fy = fiscalYearOf(at) + 1; ; fy++) {
    const chargeAt = startOfTownDay(renewalChargeOn(getSchedule(fy)));
    if (chargeAt > at && !heldYears.includes(fy)) return { chargeAt, fiscalYear: fy };
  }
}

/** Unix seconds of the next renewal charge: the end of the set-up's free trial (the subscription's billing anchor). */
export function nextRenewalTrialEnd(at: Date = now(), heldYears: FiscalYear[] = []): number {
  return Math.floor(nextRenewalChargeAt(at, heldYears).chargeAt.getTime() / 1000);
}

/**
 * The fiscal year a renewal invoice buys, from the start of the period it bills: a charge inside a
 * renewal window (from July 1) buys the coming year; one on or after October 1 (subscriptions set up
 * before renewals moved into the window) buys the year it falls in.
 */
export function fiscalYearBilled(periodStart: Date): FiscalYear {
  const fy = fiscalYearOf(periodStart);
  return townDate(periodStart) >= renewalOpensOn(getSchedule(fy + 1)) ? fy + 1 : fy;
}

/**
 * Keeps a live subscription's price at what its next charge should be: the schedule of the year it
 * buys and the business's current counts. Stripe bills the next invoice at the item's price at that
 * time; changing it with proration_behavior "none" changes only future invoices (Stripe's documented
 * way to change the amount before a renewal). Returns the amount when it changed.
 */
export async function syncRenewalPrice(businessId: number): Promise<number | null> {
  const business = getBusinessById(businessId);
  if (!business?.stripeSubscriptionId || !hasLiveSubscription(business)) return null;
  const stripe = getStripe();
  const sub = await stripe.subscriptions.retrieve(business.stripeSubscriptionId);
  const item = sub.items.data[0];
  if (!item) return null;
  const year = fiscalYearBilled(new Date(item.current_period_end * 1000));
  const amount = taxFor(getSchedule(year), business.employeeCount, business.vehicleCount).taxCents;
  if (item.price.unit_amount === amount) return null;
  await stripe.subscriptions.update(sub.id, {
    items: [{ id: item.id, price: await yearlyPrice(business, year) }],
    proration_behavior: "none",
  });
  return amount;
}

/** After the town changes a schedule: every live subscription's next charge follows it. */
export async function syncAllRenewalPrices(): Promise<number> {
  const live = getDb()
    .select({ id: businesses.id })
    .from(businesses)
    .where(and(isNotNull(businesses.stripeSubscriptionId), notInArray(businesses.subscriptionStatus, ["canceled", "incomplete", "incomplete_expired"])))
    .all();
  let changed = 0;
  for (const { id } of live) {
    try {
      if ((await syncRenewalPrice(id)) !== null) changed++;
    } catch (error) {
      console.error(`Could not update the renewal price of business ${id}:`, error);
    }
  }
  return changed;
}

/** Always read subscriptions with their pending card set-up, to tell a confirmed one from an unconfirmed one. */
const EXPAND_SETUP = ["pending_setup_intent"];

async function retrieveSubscription(id: string) {
  return getStripe().subscriptions.retrieve(id, { expand: EXPAND_SETUP });
}

/**
 * Stripe's status, except that a trial whose card was never confirmed (its pending SetupIntent
 * has not succeeded) is stored as "incomplete": it is not live, and a new set-up replaces it.
 */
function statusOf(sub: Stripe.Subscription): string {
  const pending = sub.pending_setup_intent;
  if (sub.status === "trialing" && pending && (typeof pending === "string" || pending.status !== "succeeded")) return "incomplete";
  return sub.status;
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
            subscriptionStatus: statusOf(sub),
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
    .set({ stripeSubscriptionId: sub.id, subscriptionStatus: statusOf(sub), renewalDate: periodEnd(sub), autoRenew: !sub.cancel_at_period_end, renewalNotice: null })
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
 * A trial whose card was never confirmed must not stay at Stripe (unlike an unpaid first invoice
 * it would never expire, and it would charge on October 1): a new set-up replaces it.
 */
async function dropUnconfirmed(business: Business) {
  if (!business.stripeSubscriptionId || business.subscriptionStatus !== "incomplete") return;
  await getStripe()
    .subscriptions.cancel(business.stripeSubscriptionId)
    .catch(() => undefined);
}

/** The card set-up of a trial failed (declined, or 3-D Secure failed): the pending SetupIntent wants another card. */
function failedSetup(sub: Stripe.Subscription) {
  const setup = typeof sub.pending_setup_intent === "object" ? sub.pending_setup_intent : null;
  return sub.status === "trialing" && setup?.status === "requires_payment_method" ? setup : null;
}

/**
 * With JavaScript: the browser made a card payment method; subscribe with it, trialing until
 * the next fiscal year (nothing is charged now). Stripe sets the card up for the first renewal;
 * when the bank asks for 3-D Secure, the pending SetupIntent's client secret is returned for the
 * browser to confirm (confirmCardSetup). A declined card is refused with Stripe's message and
 * leaves nothing behind.
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
  if (hasLiveSubscription(business)) throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.exists");
  const stripe = getStripe();
  let sub: Stripe.Subscription;
  try {
    await dropUnconfirmed(business);
    const customer = await getOrCreateCustomer(userId);
    const pm = await stripe.paymentMethods.retrieve(paymentMethodId);
    if (!pm.customer) await stripe.paymentMethods.attach(paymentMethodId, { customer });
    else if (pm.customer !== customer) throw new SubscriptionError(400, "dashboard:autoRenewal.refusal.otherCustomersCard");
    const next = nextRenewalChargeAt(now(), receiptYears(business.id));
    const price = await yearlyPrice(business, next.fiscalYear);
    sub = await stripe.subscriptions.create(
      {
        customer,
        items: [{ price }],
        default_payment_method: paymentMethodId,
        trial_end: Math.floor(next.chargeAt.getTime() / 1000),
        payment_behavior: "allow_incomplete",
        metadata: { businessId: String(business.id), userId: String(userId) },
        expand: EXPAND_SETUP,
      },
      { idempotencyKey: `sub-b${business.id}-u${userId}-${paymentMethodId}` },
    );
  } catch (error) {
    if (error instanceof SubscriptionError) throw error;
    throw new SubscriptionError(400, providerMessage(error, "dashboard:autoRenewal.errors.createFailed"));
  }
  const failed = failedSetup(sub);
  if (failed) {
    await stripe.subscriptions.cancel(sub.id).catch(() => undefined);
    throw new SubscriptionError(400, failed.last_setup_error?.message || "dashboard:autoRenewal.errors.createFailed");
  }
  if (!(await linkSubscription(business, sub))) throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.exists");
  const setup = typeof sub.pending_setup_intent === "object" ? sub.pending_setup_intent : null;
  const clientSecret = setup && setup.status !== "succeeded" ? (setup.client_secret ?? undefined) : undefined;
  return { clientSecret, renewalDate: periodEnd(sub)?.toISOString() ?? null, subscriptionId: sub.id };
}

/** Without JavaScript: a Checkout Session in subscription mode that comes back to the business page. */
export async function createSubscriptionCheckout({
  businessId,
  userId,
  origin,
  locale,
}: {
  businessId: number;
  userId: number;
  /** Where Stripe sends the owner back (utils/public-origin). */
  origin: string;
  /** The language Stripe's hosted page speaks: the owner's (issue 42). */
  locale?: Language;
}): Promise<string> {
  const business = requireSubscriptionOwner(businessId, userId);
  if (hasLiveSubscription(business)) throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.exists");
  const appUrl = origin.replace(/\/$/, "");
  try {
    await dropUnconfirmed(business);
    const customer = await getOrCreateCustomer(userId);
    const next = nextRenewalChargeAt(now(), receiptYears(business.id));
    const price = await yearlyPrice(business, next.fiscalYear);
    const metadata = { businessId: String(business.id), userId: String(userId) };
    const session = await getStripe().checkout.sessions.create({
      mode: "subscription",
      customer,
      line_items: [{ price, quantity: 1 }],
      success_url: `${appUrl}/business/${business.id}/subscription?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${appUrl}/business/${business.id}`,
      metadata,
      // Nothing is due today: the first charge is when the next BTR year begins.
      subscription_data: { metadata, trial_end: Math.floor(next.chargeAt.getTime() / 1000) },
      ...(locale ? { locale } : {}),
    });
    if (!session.url) throw new Error("Checkout Session without url");
    return session.url;
  } catch (error) {
    throw new SubscriptionError(502, providerMessage(error, "dashboard:autoRenewal.errors.createFailed"));
  }
}

/** Back from hosted checkout (or after the browser confirmed): re-read Stripe and store. */
export async function completeSubscriptionCheckout({ sessionId, businessId, userId }: { sessionId: string; businessId: number; userId: number }) {
  const business = requireSubscriptionOwner(businessId, userId);
  const session = await getStripe().checkout.sessions.retrieve(sessionId, { expand: ["subscription.pending_setup_intent"] }).catch(() => null);
  const sub = session && typeof session.subscription === "object" ? session.subscription : null;
  if (
    !session ||
    !sub ||
    session.mode !== "subscription" ||
    session.status !== "complete" ||
    sub.metadata?.businessId !== String(businessId) ||
    sub.metadata?.userId !== String(userId)
  ) {
    throw new SubscriptionError(400, "dashboard:autoRenewal.errors.createFailed");
  }
  if (business.stripeSubscriptionId === sub.id) {
    storeSubscription(business.id, sub);
  } else if (!(await linkSubscription(business, sub))) {
    throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.exists");
  }
  return { renewalDate: periodEnd(sub) };
}

/** After the browser confirmed the first payment: the business row follows Stripe. */
export async function refreshSubscription(businessId: number, userId: number) {
  const business = requireSubscriptionOwner(businessId, userId);
  if (!business.stripeSubscriptionId) throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.none");
  const sub = await retrieveSubscription(business.stripeSubscriptionId);
  if (failedSetup(sub)) {
    // The browser could not confirm the card: nothing is left at Stripe and the owner may try again.
    await getStripe()
      .subscriptions.cancel(sub.id)
      .catch(() => undefined);
    getDb()
      .update(businesses)
      .set({ stripeSubscriptionId: null, subscriptionStatus: null, renewalDate: null, autoRenew: false })
      .where(and(eq(businesses.id, business.id), eq(businesses.stripeSubscriptionId, sub.id)))
      .run();
    return { status: "canceled", renewalDate: null };
  }
  storeSubscription(business.id, sub);
  return { status: statusOf(sub), renewalDate: periodEnd(sub) };
}

export async function setAutoRenew({ businessId, userId, autoRenew }: { businessId: number; userId: number; autoRenew: boolean }) {
  const business = requireSubscriptionOwner(businessId, userId);
  if (!hasLiveSubscription(business)) throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.none");
  let sub: Stripe.Subscription;
  try {
    sub = await getStripe().subscriptions.update(business.stripeSubscriptionId!, { cancel_at_period_end: !autoRenew, expand: EXPAND_SETUP });
  } catch (error) {
    throw new SubscriptionError(502, providerMessage(error, "dashboard:autoRenewal.errors.updateFailed"));
  }
  storeSubscription(business.id, sub);
  return { autoRenew: !sub.cancel_at_period_end, renewalDate: periodEnd(sub) };
}

export async function cancelSubscription({ businessId, userId }: { businessId: number; userId: number }) {
  const business = requireSubscriptionOwner(businessId, userId);
  // An unconfirmed (incomplete) set-up may be cancelled too: it still exists at Stripe.
  if (!business.stripeSubscriptionId || business.subscriptionStatus === "canceled") throw new SubscriptionError(409, "dashboard:autoRenewal.refusal.none");
  try {
    await getStripe().subscriptions.cancel(business.stripeSubscriptionId!);
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status !== 404) throw new SubscriptionError(502, providerMessage(error, "dashboard:autoRenewal.errors.cancelFailed"));
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
  const business = getBusinessById(businessId);
  if (business && business.ownerId !== null && String(business.ownerId) === metadata?.userId) return business;
  return undefined;
}

function subscriptionIdOf(invoice: Stripe.Invoice): string | null {
  const sub = invoice.parent?.subscription_details?.subscription;
  return typeof sub === "string" ? sub : (sub?.id ?? null);
}

/** customer.subscription.updated / .deleted: re-read the subscription and store it. */
export async function syncSubscriptionFromStripe(subId: string) {
  const sub = await retrieveSubscription(subId);
  const business = businessForSubscription(sub.id, sub.metadata);
  if (!business) return;
  if (business.stripeSubscriptionId !== sub.id) {
    if (sub.status === "canceled" || !(await linkSubscription(business, sub))) return;
  }
  storeSubscription(business.id, sub);
}

/**
 * invoice.paid: the renewal payment is recorded once (on the invoice id) for the fiscal year the
 * invoice's period starts in, and the date moves on. The $0 invoice of the set-up's trial is no payment.
 */
export async function recordInvoicePaid(invoiceId: string) {
  const stripe = getStripe();
  const invoice = await stripe.invoices.retrieve(invoiceId);
  const subId = subscriptionIdOf(invoice);
  if (invoice.status !== "paid" || !subId || invoice.currency !== CURRENCY || invoice.amount_paid <= 0) return null;
  const sub = await retrieveSubscription(subId);
  const business = businessForSubscription(sub.id, sub.metadata);
  if (!business) return null;
  if (business.stripeSubscriptionId !== sub.id && !(await linkSubscription(business, sub))) return null;
  const chargedAt = invoice.status_transitions?.paid_at ? new Date(invoice.status_transitions.paid_at * 1000) : null;
  const clock = now();
  // As for one-off payments (succeededAt in payment.server.ts): Stripe's time, the fixed clock in tests.
  const paidAt = !isClockFixed() && chargedAt && chargedAt < clock ? chargedAt : clock;
  const db = getDb();
  return db.transaction((tx) => {
    const existing = tx.select().from(payments).where(eq(payments.stripePaymentId, invoice.id)).get();
    if (existing) return { payment: existing, created: false };
    // The renewal buys the year its billing period is for (the coming one, charged inside the renewal window).
    const years = receiptYears(business.id, tx);
    const periodStart = invoice.lines.data[0]?.period?.start ?? invoice.period_start;
    const year = fiscalYearBilled(new Date(periodStart * 1000));
    const computed = chargeFor(getSchedule(year), business, new Date(periodStart * 1000), { neverReceipted: years.length === 0 });
    // What Stripe charged is what was paid: a differing amount is kept as the tax, and logged.
    const charge =
      computed.totalCents === invoice.amount_paid
        ? computed
        : { ...computed, taxCents: invoice.amount_paid, penaltyCents: 0, totalCents: invoice.amount_paid };
    if (charge !== computed) console.error(`Renewal invoice ${invoice.id} charged ${invoice.amount_paid}, schedule says ${computed.totalCents}.`);
    const values = {
      userId: business.ownerId,
      businessId: business.id,
      charge,
      amount: invoice.amount_paid,
      currency: invoice.currency,
      description: "Business Tax Receipt renewal",
      stripePaymentId: invoice.id,
      receiptUrl: invoice.hosted_invoice_url ?? null,
      kind: "renewal" as const,
      paidAt,
    };
    let payment = insertReceipt(tx, values);
    if (!payment) {
      // The year was already bought by hand: the payment is kept (no receipt) for the town to refund.
      console.error(`Renewal invoice ${invoice.id} paid for FY${year}, which business ${business.id} already holds.`);
      payment = tx
        .insert(payments)
        .values({
          userId: business.ownerId,
          businessId: business.id,
          amount: invoice.amount_paid,
          currency: invoice.currency,
          description: "Business Tax Receipt renewal (year already held)",
          stripePaymentId: invoice.id,
          receiptUrl: invoice.hosted_invoice_url ?? null,
          kind: "renewal",
          fiscalYear: `${year - 1}-${year}`,
          taxYear: year,
          taxCents: invoice.amount_paid,
          paidAt,
        })
        .returning()
        .get();
    }
    tx.update(businesses)
      .set({
        renewalNotice: null,
        subscriptionStatus: statusOf(sub),
        renewalDate: periodEnd(sub),
        autoRenew: !sub.cancel_at_period_end,
      })
      .where(eq(businesses.id, business.id))
      .run();
    queueReceipt(tx, payment.id);
    return { payment, created: true };
  }, { behavior: "immediate" });
}

/** invoice.payment_failed: a notice the owner sees on the dashboard and the business page. */
export async function recordInvoiceFailed(invoiceId: string) {
  const invoice = await getStripe().invoices.retrieve(invoiceId);
  const subId = subscriptionIdOf(invoice);
  if (!subId) return;
  const business = getDb().select().from(businesses).where(eq(businesses.stripeSubscriptionId, subId)).get();
  if (!business) return;
  getDb().transaction((tx) => {
    tx.update(businesses).set({ renewalNotice: renewalFailedNotice(invoice) }).where(eq(businesses.id, business.id)).run();
    queueRenewalFailed(tx, business, { id: invoice.id, attempt: invoice.attempt_count ?? 1, amountCents: invoice.amount_due ?? null });
  });
}

/**
 * What the owner sees after a failed renewal charge: the notice, plus what is owed for which year
 * and by when (the due date, after which the late penalty starts).
 */
export function renewalFailedNotice(invoice: Pick<Stripe.Invoice, "amount_due" | "period_start" | "lines">): string {
  const periodStart = invoice.lines?.data?.[0]?.period?.start ?? invoice.period_start;
  if (!periodStart) return RENEWAL_FAILED_NOTICE;
  const year = fiscalYearBilled(new Date(periodStart * 1000));
  const due = dueDateOf(getSchedule(year));
  return `${RENEWAL_FAILED_NOTICE} ${formatCents(invoice.amount_due)} is owed for ${fiscalYearName(year)}, due by ${longDate(due)}; after that a late penalty applies (F.S. 205.053).`;
}
