/**
 * Step-up on the staff JSON endpoints (issue 41): a refund, closing a remittance period, a role
 * change and a filings decision, called by staff with a second factor from a session that has
 * not passed it in 12 hours, answer 403 mfa_required and do nothing; POST /api/user/mfa/verify
 * (a code or a recovery code) then lets the same request through. STAFF_MFA both ways: optional
 * asks only accounts with a factor; required refuses every staff endpoint to staff without one
 * (or whose session has not passed it) until they enrol, and leaves owners alone.
 */
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { refunds, remittances, users, type User } from "~/db/schema";
import { roleOf } from "~/lib/roles";
import { recordCounterPayment } from "~/models/counter-payment.server";
import { getFilingRow } from "~/models/filings/filings.server";
import { townToday } from "~/models/remittance.server";
import { markSessionMfa } from "~/models/session.server";
import * as apiLogin from "~/routes/api.login";
import * as apiLoginMfa from "~/routes/api.login.mfa";
import * as adminPayments from "~/routes/api.admin.payments";
import * as decisionApi from "~/routes/api.admin.filings.$id.decision";
import * as refundApi from "~/routes/api.admin.payments.$id.refunds";
import * as remittancesApi from "~/routes/api.admin.remittances";
import * as roleApi from "~/routes/api.admin.users.$id";
import * as apiUser from "~/routes/api.user";
import * as apiTotp from "~/routes/api.user.mfa.totp";
import * as apiTotpConfirm from "~/routes/api.user.mfa.totp.confirm";
import * as apiVerify from "~/routes/api.user.mfa.verify";
import { resetEnvCache } from "~/utils/env.server";
import { getSession } from "~/utils/session.server";
import { CookieJar } from "../support/cookie-jar";
import { createBusiness, createUser, sessionCookieFor, TEST_PASSWORD, unique } from "../support/factories";
import { submittedApplication } from "../support/filings";
import { enrolTotp, totpCode, wrongCode } from "../support/mfa";

type ApiError = { error: { message: string; code?: string } };
const MFA_REQUIRED = { error: { message: "Second factor required", code: "mfa_required" } };

/** A browser of `user` with a fresh session that has not passed a factor. */
async function browserOf(user: User) {
  const jar = new CookieJar();
  const pair = await sessionCookieFor(user.id);
  jar.cookies.set("__session", pair);
  return jar;
}
async function staff(role: "admin" | "clerk", { factor }: { factor: boolean }) {
  const user = await createUser({ role, isAdmin: role === "admin", username: unique(`${role}_`) });
  const enrolment = factor ? enrolTotp(user.id) : null;
  return { user, jar: await browserOf(user), secret: enrolment?.secret ?? "", recoveryCodes: enrolment?.recoveryCodes ?? [] };
}

/** A cash payment taken at the counter: refundable without Stripe. */
function cashPayment(actor: User) {
  const business = createBusiness({ name: `Step-up API ${unique()} LLC`, employeeCount: 1, vehicleCount: 0 });
  return recordCounterPayment(actor, { businessId: business.id, method: "cash", key: crypto.randomUUID() }).payment;
}

const refund = (jar: CookieJar, paymentId: number, amountCents = 100) =>
  jar.call(refundApi.action, `/api/admin/payments/${paymentId}/refunds`, {
    json: { amountCents, reason: "Counted one employee too many" },
    params: { id: String(paymentId) },
  });
const closePeriod = (jar: CookieJar) => jar.call(remittancesApi.action, "/api/admin/remittances", { json: { through: townToday(), reference: `ACH ${unique()}` } });
const setRole = (jar: CookieJar, userId: number, role: string | null) =>
  jar.call(roleApi.action, `/api/admin/users/${userId}`, { method: "PATCH", json: { role }, params: { id: String(userId) } });
const decide = (jar: CookieJar, filingId: number) =>
  jar.call(decisionApi.action, `/api/admin/filings/${filingId}/decision`, {
    json: { decision: "deny", message: "The business is outside the town" },
    params: { id: String(filingId) },
  });
const verify = (jar: CookieJar, body: Record<string, string>) => jar.call(apiVerify.action, "/api/user/mfa/verify", { json: body });
const refundsOf = (paymentId: number) => getDb().select().from(refunds).where(eq(refunds.paymentId, paymentId)).all();
const roleOfId = (id: number) => roleOf(getDb().select().from(users).where(eq(users.id, id)).get());
const sessionOf = async (jar: CookieJar) => (await getSession(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } })))!.session;

