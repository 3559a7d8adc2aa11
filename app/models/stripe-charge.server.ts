/**
 * The Stripe charge behind a card payment, and the processing fee Stripe kept (its balance
 * transaction). Read from Stripe once per payment and stored (payments.stripe_charge_id,
 * payments.fee_cents): refunds name the charge, remittance statements show the fee.
 */
import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments, type Payment } from "~/db/schema";
import { getStripe, type Stripe } from "~/services/stripe.server";

export type ChargeInfo = { chargeId: string; feeCents: number };

/** Stripe answered that it has no such object (a payment seeded without Stripe, a test key's data gone). */
const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/** The PaymentIntent behind a payment: its own id, or the one that paid its renewal invoice. */
async function intentIdOf(stripe: Stripe, payment: Pick<Payment, "stripePaymentId">): Promise<string | null> {
  const id = payment.stripePaymentId;
  if (id.startsWith("pi_")) return id;
  if (!id.startsWith("in_")) return null;
  const invoice = await stripe.invoices.retrieve(id, { expand: ["payments"] });
  const paid = invoice.payments?.data.find((p) => p.status === "paid") ?? invoice.payments?.data[0];
  const intent = paid?.payment?.payment_intent;
  return typeof intent === "string" ? intent : (intent?.id ?? null);
}

/**
 * Reads (once) and stores the charge and fee of a card payment. Null for a counter payment or a
 * payment Stripe does not know (its fee is then stored as 0, so it is not asked again). A Stripe
 * outage throws: callers that need the fee (closing a period) must not guess it.
 */
export async function resolveStripeCharge(payment: Payment): Promise<ChargeInfo | null> {
  if (payment.method !== "card") return null;
  if (payment.stripeChargeId && payment.feeCents !== null) return { chargeId: payment.stripeChargeId, feeCents: payment.feeCents };
  if (payment.feeCents !== null && !payment.stripeChargeId) return null;
  const stripe = getStripe();
  let info: ChargeInfo | null = null;
  try {
    const intentId = await intentIdOf(stripe, payment);
    if (intentId) {
      const intent = await stripe.paymentIntents.retrieve(intentId, { expand: ["latest_charge.balance_transaction"] });
      const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
      if (charge) {
        const txn = typeof charge.balance_transaction === "object" ? charge.balance_transaction : null;
        info = { chargeId: charge.id, feeCents: txn?.fee ?? 0 };
      }
    }
  } catch (error) {
    if (!isMissing(error)) throw error;
  }
  // A remitted payment's fee is frozen (0011's trigger): only an unremitted one is written.
  getDb()
    .update(payments)
    .set({ stripeChargeId: info?.chargeId ?? null, feeCents: info?.feeCents ?? 0 })
    .where(and(eq(payments.id, payment.id), isNull(payments.remittanceId)))
    .run();
  return info;
}

/** Resolves every card payment in the list whose fee is not known yet. */
export async function resolveUnknownFees(list: Payment[]): Promise<void> {
  for (const payment of list) {
    if (payment.method === "card" && payment.feeCents === null) await resolveStripeCharge(payment);
  }
}

/**
 * The payment a Stripe charge paid for: by its PaymentIntent (one-off payments), by the stored
 * charge id, or, for a renewal invoice whose charge was never read, by reading the unresolved
 * renewal payments until one names this charge.
 */
export async function paymentForCharge(charge: Pick<Stripe.Charge, "id" | "payment_intent">): Promise<Payment | null> {
  const db = getDb();
  const intentId = typeof charge.payment_intent === "string" ? charge.payment_intent : (charge.payment_intent?.id ?? null);
  const direct = db
    .select()
    .from(payments)
    .where(or(eq(payments.stripeChargeId, charge.id), intentId ? eq(payments.stripePaymentId, intentId) : undefined))
    .get();
  if (direct) return direct;
  const unresolved = db
    .select()
    .from(payments)
    .where(and(eq(payments.kind, "renewal"), eq(payments.method, "card"), isNull(payments.stripeChargeId)))
    .all();
  for (const payment of unresolved) {
    const info = await resolveStripeCharge(payment);
    if (info?.chargeId === charge.id) return { ...payment, stripeChargeId: info.chargeId, feeCents: info.feeCents };
  }
  return null;
}
