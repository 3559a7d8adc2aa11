/**
 * Each message is produced by its event and arrives over real SMTP (the local server) with the
 * right recipient, subject and amounts; a repeated event sends nothing twice.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox, users } from "~/db/schema";
import { loader as adminMessageLoader } from "~/routes/admin_.mail.$id";
import { loader as adminAttachmentLoader } from "~/routes/admin_.mail.$id_.attachments.$index";
import { claimBusiness } from "~/models/claim.server";
import { unsubscribeToken } from "~/models/mail-events.server";
import { receiptNumber } from "~/lib/receipt";
import { recordConfirmedPayment } from "~/models/payment.server";
import { registerUser, updateProfile } from "~/models/user.server";
import { action as unsubscribeAction, loader as unsubscribeLoader } from "~/routes/unsubscribe.$token";
import { loader as verifyLoader } from "~/routes/verify-email.$token";
import * as createSubRoute from "~/routes/api.create-subscription";
import * as subRoute from "~/routes/api.subscription.$businessId";
import type { StripeDouble } from "../../stripe-double/index";
import { callRoute, createBusiness, createUser, getBusiness, makeRequest, unique } from "../support/factories";
import { linkIn, setupTestMail } from "../support/mail";
import { deliverWebhook, lastEvent, startTestStripe, testStripe } from "../support/stripe";

const mail = setupTestMail({ storeDir: fs.mkdtempSync(path.join(os.tmpdir(), "mail-store-")) });
let double: StripeDouble;
beforeAll(async () => {
  double = await startTestStripe();
});
afterAll(async () => {
  await double.close();
});

const call = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callRoute(fn as Parameters<typeof callRoute>[0], request, params);

async function inbox(email: string): Promise<ParsedMail[]> {
  await mail.deliver();
  return mail.to(email);
}

const userRow = (id: number) => getDb().select().from(users).where(eq(users.id, id)).get()!;

describe("welcome and email confirmation", () => {
  it("register sends a welcome with a single-use link that confirms the address", async () => {
    const username = unique("new_");
    const outcome = await registerUser({
      username,
      email: `${username}@Example.com`,
      firstName: "Ana",
      lastName: "Diaz",
      password: "secret-123",
      confirmPassword: "secret-123",
    });
    if (!outcome.ok) throw new Error("register failed");
    const [welcome, ...rest] = await inbox(`${username}@example.com`);
    expect(rest).toHaveLength(0);
    expect(welcome.subject).toBe("Welcome to Pembroke Park Business Tax Receipts");
    expect(welcome.text).toContain("Hello Ana,");
    expect(welcome.text).toContain(username);
    expect(welcome.html).toContain('lang="en"');
    expect(welcome.html).toContain("width=device-width");
    expect(userRow(outcome.user.id).emailVerifiedAt).toBeNull();

    const token = new URL(linkIn(welcome, "/verify-email/")).pathname.split("/").pop()!;
    const ok = await call(verifyLoader, await makeRequest(`/verify-email/${token}`), { token });
    expect(ok.status).toBe(200);
    expect(userRow(outcome.user.id).emailVerifiedAt).toBeInstanceOf(Date);
    expect((await call(verifyLoader, await makeRequest(`/verify-email/${token}`), { token })).status).toBe(410);

    // A new address must be confirmed again.
    updateProfile(outcome.user.id, { email: `${username}.new@example.com`, firstName: "Ana", lastName: "Diaz" });
    expect(userRow(outcome.user.id).emailVerifiedAt).toBeNull();
    // The old link cannot confirm the new address.
    expect((await call(verifyLoader, await makeRequest(`/verify-email/${token}`), { token })).status).toBe(410);
  });
});

describe("claim confirmation", () => {
  it("a successful claim mails the new owner with the fee; a wrong code mails nothing", async () => {
    const owner = await createUser();
    const business = createBusiness();
    expect(claimBusiness({ businessId: business.id, userId: owner.id, employeeCount: 2, vehicleCount: 1, verificationCode: "0000000" }).ok).toBe(false);
    expect(await inbox(owner.email)).toHaveLength(0);
    expect(claimBusiness({ businessId: business.id, userId: owner.id, employeeCount: 2, vehicleCount: 1, verificationCode: "7654321" }).ok).toBe(true);
    const got = await inbox(owner.email);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`You have claimed ${business.name}`);
    expect(got[0].text).toContain("$120.00");
    expect(got[0].text).toContain(`http://localhost:3000/payment/${business.id}`);
  });
});

describe("receipts", () => {
  it("a recorded payment mails its payer the receipt with amount and link, once", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 0, vehicleCount: 3 });
    const confirmed = {
      paymentIntentId: `pi_${unique("")}`,
      businessId: business.id,
      userId: owner.id,
      amount: 13000,
      currency: "usd",
      description: "Business Tax Receipt",
      receiptUrl: null,
      fiscalYear: null,
      chargedAt: null,
    };
    const { payment } = await recordConfirmedPayment(confirmed);
    await recordConfirmedPayment(confirmed); // redelivered: already recorded
    const got = await inbox(owner.email);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toBe(`Receipt ${receiptNumber(payment)}: $130.00 for ${business.name}`);
    expect(got[0].text).toContain("Amount paid: $130.00");
    expect(got[0].text).toContain(`http://localhost:3000/receipt/${payment.id}`);
    expect(got[0].text).toContain(business.documentNumber);
    expect(got[0].attachments.map((a) => [a.filename, a.contentType])).toEqual([[`receipt-${receiptNumber(payment)}.pdf`, "application/pdf"]]);
    expect(got[0].attachments[0].content.subarray(0, 5).toString()).toBe("%PDF-");

    // The administrators' outbox shows the received copy, and its PDF downloads; others get nothing.
    const row = getDb().select().from(outbox).where(eq(outbox.dedupeKey, `receipt:${payment.id}`)).get()!;
    const admin = await createUser({ isAdmin: true });
    const params = { id: String(row.id) };
    const page = await call(adminMessageLoader, await makeRequest(`/admin/mail/${row.id}`, { user: admin }), params);
    const view = (await page.json()) as { view: { copies: number; text: string; html: string; attachments: { filename: string }[] } };
    expect(view.view.copies).toBe(1);
    expect(view.view.text).toContain("Amount paid: $130.00");
    expect(view.view.html).toContain("<h1");
    expect(view.view.attachments.map((a) => a.filename)).toEqual([`receipt-${receiptNumber(payment)}.pdf`]);
    const pdf = await call(adminAttachmentLoader, await makeRequest(`/admin/mail/${row.id}/attachments/0`, { user: admin }), { ...params, index: "0" });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("Content-Type")).toBe("application/pdf");
    expect(pdf.headers.get("Content-Disposition")).toContain("attachment");
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    const stranger = await call(adminAttachmentLoader, await makeRequest(`/admin/mail/${row.id}/attachments/0`, { user: owner }), { ...params, index: "0" });
    expect(stranger.status).toBe(302);
  });
});

describe("auto-renewal", () => {
  async function card(number: string) {
    const pm = await testStripe().paymentMethods.create({ type: "card", card: { number, exp_month: 12, exp_year: 2034, cvc: "123" } as never });
    return pm.id;
  }

  async function subscribedBusiness() {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true, employeeCount: 2, vehicleCount: 1 });
    const res = await call(createSubRoute.action, await makeRequest("/api/create-subscription", { user: owner, json: { businessId: business.id, paymentMethodId: await card("4242424242424242") } }));
    expect(res.status).toBe(201);
    await call(subRoute.action, await makeRequest(`/api/subscription/${business.id}`, { user: owner, method: "POST" }), { businessId: String(business.id) });
    const subId = getBusiness(business.id)!.stripeSubscriptionId!;
    return { owner, business, subId };
  }

  it("a renewal charge mails its receipt; a failed one mails the owner, once per attempt", async () => {
    const { owner, business, subId } = await subscribedBusiness();
    double.state.advanceSubscription(subId);
    const paidInvoice = double.state.subscriptions.get(subId)!.latest_invoice as string;
    await deliverWebhook(double, lastEvent(double, "invoice.paid", paidInvoice));
    let got = await inbox(owner.email);
    expect(got).toHaveLength(1);
    expect(got[0].subject).toMatch(new RegExp(`^Receipt \\d{4}-\\d{6}: \\$120\\.00 for ${business.name}$`));
    expect(got[0].text).toContain("automatic renewal");

    const declining = await card("4000000000000002");
    const customer = userRow(owner.id).stripeCustomerId!;
    await testStripe().paymentMethods.attach(declining, { customer });
    await testStripe().subscriptions.update(subId, { default_payment_method: declining });
    double.state.advanceSubscription(subId);
    const failedInvoice = double.state.subscriptions.get(subId)!.latest_invoice as string;
    const event = lastEvent(double, "invoice.payment_failed", failedInvoice);
    await deliverWebhook(double, event);
    await deliverWebhook(double, { ...event, id: `${event.id}_again` });
    got = await inbox(owner.email);
    expect(got).toHaveLength(2);
    expect(got[1].subject).toBe(`Renewal payment failed for ${business.name}`);
    expect(got[1].text).toContain("$120.00");
    expect(got[1].text).toContain(`/business/${business.id}/subscription`);
  });
});

describe("one-click unsubscribe", () => {
  it("the signed link stops reminders at once; a forged one does nothing", async () => {
    const owner = await createUser();
    const token = unsubscribeToken(owner.id);
    expect((await call(unsubscribeLoader, await makeRequest(`/unsubscribe/${token}`), { token })).status).toBe(200);
    expect(userRow(owner.id).remindersOptOut).toBe(false);
    const res = await call(unsubscribeAction, await makeRequest(`/unsubscribe/${token}`, { form: { "List-Unsubscribe": "One-Click" } }), { token });
    expect(res.status).toBe(200);
    expect(userRow(owner.id).remindersOptOut).toBe(true);

    const other = await createUser();
    const forged = `${other.id}.${token.split(".")[1]}`;
    expect((await call(unsubscribeAction, await makeRequest(`/unsubscribe/${forged}`, { form: {} }), { token: forged })).status).toBe(404);
    expect(userRow(other.id).remindersOptOut).toBe(false);
  });
});
