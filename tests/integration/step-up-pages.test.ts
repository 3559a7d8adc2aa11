/**
 * Step-up on the staff pages (issue 41): a counter payment, a refund, closing a remittance
 * period, the fee schedule, a role change and a filings decision, sent by staff with an
 * authenticator from a session that has not passed it lately, answer 403 with the prompt and
 * every field carried; the code (or a recovery code) then runs the same action with those
 * fields, and the session stays verified for the next one. Staff without a factor
 * (STAFF_MFA=optional, the default here) are never asked. And /step-up itself.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses, feeSchedules, loginAttempts, payments, refunds, remittances, users, type User } from "~/db/schema";
import { WRONG_CODE } from "~/lib/schemas/mfa";
import { recordCounterPayment } from "~/models/counter-payment.server";
import { addDocument, createFiling, getFilingRow, saveAnswers, submitFiling } from "~/models/filings/filings.server";
import { markSessionMfa } from "~/models/session.server";
import { townToday } from "~/models/remittance.server";
import * as businessPage from "~/routes/admin_.businesses.$id";
import * as feeSchedulePage from "~/routes/admin_.fee-schedule";
import * as filingPage from "~/routes/admin_.filings.$id";
import * as remittancePage from "~/routes/admin_.remittance._index";
import * as rolePage from "~/routes/admin_.users.$id.role";
import * as stepUpPage from "~/routes/step-up";
import { StoredUpload, storedFilePath } from "~/services/uploads.server";
import { getSession } from "~/utils/session.server";
import { flashedToast, uniqueAddress } from "../support/accounts";
import { callRoute as callAnyRoute, createBusiness, createUser, makeRequest, sessionCookieFor, unique } from "../support/factories";
import { GOOD_ANSWERS } from "../support/filings";
import { enrolTotp, totpCode, wrongCode } from "../support/mfa";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

type Prompt = { stepUp: { fields: [string, string][]; methods: string[]; error: string | null } };

/** One browser: a session of the user (not verified by a factor) and its own client address. */
type Browser = { user: User; cookie: string; address: string };

async function browserOf(user: User): Promise<Browser> {
  return { user, cookie: await sessionCookieFor(user.id), address: uniqueAddress() };
}

/** A staff member with an authenticator, signed in with a session that has not passed it. */
async function staffWithFactor(role: "admin" | "clerk") {
  const user = await createUser({ role, isAdmin: role === "admin", username: unique(`${role}_`) });
  const { secret, recoveryCodes } = enrolTotp(user.id);
  return { browser: await browserOf(user), secret, recoveryCodes };
}

async function request(browser: Browser, url: string, form?: Record<string, string>) {
  return makeRequest(url, { cookie: browser.cookie, form, headers: { "X-Forwarded-For": browser.address } });
}

const post = async (browser: Browser, action: unknown, url: string, form: Record<string, string>, params: Record<string, string> = {}) =>
  callRoute(action, await request(browser, url, form), params);

async function sessionOf(browser: Browser) {
  return (await getSession(await request(browser, "/")))!.session;
}

/** Expects the step-up prompt carrying exactly `form`'s fields. */
async function expectPrompt(response: Response, form: Record<string, string>, error: string | null = null) {
  expect(response.status).toBe(403);
  const body = (await response.json()) as Prompt;
  expect(body.stepUp.error).toBe(error);
  expect(body.stepUp.methods).toEqual(expect.arrayContaining(["totp", "recovery"]));
  expect(Object.fromEntries(body.stepUp.fields)).toEqual(form);
  return body.stepUp;
}

/** A check taken at the counter for a new business, recorded by `clerk`. */
async function counterPayment(clerk: User) {
  const business = createBusiness({ name: `Step-up ${unique()} LLC`, employeeCount: 2, vehicleCount: 0 });
  const { payment } = recordCounterPayment(clerk, { businessId: business.id, method: "check", checkNumber: "77", key: crypto.randomUUID() });
  return { business, payment };
}

const paymentsOf = (businessId: number) => getDb().select().from(payments).where(eq(payments.businessId, businessId)).all();

