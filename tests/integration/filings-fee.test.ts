/**
 * The transfer fee of a transfer filing (issue 40): 10% of the year's tax, at least $3, at most
 * $25, paid by card like the receipt, through the Stripe test double: the JSON door, the page's
 * inline and hosted paths, the webhook; recorded once, refused (and refunded) when it is not the
 * filing's fee, and never a receipt.
 */
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { filingEvents, payments, type User } from "~/db/schema";
import { transferFeeCents } from "~/lib/filings/kinds";
import { townDate } from "~/lib/tax-year";
import { listClaimedBusinesses } from "~/models/claim.server";
import { decideFiling } from "~/models/filings/decision.server";
import { recordFilingFee, TRANSFER_FEE_KIND } from "~/models/filings/fee.server";
import { addDocument, createFiling, filingView, getFilingRow, saveAnswers, submitFiling, transferFeeFor, withdrawFiling } from "~/models/filings/filings.server";
import { receiptYears } from "~/models/receipt.server";
import { closePeriod, openStatement } from "~/models/remittance.server";
import { taxYearFigures } from "~/models/tax-year-report.server";
import * as feeApi from "~/routes/api.filings.$id.fee";
import * as paymentsRoute from "~/routes/api.payments";
import * as feePage from "~/routes/filings.$id.fee";
import { loader as receiptPage } from "~/routes/receipt.$paymentId";
import { StoredUpload } from "~/services/uploads.server";
import { now } from "~/utils/clock.server";
import { getToast } from "~/utils/toast.server";
import type { StripeDouble } from "../../stripe-double/index";
import { callRoute as callAnyRoute, createBusiness, createUser, flashedToastCookie, getBusiness, makeRequest, unique } from "../support/factories";
import { deliverWebhook, lastEvent, startTestStripe, testStripe } from "../support/stripe";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

let double: StripeDouble;
let admin: User;
beforeAll(async () => {
  double = await startTestStripe();
  admin = await createUser({ isAdmin: true, role: "admin", username: unique("admin_") });
});
afterAll(async () => {
  await double.close();
});

/** A bill of sale already stored under UPLOADS_DIR, as the upload handler leaves it. */
function billOfSale() {
  const key = `${crypto.randomBytes(16).toString("hex")}.pdf`;
  const dir = process.env.UPLOADS_DIR!;
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, key), "%PDF-1.4\n%test\n");
  return new StoredUpload("bill-of-sale.pdf", "application/pdf", 15, key);
}

/** A seller owning a business that holds this year's receipt, a buyer, and the seller's transfer with its answers and document. */
async function transferReady(counts: { employeeCount?: number; vehicleCount?: number } = { employeeCount: 3, vehicleCount: 2 }) {
  const [seller, buyer] = [await createUser(), await createUser()];
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: seller.id, hasPaidBTR: true, ...counts });
  const filing = createFiling(seller, "transfer", business.id);
  expect(saveAnswers(seller, filing, { buyer: buyer.username }).errors).toEqual({});
  await addDocument(getFilingRow(filing.id)!, "bill-of-sale", billOfSale());
  return { seller, buyer, business, filing: getFilingRow(filing.id)! };
}

const feeRequest = (filingId: number, user: { id: number } | null, json?: unknown) =>
  makeRequest(`/api/filings/${filingId}/fee`, { method: "POST", user, ...(json === undefined ? {} : { json }) });

async function callFeeApi(filingId: number, user: { id: number } | null, json?: unknown) {
  return callRoute(feeApi.action, await feeRequest(filingId, user, json), { id: String(filingId) });
}

/** The toast a response flashes, as the next page would show it. */
async function toastOf(response: Response) {
  const cookie = flashedToastCookie(response)?.split(";")[0];
  return cookie ? (await getToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie } }))).toast : null;
}

/** Asks the API for the fee's PaymentIntent and confirms it at Stripe with a test card. */
async function paidIntent(filingId: number, user: { id: number }, paymentMethod = "pm_card_visa") {
  const res = await callFeeApi(filingId, user, {});
  expect(res.status).toBe(200);
  const body = (await res.json()) as { clientSecret: string; paymentIntentId: string; amount: number };
  return { ...body, intent: await testStripe().paymentIntents.confirm(body.paymentIntentId, { payment_method: paymentMethod }) };
}

