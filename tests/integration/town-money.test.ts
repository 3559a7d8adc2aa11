/**
 * The town's money (issue 22): refunds (partial and full, from the admin page and from Stripe's
 * dashboard by webhook), counter payments, roles, and remittance statements that never change
 * and always add up. Through the real routes, the Stripe SDK and the double.
 */
import Database from "better-sqlite3";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, payments, refunds, type User } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { payableYear } from "~/models/payment.server";
import { receiptDocument } from "~/models/receipt-document.server";
import { standingOfBusiness } from "~/models/receipt.server";
import { closedStatement, closePeriod, collectedBetween, openStatement } from "~/models/remittance.server";
import { action as businessAction, loader as businessPage } from "~/routes/admin_.businesses.$id";
import { action as remittancePageAction } from "~/routes/admin_.remittance._index";
import { loader as receiptPage } from "~/routes/receipt.$paymentId";
import * as createIntentRoute from "~/routes/api.create-payment-intent";
import * as paymentsRoute from "~/routes/api.payments";
import { loader as apiRemittance } from "~/routes/api.admin.remittance";
import { loader as apiStatement } from "~/routes/api.admin.remittances.$id";
import { loader as apiPayments } from "~/routes/api.admin.payments";
import { loader as apiUsers } from "~/routes/api.admin.users";
import { resetClock, setTestNow } from "~/utils/clock.server";
import type { StripeDouble } from "../../stripe-double/index";
import { callRoute as callAnyRoute, createBusiness, createReceipt, createUser, getBusiness, makeRequest, unique } from "../support/factories";
import { pdfPages } from "../support/letter-pdf";
import { deliverWebhook, lastEvent, startTestStripe, testStripe } from "../support/stripe";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

let double: StripeDouble;
let admin: User;
let clerk: User;
beforeAll(async () => {
  double = await startTestStripe();
  admin = await createUser({ isAdmin: true, role: "admin", username: unique("admin_") });
  clerk = await createUser({ role: "clerk", username: unique("clerk_") });
});
afterAll(async () => {
  await double.close();
});
afterEach(() => resetClock());

const NOV_16 = "2026-11-16T12:00:00-05:00";

/** A claimed business ($150 tax: $100 + 10 employees) holding FY2026, so FY2027 is owed with November's 15%. */
async function owned() {
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 10, vehicleCount: 0, name: `Money ${unique()} LLC` });
  createReceipt(business.id, { fiscalYear: 2026, userId: owner.id, amount: 150_00, paidAt: new Date("2025-09-01T12:00:00-04:00") });
  return { owner, business };
}

/** Pays the owed year online: intent, card at Stripe, recorded. */
async function paidOnline() {
  const { owner, business } = await owned();
  const res = await callRoute(createIntentRoute.action, await makeRequest("/api/create-payment-intent", { user: owner, json: { businessId: business.id } }));
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  const intentId = clientSecret.split("_secret_")[0];
  await testStripe().paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });
  const recorded = await callRoute(paymentsRoute.action, await makeRequest("/api/payments", { user: owner, json: { businessId: business.id, stripePaymentId: intentId } }));
  expect(recorded.status).toBe(201);
  const payment = getDb().select().from(payments).where(eq(payments.stripePaymentId, intentId)).get()!;
  return { owner, business, payment, intentId };
}

async function post(user: User | null, businessId: number, form: Record<string, string>) {
  return callRoute(businessAction, await makeRequest(`/admin/businesses/${businessId}`, { user, form }), { id: String(businessId) });
}

const refundRows = (paymentId: number) => getDb().select().from(refunds).where(eq(refunds.paymentId, paymentId)).all();
const paymentRow = (id: number) => getDb().select().from(payments).where(eq(payments.id, id)).get()!;
const audits = (action: string, entityId: number) =>
  getDb().select().from(auditLog).where(and(eq(auditLog.action, action), eq(auditLog.entityId, entityId))).all();

