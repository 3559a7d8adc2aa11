/**
 * Paying the Business Tax Receipt for one fiscal year (issue 21). The server computes the charge
 * (the year's tax from the town's schedule and the stored counts, plus any F.S. 205.053 penalty
 * owed today), creates the PaymentIntent or Checkout Session for it, and records a payment only
 * after Stripe confirms it (status, amount, currency, and metadata naming this business, this
 * user and the fiscal year). Recording is idempotent on the Stripe id and issues the year's
 * receipt in the same transaction.
 *
 * The page and the server agree on the amount like this: the page shows the charge as of the
 * moment it was rendered; creating the intent recomputes it (a client amount that differs is a
 * 400 asking to reload); recording recomputes it again as of the moment the charge SUCCEEDED
 * (the earlier of Stripe's charge time and the app clock). When the penalty rose in between (a
 * payer who starts on October 31 and confirms on November 1 owes November's penalty), the
 * charge is refunded and the payment refused (409, "amount_changed") with the new amount.
 */
import crypto from "node:crypto";
import { and, desc, eq, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { writable } from "~/db/write-lock.server";
import { businesses, payments, users, type Business, type Payment } from "~/db/schema";
import { CURRENCY, formatCents } from "~/lib/fee";
import { parseId } from "~/lib/ids";
import { receiptNumber } from "~/lib/receipt";
import { chargeFor, fiscalYearDates, fiscalYearName, longDate, renewalOpensOn, validityText, type Charge, type FiscalYear } from "~/lib/tax-year";
import { getBusinessById, isOwner } from "~/models/business.server";
import { getSchedule } from "~/models/fee-schedule.server";
import { insertReceipt, receiptYears, standingOfBusiness, type BusinessStanding } from "~/models/receipt.server";
import { queueReceipt } from "~/models/mail-events.server";
import { paymentWithBusiness } from "~/models/payment-with-business.server";
import { isStaff } from "~/lib/roles";
import { isClockFixed, now } from "~/utils/clock.server";
import { getStripe, type Stripe } from "~/services/stripe.server";
import { faultPoint } from "~/utils/fault-point.server";
import type { Language } from "~/lib/languages";

export const DEFAULT_DESCRIPTION = "Business Tax Receipt";

/**
 * A refusal as a key of the "payment" namespace and its values, for the pages (issue 42): values
 * named `...Cents` are amounts and `...On` calendar days (yyyy-MM-dd), formatted in the reader's
 * language (~/lib/payment-messages). `message` stays the English, for the JSON door and the logs.
 */
export type PaymentErrorDetail = { key: string; values?: Record<string, string | number> };

/** A refusal with the HTTP status it maps to and a message fit for the user. */
export class PaymentError extends Error {
  detail?: PaymentErrorDetail;
  constructor(
    public status: 400 | 403 | 404 | 409 | 502,
    message: string,
    public code:
      | "not_found"
      | "not_claimed"
      | "not_owner"
      | "already_paid"
      | "not_on_sale"
      | "amount_changed"
      | "amount_mismatch"
      | "not_confirmed"
      | "other_business"
      | "stripe_error" = "not_confirmed",
  ) {
    super(message);
    this.name = "PaymentError";
  }
}

export type PayableYear = { business: Business; standing: BusinessStanding; charge: Charge };

function heldMessage(fy: FiscalYear) {
  return `This business already holds its Business Tax Receipt for ${fiscalYearName(fy)} (${validityText(fy).replace(/^Valid /, "valid ")}).`;
}

function heldDetail(fy: FiscalYear): PaymentErrorDetail {
  const { startsOn, endsOn } = fiscalYearDates(fy);
  return { key: "payment:refusal.held", values: { fy: fiscalYearName(fy), startsOn, endsOn } };
}

/** The error with its detail for the pages. */
function withDetail(error: PaymentError, detail: PaymentErrorDetail): PaymentError {
  error.detail = detail;
  return error;
}

/**
 * May this user buy this business's receipt for `fiscalYear` (default: the oldest year it can
 * buy now) at `at`? Throws PaymentError: 404 missing, 409 not claimed, 403 not the owner,
 * 409 already paid (the year is held, or nothing can be bought now), 409 not on sale.
 */
export function requirePayableBusiness(
  businessId: number,
  userId: number,
  fiscalYear?: FiscalYear | null,
  at: Date = now(),
): PayableYear {
  const business = getBusinessById(businessId);
  if (!business) throw new PaymentError(404, "We couldn't find the business you're trying to pay for", "not_found");
  if (!business.isClaimed || business.ownerId === null) {
    throw new PaymentError(409, "You must claim this business before paying the BTR.", "not_claimed");
  }
  if (!isOwner(business, userId)) {
    throw new PaymentError(403, "Only the owner of this business can pay its Business Tax Receipt.", "not_owner");
  }
  return { business, ...payableYear(business, fiscalYear, at) };
}

/**
 * What buying `fiscalYear` (default: the oldest year it can buy) costs the business at `at`, by
 * whatever path it is paid (online or at the counter). Throws PaymentError 409 when the year is
 * held, nothing can be bought now, or the year is not on sale.
 */
export function payableYear(
  business: Business,
  fiscalYear: FiscalYear | null | undefined,
  at: Date,
  years: FiscalYear[] = receiptYears(business.id),
): Omit<PayableYear, "business"> {
  const standing = standingOfBusiness(business, at, years);
  const year = fiscalYear ?? standing.purchasable[0];
  if (year === undefined) {
    const next = standing.currentYear + 1;
    const opensOn = renewalOpensOn(getSchedule(next));
    const held = heldDetail(standing.currentYear);
    throw withDetail(
      new PaymentError(409, `${heldMessage(standing.currentYear)} Receipts for ${fiscalYearName(next)} go on sale ${longDate(opensOn)}.`, "already_paid"),
      { key: "payment:refusal.heldUntilSale", values: { ...held.values, next: fiscalYearName(next), opensOn } },
    );
  }
  if (years.includes(year)) throw withDetail(new PaymentError(409, heldMessage(year), "already_paid"), heldDetail(year));
  const charge = standing.charges.find((c) => c.fiscalYear === year);
  if (!charge) {
    const opensOn = renewalOpensOn(getSchedule(year));
    throw withDetail(
      new PaymentError(
        409,
        year > standing.currentYear
          ? `Receipts for ${fiscalYearName(year)} go on sale ${longDate(opensOn)}.`
          : `The receipt for ${fiscalYearName(year)} cannot be bought.`,
        "not_on_sale",
      ),
      year > standing.currentYear
        ? { key: "payment:refusal.onSaleLater", values: { fy: fiscalYearName(year), opensOn } }
        : { key: "payment:refusal.cannotBuy", values: { fy: fiscalYearName(year) } },
    );
  }
  return { standing, charge };
}

/** An amount sent by a client is never used; if one is sent it must equal the server's charge. */
export function assertClientAmount(clientAmount: unknown, fee: { totalCents: number }) {
  if (clientAmount === undefined || clientAmount === null || clientAmount === "") return;
  const n = typeof clientAmount === "string" ? Number(clientAmount) : clientAmount;
  if (typeof n !== "number" || !Number.isFinite(n) || n !== fee.totalCents) {
    throw withDetail(
      new PaymentError(
        400,
        `The amount does not match the amount due for this business (${formatCents(fee.totalCents)} now). Please reload the page.`,
        "amount_mismatch",
      ),
      { key: "payment:refusal.amountMismatch", values: { dueCents: fee.totalCents } },
    );
  }
}

/**
 * The one key of a business's BTR for a fiscal year, shared by the inline and the hosted path:
 * in every PaymentIntent's metadata (paymentKey) and at the head of every idempotency key. (One
 * literal Stripe idempotency key cannot span two endpoints: Stripe refuses a key reused with
 * other parameters; so before charging, either path looks at Stripe for a success under this
 * key, see settleEarlierSuccess.)
 */
export function btrPaymentKey(businessId: number, fiscalYear: FiscalYear) {
  return `btr-b${businessId}-fy${fiscalYear}`;
}

/** How far back the payment page looks at Stripe before charging (start-up reconciliation covers the same window). */
const LOOK_BACK_SECONDS = 7 * 86_400;

/**
 * Before charging: has Stripe already taken this business's BTR for this year (a success whose
 * webhook has not arrived, e.g. the server died right after the charge)? Records it through the
 * webhook's code and throws 409 already_paid, so it is never charged twice.
 */
async function settleEarlierSuccess(business: Business, fiscalYear: FiscalYear) {
  const key = btrPaymentKey(business.id, fiscalYear);
  let found = false;
  try {
    const since = Math.floor(Date.now() / 1000) - LOOK_BACK_SECONDS;
    for await (const intent of getStripe().paymentIntents.list({ created: { gte: since }, limit: 100 })) {
      if (intent.status !== "succeeded" || intent.metadata?.paymentKey !== key) continue;
      if (await recordFromStripeObject(intent.id)) found = true;
    }
  } catch (error) {
    throw stripeFailure(error);
  }
  if (found) throw new PaymentError(409, "This business has already paid its Business Tax Receipt.", "already_paid");
}

/** Parses a fiscal year sent by a client ("2027", 2027, "FY2027"); undefined when absent, null when invalid. */
export function parseFiscalYearInput(value: unknown): FiscalYear | null | undefined {
  if (value === undefined || value === null || value === "") return undefined;
  const m = /^(?:FY)?(\d{4})$/i.exec(String(value).trim());
  return m ? Number(m[1]) : null;
}

function metadataFor(business: Business, userId: number, description: string, charge: Charge) {
  return {
    businessId: String(business.id),
    userId: String(userId),
    description,
    kind: "btr",
    paymentKey: btrPaymentKey(business.id, charge.fiscalYear),
    fiscalYear: String(charge.fiscalYear),
    taxCents: String(charge.taxCents),
    penaltyCents: String(charge.penaltyCents),
  };
}

/** Same business and year, user, amount and description: the same key, so a double click makes one intent. */
function idempotencyKey(kind: string, business: Business, userId: number, charge: Charge, description: string) {
  const digest = crypto.createHash("sha256").update(description).digest("hex").slice(0, 16);
  return `${btrPaymentKey(business.id, charge.fiscalYear)}-${kind}-u${userId}-c${charge.totalCents}-${digest}`;
}

const stripeDescription = (description: string, charge: Charge, business: Business) =>
  `${description} ${fiscalYearName(charge.fiscalYear)} - ${business.name}`.slice(0, 250);

export function stripeFailure(error: unknown): PaymentError {
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
  fiscalYear,
}: {
  businessId: number;
  userId: number;
  description?: string;
  clientAmount?: unknown;
  fiscalYear?: FiscalYear | null;
}): Promise<{ clientSecret: string; paymentIntentId: string; amount: number; charge: Charge }> {
  const { business, charge } = requirePayableBusiness(businessId, userId, fiscalYear);
  assertClientAmount(clientAmount, charge);
  await settleEarlierSuccess(business, charge.fiscalYear);
  try {
    const intent = await getStripe().paymentIntents.create(
      {
        amount: charge.totalCents,
        currency: CURRENCY,
        description: stripeDescription(description, charge, business),
        metadata: metadataFor(business, userId, description, charge),
        allowed_payment_method_types: ["card"],
      },
      { idempotencyKey: idempotencyKey("pi", business, userId, charge, description) },
    );
    if (!intent.client_secret) throw new Error("PaymentIntent without client_secret");
    return { clientSecret: intent.client_secret, paymentIntentId: intent.id, amount: intent.amount, charge };
  } catch (error) {
    throw stripeFailure(error);
  }
}

