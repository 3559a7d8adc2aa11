/**
 * Paying the Business Tax Receipt. The server computes the fee from the stored counts, creates
 * the PaymentIntent or Checkout Session, and records a payment only after Stripe confirms it
 * (status, amount, currency, and metadata naming this business and this user). Recording is
 * idempotent on the Stripe id and marks the business paid in the same transaction.
 */
import crypto from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, users, type Business, type Payment } from "~/db/schema";
import { computeFee, type FeeBreakdown } from "~/lib/fee";
import { fiscalYearLabel } from "~/lib/fiscal-year";
import { queueReceipt } from "~/models/mail-events.server";
import { getStripe, type Stripe } from "~/services/stripe.server";
import { getEnv } from "~/utils/env.server";

export const CURRENCY = "usd";
export const DEFAULT_DESCRIPTION = "Business Tax Receipt";

/** A refusal with the HTTP status it maps to and a message fit for the user. */
export class PaymentError extends Error {
  constructor(
    public status: 400 | 403 | 404 | 409 | 502,
    message: string,
    public code:
      | "not_found"
      | "not_claimed"
      | "not_owner"
      | "already_paid"
      | "amount_mismatch"
      | "not_confirmed"
      | "other_business"
      | "stripe_error" = "not_confirmed",
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

export function getBusiness(id: number): Business | undefined {
  return getDb().select().from(businesses).where(eq(businesses.id, id)).get();
}

export function feeFor(business: Pick<Business, "employeeCount" | "vehicleCount">): FeeBreakdown {
  return computeFee(business.employeeCount, business.vehicleCount);
}

/** Parses a route or body id: a positive integer, or null. */
export function parseId(value: unknown): number | null {
  const s = typeof value === "number" ? String(value) : typeof value === "string" ? value.trim() : "";
  return /^\d{1,12}$/.test(s) && Number(s) > 0 ? Number(s) : null;
}

/**
 * May this user pay this business's BTR now? Throws PaymentError: 404 missing, 409 not claimed,
 * 403 not the owner, 409 already paid.
 */
export function requirePayableBusiness(businessId: number, userId: number): Business {
  const business = getBusiness(businessId);
  if (!business) throw new PaymentError(404, "We couldn't find the business you're trying to pay for", "not_found");
  if (!business.isClaimed || business.ownerId === null) {
    throw new PaymentError(409, "You must claim this business before paying the BTR.", "not_claimed");
  }
  if (business.ownerId !== userId) {
    throw new PaymentError(403, "Only the owner of this business can pay its Business Tax Receipt.", "not_owner");
  }
  if (business.hasPaidBTR) {
    throw new PaymentError(409, "This business has already paid its Business Tax Receipt.", "already_paid");
  }
  return business;
}

/** An amount sent by a client is never used; if one is sent it must equal the server's fee. */
export function assertClientAmount(clientAmount: unknown, fee: FeeBreakdown) {
  if (clientAmount === undefined || clientAmount === null || clientAmount === "") return;
  const n = typeof clientAmount === "string" ? Number(clientAmount) : clientAmount;
  if (typeof n !== "number" || !Number.isFinite(n) || n !== fee.totalCents) {
    throw new PaymentError(400, "The amount does not match the fee for this business.", "amount_mismatch");
  }
}

function metadataFor(business: Business, userId: number, description: string) {
  return { businessId: String(business.id), userId: String(userId), description, kind: "btr" };
}

/** Same business, user, fee and description: the same key, so a double click makes one intent. */
function idempotencyKey(kind: string, business: Business, userId: number, fee: FeeBreakdown, description: string) {
  const digest = crypto.createHash("sha256").update(description).digest("hex").slice(0, 16);
  return `btr-${kind}-b${business.id}-u${userId}-c${fee.totalCents}-${digest}`;
}

function stripeFailure(error: unknown): PaymentError {
  if (error instanceof PaymentError) return error;
  const message = error instanceof Error ? error.message : "Stripe request failed";
  console.error("Stripe request failed:", message);
  return new PaymentError(502, "Failed to initiate payment. Please try again.", "stripe_error");
}

/** The inline flow's first step: a PaymentIntent for the server-computed fee. */
export async function createBtrPaymentIntent({
  businessId,
  userId,
  description = DEFAULT_DESCRIPTION,
  clientAmount,
}: {
  businessId: number;
  userId: number;
  description?: string;
  clientAmount?: unknown;
}): Promise<{ clientSecret: string; paymentIntentId: string; amount: number }> {
  const business = requirePayableBusiness(businessId, userId);
  const fee = feeFor(business);
  assertClientAmount(clientAmount, fee);
  try {
    const intent = await getStripe().paymentIntents.create(
      {
        amount: fee.totalCents,
        currency: CURRENCY,
        description: `${description} - ${business.name}`,
        metadata: metadataFor(business, userId, description),
        allowed_payment_method_types: ["card"],
      },
      { idempotencyKey: idempotencyKey("pi", business, userId, fee, description) },
    );
    if (!intent.client_secret) throw new Error("PaymentIntent without client_secret");
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amount: intent.amount };
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** The no-JavaScript path: a hosted Checkout Session whose success URL returns to the success step. */
export async function createBtrCheckoutSession({
  businessId,
  userId,
  description = DEFAULT_DESCRIPTION,
}: {
  businessId: number;
  userId: number;
  description?: string;
}): Promise<{ url: string; id: string }> {
  const business = requirePayableBusiness(businessId, userId);
  const fee = feeFor(business);
  const appUrl = getEnv().APP_URL.replace(/\/$/, "");
  const metadata = metadataFor(business, userId, description);
  const user = getDb().select({ email: users.email }).from(users).where(eq(users.id, userId)).get();
  try {
    const session = await getStripe().checkout.sessions.create(
      {
        mode: "payment",
        success_url: `${appUrl}/payment/${business.id}?session_id={CHECKOUT_SESSION_ID}`,
        cancel_url: `${appUrl}/payment/${business.id}?cancelled=1`,
        client_reference_id: String(business.id),
        customer_email: user?.email,
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: CURRENCY,
              unit_amount: fee.totalCents,
              product_data: { name: `${description} - ${business.name}`.slice(0, 250) },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: `${description} - ${business.name}` },
      },
      { idempotencyKey: idempotencyKey("cs", business, userId, fee, description) },
    );
    if (!session.url) throw new Error("Checkout Session without url");
    return { url: session.url, id: session.id };
  } catch (error) {
    throw stripeFailure(error);
  }
}

type Confirmed = {
  paymentIntentId: string;
  businessId: number;
  userId: number;
  amount: number;
  currency: string;
  description: string;
  receiptUrl: string | null;
};

/** Reads what Stripe says about a PaymentIntent; null unless it is a succeeded BTR payment. */
function confirmedFromIntent(intent: Stripe.PaymentIntent): Confirmed | null {
  if (intent.status !== "succeeded" || intent.metadata?.kind === "renewal") return null;
  const businessId = parseId(intent.metadata?.businessId);
  const userId = parseId(intent.metadata?.userId);
  if (!businessId || !userId) return null;
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  return {
    paymentIntentId: intent.id,
    businessId,
    userId,
    amount: intent.amount_received || intent.amount,
    currency: intent.currency,
    description: (intent.metadata.description || DEFAULT_DESCRIPTION).slice(0, 200),
    receiptUrl: charge?.receipt_url ?? null,
  };
}

async function retrieveConfirmed(stripePaymentId: string): Promise<Confirmed | null> {
  const stripe = getStripe();
  try {
    if (stripePaymentId.startsWith("cs_")) {
      const session = await stripe.checkout.sessions.retrieve(stripePaymentId, {
        expand: ["payment_intent", "payment_intent.latest_charge"],
      });
      if (session.mode !== "payment" || session.status !== "complete" || session.payment_status !== "paid") return null;
      const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
      if (!intent) return null;
      const confirmed = confirmedFromIntent(intent);
      // The session's own metadata must tell the same story as its PaymentIntent's.
      if (!confirmed || session.metadata?.businessId !== String(confirmed.businessId) || session.metadata?.userId !== String(confirmed.userId)) {
        return null;
      }
      return confirmed;
    }
    if (stripePaymentId.startsWith("pi_")) {
      const intent = await stripe.paymentIntents.retrieve(stripePaymentId, { expand: ["latest_charge"] });
      return confirmedFromIntent(intent);
    }
    return null;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) return null;
    throw stripeFailure(error);
  }
}

export type RecordResult = { payment: Payment; created: boolean };

/**
 * Records a payment Stripe has confirmed. Idempotent on the PaymentIntent id; one transaction
 * inserts the row and marks the business paid. A second, different successful charge for a
 * business that is already paid is refunded and refused (409).
 */
export async function recordConfirmedPayment(confirmed: Confirmed): Promise<RecordResult> {
  const db = getDb();
  const outcome = db.transaction((tx) => {
    const existing = tx.select().from(payments).where(eq(payments.stripePaymentId, confirmed.paymentIntentId)).get();
    if (existing) return { kind: "existing" as const, payment: existing };
    const business = tx.select().from(businesses).where(eq(businesses.id, confirmed.businessId)).get();
    if (!business) return { kind: "missing" as const };
    if (business.hasPaidBTR) return { kind: "duplicate" as const };
    const payer = tx.select({ id: users.id }).from(users).where(eq(users.id, confirmed.userId)).get();
    const payment = tx
      .insert(payments)
      .values({
        userId: payer ? confirmed.userId : null,
        businessId: confirmed.businessId,
        amount: confirmed.amount,
        currency: confirmed.currency,
        description: confirmed.description,
        stripePaymentId: confirmed.paymentIntentId,
        receiptUrl: confirmed.receiptUrl,
        kind: "btr",
        fiscalYear: fiscalYearLabel(new Date()),
      })
      .returning()
      .get();
    tx.update(businesses).set({ hasPaidBTR: true }).where(eq(businesses.id, confirmed.businessId)).run();
    queueReceipt(tx, payment.id);
    return { kind: "created" as const, payment };
  });
  if (outcome.kind === "created") return { payment: outcome.payment, created: true };
  if (outcome.kind === "existing") return { payment: outcome.payment, created: false };
  if (outcome.kind === "missing") throw new PaymentError(404, "We couldn't find the business you're trying to pay for", "not_found");
  // A second successful charge for a receipt already paid: give the money back.
  await getStripe()
    .refunds.create({ payment_intent: confirmed.paymentIntentId, reason: "duplicate" }, { idempotencyKey: `refund-dup-${confirmed.paymentIntentId}` })
    .catch((error: unknown) => console.error(`Could not refund duplicate BTR charge ${confirmed.paymentIntentId}:`, error));
  throw new PaymentError(409, "This business has already paid its Business Tax Receipt.", "already_paid");
}

/**
 * The browser (or the success URL) reports a payment: check with Stripe that it succeeded for
 * this business and this user and for the right amount, then record it.
 */
export async function verifyAndRecordPayment({
  stripePaymentId,
  businessId,
  userId,
  clientAmount,
}: {
  stripePaymentId: string;
  businessId: number;
  userId: number;
  clientAmount?: unknown;
}): Promise<RecordResult> {
  if (!/^(pi|cs)_[A-Za-z0-9_]{6,255}$/.test(stripePaymentId)) {
    throw new PaymentError(400, "Stripe did not confirm this payment.", "not_confirmed");
  }
  const business = getBusiness(businessId);
  if (!business) throw new PaymentError(404, "We couldn't find the business you're trying to pay for", "not_found");
  const fee = feeFor(business);
  assertClientAmount(clientAmount, fee);
  const confirmed = await retrieveConfirmed(stripePaymentId);
  if (!confirmed || confirmed.currency !== CURRENCY) {
    throw new PaymentError(400, "Stripe did not confirm this payment.", "not_confirmed");
  }
  if (confirmed.businessId !== businessId || confirmed.userId !== userId) {
    throw new PaymentError(400, "This payment was not made for this business by you.", "other_business");
  }
  const existing = getDb().select().from(payments).where(eq(payments.stripePaymentId, confirmed.paymentIntentId)).get();
  if (existing) {
    if (existing.businessId !== businessId) {
      throw new PaymentError(409, "This payment is already recorded for another business.", "other_business");
    }
    return { payment: existing, created: false };
  }
  if (confirmed.amount !== fee.totalCents) {
    throw new PaymentError(400, "The amount paid does not match the fee for this business.", "amount_mismatch");
  }
  return recordConfirmedPayment(confirmed);
}

/** The webhook's path: the event's PaymentIntent (or session) is re-read from Stripe, then recorded. */
export async function recordFromStripeObject(stripeId: string): Promise<RecordResult | null> {
  const confirmed = await retrieveConfirmed(stripeId);
  if (!confirmed || confirmed.currency !== CURRENCY) return null;
  const business = getBusiness(confirmed.businessId);
  if (!business) return null;
  const existing = getDb().select().from(payments).where(eq(payments.stripePaymentId, confirmed.paymentIntentId)).get();
  if (existing) return { payment: existing, created: false };
  if (confirmed.amount !== feeFor(business).totalCents || business.ownerId !== confirmed.userId) {
    console.error(`Stripe payment ${confirmed.paymentIntentId} does not match business ${business.id}; not recorded.`);
    return null;
  }
  try {
    return await recordConfirmedPayment(confirmed);
  } catch (error) {
    if (error instanceof PaymentError && error.code === "already_paid") return null;
    throw error;
  }
}

// ---- reading payments ------------------------------------------------------------------------

/** The user's payments, newest first, with the business they paid for. */
export function listPaymentsForUser(userId: number) {
  return getDb()
    .select({
      id: payments.id,
      userId: payments.userId,
      businessId: payments.businessId,
      businessName: businesses.name,
      documentNumber: businesses.documentNumber,
      amount: payments.amount,
      currency: payments.currency,
      description: payments.description,
      stripePaymentId: payments.stripePaymentId,
      receiptUrl: payments.receiptUrl,
      kind: payments.kind,
      fiscalYear: payments.fiscalYear,
      createdAt: payments.createdAt,
    })
    .from(payments)
    .innerJoin(businesses, eq(businesses.id, payments.businessId))
    .where(eq(payments.userId, userId))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .all();
}

export function findUserPaymentByStripeId(userId: number, stripePaymentId: string) {
  return getDb()
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.userId, userId), eq(payments.stripePaymentId, stripePaymentId)))
    .get();
}

