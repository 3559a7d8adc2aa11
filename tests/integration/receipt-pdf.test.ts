/**
 * The Local Business Tax Receipt (issue 21): the page and /receipt/{id}/pdf say the same things,
 * with the same privacy; the PDF's text is read back with pdf.js.
 */
import path from "node:path";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { afterEach, describe, expect, it } from "vitest";
import * as receiptPage from "~/routes/receipt.$paymentId";
import * as receiptPdfRoute from "~/routes/receipt.$paymentId_.pdf";
import { chargeFor, defaultSchedule } from "~/lib/tax-year";
import { getDb } from "~/db/client.server";
import { insertReceipt } from "~/models/receipt.server";
import { resetClock, setTestNow } from "~/utils/clock.server";
import { callRoute as callAnyRoute, createBusiness, createUser, makeRequest } from "../support/factories";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

afterEach(() => resetClock());

async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const standardFontDataUrl = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;
  const doc = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  return parts.join("\n");
}

/** A late payment for FY2027 made on November 15, 2026: $150 tax + 15%. */
async function latePayment() {
  const owner = await createUser();
  const business = createBusiness({ name: "Café Receipt Test LLC", isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 10, vehicleCount: 0, address1: "100 Main St", city: "Pembroke Park", state: "FL", zip: "33023" });
  const paidAt = new Date("2026-11-15T12:00:00-05:00");
  const charge = chargeFor(defaultSchedule(2027), business, paidAt, { neverReceipted: false });
  const payment = getDb().transaction((tx) =>
    insertReceipt(tx, {
      userId: owner.id,
      businessId: business.id,
      charge,
      amount: charge.totalCents,
      currency: "usd",
      description: "Business Tax Receipt",
      stripePaymentId: `pi_receipt_${business.id}_x`,
      receiptUrl: null,
      kind: "btr",
      paidAt,
    }),
  )!;
  return { owner, business, payment };
}

describe("the receipt", () => {
  it("names the year, its validity, the number, the business and the fee with its penalty", async () => {
    setTestNow("2026-11-15T12:00:00-05:00");
    const { owner, business, payment } = await latePayment();
    expect(payment.receiptNumber).toMatch(/^2027-\d{6}$/);
    const res = await callRoute(receiptPage.loader, await makeRequest(`/receipt/${payment.id}`, { user: owner }), { paymentId: String(payment.id) });
    expect(await res.json()).toMatchObject({
      receipt: {
        title: "Local Business Tax Receipt",
        number: payment.receiptNumber,
        fiscalYear: "FY2027",
        validity: "Valid October 1, 2026 through September 30, 2027",
        business: { name: business.name, documentNumber: business.documentNumber, address: "100 Main St, Pembroke Park, FL, 33023" },
        lines: [
          { label: "Base fee", amount: "$100.00" },
          { label: "Employees (10 × $5.00)", amount: "$50.00" },
          { label: "Vehicles (0 × $10.00)", amount: "$0.00" },
          { label: "Late penalty (15%, 2 months late)", amount: "$22.50", kind: "penalty" },
        ],
        total: "$172.50",
        datePaid: "November 15, 2026",
        town: { name: "Pembroke Park", address: "3150 SW 52nd Avenue, Pembroke Park, FL 33023" },
      },
    });
  });

  it("downloads as a PDF whose text says the same, for the payer and admins only", async () => {
    const { owner, payment } = await latePayment();
    const params = { paymentId: String(payment.id) };
    const res = await callRoute(receiptPdfRoute.loader, await makeRequest(`/receipt/${payment.id}/pdf`, { user: owner }), params);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("application/pdf");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="receipt-${payment.receiptNumber}.pdf"`);
    const text = await pdfText(await res.arrayBuffer());
    for (const expected of [
      "Local Business Tax Receipt",
      `Receipt number ${payment.receiptNumber}`,
      "Fiscal year FY2027",
      "Valid October 1, 2026 through September 30, 2027",
      "Café Receipt Test LLC",
      "Late penalty (15%, 2 months late)",
      "$22.50",
      "$172.50",
      "November 15, 2026",
      "TOWN OF PEMBROKE PARK, FL",
    ]) {
      expect(text).toContain(expected);
    }
    const admin = await createUser({ isAdmin: true });
    expect((await callRoute(receiptPdfRoute.loader, await makeRequest(`/receipt/${payment.id}/pdf`, { user: admin }), params)).status).toBe(200);
    const stranger = await createUser();
    expect((await callRoute(receiptPdfRoute.loader, await makeRequest(`/receipt/${payment.id}/pdf`, { user: stranger }), params)).status).toBe(404);
    const anonymous = await callRoute(receiptPdfRoute.loader, await makeRequest(`/receipt/${payment.id}/pdf`), params);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});