/** The no-JavaScript path: a hosted Checkout Session whose success URL returns to the success step. */
export async function createBtrCheckoutSession({
  businessId,
  userId,
  description = DEFAULT_DESCRIPTION,
  origin,
  fiscalYear,
  locale,
}: {
  businessId: number;
  userId: number;
  description?: string;
  /** Where Stripe sends the payer back (utils/public-origin): the site they are signed in on. */
  origin: string;
  fiscalYear?: FiscalYear | null;
  /** The language Stripe's hosted page speaks: the payer's (issue 42). */
  locale?: Language;
}): Promise<{ url: string; id: string }> {
  const { business, charge } = requirePayableBusiness(businessId, userId, fiscalYear);
  await settleEarlierSuccess(business, charge.fiscalYear);
  const appUrl = origin.replace(/\/$/, "");
  const metadata = metadataFor(business, userId, description, charge);
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
              unit_amount: charge.totalCents,
              product_data: { name: stripeDescription(description, charge, business) },
            },
          },
        ],
        metadata,
        payment_intent_data: { metadata, description: stripeDescription(description, charge, business) },
        ...(locale ? { locale } : {}),
      },
      { idempotencyKey: idempotencyKey("cs", business, userId, charge, description) },
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
  /** The fiscal year the payment was made for (metadata), when given. */
  fiscalYear: FiscalYear | null;
  /** When Stripe says the charge was made (null when unknown). */
  chargedAt: Date | null;
};