const feeRows = (filingId: number) => getDb().select().from(payments).where(eq(payments.filingId, filingId)).all();
const feeEvents = (filingId: number) =>
  getDb()
    .select()
    .from(filingEvents)
    .where(and(eq(filingEvents.filingId, filingId), eq(filingEvents.action, "fee_paid")))
    .all();
const refundsOf = (paymentIntentId: string) => [...double.state.refunds.values()].filter((r) => r.payment_intent === paymentIntentId);

describe("the fee", () => {
  it("is 10% of the year's tax, at least $3 and at most $25, kept on the filing when it starts", async () => {
    expect(transferFeeCents(9_00)).toBe(3_00);
    expect(transferFeeCents(30_00)).toBe(3_00);
    expect(transferFeeCents(135_00)).toBe(13_50);
    expect(transferFeeCents(250_00)).toBe(25_00);
    expect(transferFeeCents(10_000_00)).toBe(25_00);
    // The town's schedule: $100 + $5 per employee + $10 per vehicle.
    expect(transferFeeFor(createBusiness({ employeeCount: 0, vehicleCount: 0 }).id)).toBe(10_00);
    expect(transferFeeFor(createBusiness({ employeeCount: 3, vehicleCount: 2 }).id)).toBe(13_50);
    expect(transferFeeFor(createBusiness({ employeeCount: 40, vehicleCount: 0 }).id)).toBe(25_00);
    const { filing } = await transferReady({ employeeCount: 40, vehicleCount: 3 });
    expect(filing.feeCents).toBe(25_00);
  });
});

