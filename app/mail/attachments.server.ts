/**
 * Attachments are described in the outbox row (JSON) and built when the message is sent, so the
 * event's transaction stays small and a PDF is made only once it is needed.
 */
import { paymentWithBusiness } from "~/models/payment-with-business.server";
import { receiptDocument, receiptPdf as renderReceiptPdf } from "~/models/receipt-document.server";
import type { MailAttachment } from "~/services/mail.server";

export type AttachmentSource = { type: "receipt-pdf"; paymentId: number };

/** The receipt PDF of a payment: the same document as `/receipt/{id}/pdf`. */
async function receiptPdf(paymentId: number): Promise<MailAttachment | null> {
  const row = paymentWithBusiness(paymentId);
  if (!row) return null;
  const doc = receiptDocument(row.payment, row.business);
  const bytes = await renderReceiptPdf(doc);
  return { filename: `receipt-${doc.number}.pdf`, content: Buffer.from(bytes), contentType: "application/pdf" };
}

/** Builds what can be built; a source that cannot be built is left out (the link stays in the message). */
export async function resolveAttachments(sources: AttachmentSource[]): Promise<MailAttachment[]> {
  const built: MailAttachment[] = [];
  for (const source of sources) {
    if (source.type === "receipt-pdf") {
      const pdf = await receiptPdf(source.paymentId);
      if (pdf) built.push(pdf);
    }
  }
  return built;
}