describe("staff with an authenticator, from a session that has not passed it", () => {
  it("a counter payment asks, keeps every field through a wrong code, and is recorded once after the right one; the next action is not asked again", async () => {
    const { browser, secret } = await staffWithFactor("clerk");
    const business = createBusiness({ name: `Counter ${unique()} LLC`, employeeCount: 2, vehicleCount: 0 });
    const url = `/admin/businesses/${business.id}`;
    const params = { id: String(business.id) };
    const form = { intent: "counter", key: crypto.randomUUID(), method: "check", checkNumber: "1042" };

    await expectPrompt(await post(browser, businessPage.action, url, form, params), form);
    expect(paymentsOf(business.id)).toHaveLength(0);

    const wrong = await post(browser, businessPage.action, url, { ...form, stepUpCode: wrongCode(secret) }, params);
    const again = await expectPrompt(wrong, form, WRONG_CODE);
    expect(paymentsOf(business.id)).toHaveLength(0);
    expect((await sessionOf(browser)).mfaAt).toBeNull();

    const right = await post(browser, businessPage.action, url, { ...Object.fromEntries(again.fields), stepUpCode: totpCode(secret) }, params);
    expect(right.status).toBe(302);
    expect(await flashedToast(right)).toMatchObject({ title: "Payment recorded" });
    expect(paymentsOf(business.id)).toEqual([expect.objectContaining({ method: "check", checkNumber: "1042", stripePaymentId: `counter:${form.key}` })]);
    expect((await sessionOf(browser)).mfaAt).not.toBeNull();
    // The code's right answer was not kept as a failure.
    expect(getDb().select().from(loginAttempts).where(eq(loginAttempts.username, browser.user.username.toLowerCase())).all()).toHaveLength(0);

    // Verified: the next counter payment goes straight through.
    const other = createBusiness({ name: `Counter ${unique()} LLC`, employeeCount: 0, vehicleCount: 0 });
    const next = await post(browser, businessPage.action, `/admin/businesses/${other.id}`, { intent: "counter", key: crypto.randomUUID(), method: "cash" }, { id: String(other.id) });
    expect(next.status).toBe(302);
    expect(paymentsOf(other.id)).toHaveLength(1);
  });

  it("a refund carries its amount and reason; a recovery code passes too", async () => {
    const { browser, recoveryCodes } = await staffWithFactor("admin");
    const { business, payment } = await counterPayment(browser.user);
    const url = `/admin/businesses/${business.id}`;
    const params = { id: String(business.id) };
    const form = { intent: "refund", paymentId: String(payment.id), amount: "12.34", reason: "Counted one vehicle too many" };

    const prompt = await expectPrompt(await post(browser, businessPage.action, url, form, params), form);
    expect(getDb().select().from(refunds).where(eq(refunds.paymentId, payment.id)).all()).toHaveLength(0);

    const done = await post(browser, businessPage.action, url, { ...Object.fromEntries(prompt.fields), stepUpCode: recoveryCodes[0] }, params);
    expect(done.status).toBe(302);
    expect(await flashedToast(done)).toMatchObject({ title: "Refund made", description: "$12.34 refunded." });
    expect(getDb().select().from(refunds).where(eq(refunds.paymentId, payment.id)).all()).toEqual([
      expect.objectContaining({ amount: 12_34, reason: "Counted one vehicle too many", status: "succeeded" }),
    ]);
  });

  it("an invalid refund is told at once, before any code is asked", async () => {
    const { browser } = await staffWithFactor("admin");
    const { business, payment } = await counterPayment(browser.user);
    const response = await post(browser, businessPage.action, `/admin/businesses/${business.id}`, { intent: "refund", paymentId: String(payment.id), amount: "", reason: "" }, { id: String(business.id) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ form: "refund" });
  });

  it("closing a remittance period asks, then closes with the reference typed first", async () => {
    const { browser, secret } = await staffWithFactor("admin");
    await counterPayment(browser.user);
    const today = townToday();
    const reference = unique("ACH ");
    const form = { from: "2000-01-01", to: today, remittedOn: today, reference };

    await expectPrompt(await post(browser, remittancePage.action, "/admin/remittance?index", form), form);
    expect(getDb().select().from(remittances).where(eq(remittances.reference, reference)).all()).toHaveLength(0);

    const closed = await post(browser, remittancePage.action, "/admin/remittance?index", { ...form, stepUpCode: totpCode(secret) });
    expect(closed.status).toBe(302);
    const [statement] = getDb().select().from(remittances).where(eq(remittances.reference, reference)).all();
    expect(closed.headers.get("Location")).toBe(`/admin/remittance/${statement.id}`);
  });

  it("the fee schedule asks, then saves the figures typed first", async () => {
    const { browser, secret } = await staffWithFactor("admin");
    const form = {
      fiscalYear: "2071",
      base: "130.00",
      perEmployee: "7",
      perVehicle: "11.50",
      firstMonthPenaltyPercent: "10",
      furtherMonthPenaltyPercent: "5",
      penaltyCapPercent: "25",
      neverReceiptedPenaltyApplies: "on",
      neverReceiptedPenaltyPercent: "25",
      renewalOpens: "07-01",
      dueDay: "09-30",
      renewalCharge: "09-01",
    };
    const saved = () => getDb().select().from(feeSchedules).where(eq(feeSchedules.fiscalYear, 2071)).get();
    await expectPrompt(await post(browser, feeSchedulePage.action, "/admin/fee-schedule?year=2071", form), form);
    expect(saved()).toBeUndefined();

    const done = await post(browser, feeSchedulePage.action, "/admin/fee-schedule?year=2071", { ...form, stepUpCode: totpCode(secret) });
    expect(done.status).toBe(302);
    expect(saved()).toMatchObject({ baseCents: 130_00, perEmployeeCents: 7_00, perVehicleCents: 11_50, neverReceiptedPenaltyApplies: true });
  });

  it("a role change asks on the role's own page, then changes the role", async () => {
    const { browser, secret } = await staffWithFactor("admin");
    const target = await createUser();
    const url = `/admin/users/${target.id}/role`;
    const params = { id: String(target.id) };
    const page = await callRoute(rolePage.loader, await request(browser, url), params);
    expect(await page.json()).toMatchObject({ user: { id: target.id, username: target.username, role: "user" } });

    await expectPrompt(await post(browser, rolePage.action, url, { role: "clerk" }, params), { role: "clerk" });
    expect(getDb().select().from(users).where(eq(users.id, target.id)).get()!.role).not.toBe("clerk");

    const done = await post(browser, rolePage.action, url, { role: "clerk", stepUpCode: totpCode(secret) }, params);
    expect(done.headers.get("Location")).toBe("/admin?tab=users");
    expect(await flashedToast(done)).toMatchObject({ title: "Role changed" });
    expect(getDb().select().from(users).where(eq(users.id, target.id)).get()!.role).toBe("clerk");
  });

  it("a filings decision asks, then is taken with the message typed first", async () => {
    const { browser, secret } = await staffWithFactor("clerk");
    const filingId = await submittedFiling();
    const url = `/admin/filings/${filingId}`;
    const params = { id: String(filingId) };
    const form = { intent: "request-changes", message: "Please give the unit number" };

    await expectPrompt(await post(browser, filingPage.action, url, form, params), form);
    expect(getFilingRow(filingId)!.status).toBe("submitted");

    const done = await post(browser, filingPage.action, url, { ...form, stepUpCode: totpCode(secret) }, params);
    expect(done.status).toBe(302);
    expect(getFilingRow(filingId)).toMatchObject({ status: "changes-requested", decisionMessage: "Please give the unit number" });
  });

  it("a session that passed the factor at sign-in within 12 hours is not asked; an older one is", async () => {
    const { browser } = await staffWithFactor("admin");
    const target = await createUser();
    const url = `/admin/users/${target.id}/role`;
    const params = { id: String(target.id) };
    const session = await sessionOf(browser);
    markSessionMfa(session.id, new Date(Date.now() - 13 * 60 * 60 * 1000));
    await expectPrompt(await post(browser, rolePage.action, url, { role: "clerk" }, params), { role: "clerk" });
    markSessionMfa(session.id, new Date(Date.now() - 11 * 60 * 60 * 1000));
    expect((await post(browser, rolePage.action, url, { role: "clerk" }, params)).status).toBe(302);
  });
});