describe("POST /api/filings/{id}/fee", () => {
  it("answers a PaymentIntent for the filing's own fee, whatever the client says", async () => {
    const { seller, business, filing } = await transferReady();
    const res = await callFeeApi(filing.id, seller);
    expect(res.status).toBe(200);
    const body = (await res.json()) as { clientSecret: string; paymentIntentId: string; amount: number };
    expect(body).toEqual({ clientSecret: expect.stringMatching(/^pi_.+_secret_/), paymentIntentId: expect.stringMatching(/^pi_/), amount: 13_50 });
    const intent = await testStripe().paymentIntents.retrieve(body.paymentIntentId);
    expect(intent).toMatchObject({ amount: 13_50, currency: "usd" });
    expect(intent.metadata).toMatchObject({ kind: TRANSFER_FEE_KIND, filingId: String(filing.id), businessId: String(business.id), userId: String(seller.id) });
    // A double click makes one intent; the right amount in cents is accepted, any other is a 400 with no intent.
    const again = (await (await callFeeApi(filing.id, seller, { amount: 13_50 })).json()) as { paymentIntentId: string };
    expect(again.paymentIntentId).toBe(body.paymentIntentId);
    const before = double.state.paymentIntents.size;
    const wrong = await callFeeApi(filing.id, seller, { amount: 1 });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as { error: { message: string } }).error.message).toMatch(/amount/i);
    expect(double.state.paymentIntents.size).toBe(before);
  });

  it("records the confirmed payment once (API, webhook, twice at once) with its fee_paid history, then the transfer submits", async () => {
    const { seller, business, filing } = await transferReady();
    expect(() => submitFiling(seller, getFilingRow(filing.id)!)).toThrow("Pay the transfer fee before submitting");
    const { paymentIntentId, intent } = await paidIntent(filing.id, seller);
    expect(intent.status).toBe("succeeded");

    const [a, b] = await Promise.all([callFeeApi(filing.id, seller, { stripePaymentId: paymentIntentId }), callFeeApi(filing.id, seller, { stripePaymentId: paymentIntentId })]);
    expect([a.status, b.status].sort()).toEqual([200, 201]);
    const recorded = (await a.json()) as Record<string, unknown>;
    expect(recorded).toMatchObject({ filingId: filing.id, businessId: business.id, amount: 13_50, kind: "transfer_fee", stripePaymentId: paymentIntentId, description: "Transfer fee" });
    expect((await deliverWebhook(double, lastEvent(double, "payment_intent.succeeded", paymentIntentId))).status).toBe(200);
    expect((await callFeeApi(filing.id, seller, { stripePaymentId: paymentIntentId })).status).toBe(200);

    const rows = feeRows(filing.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: "transfer_fee",
      userId: seller.id,
      businessId: business.id,
      amount: 13_50,
      taxCents: 13_50,
      penaltyCents: 0,
      receiptNumber: null,
      description: "Transfer fee",
      method: "card",
      refundedCents: 0,
    });
    expect(rows[0].paidAt).toBeInstanceOf(Date);
    expect(rows[0].taxYear).toBe(receiptYears(business.id)[0]);
    expect(feeEvents(filing.id)).toHaveLength(1);
    expect(feeEvents(filing.id)[0]).toMatchObject({ actorId: seller.id, message: "$13.50" });
    expect(refundsOf(paymentIntentId)).toEqual([]);

    const view = filingView(getFilingRow(filing.id)!);
    expect(view.feePaid).toBe(true);
    expect(view.history.map((h) => h.action)).toEqual(["created", "fee_paid"]);
    // Paid: no second intent.
    const second = await callFeeApi(filing.id, seller, {});
    expect(second.status).toBe(409);
    expect(((await second.json()) as { error: { message: string } }).error.message).toBe("The transfer fee is already paid");

    expect(submitFiling(seller, getFilingRow(filing.id)!).status).toBe("submitted");
  });

  it("the webhook alone records it; the receipt's recording never takes a transfer fee for a receipt", async () => {
    const { seller, business, filing } = await transferReady();
    const { paymentIntentId } = await paidIntent(filing.id, seller);
    // Reported to the receipt's door: Stripe's payment is not a BTR payment; nothing is recorded or refunded.
    const asReceipt = await callRoute(paymentsRoute.action, await makeRequest("/api/payments", { user: seller, json: { businessId: business.id, stripePaymentId: paymentIntentId } }));
    expect(asReceipt.status).toBe(400);
    expect(feeRows(filing.id)).toHaveLength(0);
    expect(refundsOf(paymentIntentId)).toEqual([]);
    const event = lastEvent(double, "payment_intent.succeeded", paymentIntentId);
    expect((await deliverWebhook(double, event)).status).toBe(200);
    expect(feeRows(filing.id)).toHaveLength(1);
    expect(feeEvents(filing.id)).toHaveLength(1);
  });

  it("a fee whose webhook was lost is recorded by the reconciliation with Stripe, as a transfer fee", async () => {
    const { seller, filing } = await transferReady();
    const { paymentIntentId } = await paidIntent(filing.id, seller);
    const { reconcileStripe } = await import("../../server/ops/reconcile");
    const report = await reconcileStripe({ days: 1 });
    expect(report.recorded).toContainEqual(expect.objectContaining({ stripeId: paymentIntentId, kind: "transfer_fee", amount: 13_50 }));
    expect(feeRows(filing.id)).toHaveLength(1);
    expect(feeEvents(filing.id)).toHaveLength(1);
    expect(refundsOf(paymentIntentId)).toEqual([]);
    expect((await reconcileStripe({ days: 1 })).recorded.find((r) => r.stripeId === paymentIntentId)).toBeUndefined();
  });

  it("the same confirmation recorded twice at once makes one payment", async () => {
    const { seller, filing } = await transferReady();
    const { intent } = await paidIntent(filing.id, seller);
    const confirmed = {
      paymentIntentId: intent.id,
      filingId: filing.id,
      businessId: filing.businessId!,
      userId: seller.id,
      amount: intent.amount,
      currency: "usd",
      receiptUrl: null,
      chargedAt: null,
    };
    const results = await Promise.all([recordFilingFee(confirmed), recordFilingFee(confirmed)]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(results[0].payment.id).toBe(results[1].payment.id);
    expect(feeRows(filing.id)).toHaveLength(1);
    expect(feeEvents(filing.id)).toHaveLength(1);
  });

  it("refunds and refuses a charge that is not the filing's fee, and a second fee", async () => {
    const { seller, business, filing } = await transferReady();
    // An intent made outside the app, naming the filing, for the wrong amount.
    const metadata = { kind: TRANSFER_FEE_KIND, filingId: String(filing.id), businessId: String(business.id), userId: String(seller.id) };
    const wrong = await testStripe().paymentIntents.create({ amount: 5_00, currency: "usd", metadata, payment_method: "pm_card_visa", confirm: true });
    expect(wrong.status).toBe("succeeded");
    const refused = await callFeeApi(filing.id, seller, { stripePaymentId: wrong.id });
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "The transfer fee is $13.50, not $5.00. Your payment has been refunded; please pay again.",
    );
    expect(refundsOf(wrong.id)).toHaveLength(1);
    expect(feeRows(filing.id)).toHaveLength(0);
    // Its webhook records nothing either.
    await deliverWebhook(double, lastEvent(double, "payment_intent.succeeded", wrong.id));
    expect(feeRows(filing.id)).toHaveLength(0);

    // Paid properly, then a second payment (another tab): refunded, the first stands.
    const first = await paidIntent(filing.id, seller);
    expect((await callFeeApi(filing.id, seller, { stripePaymentId: first.paymentIntentId })).status).toBe(201);
    const twice = await testStripe().paymentIntents.create({ amount: 13_50, currency: "usd", metadata, payment_method: "pm_card_visa", confirm: true });
    const dup = await callFeeApi(filing.id, seller, { stripePaymentId: twice.id });
    expect(dup.status).toBe(409);
    expect(((await dup.json()) as { error: { message: string } }).error.message).toBe("The transfer fee was already paid: this second payment has been refunded.");
    expect(refundsOf(twice.id)).toHaveLength(1);
    expect(refundsOf(first.paymentIntentId)).toHaveLength(0);
    expect(feeRows(filing.id).map((p) => p.stripePaymentId)).toEqual([first.paymentIntentId]);
  });

  it("a withdrawn filing's fee cannot be paid, and a charge confirmed after withdrawing is refunded", async () => {
    const { seller, filing } = await transferReady();
    const { paymentIntentId } = await paidIntent(filing.id, seller);
    withdrawFiling(seller, getFilingRow(filing.id)!);
    const late = await callFeeApi(filing.id, seller, { stripePaymentId: paymentIntentId });
    expect(late.status).toBe(409);
    expect(refundsOf(paymentIntentId)).toHaveLength(1);
    expect(feeRows(filing.id)).toHaveLength(0);
    expect((await callFeeApi(filing.id, seller, {})).status).toBe(409);
  });

  it("is the applicant's only: 404 for someone else, 403 for staff, 401 signed out, 404 for a filing without fee", async () => {
    const { seller, filing } = await transferReady();
    const stranger = await createUser();
    expect((await callFeeApi(filing.id, stranger, {})).status).toBe(404);
    expect((await callFeeApi(filing.id, admin, {})).status).toBe(403);
    expect((await callFeeApi(filing.id, null, {})).status).toBe(401);
    expect((await callFeeApi(99_999_999, seller, {})).status).toBe(404);
    const application = createFiling(seller, "new-business");
    const none = await callFeeApi(application.id, seller, {});
    expect(none.status).toBe(404);
    expect(((await none.json()) as { error: { message: string } }).error.message).toBe("This filing has no fee to pay");
    // Someone else's confirmed payment reported for this filing is refused.
    const other = await transferReady();
    const { paymentIntentId } = await paidIntent(other.filing.id, other.seller);
    expect((await callFeeApi(filing.id, seller, { stripePaymentId: paymentIntentId })).status).toBe(400);
    expect(feeRows(filing.id)).toHaveLength(0);
    // The page: 404 too.
    const page = await callRoute(feePage.loader, await makeRequest(`/filings/${filing.id}/fee`, { user: stranger }), { id: String(filing.id) });
    expect(page.status).toBe(404);
    expect((await callRoute(feeApi.loader, await makeRequest(`/api/filings/${filing.id}/fee`, { user: seller }))).status).toBe(405);
  });
});

