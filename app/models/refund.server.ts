/**
 * Refunds, whole or in part (issue 22). A card payment is refunded through Stripe; a counter
 * payment is paid back at the counter and only recorded. A payment refunded whole no longer
 * holds its receipt (receiptHeld in receipt.server.ts), so the business's standing follows.
 *
 * Nothing is lost between our database and Stripe:
 *   1. the refund row is written `pending` (with what can still be refunded checked in the same
 *      transaction, so two clicks cannot refund twice);
 *   2. Stripe is asked with the row's id as idempotency key and metadata;
 *   3. the row becomes `succeeded` and the payment's refunded amount grows, with the audit row,
 *      in one transaction.
 * A crash after 2 is completed by the `charge.refunded` webhook (it finds the row by the
 * metadata) or by `completePendingRefunds` (reconciliation), which repeats 2 with the same key.
 */
import { and, eq, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { payments, refunds, users, type Payment, type Refund } from "~/db/schema";
import { formatCents } from "~/lib/fee";
import { OperationError } from "~/models/admin/operations.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { paymentForCharge, resolveStripeCharge } from "~/models/stripe-charge.server";
import { getStripe, type Stripe } from "~/services/stripe.server";
import { now } from "~/utils/clock.server";
import { faultPoint } from "~/utils/fault-point.server";

type Tx = Pick<Db, "select" | "insert" | "update">;

/** Cents of a payment not yet refunded nor being refunded. */
export function refundableCents(tx: Pick<Db, "select">, payment: Pick<Payment, "id" | "amount" | "refundedCents">): number {
  const pending = tx
    .select({ cents: sql<number>`coalesce(sum(${refunds.amount}), 0)` })
    .from(refunds)
    .where(and(eq(refunds.paymentId, payment.id), eq(refunds.status, "pending")))
    .get();
  return payment.amount - payment.refundedCents - Number(pending?.cents ?? 0);
}

/** A refund of one of this business's payments (a payment of another business is "not found"). */
export type RefundRequest = { businessId: number; paymentId: number; amountCents: number; reason: string };

/**
 * Marks a refund succeeded and adds it to its payment, with the audit row, in the caller's
 * transaction. Idempotent: a refund already succeeded is left as it is.
 */
function completeRefund(tx: Tx, refund: Refund, stripeRefundId: string | null, actor: AuditActor): Refund {
  if (refund.status === "succeeded") return refund;
  const payment = tx.select().from(payments).where(eq(payments.id, refund.paymentId)).get()!;
  const refundedCents = Math.min(payment.amount, payment.refundedCents + refund.amount);
  const done = tx
    .update(refunds)
    .set({ status: "succeeded", stripeRefundId, succeededAt: now() })
    .where(eq(refunds.id, refund.id))
    .returning()
    .get();
  tx.update(payments).set({ refundedCents }).where(eq(payments.id, payment.id)).run();
  recordAudit(tx, {
    actor,
    action: "payment.refund",
    entityType: "payment",
    entityId: payment.id,
    before: { refundedCents: payment.refundedCents, receiptHeld: payment.refundedCents < payment.amount },
    after: { refundedCents, receiptHeld: refundedCents < payment.amount, refundId: refund.id, amountCents: refund.amount, reason: refund.reason, stripeRefundId },
  });
  return done;
}

function actorOf(tx: Pick<Db, "select">, userId: number | null): AuditActor {
  if (!userId) return null;
  const user = tx.select({ id: users.id, username: users.username }).from(users).where(eq(users.id, userId)).get();
  return user ?? { id: userId, username: `user #${userId}` };
}

/** Step 1: the pending row (or, at the counter, the whole refund), after checking what is left to refund. */
function startRefund(actor: NonNullable<AuditActor>, request: RefundRequest): { refund: Refund; payment: Payment } {
  return getDb().transaction(
    (tx) => {
      const payment = tx
        .select()
        .from(payments)
        .where(and(eq(payments.id, request.paymentId), eq(payments.businessId, request.businessId)))
        .get();
      if (!payment) throw new OperationError(404, "That payment is not this business's.");
      const left = refundableCents(tx, payment);
      if (left <= 0) throw new OperationError(409, "This payment has already been refunded in full.");
      if (request.amountCents > left) throw new OperationError(400, `At most ${formatCents(left)} of this payment can be refunded.`);
      const refund = tx
        .insert(refunds)
        .values({ paymentId: payment.id, amount: request.amountCents, reason: request.reason, status: "pending", requestedBy: actor.id })
        .returning()
        .get();
      if (payment.method !== "card") return { refund: completeRefund(tx, refund, null, actor), payment };
      return { refund, payment };
    },
    { behavior: "immediate" },
  );
}

/** Steps 2 and 3 for a pending card refund: Stripe (same key on every try), then the record. */
async function sendToStripe(refund: Refund, payment: Payment): Promise<Refund> {
  const charge = await resolveStripeCharge(payment).catch(() => null);
  if (!charge && !payment.stripePaymentId.startsWith("pi_")) {
    throw new OperationError(502, "Stripe does not know this payment's charge; it cannot be refunded online.");
  }
  let stripeRefund: Stripe.Refund;
  try {
    stripeRefund = await getStripe().refunds.create(
      {
        ...(charge ? { charge: charge.chargeId } : { payment_intent: payment.stripePaymentId }),
        amount: refund.amount,
        reason: "requested_by_customer",
        metadata: { refundId: String(refund.id), paymentId: String(payment.id) },
      },
      { idempotencyKey: `admin-refund-${refund.id}` },
    );
  } catch (error) {
    const status = (error as { statusCode?: number }).statusCode;
    // Stripe refused (not an outage): the request is over; nothing was refunded.
    if (status && status >= 400 && status < 500) {
      getDb().update(refunds).set({ status: "failed" }).where(and(eq(refunds.id, refund.id), eq(refunds.status, "pending"))).run();
      throw new OperationError(409, `Stripe refused the refund: ${(error as Error).message}`);
    }
    throw new OperationError(502, "Stripe could not be reached; the refund will be completed when it answers.");
  }
  faultPoint("refund.after-stripe"); // tests only: die between Stripe's refund and our record
  return getDb().transaction(
    (tx) => {
      const current = tx.select().from(refunds).where(eq(refunds.id, refund.id)).get()!;
      return completeRefund(tx, current, stripeRefund.id, actorOf(tx, current.requestedBy));
    },
    { behavior: "immediate" },
  );
}

/** An administrator refunds a payment, whole or in part. */
export async function refundPayment(actor: NonNullable<AuditActor>, request: RefundRequest): Promise<Refund> {
  const { refund, payment } = startRefund(actor, request);
  if (refund.status === "succeeded") return refund;
  return sendToStripe(refund, payment);
}

/**
 * The `charge.refunded` webhook: every succeeded refund of the charge is recorded once. An
 * administrator's refund completes its pending row (metadata.refundId); one made in Stripe's
 * dashboard is added as a new refund with no actor.
 */
export async function recordStripeRefunds(charge: Pick<Stripe.Charge, "id" | "payment_intent">): Promise<number> {
  const payment = await paymentForCharge(charge);
  if (!payment) {
    console.error(`Refunded charge ${charge.id} matches no payment; not recorded.`);
    return 0;
  }
  const list = await getStripe().refunds.list({ charge: charge.id, limit: 100 });
  let recorded = 0;
  for (const stripeRefund of list.data) {
    if (stripeRefund.status !== "succeeded") continue;
    const done = getDb().transaction(
      (tx) => {
        if (tx.select({ id: refunds.id }).from(refunds).where(eq(refunds.stripeRefundId, stripeRefund.id)).get()) return false;
        const ownId = Number(stripeRefund.metadata?.refundId);
        const own = Number.isSafeInteger(ownId)
          ? tx.select().from(refunds).where(and(eq(refunds.id, ownId), eq(refunds.paymentId, payment.id))).get()
          : undefined;
        if (own) {
          if (own.status === "succeeded") return false;
          completeRefund(tx, own, stripeRefund.id, actorOf(tx, own.requestedBy));
          return true;
        }
        const row = tx
          .insert(refunds)
          .values({ paymentId: payment.id, amount: stripeRefund.amount, reason: stripeRefund.reason ?? "Refunded in Stripe", status: "pending" })
          .returning()
          .get();
        completeRefund(tx, row, stripeRefund.id, null);
        return true;
      },
      { behavior: "immediate" },
    );
    if (done) recorded += 1;
  }
  return recorded;
}

/** Reconciliation: pending card refunds are sent again with their key (Stripe answers the same refund). */
export async function completePendingRefunds(): Promise<number> {
  const pending = getDb()
    .select({ refund: refunds, payment: payments })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .where(eq(refunds.status, "pending"))
    .all();
  let completed = 0;
  for (const { refund, payment } of pending) {
    try {
      await sendToStripe(refund, payment);
      completed += 1;
    } catch (error) {
      console.error(`Pending refund ${refund.id} not completed:`, error);
    }
  }
  return completed;
}


/** A business's payments, newest first, each with its refunds and what can still be refunded. */
export function paymentsWithRefunds(businessId: number) {
  const db = getDb();
  const list = db.select().from(payments).where(eq(payments.businessId, businessId)).orderBy(sql`${payments.id} desc`).all();
  const byPayment = new Map<number, Refund[]>();
  if (list.length) {
    const rows = db
      .select()
      .from(refunds)
      .where(sql`${refunds.paymentId} in ${list.map((p) => p.id)}`)
      .orderBy(refunds.id)
      .all();
    for (const r of rows) byPayment.set(r.paymentId, [...(byPayment.get(r.paymentId) ?? []), r]);
  }
  return list.map((payment) => ({ payment, refunds: byPayment.get(payment.id) ?? [], refundableCents: refundableCents(db, payment) }));
}