/** Reads what Stripe says about a PaymentIntent; null unless it is a succeeded BTR payment. */
function confirmedFromIntent(intent: Stripe.PaymentIntent): Confirmed | null {
  // A renewal is an invoice's; a transfer fee is a filing's (models/filings/fee.server.ts): neither buys a receipt here.
  if (intent.status !== "succeeded" || intent.metadata?.kind === "renewal" || intent.metadata?.kind === "transfer_fee") return null;
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
    fiscalYear: parseFiscalYearInput(intent.metadata?.fiscalYear) ?? null,
    chargedAt: charge?.created ? new Date(charge.created * 1000) : null,
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
 * The moment a payment succeeded: Stripe's charge time (never later than now), so a webhook that
 * arrives late still prices the month the card was charged in. Under a fixed test clock
 * (APP_NOW) the clock is the truth: the offline double stamps charges with the real time.
 */
export function succeededAt(confirmed: Pick<Confirmed, "chargedAt">, clock: Date = now()): Date {
  if (isClockFixed()) return clock;
  return confirmed.chargedAt && confirmed.chargedAt < clock ? confirmed.chargedAt : clock;
}

type Outcome =
  | { kind: "created"; payment: Payment }
  | { kind: "existing"; payment: Payment }
  | { kind: "missing" }
  | { kind: "refuse"; error: PaymentError };

/**
 * Records a payment Stripe has confirmed, issuing the receipt for its fiscal year. Idempotent on
 * the PaymentIntent id. The charge is recomputed as of the moment the payment succeeded; a
 * payment for a year already held, a year not on sale, or an amount that is no longer the amount
 * due is refunded and refused (409).
 */
export async function recordConfirmedPayment(confirmed: Confirmed): Promise<RecordResult> {
  faultPoint("payment.before-record"); // tests only: die between Stripe's success and our record
  await writable(); // Stripe's answer took its time: the importer may hold the lock now
  const db = getDb();
  const paidAt = succeededAt(confirmed);
  const outcome: Outcome = db.transaction((tx): Outcome => {
    const existing = tx.select().from(payments).where(eq(payments.stripePaymentId, confirmed.paymentIntentId)).get();
    if (existing) return { kind: "existing", payment: existing };
    const business = tx.select().from(businesses).where(eq(businesses.id, confirmed.businessId)).get();
    if (!business) return { kind: "missing" };
    const years = receiptYears(business.id, tx);
    const standing = standingOfBusiness(business, paidAt, years);
    const year = confirmed.fiscalYear ?? standing.purchasable[0] ?? standing.currentYear;
    if (years.includes(year)) return { kind: "refuse", error: withDetail(new PaymentError(409, heldMessage(year), "already_paid"), heldDetail(year)) };
    if (!standing.purchasable.includes(year)) {
      return {
        kind: "refuse",
        error: withDetail(new PaymentError(409, `The receipt for ${fiscalYearName(year)} is not on sale.`, "not_on_sale"), {
          key: "payment:refusal.notOnSale",
          values: { fy: fiscalYearName(year) },
        }),
      };
    }
    const charge = chargeFor(getSchedule(year), business, paidAt, { neverReceipted: years.length === 0 });
    if (confirmed.amount !== charge.totalCents) {
      return {
        kind: "refuse",
        error: withDetail(
          new PaymentError(
            409,
            `The amount due for ${fiscalYearName(year)} changed before your payment completed: it is now ${formatCents(charge.totalCents)}${
              charge.penalty.percent ? ` (including a ${charge.penalty.percent}% late penalty)` : ""
            }. Your payment of ${formatCents(confirmed.amount)} has been refunded; please pay again.`,
            "amount_changed",
          ),
          {
            key: charge.penalty.percent ? "payment:refusal.amountChangedPenalty" : "payment:refusal.amountChanged",
            values: { fy: fiscalYearName(year), nowCents: charge.totalCents, percent: charge.penalty.percent, paidCents: confirmed.amount },
          },
        ),
      };
    }
    const payer = tx.select({ id: users.id }).from(users).where(eq(users.id, confirmed.userId)).get();
    const payment = insertReceipt(tx, {
      userId: payer ? confirmed.userId : null,
      businessId: confirmed.businessId,
      charge,
      amount: confirmed.amount,
      currency: confirmed.currency,
      description: confirmed.description,
      stripePaymentId: confirmed.paymentIntentId,
      receiptUrl: confirmed.receiptUrl,
      kind: "btr",
      paidAt,
    });
    if (!payment) return { kind: "refuse", error: withDetail(new PaymentError(409, heldMessage(year), "already_paid"), heldDetail(year)) };
    queueReceipt(tx, payment.id);
    return { kind: "created", payment };
    // IMMEDIATE: it reads then writes; a deferred one could fail at once against another writer.
  }, { behavior: "immediate" });
  if (outcome.kind === "created") return { payment: outcome.payment, created: true };
  if (outcome.kind === "existing") return { payment: outcome.payment, created: false };
  if (outcome.kind === "missing") throw new PaymentError(404, "We couldn't find the business you're trying to pay for", "not_found");
  // Money taken for a receipt that is not issued goes back.
  await getStripe()
    .refunds.create(
      { payment_intent: confirmed.paymentIntentId, reason: outcome.error.code === "already_paid" ? "duplicate" : "requested_by_customer" },
      { idempotencyKey: `refund-${outcome.error.code}-${confirmed.paymentIntentId}` },
    )
    .catch((error: unknown) => console.error(`Could not refund BTR charge ${confirmed.paymentIntentId}:`, error));
  throw outcome.error;
}

/**
 * The browser (or the success URL) reports a payment: check with Stripe that it succeeded for
 * this business and this user, then record it (which checks the year and the amount).
 */
export async function verifyAndRecordPayment({
  stripePaymentId,
  businessId,
  userId,
}: {
  stripePaymentId: string;
  businessId: number;
  userId: number;
  /** Ignored: the amount recorded is Stripe's, checked against the server's charge. */
  clientAmount?: unknown;
}): Promise<RecordResult> {
  if (!/^(pi|cs)_[A-Za-z0-9_]{6,255}$/.test(stripePaymentId)) {
    throw new PaymentError(400, "Stripe did not confirm this payment.", "not_confirmed");
  }
  const business = getBusinessById(businessId);
  if (!business) throw new PaymentError(404, "We couldn't find the business you're trying to pay for", "not_found");
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
  return recordConfirmedPayment(confirmed);
}

/** The webhook's path: the event's PaymentIntent (or session) is re-read from Stripe, then recorded. */
export async function recordFromStripeObject(stripeId: string): Promise<RecordResult | null> {
  const confirmed = await retrieveConfirmed(stripeId);
  if (!confirmed || confirmed.currency !== CURRENCY) return null;
  const business = getBusinessById(confirmed.businessId);
  if (!business) return null;
  const existing = getDb().select().from(payments).where(eq(payments.stripePaymentId, confirmed.paymentIntentId)).get();
  if (existing) return { payment: existing, created: false };
  if (business.ownerId !== confirmed.userId) {
    console.error(`Stripe payment ${confirmed.paymentIntentId} does not match business ${business.id}; not recorded.`);
    return null;
  }
  try {
    return await recordConfirmedPayment(confirmed);
  } catch (error) {
    if (error instanceof PaymentError && ["already_paid", "amount_changed", "not_on_sale"].includes(error.code)) return null;
    throw error;
  }
}

// ---- reading payments ------------------------------------------------------------------------

/** A payment with the business it paid for: the columns every payment list reads (join businesses). */
export const paymentListColumns = {
  id: payments.id,
  userId: payments.userId,
  businessId: payments.businessId,
  businessName: businesses.name,
  documentNumber: businesses.documentNumber,
  amount: payments.amount,
  currency: payments.currency,
  description: payments.description,
  kind: payments.kind,
  fiscalYear: payments.fiscalYear,
  stripePaymentId: payments.stripePaymentId,
  method: payments.method,
  refundedCents: payments.refundedCents,
  createdAt: payments.createdAt,
};

/** The user's payments, newest first, with the business they paid for. */
export function listPaymentsForUser(userId: number) {
  return getDb()
    .select({ ...paymentListColumns, receiptUrl: payments.receiptUrl })
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

/** The success step's payment: this user's, for this business (a receipt's, never a transfer fee's). */
export function getUserPaymentForBusiness(paymentId: number, userId: number, businessId: number) {
  return getDb()
    .select()
    .from(payments)
    .where(and(eq(payments.id, paymentId), eq(payments.userId, userId), eq(payments.businessId, businessId), ne(payments.kind, "transfer_fee")))
    .get();
}

/** The receipt, for its payer or an administrator only; undefined for anyone else. */
export function getReceiptForViewer(paymentId: number, viewer: { id: number; isAdmin: boolean; role?: string | null }) {
  const row = paymentWithBusiness(paymentId);
  // A transfer fee (kind "transfer_fee") is a payment without a receipt: it has no receipt page.
  if (!row || row.payment.kind === "transfer_fee") return undefined;
  // The payer, and the town's staff (the admin business page links every receipt).
  if (row.payment.userId !== viewer.id && !isStaff(viewer)) return undefined;
  return row;
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
    /** The fiscal year as the year it ends (2027 for "2026-2027"). */
    taxYear: payment.taxYear,
    taxCents: payment.taxCents,
    penaltyCents: payment.penaltyCents,
    receiptNumber: receiptNumber(payment),
    method: payment.method,
    refundedCents: payment.refundedCents,
    createdAt: payment.createdAt.toISOString(),
  };
}