describe("staff without a second factor (STAFF_MFA=optional)", () => {
  it("are never asked: the refund, the role change and the decision go straight through", async () => {
    const admin = await browserOf(await createUser({ role: "admin", isAdmin: true, username: unique("admin_") }));
    const { business, payment } = await counterPayment(admin.user);
    const refund = await post(admin, businessPage.action, `/admin/businesses/${business.id}`, { intent: "refund", paymentId: String(payment.id), amount: "1.00", reason: "Rounding" }, { id: String(business.id) });
    expect(refund.status).toBe(302);
    expect(await flashedToast(refund)).toMatchObject({ title: "Refund made" });

    const target = await createUser();
    const role = await post(admin, rolePage.action, `/admin/users/${target.id}/role`, { role: "clerk" }, { id: String(target.id) });
    expect(await flashedToast(role)).toMatchObject({ title: "Role changed" });

    const filingId = await submittedFiling();
    const decision = await post(admin, filingPage.action, `/admin/filings/${filingId}`, { intent: "deny", message: "Not in the town" }, { id: String(filingId) });
    expect(decision.status).toBe(302);
    expect(getFilingRow(filingId)!.status).toBe("denied");
  });

  it("a business owner's account with a factor is not staff: the staff pages refuse it as before", async () => {
    const owner = await createUser();
    enrolTotp(owner.id);
    const browser = await browserOf(owner);
    const business = getDb().select().from(businesses).limit(1).get() ?? createBusiness();
    const response = await post(browser, businessPage.action, `/admin/businesses/${business.id}`, { intent: "counter", key: crypto.randomUUID(), method: "cash" }, { id: String(business.id) });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
  });
});

