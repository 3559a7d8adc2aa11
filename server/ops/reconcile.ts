/**
 * Every payment Stripe took is recorded here, exactly once (issue 24). A webhook can be lost
 * (the server down through all of Stripe's retries, a bug, a restore from an older backup):
 * this job lists what Stripe has (succeeded PaymentIntents, paid invoices, refunds) over the
 * last `days` and records what is missing through the SAME functions the webhook calls
 * (recordFromStripeObject, recordInvoicePaid), which are idempotent on the Stripe id. It
 * reports what it fixed. Run by `npm run stripe:reconcile`, by the server at start-up, and
 * callable from a jobs runner: `await reconcileStripe({ days: 7 })`.
 */
import { inArray } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { recordFromStripeObject } from "~/models/payment.server";
import { recordInvoicePaid } from "~/models/subscription.server";
import { getStripe, isStripeConfigured, type Stripe } from "~/services/stripe.server";

export type ReconcileReport = {
  since: string;
  checked: { paymentIntents: number; invoices: number; refunds: number };
  /** Stripe ids recorded by this run (they were missing). */
  recorded: { stripeId: string; paymentId: number; businessId: number | null; amount: number; kind: string }[];
  /** Succeeded at Stripe, not recorded, and not recordable (not one of ours, wrong amount, business gone): for a person to look at. */
  unmatched: { stripeId: string; reason: string }[];
  /** Refunds at Stripe of payments recorded here (the app keeps the payment; the refund is Stripe's record). */
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

  // One-off BTR payments (inline and hosted checkout both end in a PaymentIntent).
  const intents = (await listAll((p) => stripe.paymentIntents.list(p), since)).filter(
    (pi) => pi.status === "succeeded" && pi.metadata?.kind !== "renewal" && !(pi as { invoice?: unknown }).invoice,
  );
  report.checked.paymentIntents = intents.length;
  const knownIntents = recordedIds(intents.map((pi) => pi.id));
  for (const pi of intents) {
    if (knownIntents.has(pi.id)) continue;
    try {
      const result = await recordFromStripeObject(pi.id);
      if (result?.created) {
        report.recorded.push({ stripeId: pi.id, paymentId: result.payment.id, businessId: result.payment.businessId, amount: result.payment.amount, kind: "btr" });
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

  // Refunds: reported against what is recorded here.
  const refunds = await listAll((p) => stripe.refunds.list(p), since);
  report.checked.refunds = refunds.length;
  const refundedIntents = refunds.map((r) => (typeof r.payment_intent === "string" ? r.payment_intent : (r.payment_intent?.id ?? "")));
  const knownRefunded = recordedIds(refundedIntents.filter(Boolean));
  refunds.forEach((r, i) =>
    report.refunds.push({
      refundId: r.id,
      paymentIntent: refundedIntents[i] || null,
      amount: r.amount,
      status: r.status,
      recordedHere: knownRefunded.has(refundedIntents[i]),
    }),
  );
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
