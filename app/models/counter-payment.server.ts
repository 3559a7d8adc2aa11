/**
 * A payment taken at the town's counter (cash, check, or a card terminal of the town's own),
 * recorded by a clerk or an administrator. It buys the same receipt as an online payment, at the
 * amount the server computes for today (tax and any penalty), and is idempotent on the form's key.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, type Payment } from "~/db/schema";
import { CURRENCY } from "~/lib/fee";
import type { CounterMethod } from "~/lib/schemas/payment-ops";
import type { FiscalYear } from "~/lib/tax-year";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { queueReceipt } from "~/models/mail-events.server";
import { DEFAULT_DESCRIPTION, PaymentError, payableYear } from "~/models/payment.server";
import { insertReceipt, receiptYears } from "~/models/receipt.server";
import { now } from "~/utils/clock.server";

export type CounterPayment = {
  businessId: number;
  method: CounterMethod;
  checkNumber?: string;
  fiscalYear?: FiscalYear;
  /** The form's one-time key: the payment's reference is `counter:<key>`. */
  key: string;
};

/** Records it, issues the receipt and queues the receipt mail to the owner, with the audit row, in one transaction. */
export function recordCounterPayment(actor: NonNullable<AuditActor>, input: CounterPayment): { payment: Payment; created: boolean } {
  const reference = `counter:${input.key}`;
  const paidAt = now();
  return getDb().transaction(
    (tx) => {
      const existing = tx.select().from(payments).where(eq(payments.stripePaymentId, reference)).get();
      if (existing) {
        if (existing.businessId !== input.businessId) throw new PaymentError(409, "This form was already used for another business. Reload the page.", "other_business");
        return { payment: existing, created: false };
      }
      const business = tx.select().from(businesses).where(eq(businesses.id, input.businessId)).get();
      if (!business) throw new PaymentError(404, "Business not found", "not_found");
      const { charge } = payableYear(business, input.fiscalYear ?? null, paidAt, receiptYears(business.id, tx));
      const payment = insertReceipt(tx, {
        userId: business.ownerId,
        businessId: business.id,
        charge,
        amount: charge.totalCents,
        currency: CURRENCY,
        description: DEFAULT_DESCRIPTION,
        stripePaymentId: reference,
        receiptUrl: null,
        kind: "btr",
        paidAt,
        counter: { method: input.method, checkNumber: input.method === "check" ? (input.checkNumber ?? null) : null, recordedBy: actor.id },
      });
      if (!payment) throw new PaymentError(409, "This business already holds that year's receipt.", "already_paid");
      recordAudit(tx, {
        actor,
        action: "payment.counter",
        entityType: "payment",
        entityId: payment.id,
        before: null,
        after: {
          businessId: business.id,
          receiptNumber: payment.receiptNumber,
          fiscalYear: payment.fiscalYear,
          amountCents: payment.amount,
          taxCents: payment.taxCents,
          penaltyCents: payment.penaltyCents,
          method: payment.method,
          checkNumber: payment.checkNumber,
        },
      });
      queueReceipt(tx, payment.id);
      return { payment, created: true };
    },
    { behavior: "immediate" },
  );
}
