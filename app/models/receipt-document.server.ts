/**
 * What a Local Business Tax Receipt says (issue 21), once, for the page and the PDF alike:
 * the title, the town, the fiscal year and its validity, the receipt number, the business, the
 * fee breakdown with any penalty, and the date paid. The document is plain data (`lib/receipt.ts`):
 * the page shows it, `services/receipt-pdf.server.ts` draws it, and a receipt mail carries it.
 */
import type { Business, Payment } from "~/db/schema";
import { formatCents } from "~/lib/fee";
import { receiptNumber, type ReceiptDocument, type ReceiptLine } from "~/lib/receipt";
import { fiscalYearName, longDate, townDate, validityText } from "~/lib/tax-year";
import { breakdownOf } from "~/models/receipt.server";
import { getEnv } from "~/utils/env.server";

function paymentTypeOf(payment: Pick<Payment, "method" | "checkNumber">): string {
  if (payment.method === "cash") return "Cash (at the town's counter)";
  if (payment.method === "check") return `Check no. ${payment.checkNumber ?? "?"} (at the town's counter)`;
  if (payment.method === "card_elsewhere") return "Card (at the town's counter)";
  return "Credit Card (Stripe)";
}

function refundTextOf(payment: Pick<Payment, "amount" | "refundedCents">): string | null {
  if (payment.refundedCents <= 0) return null;
  if (payment.refundedCents >= payment.amount) return `Refunded in full (${formatCents(payment.refundedCents)}): this receipt is void.`;
  return `${formatCents(payment.refundedCents)} refunded; the receipt remains valid.`;
}

const monthsText = (n: number) => `${n} month${n === 1 ? "" : "s"} late`;

export function receiptDocument(payment: Payment, business: Business): ReceiptDocument {
  const env = getEnv();
  const charge = breakdownOf(payment);
  const lines: ReceiptLine[] = [];
  if (charge) {
    lines.push({ label: "Base fee", amount: formatCents(charge.baseCents) });
    lines.push({ label: `Employees (${charge.employees} × ${formatCents(charge.perEmployeeCents ?? 500)})`, amount: formatCents(charge.employeeCents) });
    lines.push({ label: `Vehicles (${charge.vehicles} × ${formatCents(charge.perVehicleCents ?? 1000)})`, amount: formatCents(charge.vehicleCents) });
    if (charge.penalty.cents > 0) {
      lines.push({ label: `Late penalty (${charge.penalty.percent}%, ${monthsText(charge.penalty.monthsLate)})`, amount: formatCents(charge.penalty.cents), kind: "penalty" });
    }
    if (charge.neverReceiptedCents > 0) {
      lines.push({ label: `Penalty for operating without a receipt (${charge.neverReceiptedPercent}%)`, amount: formatCents(charge.neverReceiptedCents), kind: "penalty" });
    }
  } else {
    // Paid before breakdowns were kept: the tax and the penalty as recorded.
    lines.push({ label: "Business tax", amount: formatCents(payment.taxCents) });
    if (payment.penaltyCents > 0) lines.push({ label: "Late penalty", amount: formatCents(payment.penaltyCents), kind: "penalty" });
  }
  const paid = payment.paidAt ?? payment.createdAt;
  return {
    title: "Local Business Tax Receipt",
    town: { name: env.TOWN_NAME, state: env.TOWN_STATE, address: env.TOWN_ADDRESS, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE },
    number: receiptNumber(payment),
    isReceipt: payment.receiptNumber !== null,
    fiscalYear: fiscalYearName(payment.taxYear),
    validity: validityText(payment.taxYear),
    business: {
      name: business.name,
      documentNumber: business.documentNumber,
      // A receipt paid before a change of location keeps the address it was issued at.
      address: payment.businessAddress ?? [business.address1, business.address2, business.city, business.state, business.zip].filter(Boolean).join(", "),
    },
    lines,
    total: formatCents(payment.amount),
    // The day in the town (a payment at 11 pm on September 30 in Pembroke Park was paid on the 30th).
    datePaid: longDate(townDate(paid)),
    description: payment.description,
    stripePaymentId: payment.stripePaymentId,
    kind: payment.kind,
    paymentType: paymentTypeOf(payment),
    refund: refundTextOf(payment),
  };
}
