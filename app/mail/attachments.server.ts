/**
 * Attachments are described in the outbox row (JSON) and built when the message is sent, so the
 * event's transaction stays small and a PDF is made only once it is needed.
 */
import type { MailAttachment } from "~/services/mail.server";

export type AttachmentSource = { type: "receipt-pdf"; paymentId: number };

/**
 * The receipt PDF of a payment. Hook for the receipt issue's PDF builder (`/receipt/{id}/pdf`):
 * until that builder is in this tree it returns null and the receipt email goes with its link only.
 */
async function receiptPdf(paymentId: number): Promise<MailAttachment | null> {
  void paymentId;
  return null;
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
