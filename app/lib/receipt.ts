/**
 * A Local Business Tax Receipt as plain data: its number rule, and the document that says it
 * (built from the rows by `models/receipt-document.server.ts`; shown by the receipt page, drawn by
 * `services/receipt-pdf.server.ts`, and carried whole in the outbox row of a receipt mail).
 */
import type { Payment } from "~/db/schema";
import type { Language } from "~/lib/languages";

/** The receipt number ("2027-000123"), or for a payment that holds no receipt its payment reference. */
export function receiptNumber(payment: Pick<Payment, "id" | "receiptNumber">) {
  return payment.receiptNumber ?? `P-${String(payment.id).padStart(6, "0")}`;
}

export type ReceiptLine = { label: string; amount: string; kind?: "penalty" | "total" };

export type ReceiptDocument = {
  /** The language its words are in (issue 42); absent in a document queued before: English. */
  language?: Language;
  /** "Local Business Tax Receipt", in the document's language. */
  title: string;
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

/** The file name of a receipt's PDF, for the download and the mail attachment alike. */
export const receiptPdfFilename = (doc: Pick<ReceiptDocument, "number">) => `receipt-${doc.number}.pdf`;