const STAFF_MFA = process.env.STAFF_MFA;
afterEach(() => {
  if (STAFF_MFA === undefined) delete process.env.STAFF_MFA;
  else process.env.STAFF_MFA = STAFF_MFA;
  resetEnvCache();
});

describe("staff with a second factor, from a session that has not passed it (STAFF_MFA=optional)", () => {
  beforeEach(() => {
    process.env.STAFF_MFA = "optional";
    resetEnvCache();
  });

  it("a refund is 403 mfa_required and not made; a wrong code is 401; after POST /api/user/mfa/verify the same request refunds", async () => {
    const { user, jar, secret } = await staff("admin", { factor: true });
    const payment = cashPayment(user);

    const refused = await refund(jar, payment.id);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual(MFA_REQUIRED);
    expect(refundsOf(payment.id)).toHaveLength(0);

    const wrong = await verify(jar, { code: wrongCode(secret) });
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as ApiError).error.message).toBe("That code is not right. Check your authenticator app and try again");
    expect((await sessionOf(jar)).mfaAt).toBeNull();
    expect((await refund(jar, payment.id)).status).toBe(403);

    const right = await verify(jar, { code: totpCode(secret) });
    expect(right.status).toBe(200);
    const body = (await right.json()) as { verified: boolean; verifiedAt: string };
    expect(body.verified).toBe(true);
    expect((await sessionOf(jar)).mfaAt?.toISOString()).toBe(body.verifiedAt);

    const done = await refund(jar, payment.id);
    expect(done.status).toBe(201);
    expect(await done.json()).toMatchObject({ paymentId: payment.id, amountCents: 100, reason: "Counted one employee too many", status: "succeeded", stripeRefundId: null });
    expect(refundsOf(payment.id)).toHaveLength(1);
  });

  it("closing a period, a role change and a filings decision are refused too, then go through after a recovery code", async () => {
    const { user: admin, jar, recoveryCodes } = await staff("admin", { factor: true });
    cashPayment(admin);
    const target = await createUser();
    const { filing } = await submittedApplication();
    const closedBefore = getDb().select().from(remittances).all().length;

    for (const response of [await closePeriod(jar), await setRole(jar, target.id, "clerk"), await decide(jar, filing.id)]) {
      expect(response.status).toBe(403);
      expect(await response.json()).toEqual(MFA_REQUIRED);
    }
    expect(getDb().select().from(remittances).all()).toHaveLength(closedBefore);
    expect(roleOfId(target.id)).toBe("user");
    expect(getFilingRow(filing.id)!.status).toBe("submitted");

    expect((await verify(jar, { recoveryCode: recoveryCodes[0] })).status).toBe(200);
    const closed = await closePeriod(jar);
    expect(closed.status).toBe(201);
    const statement = (await closed.json()) as { id: number; period: { to: string }; lines: unknown[] };
    expect(closed.headers.get("Location")).toBe(`/api/admin/remittances/${statement.id}`);
    expect(statement.period.to).toBe(townToday());
    expect(statement.lines.length).toBeGreaterThan(0);
    const roled = await setRole(jar, target.id, "clerk");
    expect(roled.status).toBe(200);
    expect(await roled.json()).toMatchObject({ id: target.id, role: "clerk", isAdmin: false });
    expect(roleOfId(target.id)).toBe("clerk");
    expect((await setRole(jar, target.id, null)).status).toBe(200);
    expect(roleOfId(target.id)).toBe("user");
    expect((await decide(jar, filing.id)).status).toBe(200);
    expect(getFilingRow(filing.id)!.status).toBe("denied");
    // A used recovery code does not verify twice.
    expect((await verify(jar, { recoveryCode: recoveryCodes[0] })).status).toBe(401);
  });

  it("a session verified more than 12 hours ago is asked again; one that signed in with the code is not asked", async () => {
    const { user, jar, secret } = await staff("clerk", { factor: true });
    const { filing } = await submittedApplication();
    markSessionMfa((await sessionOf(jar)).id, new Date(Date.now() - 13 * 60 * 60 * 1000));
    expect((await decide(jar, filing.id)).status).toBe(403);

    const signIn = new CookieJar();
    const first = await signIn.call(apiLogin.action, "/api/login", { json: { username: user.username, password: TEST_PASSWORD } });
    expect(await first.json()).toMatchObject({ mfaRequired: true });
    expect((await signIn.call(apiLoginMfa.action, "/api/login/mfa", { json: { code: totpCode(secret) } })).status).toBe(200);
    expect((await decide(signIn, filing.id)).status).toBe(200);
  });

  it("the guards come first: signed out 401, a clerk on an administrator's endpoint 403 without the code", async () => {
    const out = new CookieJar();
    expect((await refund(out, 1)).status).toBe(401);
    expect((await closePeriod(out)).status).toBe(401);
    const { jar } = await staff("clerk", { factor: true });
    const asClerk = await setRole(jar, 1, "clerk");
    expect(asClerk.status).toBe(403);
    expect(await asClerk.json()).toEqual({ error: { message: "Administrator access required" } });
    // A half-signed-in administrator (password passed, code not yet) is not signed in at all.
    const { user: admin } = await staff("admin", { factor: true });
    const pending = new CookieJar();
    await pending.call(apiLogin.action, "/api/login", { json: { username: admin.username, password: TEST_PASSWORD } });
    expect(pending.has("__signin")).toBe(true);
    expect((await refund(pending, 1)).status).toBe(401);
    expect((await setRole(pending, 1, "clerk")).status).toBe(401);
  });

  it("verify: 409 for an account without a factor; wrong codes lock out like sign-in (429 with Retry-After)", async () => {
    const { jar: plain } = await staff("clerk", { factor: false });
    expect((await verify(plain, { code: "123456" })).status).toBe(409);
    const { jar, secret } = await staff("admin", { factor: true });
    for (let i = 0; i < 10; i++) expect((await verify(jar, { code: wrongCode(secret) })).status).toBe(401);
    const locked = await verify(jar, { code: totpCode(secret) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await sessionOf(jar)).mfaAt).toBeNull();
  });
});

