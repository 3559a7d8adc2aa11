/**
 * The transfer fee of a `transfer` filing (issue 40, F.S. 205.043): 10% of the year's tax, at
 * least $3, at most $25, paid by card like the receipt. The fee is the filing's own
 * (filings.fee_cents, set when the filing was started); the browser's amount is never used.
 *
 * The receipt's machinery is reused, not copied: the same Stripe adapter, the same two paths (an
 * inline PaymentIntent with JavaScript, a hosted Checkout Session without), the same rule that a
 * payment counts only once Stripe says it succeeded (re-read from Stripe), recorded once per
 * Stripe id, and a charge that cannot be kept refunded and refused (409). What differs:
 *
 * - the PaymentIntent's metadata says `kind: "transfer_fee"` and names the filing; the BTR's
 *   recording ignores such a payment (payment.server.ts) and the webhook and the reconciliation
 *   send it here (isTransferFee);
 * - the payment row holds no receipt: `receipt_number` null, `kind` "transfer_fee", `filing_id`
 *   the filing. It is money the town receives (remittance statements carry it, with an empty
 *   receipt number) but never a receipt: receiptHeld() needs a receipt number, so standing,
 *   hasPaidBTR, the tax-year report and receipt numbering do not see it, and /receipt/{id}
 *   answers 404 for it;
 * - the payment and the filing's "fee_paid" history line are written in one transaction.
 */
import crypto from "node:crypto";
import { and, asc, eq, lt } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { writable } from "~/db/write-lock.server";
import { businesses, filingEvents, filings, payments, users, type Filing, type Payment } from "~/db/schema";
import { CURRENCY, formatCents } from "~/lib/fee";
import { isEditable } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { fiscalYearOf, fiscalYearSpan } from "~/lib/tax-year";
import type { PublicUser } from "~/lib/types";
import type { Language } from "~/lib/languages";
import { assertClientAmount, PaymentError, stripeFailure, succeededAt, type RecordResult } from "~/models/payment.server";
import { getStripe, type Stripe } from "~/services/stripe.server";
import { faultPoint } from "~/utils/fault-point.server";
import { FilingError } from "./errors";
import { requireOwnFiling } from "./filings.server";

/** payments.kind and the PaymentIntent's metadata.kind of a transfer fee. */
export const TRANSFER_FEE_KIND = "transfer_fee";
/** payments.description of a transfer fee. */
export const TRANSFER_FEE_DESCRIPTION = "Transfer fee";

export const FEE_MESSAGES = {
  noFee: "This filing has no fee to pay",
  alreadyPaid: "The transfer fee is already paid",
  paidTwice: "The transfer fee was already paid: this second payment has been refunded.",
  notEditable: "This filing can no longer be changed, so its fee cannot be paid",
  notConfirmed: "Stripe did not confirm this payment.",
  otherFiling: "This payment was not made for this filing by you.",
} as const;

type Applicant = Pick<PublicUser, "id" | "isAdmin" | "role">;

/** Is this Stripe object (its metadata) a transfer fee? The webhook and the reconciliation dispatch on it. */
export function isTransferFee(metadata: Stripe.Metadata | null | undefined): boolean {
  return metadata?.kind === TRANSFER_FEE_KIND;
}

/** The filing's fee payment that stands (not refunded whole), if any: the oldest. */
export function paidFeeOf(filingId: number, db: Pick<Db, "select"> = getDb()): Payment | undefined {
  return db
    .select()
    .from(payments)
    .where(and(eq(payments.filingId, filingId), lt(payments.refundedCents, payments.amount)))
    .orderBy(asc(payments.id))
    .get();
}

/** A transfer with a fee: anything else has no fee page (404). */
function requireFeeFiling(user: Applicant, filingId: number): Filing {
  const filing = requireOwnFiling(user, filingId);
  if (filing.kind !== "transfer" || filing.feeCents <= 0 || !filing.businessId) throw new FilingError(404, FEE_MESSAGES.noFee);
  return filing;
}

