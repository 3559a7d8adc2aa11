/**
 * Every payment Stripe took is recorded here, exactly once (issue 24). A webhook can be lost
 * (the server down through all of Stripe's retries, a bug, a restore from an older backup):
 * this job lists what Stripe has (succeeded PaymentIntents, paid invoices, refunds) over the
 * last `days` and records what is missing through the SAME functions the webhook calls
 * (recordFromStripeObject, recordInvoicePaid, recordStripeRefunds), which are idempotent on the Stripe id. It
 * reports what it fixed. Run by `npm run stripe:reconcile`, by the server at start-up, and
 * callable from a jobs runner: `await reconcileStripe({ days: 7 })`.
 */
import { eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments, refunds as refundRows } from "~/db/schema";
import { isTransferFee, recordFilingFeeFromStripe } from "~/models/filings/fee.server";
import { recordFromStripeObject } from "~/models/payment.server";
import { completePendingRefunds, recordStripeRefunds } from "~/models/refund.server";
import { recordInvoicePaid } from "~/models/subscription.server";
import { getStripe, isStripeConfigured, type Stripe } from "~/services/stripe.server";

export type ReconcileReport = {
  since: string;
  checked: { paymentIntents: number; invoices: number; refunds: number };
  /** Stripe ids recorded by this run (they were missing). */
  recorded: { stripeId: string; paymentId: number; businessId: number | null; amount: number; kind: string }[];
  /** Succeeded at Stripe, not recorded, and not recordable (not one of ours, wrong amount, business gone): for a person to look at. */
  unmatched: { stripeId: string; reason: string }[];
  /** Refunds at Stripe, and whether each is recorded here (recordedHere false: it matches no payment of ours). */
  refunds: { refundId: string; paymentIntent: string | null; amount: number; status: string | null; recordedHere: boolean }[];
  errors: { stripeId: string; message: string }[];
};

async function listAll<T extends { id: string }>(
  page: (params: { created: { gte: number }; limit: number; starting_after?: string }) => Promise<Stripe.ApiList<T>>,
  since: number,
): Promise<T[]> {
  const out: T[] = [];
  let after: string | undefined;
  for (let pages = 0; pages < 100; pages++) {
    const res = await page({ created: { gte: since }, limit: 100, ...(after ? { starting_after: after } : {}) });
    out.push(...res.data);
    if (!res.has_more || res.data.length === 0) break;
    after = res.data[res.data.length - 1].id;
  }
  return out;
}

const knownRefund = (stripeRefundId: string) =>
  Boolean(getDb().select({ id: refundRows.id }).from(refundRows).where(eq(refundRows.stripeRefundId, stripeRefundId)).get());

function recordedIds(ids: string[]): Set<string> {
  if (ids.length === 0) return new Set();
  const rows = getDb().select({ id: payments.stripePaymentId }).from(payments).where(inArray(payments.stripePaymentId, ids)).all();
  return new Set(rows.map((r) => r.id));
}

export async function reconcileStripe({ days = 7, now = new Date() }: { days?: number; now?: Date } = {}): Promise<ReconcileReport> {
  const since = Math.floor(now.getTime() / 1000) - days * 86_400;
  const report: ReconcileReport = {
    since: new Date(since * 1000).toISOString(),
    checked: { paymentIntents: 0, invoices: 0, refunds: 0 },
    recorded: [],
    unmatched: [],
    refunds: [],
    errors: [],
  };
  if (!isStripeConfigured()) return report;
  const stripe = getStripe();

  // One-off payments (inline and hosted checkout both end in a PaymentIntent): BTRs, and filings' transfer fees.
  const intents = (await listAll((p) => stripe.paymentIntents.list(p), since)).filter(
    (pi) => pi.status === "succeeded" && pi.metadata?.kind !== "renewal" && !(pi as { invoice?: unknown }).invoice,
  );
  report.checked.paymentIntents = intents.length;
  const knownIntents = recordedIds(intents.map((pi) => pi.id));
  for (const pi of intents) {
    if (knownIntents.has(pi.id)) continue;
    try {
      const result = isTransferFee(pi.metadata) ? await recordFilingFeeFromStripe(pi.id) : await recordFromStripeObject(pi.id);
      if (result?.created) {
        report.recorded.push({ stripeId: pi.id, paymentId: result.payment.id, businessId: result.payment.businessId, amount: result.payment.amount, kind: result.payment.kind });
      } else if (!result) {
        report.unmatched.push({ stripeId: pi.id, reason: "succeeded at Stripe but not a payment this app can record (metadata, amount or business)" });
      }
    } catch (error) {
      report.errors.push({ stripeId: pi.id, message: (error as Error).message });
    }
  }

  // Renewals: paid subscription invoices.
  const invoices = (await listAll((p) => stripe.invoices.list(p), since)).filter((inv) => inv.status === "paid" && inv.amount_paid > 0);
  report.checked.invoices = invoices.length;
  const knownInvoices = recordedIds(invoices.map((inv) => inv.id));
  for (const inv of invoices) {
    if (knownInvoices.has(inv.id)) continue;
    try {
      const result = await recordInvoicePaid(inv.id);
      if (result?.created) {
        report.recorded.push({ stripeId: inv.id, paymentId: result.payment.id, businessId: result.payment.businessId, amount: result.payment.amount, kind: "renewal" });
      } else if (!result) {
        report.unmatched.push({ stripeId: inv.id, reason: "paid at Stripe but not linked to a business here" });
      }
    } catch (error) {
      report.errors.push({ stripeId: inv.id, message: (error as Error).message });
    }
  }

  // Refunds: an administrator's refund left pending by a crash is completed (same idempotency
  // key); a refund Stripe made that is not recorded here (webhook lost) is recorded through the
  // webhook's own function.
  await completePendingRefunds();
  const refunds = await listAll((p) => stripe.refunds.list(p), since);
  report.checked.refunds = refunds.length;
  const knownRefunds = refunds.length
    ? new Set(
        getDb()
          .select({ id: refundRows.stripeRefundId })
          .from(refundRows)
          .where(inArray(refundRows.stripeRefundId, refunds.map((r) => r.id)))
          .all()
          .map((r) => r.id),
      )
    : new Set<string | null>();
  for (const r of refunds) {
    const intent = typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? null);
    const charge = typeof r.charge === "string" ? r.charge : (r.charge?.id ?? null);
    let recordedHere = knownRefunds.has(r.id);
    if (!recordedHere && r.status === "succeeded" && charge) {
      try {
        recordedHere = (await recordStripeRefunds({ id: charge, payment_intent: intent })) > 0 || knownRefund(r.id);
      } catch (error) {
        report.errors.push({ stripeId: r.id, message: (error as Error).message });
      }
    }
    report.refunds.push({ refundId: r.id, paymentIntent: intent, amount: r.amount, status: r.status, recordedHere });
  }
  return report;
}

/** One line for people and logs. */
export function summarize(report: ReconcileReport): string {
  const fixed = report.recorded.map((r) => `${r.stripeId} -> payment ${r.paymentId}`).join(", ");
  return (
    `Stripe reconciliation since ${report.since}: checked ${report.checked.paymentIntents} payments, ` +
    `${report.checked.invoices} invoices, ${report.checked.refunds} refunds; ` +
    `recorded ${report.recorded.length} missing${fixed ? ` (${fixed})` : ""}; ` +
    `${report.unmatched.length} unmatched; ${report.errors.length} errors`
  );
}