/** The success step's payment: this user's, for this business. */
export function getUserPaymentForBusiness(paymentId: number, userId: number, businessId: number) {
  return getDb()
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.businessId, businessId)))
    .get();
}

/** The receipt, for its payer or an administrator only; undefined for anyone else. */
export function getReceiptForViewer(paymentId: number, viewer: { id: number; isAdmin: boolean }) {
  const row = getDb()
    .select({ payment: payments, business: businesses })
    .from(payments)
    .innerJoin(businesses, eq(businesses.id, payments.businessId))
    .where(eq(payments.id, paymentId))
    .get();
  if (!row) return undefined;
  if (row.payment.userId !== viewer.id && !viewer.isAdmin) return undefined;
  return row;
}

/** 'BTR-2026-000042': fiscal year start and the payment id. */
export function receiptNumber(payment: Pick<Payment, "id" | "fiscalYear">) {
  return `BTR-${payment.fiscalYear.slice(0, 4)}-${String(payment.id).padStart(6, "0")}`;
}

/** The JSON shape of a payment in the API. */
export function paymentJson(payment: Payment) {
  return {
    id: payment.id,
    userId: payment.userId,
    businessId: payment.businessId,
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description,
    stripePaymentId: payment.stripePaymentId,
    receiptUrl: payment.receiptUrl,
    kind: payment.kind,
    fiscalYear: payment.fiscalYear,
    receiptNumber: receiptNumber(payment),
    createdAt: payment.createdAt.toISOString(),
  };
}