describe("the fee page", () => {
  it("with JavaScript: the inline card's intent and record steps post to the page, which goes on to the review with a toast", async () => {
    const { seller, filing } = await transferReady();
    const params = { id: String(filing.id) };
    const shown = (await (await callRoute(feePage.loader, await makeRequest(`/filings/${filing.id}/fee`, { user: seller }), params)).json()) as {
      feeCents: number;
      payable: boolean;
      paid: unknown;
    };
    expect(shown).toMatchObject({ feeCents: 13_50, payable: true, paid: null });
    const created = await callRoute(feePage.action, await makeRequest(`/filings/${filing.id}/fee`, { user: seller, form: { intent: "create-intent", amount: "1350" } }), params);
    const { clientSecret } = (await created.json()) as { clientSecret: string };
    const id = clientSecret.split("_secret_")[0];
    await testStripe().paymentIntents.confirm(id, { payment_method: "pm_card_visa" });
    const recorded = await callRoute(feePage.action, await makeRequest(`/filings/${filing.id}/fee`, { user: seller, form: { intent: "record", stripePaymentId: id } }), params);
    expect(recorded.status).toBe(302);
    expect(recorded.headers.get("Location")).toBe(`/filings/${filing.id}/review`);
    expect(await toastOf(recorded)).toMatchObject({ title: "Transfer fee paid", description: "$13.50 received. You can now submit the transfer." });
    expect(feeRows(filing.id)).toHaveLength(1);
    const paid = (await (await callRoute(feePage.loader, await makeRequest(`/filings/${filing.id}/fee`, { user: seller }), params)).json()) as {
      payable: boolean;
      paid: { amount: number; stripePaymentId: string };
    };
    expect(paid).toMatchObject({ payable: false, paid: { amount: 13_50, stripePaymentId: id } });
  });

  it("without JavaScript: the form goes to hosted checkout; its success URL records the fee once and goes on to the review", async () => {
    const { seller, filing } = await transferReady();
    const params = { id: String(filing.id) };
    const res = await callRoute(feePage.action, await makeRequest(`/filings/${filing.id}/fee`, { user: seller, form: {} }), params);
    expect(res.status).toBe(302);
    const checkoutUrl = res.headers.get("Location")!;
    expect(checkoutUrl.startsWith(`${double.url}/checkout/cs_test_`)).toBe(true);
    const paid = await fetch(`${checkoutUrl}/pay`, { method: "POST", body: new URLSearchParams({ cardNumber: "4242 4242 4242 4242" }), redirect: "manual" });
    expect(paid.status).toBe(303);
    const successUrl = new URL(paid.headers.get("Location")!);
    expect(successUrl.pathname).toBe(`/filings/${filing.id}/fee`);
    // Someone else cannot use the session id.
    const stranger = await createUser();
    expect((await callRoute(feePage.loader, await makeRequest(`${successUrl.pathname}${successUrl.search}`, { user: stranger }), params)).status).toBe(404);
    const back = await callRoute(feePage.loader, await makeRequest(`${successUrl.pathname}${successUrl.search}`, { user: seller }), params);
    expect(back.status).toBe(302);
    expect(back.headers.get("Location")).toBe(`/filings/${filing.id}/review`);
    expect(await toastOf(back)).toMatchObject({ title: "Transfer fee paid" });
    expect(feeRows(filing.id)).toHaveLength(1);
    const sessionId = successUrl.searchParams.get("session_id")!;
    expect((await deliverWebhook(double, lastEvent(double, "checkout.session.completed", sessionId))).status).toBe(200);
    // Back again (a reload of the success URL): the same payment.
    expect((await callRoute(feePage.loader, await makeRequest(`${successUrl.pathname}${successUrl.search}`, { user: seller }), params)).headers.get("Location")).toBe(
      `/filings/${filing.id}/review`,
    );
    expect(feeRows(filing.id)).toHaveLength(1);
    expect(feeEvents(filing.id)).toHaveLength(1);
    // Paid: the form's post no longer charges.
    const again = await callRoute(feePage.action, await makeRequest(`/filings/${filing.id}/fee`, { user: seller, form: {} }), params);
    expect(again.headers.get("Location")).toBe(`/filings/${filing.id}/fee`);
  });
});