export type FeeState = {
  filing: Filing;
  business: { id: number; name: string; documentNumber: string } | null;
  feeCents: number;
  /** The payment that paid it, when paid. */
  payment: Payment | null;
  /** Can it be paid now: unpaid, and the filing still editable. */
  payable: boolean;
};

/** The fee page's facts, for the filing's applicant only (404 for anyone else, or a filing without fee). */
export function filingFeeState(user: Applicant, filingId: number): FeeState {
  const filing = requireFeeFiling(user, filingId);
  const business =
    getDb()
      .select({ id: businesses.id, name: businesses.name, documentNumber: businesses.documentNumber })
      .from(businesses)
      .where(eq(businesses.id, filing.businessId!))
      .get() ?? null;
  const payment = paidFeeOf(filing.id) ?? null;
  return { filing, business, feeCents: filing.feeCents, payment, payable: !payment && isEditable(filing.status) };
}

/** The filing whose fee this user may pay now; FilingError 404 (not theirs, no fee), 409 (paid, no longer editable). */
export function requirePayableFee(user: Applicant, filingId: number): Filing {
  const filing = requireFeeFiling(user, filingId);
  if (paidFeeOf(filing.id)) throw new FilingError(409, FEE_MESSAGES.alreadyPaid);
  if (!isEditable(filing.status)) throw new FilingError(409, FEE_MESSAGES.notEditable);
  return filing;
}

/** The one key of a filing's fee, in every PaymentIntent's metadata and at the head of every idempotency key. */
export const feePaymentKey = (filingId: number) => `transfer-fee-f${filingId}`;

function feeMetadata(filing: Filing, userId: number) {
  return {
    kind: TRANSFER_FEE_KIND,
    filingId: String(filing.id),
    businessId: String(filing.businessId),
    userId: String(userId),
    paymentKey: feePaymentKey(filing.id),
    description: TRANSFER_FEE_DESCRIPTION,
  };
}

function stripeDescription(filing: Filing) {
  const name = getDb().select({ name: businesses.name }).from(businesses).where(eq(businesses.id, filing.businessId!)).get()?.name ?? "";
  return `${TRANSFER_FEE_DESCRIPTION} (filing ${filing.id}) - ${name}`.slice(0, 250);
}

/**
 * Per filing and amount (and path and payer): a double click makes one intent. The rest of the
 * parameters are digested in, so a changed business name is a new key rather than Stripe's
 * refusal of a key reused with other parameters.
 */
function idempotencyKey(path: "pi" | "cs", filing: Filing, userId: number, params: unknown) {
  const digest = crypto.createHash("sha256").update(JSON.stringify(params)).digest("hex").slice(0, 16);
  return `${feePaymentKey(filing.id)}-${path}-u${userId}-c${filing.feeCents}-${digest}`;
}

/** How far back paying looks at Stripe for a success not recorded yet (as the receipt's page does). */
const LOOK_BACK_SECONDS = 7 * 86_400;

/**
 * Before charging: has Stripe already taken this filing's fee (a success whose webhook has not
 * arrived)? Records it and answers "already paid", so it is never charged twice.
 */
async function settleEarlierSuccess(filing: Filing) {
  const key = feePaymentKey(filing.id);
  let found = false;
  try {
    const since = Math.floor(Date.now() / 1000) - LOOK_BACK_SECONDS;
    for await (const intent of getStripe().paymentIntents.list({ created: { gte: since }, limit: 100 })) {
      if (intent.status !== "succeeded" || intent.metadata?.paymentKey !== key) continue;
      if (await recordFilingFeeFromStripe(intent.id)) found = true;
    }
  } catch (error) {
    throw stripeFailure(error);
  }
  if (found) throw new FilingError(409, FEE_MESSAGES.alreadyPaid);
}

/**
 * The inline path's first step: a PaymentIntent for the filing's fee. An amount sent by the
 * client is never used; if sent, it must be the fee (else 400).
 */
