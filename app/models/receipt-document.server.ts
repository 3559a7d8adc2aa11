/**
 * What a Local Business Tax Receipt says (issue 21), once, for the page and the PDF alike:
 * the title, the town, the fiscal year and its validity, the receipt number, the business, the
 * fee breakdown with any penalty, and the date paid. The document is plain data (`lib/receipt.ts`):
 * the page shows it, `services/receipt-pdf.server.ts` draws it, and a receipt mail carries it.
 */
import type { TFunction } from "i18next";
import type { Business, Payment } from "~/db/schema";
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import type { Language } from "~/lib/languages";
import { receiptNumber, type ReceiptDocument, type ReceiptLine } from "~/lib/receipt";
import { fiscalYearDates, fiscalYearName, townDate } from "~/lib/tax-year";
import { breakdownOf } from "~/models/receipt.server";
import { fixedT } from "~/lib/translate.server";
import { getEnv } from "~/utils/env.server";

function paymentTypeOf(t: TFunction, payment: Pick<Payment, "method" | "checkNumber">): string {
  if (payment.method === "cash") return t("receipt.paymentType.cash");
  if (payment.method === "check") return t("receipt.paymentType.check", { number: payment.checkNumber ?? "?" });
  if (payment.method === "card_elsewhere") return t("receipt.paymentType.cardElsewhere");
  return t("receipt.paymentType.stripe");
}

function refundTextOf(t: TFunction, money: (cents: number) => string, payment: Pick<Payment, "amount" | "refundedCents">): string | null {
  if (payment.refundedCents <= 0) return null;
  if (payment.refundedCents >= payment.amount) return t("receipt.refundFull", { amount: money(payment.refundedCents) });
  return t("receipt.refundPartial", { amount: money(payment.refundedCents) });
}

/** The receipt's document in `language` (issue 42): its words, dates and money; the state's data as written. */
export function receiptDocument(payment: Payment, business: Business, language: Language = "en"): ReceiptDocument {
  const env = getEnv();
  const t = fixedT(language, "documents");
  const money = (cents: number) => formatCents(cents, language);
  const day = (date: string) => formatLongDate(date, "", language);
  const monthsText = (n: number) => t(n === 1 ? "receipt.monthLate" : "receipt.monthsLate", { months: n });
  const charge = breakdownOf(payment);
  const lines: ReceiptLine[] = [];
  if (charge) {
    lines.push({ label: t("receipt.lines.baseFee"), amount: money(charge.baseCents) });
    lines.push({ label: t("receipt.lines.employees", { n: charge.employees, each: money(charge.perEmployeeCents ?? 500) }), amount: money(charge.employeeCents) });
    lines.push({ label: t("receipt.lines.vehicles", { n: charge.vehicles, each: money(charge.perVehicleCents ?? 1000) }), amount: money(charge.vehicleCents) });
    if (charge.penalty.cents > 0) {
      lines.push({ label: t("receipt.lines.latePenalty", { percent: charge.penalty.percent, late: monthsText(charge.penalty.monthsLate) }), amount: money(charge.penalty.cents), kind: "penalty" });
    }
    if (charge.neverReceiptedCents > 0) {
      lines.push({ label: t("receipt.lines.neverReceipted", { percent: charge.neverReceiptedPercent }), amount: money(charge.neverReceiptedCents), kind: "penalty" });
    }
  } else {
    // Paid before breakdowns were kept: the tax and the penalty as recorded.
    lines.push({ label: t("receipt.lines.businessTax"), amount: money(payment.taxCents) });
    if (payment.penaltyCents > 0) lines.push({ label: t("receipt.lines.latePenaltyRecorded"), amount: money(payment.penaltyCents), kind: "penalty" });
  }
  const paid = payment.paidAt ?? payment.createdAt;
  const { startsOn, endsOn } = fiscalYearDates(payment.taxYear);
  return {
    language,
    title: t("receipt.title"),
    town: { name: env.TOWN_NAME, state: env.TOWN_STATE, address: env.TOWN_ADDRESS, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE },
    number: receiptNumber(payment),
    isReceipt: payment.receiptNumber !== null,
    fiscalYear: fiscalYearName(payment.taxYear),
    validity: t("receipt.validity", { from: day(startsOn), to: day(endsOn) }),
    business: {
      name: business.name,
      documentNumber: business.documentNumber,
      // A receipt paid before a change of location keeps the address it was issued at.
      address: payment.businessAddress ?? [business.address1, business.address2, business.city, business.state, business.zip].filter(Boolean).join(", "),
    },
    lines,
    total: money(payment.amount),
    // The day in the town (a payment at 11 pm on September 30 in Pembroke Park was paid on the 30th).
    datePaid: day(townDate(paid)),
    description: payment.description,
    stripePaymentId: payment.stripePaymentId,
    kind: payment.kind,
    paymentType: paymentTypeOf(t, payment),
    refund: refundTextOf(t, money, payment),
  };
}