describe("hosted checkout speaks the payer's language (issue 42)", () => {
  it("the transfer fee's Checkout Session asks Stripe for the request's language", async () => {
    const sessionOf = async (response: Response) => {
      expect(response.status).toBe(302);
      const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(response.headers.get("Location") ?? "")?.[1];
      expect(id).toBeTruthy();
      return testStripe().checkout.sessions.retrieve(id!);
    };
    const english = await transferReady();
    const inEnglish = await callRoute(feePage.action, await makeRequest(`/filings/${english.filing.id}/fee`, { user: english.seller, form: {} }), {
      id: String(english.filing.id),
    });
    expect((await sessionOf(inEnglish)).locale).toBe("en");

    const spanish = await transferReady();
    const inSpanish = await callRoute(feePage.action, await makeRequest(`/filings/${spanish.filing.id}/fee?lng=es`, { user: spanish.seller, form: {} }), {
      id: String(spanish.filing.id),
    });
    expect((await sessionOf(inSpanish)).locale).toBe("es");
  });
});

describe("a fee is never a receipt", () => {
  it("leaves the business's receipts, standing, receipt pages and reports alone; remittance carries it as money received", async () => {
    const { seller, buyer, business, filing } = await transferReady();
    const yearsBefore = receiptYears(business.id);
    const figuresBefore = taxYearFigures();
    const { paymentIntentId } = await paidIntent(filing.id, seller);
    expect((await callFeeApi(filing.id, seller, { stripePaymentId: paymentIntentId })).status).toBe(201);
    const [fee] = feeRows(filing.id);

    expect(receiptYears(business.id)).toEqual(yearsBefore);
    expect(getBusiness(business.id)?.hasPaidBTR).toBe(true);
    expect(taxYearFigures()).toEqual(figuresBefore);
    // The owner's business: its last BTR payment is still the receipt.
    const claimed = listClaimedBusinesses(seller.id).find((b) => b.id === business.id)!;
    expect(claimed.btr.paid).toBe(true);
    expect(claimed.btr.lastPayment?.id).not.toBe(fee.id);
    // No receipt page for it, for the payer or the town's staff.
    expect((await callRoute(receiptPage, await makeRequest(`/receipt/${fee.id}`, { user: seller }), { paymentId: String(fee.id) })).status).toBe(404);
    expect((await callRoute(receiptPage, await makeRequest(`/receipt/${fee.id}`, { user: admin }), { paymentId: String(fee.id) })).status).toBe(404);

    // The remittance statement: a payment line without receipt number, in the totals, which add up.
    const today = townDate(now());
    const period = { from: `${today.slice(0, 7)}-01`, to: today };
    const preview = openStatement(period);
    const line = preview.lines.find((l) => l.kind === "payment" && l.paymentId === fee.id)!;
    expect(line).toMatchObject({ receiptNumber: null, grossCents: 13_50, taxCents: 13_50, penaltyCents: 0, reference: paymentIntentId });
    const sum = (key: "grossCents" | "feeCents" | "refundCents") => preview.lines.reduce((s, l) => s + l[key], 0);
    expect(preview.totals).toMatchObject({ grossCents: sum("grossCents"), netCents: sum("grossCents") - sum("feeCents") - sum("refundCents") });
    const closed = await closePeriod({ id: admin.id, username: admin.username }, { ...period, remittedOn: today, reference: "ACH fee test" });
    const closedLine = closed.lines.find((l) => l.paymentId === fee.id)!;
    expect(closedLine.receiptNumber).toBeNull();
    expect(closedLine.feeCents).toBeGreaterThanOrEqual(0);
    expect(closed.totals.grossCents).toBe(closed.lines.reduce((s, l) => s + l.grossCents, 0));
    expect(closed.totals.netCents).toBe(closed.totals.grossCents - closed.totals.feeCents - closed.totals.refundCents);

    // Submitted, approved: the buyer owns the business and its receipt; the fee stays the seller's payment.
    submitFiling(seller, getFilingRow(filing.id)!);
    await decideFiling({ id: admin.id, username: admin.username }, filing.id, "approve", null);
    expect(getBusiness(business.id)).toMatchObject({ ownerId: buyer.id, hasPaidBTR: true });
    expect(receiptYears(business.id)).toEqual(yearsBefore);
    expect(feeRows(filing.id)[0].userId).toBe(seller.id);
  });
});