describe("staff without a second factor", () => {
  it("STAFF_MFA=optional: are never asked (refund, role, close, decision go through)", async () => {
    process.env.STAFF_MFA = "optional";
    resetEnvCache();
    const { user: admin, jar } = await staff("admin", { factor: false });
    const payment = cashPayment(admin);
    expect((await refund(jar, payment.id)).status).toBe(201);
    const target = await createUser();
    expect((await setRole(jar, target.id, "admin")).status).toBe(200);
    expect(roleOfId(target.id)).toBe("admin");
    expect((await closePeriod(jar)).status).toBe(201);
    const { filing } = await submittedApplication();
    expect((await decide(jar, filing.id)).status).toBe(200);
    expect((await jar.call(adminPayments.loader, "/api/admin/payments")).status).toBe(200);
  });

  it("STAFF_MFA=required: every staff endpoint answers 403 mfa_required until they enrol (over JSON), then lets them in; owners are not asked", async () => {
    process.env.STAFF_MFA = "required";
    resetEnvCache();
    const { user: clerk, jar } = await staff("clerk", { factor: false });
    const list = await jar.call(adminPayments.loader, "/api/admin/payments");
    expect(list.status).toBe(403);
    expect(await list.json()).toEqual(MFA_REQUIRED);
    const { filing } = await submittedApplication();
    expect((await decide(jar, filing.id)).status).toBe(403);
    // Their own account still answers: they can enrol through the JSON door.
    expect((await jar.call(apiUser.loader, "/api/user")).status).toBe(200);
    const { secret } = (await (await jar.call(apiTotp.action, "/api/user/mfa/totp", { method: "POST" })).json()) as { secret: string };
    expect((await jar.call(apiTotpConfirm.action, "/api/user/mfa/totp/confirm", { json: { code: totpCode(secret) } })).status).toBe(200);
    // Confirming passed the factor in this session: in.
    expect((await jar.call(adminPayments.loader, "/api/admin/payments")).status).toBe(200);
    expect((await decide(jar, filing.id)).status).toBe(200);

    // Another session of the same clerk, enrolled now but not verified: refused until it passes the code.
    const other = await browserOf(clerk);
    expect((await other.call(adminPayments.loader, "/api/admin/payments")).status).toBe(403);
    expect((await verify(other, { code: totpCode(secret, Date.now() + 30_000) })).status).toBe(200);
    expect((await other.call(adminPayments.loader, "/api/admin/payments")).status).toBe(200);

    // A business owner without a factor is not staff: nothing asked of them.
    const owner = await browserOf(await createUser());
    expect((await owner.call(apiUser.loader, "/api/user")).status).toBe(200);
    expect((await owner.call(adminPayments.loader, "/api/admin/payments")).status).toBe(403);
    expect(await (await owner.call(adminPayments.loader, "/api/admin/payments")).json()).toEqual({ error: { message: "Staff access required" } });
  });
});