describe("refunds", () => {
  it("partial, then the rest: through Stripe, audited; the receipt stands after the first and is void after the second, and the business can pay again", async () => {
    setTestNow(NOV_16);
    const { business, payment } = await paidOnline();
    expect(payment.amount).toBe(172_50);
    expect(standingOfBusiness(business).holdsCurrent).toBe(true);

    const first = await post(admin, business.id, { intent: "refund", paymentId: String(payment.id), amount: "20.00", reason: "Counted one employee too many" });
    expect(first.status).toBe(302);
    const [r1] = refundRows(payment.id);
    expect(r1).toMatchObject({ amount: 20_00, status: "succeeded", requestedBy: admin.id });
    const atStripe = double.state.refunds.get(r1.stripeRefundId!)!;
    expect(atStripe).toMatchObject({ amount: 20_00, payment_intent: payment.stripePaymentId, metadata: { refundId: String(r1.id) } });
    expect(paymentRow(payment.id).refundedCents).toBe(20_00);
    expect(standingOfBusiness(business).holdsCurrent).toBe(true);
    expect(receiptDocument(paymentRow(payment.id), getBusiness(business.id)!).refund).toBe("$20.00 refunded; the receipt remains valid.");
    const [audit] = audits("payment.refund", payment.id);
    expect(audit).toMatchObject({ actorId: admin.id, actorUsername: admin.username });
    expect(JSON.parse(audit.before!)).toEqual({ refundedCents: 0, receiptHeld: true });
    expect(JSON.parse(audit.after!)).toMatchObject({ refundedCents: 20_00, receiptHeld: true, amountCents: 20_00, refundId: r1.id });

    // More than is left: a clear 400, nothing written, nothing at Stripe.
    const tooMuch = await post(admin, business.id, { intent: "refund", paymentId: String(payment.id), amount: "200", reason: "Too much" });
    expect(tooMuch.status).toBe(400);
    expect(((await tooMuch.json()) as { error: string }).error).toBe("At most $152.50 of this payment can be refunded.");
    // The same refusal on a Spanish page.
    const form = { intent: "refund", paymentId: String(payment.id), amount: "200", reason: "Too much" };
    const enEspañol = await callRoute(businessAction, await makeRequest(`/admin/businesses/${business.id}?lng=es`, { user: admin, form }), { id: String(business.id) });
    expect(enEspañol.status).toBe(400);
    expect(((await enEspañol.json()) as { error: string }).error).toBe("Como máximo se pueden reembolsar $152.50 de este pago.");
    for (const [amount, message] of [
      ["", "Refund amount must be an amount in dollars, e.g. 25.00"],
      ["0", "Refund amount must be more than $0.00"],
      ["12.345", "Refund amount must be an amount in dollars, e.g. 25.00"],
      ["'; drop table payments; --", "Refund amount must be an amount in dollars, e.g. 25.00"],
    ]) {
      const bad = await post(admin, business.id, { intent: "refund", paymentId: String(payment.id), amount, reason: "x y z" });
      expect(bad.status).toBe(400);
      expect(((await bad.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.amount).toEqual([message]);
    }
    expect(refundRows(payment.id)).toHaveLength(1);
    expect(double.state.refunds.size).toBeGreaterThanOrEqual(1);

    const rest = await post(admin, business.id, { intent: "refund", paymentId: String(payment.id), amount: "152.50", reason: "Business closed before the year began" });
    expect(rest.status).toBe(302);
    expect(paymentRow(payment.id).refundedCents).toBe(172_50);
    expect(standingOfBusiness(business).holdsCurrent).toBe(false);
    expect(receiptDocument(paymentRow(payment.id), getBusiness(business.id)!).refund).toBe("Refunded in full ($172.50): this receipt is void.");
    // The year can be bought again (the receipt it held is void).
    expect(payableYear(getBusiness(business.id)!, 2027, new Date(NOV_16)).charge.totalCents).toBe(172_50);
    // Nothing is left to refund.
    const again = await post(admin, business.id, { intent: "refund", paymentId: String(payment.id), amount: "1", reason: "Once more" });
    expect(again.status).toBe(409);

    // Stripe's charge.refunded events arrive afterwards: nothing changes.
    for (const event of double.state.events.filter((e) => e.type === "charge.refunded" && e.data.object.payment_intent === payment.stripePaymentId)) {
      expect((await deliverWebhook(double, event)).status).toBe(200);
    }
    expect(refundRows(payment.id).map((r) => r.amount)).toEqual([20_00, 152_50]);
    expect(paymentRow(payment.id).refundedCents).toBe(172_50);
  });

  it("a refund made in Stripe's dashboard arrives by charge.refunded and is recorded once, with no actor", async () => {
    setTestNow(NOV_16);
    const { payment } = await paidOnline();
    const refund = await testStripe().refunds.create({ payment_intent: payment.stripePaymentId, amount: 5_00 });
    const event = lastEvent(double, "charge.refunded", refund.charge as string);
    expect((await deliverWebhook(double, event)).status).toBe(200);
    expect(refundRows(payment.id)).toMatchObject([{ amount: 5_00, status: "succeeded", stripeRefundId: refund.id, requestedBy: null }]);
    expect(paymentRow(payment.id).refundedCents).toBe(5_00);
    expect(audits("payment.refund", payment.id)).toMatchObject([{ actorId: null }]);
    // Redelivered (a new event id, as Stripe's retries of another event would be): still once.
    expect((await deliverWebhook(double, { ...event, id: `evt_${unique()}` })).status).toBe(200);
    expect(refundRows(payment.id)).toHaveLength(1);
    expect(paymentRow(payment.id).refundedCents).toBe(5_00);
  });

  it("a clerk cannot refund (403); nothing reaches Stripe", async () => {
    setTestNow(NOV_16);
    const { business, payment } = await paidOnline();
    const before = double.state.refunds.size;
    const res = await post(clerk, business.id, { intent: "refund", paymentId: String(payment.id), amount: "1.00", reason: "Clerk tries" });
    expect(res.status).toBe(403);
    expect(double.state.refunds.size).toBe(before);
    expect(refundRows(payment.id)).toEqual([]);
    // Through another business's page, an administrator's refund of this payment is not found.
    const other = createBusiness();
    const elsewhere = await post(admin, other.id, { intent: "refund", paymentId: String(payment.id), amount: "1.00", reason: "Wrong page" });
    expect(elsewhere.status).toBe(404);
    expect(refundRows(payment.id)).toEqual([]);
    // Staff open receipts from the business page; a stranger does not.
    const receipt = async (who: User) => (await callRoute(receiptPage, await makeRequest(`/receipt/${payment.id}`, { user: who }), { paymentId: String(payment.id) })).status;
    expect(await receipt(clerk)).toBe(200);
    expect(await receipt(await createUser())).toBe(404);
  });
});

describe("counter payments", () => {
  it("a clerk records a check: the same receipt and amount as online, once per form, audited, and refunded at the counter by an admin", async () => {
    setTestNow(NOV_16);
    const { business } = await owned();
    const page = (await (await callRoute(businessPage, await makeRequest(`/admin/businesses/${business.id}`, { user: clerk }), { id: String(business.id) })).json()) as {
      counterKey: string;
      counterYears: { fiscalYear: number; totalCents: number }[];
    };
    expect(page.counterYears).toEqual([expect.objectContaining({ fiscalYear: 2027, totalCents: 172_50 })]);

    const noNumber = await post(clerk, business.id, { intent: "counter", method: "check", fiscalYear: "2027", key: page.counterKey });
    expect(noNumber.status).toBe(400);
    expect(((await noNumber.json()) as { fieldErrors: Record<string, string[]> }).fieldErrors.checkNumber).toEqual(["Give the check number"]);

    const form = { intent: "counter", method: "check", checkNumber: "1042", fiscalYear: "2027", key: page.counterKey };
    const [a, b] = await Promise.all([post(clerk, business.id, form), post(clerk, business.id, form)]);
    expect([a.status, b.status]).toEqual([302, 302]);
    const rows = getDb().select().from(payments).where(and(eq(payments.businessId, business.id), eq(payments.taxYear, 2027))).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 172_50, taxCents: 150_00, penaltyCents: 22_50, method: "check", checkNumber: "1042", recordedBy: clerk.id, feeCents: 0 });
    expect(rows[0].receiptNumber).toMatch(/^2027-\d{6}$/);
    expect(standingOfBusiness(business).holdsCurrent).toBe(true);
    expect(receiptDocument(rows[0], getBusiness(business.id)!).paymentType).toBe("Check no. 1042 (at the town's counter)");
    expect(JSON.parse(audits("payment.counter", rows[0].id)[0].after!)).toMatchObject({ method: "check", checkNumber: "1042", amountCents: 172_50 });

    // A second year the business already holds: refused.
    const held = await post(clerk, business.id, { intent: "counter", method: "cash", fiscalYear: "2027", key: crypto.randomUUID() });
    expect(held.status).toBe(409);
    expect(((await held.json()) as { error: string }).error).toBe(
      "This business already holds its Business Tax Receipt for FY2027 (valid October 1, 2026 through September 30, 2027).",
    );
    // The same refusal on a Spanish page: its year's dates in Spanish, not the model's English.
    const heldForm = { intent: "counter", method: "cash", fiscalYear: "2027", key: crypto.randomUUID() };
    const heldEs = await callRoute(businessAction, await makeRequest(`/admin/businesses/${business.id}?lng=es`, { user: clerk, form: heldForm }), { id: String(business.id) });
    expect(heldEs.status).toBe(409);
    expect(((await heldEs.json()) as { error: string }).error).toBe(
      "Este negocio ya tiene su recibo de impuesto comercial del FY2027 (válido del 1 de octubre de 2026 al 30 de septiembre de 2027).",
    );
    // A year not on sale yet, in Spanish too.
    const laterEs = await callRoute(
      businessAction,
      await makeRequest(`/admin/businesses/${business.id}?lng=es`, { user: clerk, form: { ...heldForm, fiscalYear: "2028", key: crypto.randomUUID() } }),
      { id: String(business.id) },
    );
    expect(laterEs.status).toBe(409);
    expect(((await laterEs.json()) as { error: string }).error).toMatch(/^Los recibos del FY2028 .* de 2027\.$/);

    // A counter payment is paid back at the counter: recorded, no Stripe call.
    const stripeRefunds = double.state.refunds.size;
    expect((await post(admin, business.id, { intent: "refund", paymentId: String(rows[0].id), amount: "172.50", reason: "Paid twice by mistake" })).status).toBe(302);
    expect(double.state.refunds.size).toBe(stripeRefunds);
    expect(refundRows(rows[0].id)).toMatchObject([{ amount: 172_50, status: "succeeded", stripeRefundId: null }]);
    expect(standingOfBusiness(business).holdsCurrent).toBe(false);
  });
});

