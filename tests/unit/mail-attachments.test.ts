import { describe, expect, it } from "vitest";
import type { ReceiptDocument } from "~/lib/receipt";
import { resolveAttachments } from "~/mail/attachments.server";

const receipt: ReceiptDocument = {
  title: "Local Business Tax Receipt",
  town: { name: "Pembroke Park", state: "FL", address: "3150 SW 52nd Ave", email: "btr@example.org", phone: "(954) 966-4600" },
  number: "2027-000001",
  isReceipt: true,
  fiscalYear: "2026-2027",
  validity: "Valid October 1, 2026 to September 30, 2027",
  business: { name: "Gulf Logistics LLC", documentNumber: "L12000000001", address: "1 Main St, Pembroke Park, FL, 33023" },
  lines: [{ label: "Base fee", amount: "$50.00" }],
  total: "$50.00",
  datePaid: "October 2, 2026",
  description: "Business Tax Receipt",
  stripePaymentId: "pi_1",
  kind: "btr",
  paymentType: "Credit Card (Stripe)",
  refund: null,
};

describe("mail attachments (built from the outbox row's data alone)", () => {
  it("draws a receipt's PDF from the document the row carries", async () => {
    const [pdf, ...rest] = await resolveAttachments([{ type: "receipt-pdf", paymentId: 1, receipt }]);
    expect(rest).toHaveLength(0);
    expect(pdf.filename).toBe("receipt-2027-000001.pdf");
    expect(pdf.contentType).toBe("application/pdf");
    expect(pdf.content.subarray(0, 5).toString()).toBe("%PDF-");
  });

  it("leaves out what a row queued before receipts travelled whole cannot build", async () => {
    expect(await resolveAttachments([{ type: "receipt-pdf", paymentId: 1 }])).toEqual([]);
  });
});
