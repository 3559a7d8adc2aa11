/**
 * What a Local Business Tax Receipt says (issue 21), once, for the page and the PDF alike:
 * the title, the town, the fiscal year and its validity, the receipt number, the business, the
 * fee breakdown with any penalty, and the date paid.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import type { Business, Payment } from "~/db/schema";
import { formatCents } from "~/lib/fee";
import { fiscalYearName, longDate, townDate, validityText } from "~/lib/tax-year";
import { receiptNumber } from "~/models/payment.server";
import { breakdownOf } from "~/models/receipt.server";
import { getEnv } from "~/utils/env.server";

export type ReceiptLine = { label: string; amount: string; kind?: "penalty" | "total" };

export type ReceiptDocument = {
  title: "Local Business Tax Receipt";
  town: { name: string; state: string; address: string; email: string; phone: string };
  number: string;
  /** False for a payment that holds no receipt (a duplicate kept from before receipts). */
  isReceipt: boolean;
  fiscalYear: string;
  validity: string;
  business: { name: string; documentNumber: string; address: string };
  lines: ReceiptLine[];
  total: string;
  datePaid: string;
  description: string;
  stripePaymentId: string;
  kind: string;
  /** "Credit Card (Stripe)", "Check no. 1042 (at the town's counter)", ... */
  paymentType: string;
  /** Said when any of it was refunded: whether the receipt still stands. */
  refund: string | null;
};

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
      address: [business.address1, business.address2, business.city, business.state, business.zip].filter(Boolean).join(", "),
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

/** Text the standard font can draw (WinAnsi): anything else becomes "?". */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((c) => (supported.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/** The receipt as a one-page US Letter PDF (Helvetica, embedded by pdf-lib). */
export async function receiptPdf(doc: ReceiptDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setAuthor(`Town of ${doc.town.name}, ${doc.town.state}`);
  pdf.setSubject(`${doc.fiscalYear}: ${doc.validity}`);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 60;
  const right = 552;
  let y = 730;
  const text = (value: string, x: number, size: number, font = regular) => page.drawText(drawable(font, value), { x, y, size, font, color: rgb(0, 0, 0) });
  const centered = (value: string, size: number, font = regular) => {
    const v = drawable(font, value);
    page.drawText(v, { x: (612 - font.widthOfTextAtSize(v, size)) / 2, y, size, font });
  };
  const rightAligned = (value: string, size: number, font = regular) => {
    const v = drawable(font, value);
    page.drawText(v, { x: right - font.widthOfTextAtSize(v, size), y, size, font });
  };

  page.drawRectangle({ x: 40, y: 40, width: 532, height: 712, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  centered(`TOWN OF ${doc.town.name.toUpperCase()}, ${doc.town.state}`, 11);
  y -= 16;
  centered(doc.town.address, 9);
  y -= 30;
  centered(doc.title, 22, bold);
  y -= 24;
  centered(`Receipt number ${doc.number}`, 12, bold);
  y -= 30;
  centered(`Fiscal year ${doc.fiscalYear}`, 14, bold);
  y -= 18;
  centered(doc.validity, 12);
  y -= 40;

  const row = (label: string, value: string) => {
    text(label, left, 11, bold);
    text(value, left + 150, 11);
    y -= 20;
  };
  row("Business", doc.business.name);
  row("Document number", doc.business.documentNumber);
  row("Address", doc.business.address || "Not specified");
  row("Date paid", doc.datePaid);
  row("Payment", `${doc.paymentType} ${doc.stripePaymentId}`);
  if (doc.refund) row("Refund", doc.refund);
  y -= 10;
  text("Fee", left, 13, bold);
  y -= 20;
  for (const line of doc.lines) {
    text(line.label, left, 11);
    rightAligned(line.amount, 11);
    y -= 18;
  }
  page.drawLine({ start: { x: left, y: y + 12 }, end: { x: right, y: y + 12 }, thickness: 1 });
  y -= 4;
  text("Total paid", left, 12, bold);
  rightAligned(doc.total, 12, bold);
  y -= 40;
  text(`Issued under Florida Statutes chapter 205. Questions: ${doc.town.email}, ${doc.town.phone}.`, left, 9);
  y -= 14;
  text("Keep this receipt at your place of business.", left, 9);
  return pdf.save();
}