export async function createFilingFeePaymentIntent({
  user,
  filingId,
  clientAmount,
}: {
  user: Applicant;
  filingId: number;
  clientAmount?: unknown;
}): Promise<{ clientSecret: string; paymentIntentId: string; amount: number }> {
  const filing = requirePayableFee(user, filingId);
  assertClientAmount(clientAmount, { totalCents: filing.feeCents });
  await settleEarlierSuccess(filing);
  const params = {
    amount: filing.feeCents,
    currency: CURRENCY,
    description: stripeDescription(filing),
    metadata: feeMetadata(filing, user.id),
    allowed_payment_method_types: ["card"],
  };
  try {
    const intent = await getStripe().paymentIntents.create(params, { idempotencyKey: idempotencyKey("pi", filing, user.id, params) });
    if (!intent.client_secret) throw new Error("PaymentIntent without client_secret");
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amount: intent.amount };
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** The no-JavaScript path: a hosted Checkout Session whose success URL comes back to the fee page. */
export async function createFilingFeeCheckoutSession({
  user,
  filingId,
  origin,
  locale,
}: {
  user: Applicant;
  filingId: number;
  /** Where Stripe sends the payer back (utils/public-origin): the site they are signed in on. */
  origin: string;
  /** The language Stripe's hosted page speaks: the payer's (issue 42). */
  locale?: Language;
}): Promise<{ url: string; id: string }> {
  const filing = requirePayableFee(user, filingId);
  await settleEarlierSuccess(filing);
  const appUrl = origin.replace(/\/$/, "");
  const metadata = feeMetadata(filing, user.id);
  const description = stripeDescription(filing);
  const email = getDb().select({ email: users.email }).from(users).where(eq(users.id, user.id)).get()?.email;
  const params: Stripe.Checkout.SessionCreateParams = {
    mode: "payment",
    success_url: `${appUrl}/filings/${filing.id}/fee?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${appUrl}/filings/${filing.id}/fee?cancelled=1`,
    client_reference_id: `filing-${filing.id}`,
    customer_email: email,
    line_items: [{ quantity: 1, price_data: { currency: CURRENCY, unit_amount: filing.feeCents, product_data: { name: description } } }],
    metadata,
    payment_intent_data: { metadata, description },
    ...(locale ? { locale } : {}),
  };
  try {
    const session = await getStripe().checkout.sessions.create(params, { idempotencyKey: idempotencyKey("cs", filing, user.id, params) });
    if (!session.url) throw new Error("Checkout Session without url");
    return { url: session.url, id: session.id };
  } catch (error) {
    throw stripeFailure(error);
  }
}

export type ConfirmedFee = {
  paymentIntentId: string;
  filingId: number;
  businessId: number;
  userId: number;
  amount: number;
  currency: string;
  receiptUrl: string | null;
  /** When Stripe says the charge was made (null when unknown). */
  chargedAt: Date | null;
};

/** What Stripe says about a PaymentIntent; null unless it is a succeeded transfer fee naming a filing. */
function confirmedFromIntent(intent: Stripe.PaymentIntent): ConfirmedFee | null {
  if (intent.status !== "succeeded" || !isTransferFee(intent.metadata)) return null;
  const filingId = parseId(intent.metadata.filingId);
  const businessId = parseId(intent.metadata.businessId);
  const userId = parseId(intent.metadata.userId);
  if (!filingId || !businessId || !userId) return null;
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  return {
    paymentIntentId: intent.id,
    filingId,
    businessId,
    userId,
    amount: intent.amount_received || intent.amount,
    currency: intent.currency,
    receiptUrl: charge?.receipt_url ?? null,
    chargedAt: charge?.created ? new Date(charge.created * 1000) : null,
  };
}

/** Re-reads a PaymentIntent (pi_) or a Checkout Session (cs_) from Stripe: the fee it paid, if it succeeded. */
async function retrieveConfirmed(stripePaymentId: string): Promise<ConfirmedFee | null> {
  const stripe = getStripe();
  try {
    let confirmed: ConfirmedFee | null = null;
    if (stripePaymentId.startsWith("cs_")) {
      const session = await stripe.checkout.sessions.retrieve(stripePaymentId, { expand: ["payment_intent", "payment_intent.latest_charge"] });
      if (session.mode !== "payment" || session.status !== "complete" || session.payment_status !== "paid") return null;
      const intent = typeof session.payment_intent === "object" ? session.payment_intent : null;
      confirmed = intent ? confirmedFromIntent(intent) : null;
      // The session's own metadata must tell the same story as its PaymentIntent's.
      if (
        !confirmed ||
        !isTransferFee(session.metadata) ||
        session.metadata?.filingId !== String(confirmed.filingId) ||
        session.metadata?.userId !== String(confirmed.userId)
      ) {
        return null;
      }
    } else if (stripePaymentId.startsWith("pi_")) {
      confirmed = confirmedFromIntent(await stripe.paymentIntents.retrieve(stripePaymentId, { expand: ["latest_charge"] }));
    }
    return confirmed && confirmed.currency === CURRENCY ? confirmed : null;
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    if (status === 404 || status === 400) return null;
    throw stripeFailure(error);
  }
}

type Outcome =
  | { kind: "created"; payment: Payment }
  | { kind: "existing"; payment: Payment }
  | { kind: "missing" }
  | { kind: "refuse"; error: PaymentError | FilingError; reason: "duplicate" | "requested_by_customer" };

/**
 * Records a transfer fee Stripe has confirmed: the payment (no receipt) and the filing's
 * "fee_paid" history line, in one transaction. Idempotent on the PaymentIntent id. Only for the
 * filing's applicant, while the filing is a transfer that is still editable and unpaid, and for
 * exactly the filing's fee; a charge refused for any of these is refunded (409).
 */
export async function recordFilingFee(confirmed: ConfirmedFee): Promise<RecordResult> {
  faultPoint("filing-fee.before-record"); // tests only: die between Stripe's success and our record
  await writable(); // Stripe's answer took its time: the importer may hold the lock now
  const paidAt = succeededAt(confirmed);
  const outcome: Outcome = getDb().transaction(
    (tx): Outcome => {
      const existing = tx.select().from(payments).where(eq(payments.stripePaymentId, confirmed.paymentIntentId)).get();
      if (existing) return { kind: "existing", payment: existing };
      const filing = tx.select().from(filings).where(eq(filings.id, confirmed.filingId)).get();
      if (!filing) return { kind: "missing" };
      const refuse = (error: PaymentError | FilingError, reason: "duplicate" | "requested_by_customer" = "requested_by_customer"): Outcome => ({ kind: "refuse", error, reason });
      if (filing.kind !== "transfer" || filing.applicantId !== confirmed.userId || filing.businessId !== confirmed.businessId) {
        return refuse(new PaymentError(409, FEE_MESSAGES.otherFiling, "other_business"));
      }
      if (paidFeeOf(filing.id, tx)) return refuse(new PaymentError(409, FEE_MESSAGES.paidTwice, "already_paid"), "duplicate");
      if (!isEditable(filing.status)) {
        return refuse(new FilingError(409, `${FEE_MESSAGES.notEditable}. Your payment of ${formatCents(confirmed.amount)} has been refunded.`));
      }
      if (confirmed.amount !== filing.feeCents) {
        return refuse(
          new PaymentError(
            409,
            `The transfer fee is ${formatCents(filing.feeCents)}, not ${formatCents(confirmed.amount)}. Your payment has been refunded; please pay again.`,
            "amount_changed",
          ),
        );
      }
      const payer = tx.select({ id: users.id }).from(users).where(eq(users.id, confirmed.userId)).get();
      const year = fiscalYearOf(paidAt);
      const payment = tx
        .insert(payments)
        .values({
          userId: payer ? confirmed.userId : null,
          businessId: confirmed.businessId,
          filingId: filing.id,
          amount: confirmed.amount,
          currency: confirmed.currency,
          description: TRANSFER_FEE_DESCRIPTION,
          stripePaymentId: confirmed.paymentIntentId,
          receiptUrl: confirmed.receiptUrl,
          kind: TRANSFER_FEE_KIND,
          fiscalYear: fiscalYearSpan(year),
          taxYear: year,
          taxCents: confirmed.amount,
          penaltyCents: 0,
          receiptNumber: null,
          paidAt,
        })
        .returning()
        .get();
      tx.insert(filingEvents).values({ filingId: filing.id, action: "fee_paid", actorId: payer ? confirmed.userId : null, message: formatCents(confirmed.amount), createdAt: paidAt }).run();
      tx.update(filings).set({ updatedAt: paidAt }).where(eq(filings.id, filing.id)).run();
      return { kind: "created", payment };
    },
    // IMMEDIATE: it reads then writes; a deferred one could fail at once against another writer.
    { behavior: "immediate" },
  );
  if (outcome.kind === "created") return { payment: outcome.payment, created: true };
  if (outcome.kind === "existing") return { payment: outcome.payment, created: false };
  if (outcome.kind === "missing") throw new FilingError(404, "Filing not found");
  // Money taken for a fee that is not recorded goes back.
  await getStripe()
    .refunds.create(
      { payment_intent: confirmed.paymentIntentId, reason: outcome.reason },
      { idempotencyKey: `refund-transfer-fee-${confirmed.paymentIntentId}` },
    )
    .catch((error: unknown) => console.error(`Could not refund transfer fee ${confirmed.paymentIntentId}:`, error));
  throw outcome.error;
}

/**
 * The browser (or the success URL) reports a payment: check with Stripe that it succeeded, for
 * this filing and this user, then record it.
 */
export async function verifyAndRecordFilingFee({
  stripePaymentId,
  filingId,
  user,
}: {
  stripePaymentId: string;
  filingId: number;
  user: Applicant;
}): Promise<RecordResult> {
  requireFeeFiling(user, filingId);
  if (!/^(pi|cs)_[A-Za-z0-9_]{6,255}$/.test(stripePaymentId)) throw new PaymentError(400, FEE_MESSAGES.notConfirmed, "not_confirmed");
  const confirmed = await retrieveConfirmed(stripePaymentId);
  if (!confirmed) throw new PaymentError(400, FEE_MESSAGES.notConfirmed, "not_confirmed");
  if (confirmed.filingId !== filingId || confirmed.userId !== user.id) throw new PaymentError(400, FEE_MESSAGES.otherFiling, "other_business");
  return recordFilingFee(confirmed);
}

/**
 * The webhook's and the reconciliation's path: the PaymentIntent (or session) is re-read from
 * Stripe, then recorded. Null when it is not a transfer fee this app can record (refused ones are
 * refunded by recordFilingFee).
 */
export async function recordFilingFeeFromStripe(stripeId: string): Promise<RecordResult | null> {
  const confirmed = await retrieveConfirmed(stripeId);
  if (!confirmed) return null;
  try {
    return await recordFilingFee(confirmed);
  } catch (error) {
    if (error instanceof PaymentError && error.status !== 502) return null;
    if (error instanceof FilingError) return null;
    throw error;
  }
}

/** The fee payment as the JSON API and the fee page show it. */
export function feePaymentJson(payment: Payment) {
  return {
    id: payment.id,
    filingId: payment.filingId,
    businessId: payment.businessId,
    amount: payment.amount,
    currency: payment.currency,
    description: payment.description,
    stripePaymentId: payment.stripePaymentId,
    receiptUrl: payment.receiptUrl,
    kind: payment.kind,
    paidAt: (payment.paidAt ?? payment.createdAt).toISOString(),
    refundedCents: payment.refundedCents,
  };
}
