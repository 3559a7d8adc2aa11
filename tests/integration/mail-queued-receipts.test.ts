/**
 * A receipt mail queued by the version before receipts travelled whole in the outbox (its
 * attachment names only the payment) still goes out with its PDF: the send-mail job completes it
 * from the payment's rows first.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { sendMailJob } from "~/jobs/send-mail.server";
import { runJob } from "~/jobs/registry.server";
import { receiptNumber } from "~/lib/receipt";
import { completeQueuedReceipts } from "~/models/mail-events.server";
import { enqueueMail } from "~/models/outbox.server";
import { createBusiness, createReceipt, createUser } from "../support/factories";
import { setupTestMail } from "../support/mail";

const mail = setupTestMail();

describe("receipts queued before the outbox carried them whole", () => {
  it("are completed from the payment and sent with the PDF", async () => {
    const user = await createUser();
    const business = createBusiness({ isClaimed: true, ownerId: user.id, name: "Old Queue Bakery LLC" });
    const payment = createReceipt(business.id, { userId: user.id });
    enqueueMail(getDb(), {
      kind: "receipt",
      to: user.email,
      mail: { subject: "Your receipt", text: "Your receipt is attached.", html: "<p>Your receipt is attached.</p>" },
      attachments: [{ type: "receipt-pdf", paymentId: payment.id }],
    });
    const outcome = await runJob(sendMailJob);
    expect(outcome.status).toBe("ran");
    const [sent] = await mail.to(user.email);
    expect(sent.attachments.map((a) => a.filename)).toEqual([`receipt-${receiptNumber(payment)}.pdf`]);
    expect(sent.attachments[0].content.subarray(0, 5).toString()).toBe("%PDF-");
    // Sent rows are left alone; nothing is left to complete.
    expect(completeQueuedReceipts()).toBe(0);
  });
});
