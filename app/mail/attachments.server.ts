/**
 * What a queued message attaches, and how each kind is built when the message is sent.
 *
 * The outbox row holds each attachment as data: its type and everything needed to build it (a
 * receipt's whole document, made from the rows in the event's transaction). Building one here
 * reads nothing from the database, so the outbox, which calls this when it sends, depends on no
 * model above it (the payments and receipts that queue mail). A new kind of attachment is one
 * member of `AttachmentSource` and one builder in `builders`.
 */
import { receiptPdfFilename, type ReceiptDocument } from "~/lib/receipt";
import type { MailAttachment } from "~/services/mail.server";
import { receiptPdf } from "~/services/receipt-pdf.server";

/**
 * One attachment as the outbox stores it (JSON). A row queued before receipts travelled whole
 * has only `paymentId`: the send-mail job completes it first (completeQueuedReceipts in
 * models/mail-events); one that still has no receipt is sent without the PDF, its message still
 * linking the receipt.
 */
export type AttachmentSource = { type: "receipt-pdf"; paymentId: number; receipt?: ReceiptDocument };

type Builders = {
  [T in AttachmentSource["type"]]: (source: Extract<AttachmentSource, { type: T }>) => Promise<MailAttachment | null>;
};

const builders: Builders = {
  /** The receipt PDF: the same document, drawn the same way, as `/receipt/{id}/pdf`. */
  "receipt-pdf": async ({ receipt }) =>
    receipt ? { filename: receiptPdfFilename(receipt), content: Buffer.from(await receiptPdf(receipt)), contentType: "application/pdf" } : null,
};

/** Builds what can be built; a source that cannot be built is left out (the link stays in the message). */
export async function resolveAttachments(sources: AttachmentSource[]): Promise<MailAttachment[]> {
  const built: MailAttachment[] = [];
  for (const source of sources) {
    const build = builders[source.type] as ((s: AttachmentSource) => Promise<MailAttachment | null>) | undefined;
    const attachment = build ? await build(source) : null;
    if (attachment) built.push(attachment);
  }
  return built;
}