describe("/step-up", () => {
  it("sends a signed-out visitor to sign in, and an account without a factor to enrol one, keeping where they were going", async () => {
    const out = await callRoute(stepUpPage.loader, await makeRequest("/step-up?redirectTo=%2Fadmin%2Fremittance"));
    expect(out.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: "/admin/remittance" })}`);
    const plain = await browserOf(await createUser({ role: "clerk", username: unique("clerk_") }));
    const none = await callRoute(stepUpPage.loader, await request(plain, "/step-up?redirectTo=%2Fadmin%2Fremittance"));
    expect(none.headers.get("Location")).toBe(`/profile/security?${new URLSearchParams({ redirectTo: "/admin/remittance" })}`);
  });

  it("asks for the code: a wrong one is 401 with the message, the right one verifies the session and goes on", async () => {
    const { browser, secret } = await staffWithFactor("clerk");
    const page = await callRoute(stepUpPage.loader, await request(browser, "/step-up?redirectTo=%2Fadmin%2Ffilings"));
    expect(await page.json()).toMatchObject({ redirectTo: "/admin/filings", methods: ["totp", "recovery"] });

    const empty = await post(browser, stepUpPage.action, "/step-up", { redirectTo: "/admin/filings", stepUpCode: " " });
    expect(empty.status).toBe(400);
    const wrong = await post(browser, stepUpPage.action, "/step-up", { redirectTo: "/admin/filings", stepUpCode: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: WRONG_CODE });
    expect((await sessionOf(browser)).mfaAt).toBeNull();

    const right = await post(browser, stepUpPage.action, "/step-up", { redirectTo: "/admin/filings", stepUpCode: totpCode(secret) });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/admin/filings");
    expect((await sessionOf(browser)).mfaAt).not.toBeNull();
  });

  it("never follows a redirect off the site", async () => {
    const { browser, recoveryCodes } = await staffWithFactor("admin");
    const page = await callRoute(stepUpPage.loader, await request(browser, "/step-up?redirectTo=https%3A%2F%2Fevil.example%2F"));
    expect(await page.json()).toMatchObject({ redirectTo: "/admin" });
    const done = await post(browser, stepUpPage.action, "/step-up", { redirectTo: "//evil.example", stepUpCode: recoveryCodes[1] });
    expect(done.headers.get("Location")).toBe("/admin");
  });

  it("locks after the sign-in lockout's count of wrong codes: 429 with Retry-After", async () => {
    const { browser, secret } = await staffWithFactor("clerk");
    const bad = wrongCode(secret);
    for (let i = 0; i < 10; i += 1) {
      expect((await post(browser, stepUpPage.action, "/step-up", { redirectTo: "/admin", stepUpCode: bad })).status).toBe(401);
    }
    const locked = await post(browser, stepUpPage.action, "/step-up", { redirectTo: "/admin", stepUpCode: totpCode(secret) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await locked.json()) as { error: string }).error).toMatch(/^Too many failed sign-in attempts/);
    expect((await sessionOf(browser)).mfaAt).toBeNull();
  });
});

/** A new receipt application, submitted with its document, waiting for a decision. */
async function submittedFiling(): Promise<number> {
  const applicant = await createUser();
  const filing = createFiling(applicant, "new-business");
  expect(saveAnswers(applicant, filing, { ...GOOD_ANSWERS, businessName: `Step-up ${unique("")} Café`, category: "home-occupation", employeeCount: "1" }).errors).toEqual({});
  const key = `${crypto.randomBytes(16).toString("hex")}.pdf`;
  const file = storedFilePath(key)!;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const bytes = Buffer.from("%PDF-1.4\n%test\n");
  fs.writeFileSync(file, bytes);
  await addDocument(getFilingRow(filing.id)!, "proof-of-location", new StoredUpload("lease.pdf", "application/pdf", bytes.length, key));
  submitFiling(applicant, getFilingRow(filing.id)!);
  return filing.id;
}