describe("roles on the read-only admin API", () => {
  it("a clerk reads payments and the remittance report, not the user list; a user gets 403", async () => {
    const user = await createUser();
    expect((await callRoute(apiPayments, await makeRequest("/api/admin/payments", { user: clerk }))).status).toBe(200);
    expect((await callRoute(apiRemittance, await makeRequest("/api/admin/remittance", { user: clerk }))).status).toBe(200);
    expect((await callRoute(apiUsers, await makeRequest("/api/admin/users", { user: clerk }))).status).toBe(403);
    expect((await callRoute(apiPayments, await makeRequest("/api/admin/payments", { user }))).status).toBe(403);
    expect((await callRoute(apiRemittance, await makeRequest("/api/admin/remittance", {}))).status).toBe(401);
  });
});

describe("remittance", () => {
  it("closing a month keeps its statement; a later refund is an adjustment in the next one; the statements add up to the tables", async () => {
    setTestNow(NOV_16);
    const { business, payment } = await paidOnline();
    const counter = await owned();
    const { counterKey } = (await (await callRoute(businessPage, await makeRequest(`/admin/businesses/${counter.business.id}`, { user: clerk }), { id: String(counter.business.id) })).json()) as { counterKey: string };
    expect((await post(clerk, counter.business.id, { intent: "counter", method: "cash", key: counterKey })).status).toBe(302);

    // The card fee is Stripe's (2.9% + 30c of $172.50 = $5.30), read when the period closes.
    const preview = openStatement({ from: "2026-11-01", to: "2026-11-16" });
    const mine = preview.lines.filter((l) => (l.businessId === business.id || l.businessId === counter.business.id) && l.fiscalYear === "2026-2027");
    expect(mine.map((l) => [l.kind, l.method, l.grossCents])).toEqual([
      ["payment", "card", 172_50],
      ["payment", "cash", 172_50],
    ]);

    // A clerk cannot close (403); a period ending after today cannot be closed.
    const clerkClose = await callRoute(remittancePageAction, await makeRequest("/admin/remittance", { user: clerk, form: { from: "2026-11-01", to: "2026-11-16", remittedOn: "2026-11-16", reference: "x" } }));
    expect(clerkClose.status).toBe(403);
    const future = await callRoute(remittancePageAction, await makeRequest("/admin/remittance", { user: admin, form: { from: "2026-11-01", to: "2026-11-30", remittedOn: "2026-11-16", reference: "ACH 1" } }));
    expect(future.status).toBe(400);
    expect(((await future.json()) as { error: string }).error).toBe("A period can be closed once it has ended: choose a last day no later than today.");

    const closed = await callRoute(remittancePageAction, await makeRequest("/admin/remittance", { user: admin, form: { from: "2026-11-01", to: "2026-11-16", remittedOn: "2026-11-16", reference: "ACH 20261116" } }));
    expect(closed.status).toBe(302);
    const statementId = Number(closed.headers.get("Location")!.split("/").pop());
    const statement = closedStatement(statementId)!;
    const cardLine = statement.lines.find((l) => l.paymentId === payment.id)!;
    expect(cardLine).toMatchObject({ grossCents: 172_50, feeCents: 5_30, netCents: 167_20, remittanceId: statementId });
    expect(statement.lines.find((l) => l.businessId === counter.business.id && l.fiscalYear === "2026-2027")).toMatchObject({ grossCents: 172_50, feeCents: 0, netCents: 172_50 });
    expect(statement.totals.netCents).toBe(statement.totals.grossCents - statement.totals.feeCents - statement.totals.refundCents);
    expect(statement.businesses.map((b) => b.id)).toEqual(expect.arrayContaining([business.id, counter.business.id]));
    expect(JSON.parse(audits("remittance.close", statementId)[0].after!)).toMatchObject({ reference: "ACH 20261116", netCents: statement.totals.netCents });
    const frozen = JSON.stringify(statement);

    // December: the card payment is partly refunded. The closed statement does not move.
    setTestNow("2026-12-03T10:00:00-05:00");
    expect((await post(admin, business.id, { intent: "refund", paymentId: String(payment.id), amount: "50.00", reason: "Employee count corrected" })).status).toBe(302);
    expect(JSON.stringify(closedStatement(statementId))).toBe(frozen);
    const december = openStatement({ from: "2026-12-01", to: "2026-12-03" });
    expect(december.lines.find((l) => l.paymentId === payment.id)).toMatchObject({ kind: "refund", date: "2026-12-03", refundCents: 50_00, netCents: -50_00, adjustsRemittanceId: statementId });
    // The database refuses to change what was remitted.
    const raw = new Database(process.env.DATABASE_PATH!);
    expect(() => raw.prepare("UPDATE remittances SET net_cents = 0 WHERE id = ?").run(statementId)).toThrow(/closed for good/);
    expect(() => raw.prepare("UPDATE payments SET amount = 1 WHERE id = ?").run(payment.id)).toThrow(/cannot change/);
    expect(() => raw.prepare("DELETE FROM remittances WHERE id = ?").run(statementId)).toThrow(/closed for good/);
    raw.close();

    const second = await closePeriod(admin, { from: "2026-12-01", to: "2026-12-03", remittedOn: "2026-12-03", reference: "ACH 20261203" });
    expect(second.lines.some((l) => l.kind === "refund" && l.paymentId === payment.id)).toBe(true);

    // Every payment and refund is carried by exactly one statement (or none yet): the sums agree.
    const db = getDb();
    const all = db.select().from(payments).all();
    const allRefunds = db.select().from(refunds).where(eq(refunds.status, "succeeded")).all();
    const ids = [...new Set(all.map((p) => p.remittanceId).concat(allRefunds.map((r) => r.remittanceId)).filter((id): id is number => id !== null))];
    const statements = ids.map((id) => closedStatement(id)!);
    const open = openStatement({ from: "2000-01-01", to: "2026-12-03" });
    const sum = (pick: (t: typeof open.totals) => number) => statements.reduce((n, s) => n + pick(s.totals), 0) + pick(open.totals);
    expect(sum((t) => t.grossCents)).toBe(all.filter((p) => (p.paidAt ?? p.createdAt) < new Date("2026-12-04T05:00:00Z")).reduce((n, p) => n + p.amount, 0));
    expect(sum((t) => t.refundCents)).toBe(allRefunds.reduce((n, r) => n + r.amount, 0));
    expect(sum((t) => t.paymentCount)).toBe(all.filter((p) => (p.paidAt ?? p.createdAt) < new Date("2026-12-04T05:00:00Z")).length);
    for (const s of statements) expect(s.totals.grossCents - s.totals.feeCents - s.totals.refundCents).toBe(s.totals.netCents);

    // The API: the range report, the statement as JSON, CSV (net per line) and PDF.
    const report = (await (await callRoute(apiRemittance, await makeRequest("/api/admin/remittance?from=2026-12-01&to=2026-12-31", { user: clerk }))).json()) as { lines: { kind: string; paymentId: number }[] };
    expect(report.lines).toContainEqual(expect.objectContaining({ kind: "refund", paymentId: payment.id }));
    const csv = await (await callRoute(apiStatement, await makeRequest(`/api/admin/remittances/${statementId}?format=csv`, { user: clerk }), { id: String(statementId) })).text();
    const table = parseCsv(csv.replace(/^\uFEFF/, ""));
    const netColumn = table[0].indexOf("Net");
    expect(table.find((row) => row.includes(payment.receiptNumber!) && row[1] === "Payment")![netColumn]).toBe("167.20");
    const pdf = await callRoute(apiStatement, await makeRequest(`/api/admin/remittances/${statementId}?format=pdf`, { user: clerk }), { id: String(statementId) });
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    const text = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join("\n");
    expect(text).toContain(`Remittance statement #${statementId}`);
    expect(text).toContain("$167.20");
    expect(text).toContain(getBusiness(business.id)!.name);
    // For people, the PDF is in the staff member's language; the state's data stays as written.
    const pdfEs = await callRoute(apiStatement, await makeRequest(`/api/admin/remittances/${statementId}?format=pdf&lng=es`, { user: clerk }), { id: String(statementId) });
    const textEs = (await pdfPages(new Uint8Array(await pdfEs.arrayBuffer()))).join("\n");
    expect(textEs).toContain(`Estado de cuenta de remesa n.º ${statementId}`);
    expect(textEs).toContain("Neto adeudado al municipio");
    expect(textEs).toMatch(/Período: del \d+ de noviembre de 2026 al \d+ de noviembre de 2026\n+Remitido el \d+ de noviembre de 2026/);
    expect(textEs).toContain("Forma de pago");
    expect(textEs).toContain("Tarjeta (en l");
    expect(textEs).toContain("$167.20");
    expect(textEs).toContain(getBusiness(business.id)!.name);
    expect(textEs).not.toContain("Remittance statement");
  });

  it("refuses to close an empty period (409) and keeps nothing", async () => {
    setTestNow("2026-12-05T10:00:00-05:00");
    await closePeriod(admin, { from: "2000-01-01", to: "2026-12-04", remittedOn: "2026-12-05", reference: "sweep" }).catch(() => null);
    await expect(closePeriod(admin, { from: "2026-12-04", to: "2026-12-04", remittedOn: "2026-12-05", reference: "empty" })).rejects.toMatchObject({ status: 409 });
    expect(collectedBetween({ from: "2026-12-04", to: "2026-12-04" }).lines).toEqual([]);
  });
});
