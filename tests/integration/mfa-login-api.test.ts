/**
 * Signing in through the JSON door with a second factor (issue 41): POST /api/login answers
 * mfaRequired and only a pending cookie; the half-signed-in state opens nothing (GET /api/user, a
 * staff endpoint, the pending cookie passed off as a session); POST /api/login/mfa finishes it
 * with a code (once; a replayed code fails) or a recovery code (each once); wrong codes lock
 * out like wrong passwords; accounts without a factor sign in as before.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { authChallenges, sessions } from "~/db/schema";
import { MAX_FAILURES } from "~/models/login-attempt.server";
import * as apiLogin from "~/routes/api.login";
import * as apiLoginMfa from "~/routes/api.login.mfa";
import * as apiUser from "~/routes/api.user";
import * as adminPayments from "~/routes/api.admin.payments";
import { getSession, readSessionId } from "~/utils/session.server";
import { CookieJar } from "../support/cookie-jar";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { enrolTotp, totpCode } from "../support/mfa";

type ApiError = { error: { message: string; code?: string } };
const WRONG_CODE = "That code is not right. Check your authenticator app and try again";

async function passwordStep(jar: CookieJar, username: string, rememberMe = false) {
  return jar.call(apiLogin.action, "/api/login", { json: { username, password: TEST_PASSWORD, rememberMe } });
}
const secondStep = (jar: CookieJar, body: Record<string, string>) => jar.call(apiLoginMfa.action, "/api/login/mfa", { json: body });
const sessionRows = (userId: number) => getDb().select().from(sessions).where(eq(sessions.userId, userId)).all();

describe("POST /api/login for an account without a second factor", () => {
  it("signs in at once, as before: the user and the session cookie, no pending sign-in", async () => {
    const user = await createUser();
    const jar = new CookieJar();
    const response = await passwordStep(jar, user.username);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toMatchObject({ id: user.id, username: user.username });
    expect(jar.has("__session")).toBe(true);
    expect(jar.has("__signin")).toBe(false);
    expect((await jar.call(apiUser.loader, "/api/user")).status).toBe(200);
  });
});

describe("POST /api/login for an account with an authenticator", () => {
  it("answers mfaRequired with the methods, a pending cookie and no session", async () => {
    const user = await createUser();
    enrolTotp(user.id);
    const jar = new CookieJar();
    const response = await passwordStep(jar, user.username);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await response.json()).toEqual({ mfaRequired: true, methods: ["totp", "recovery"] });
    expect(jar.has("__signin")).toBe(true);
    expect(jar.has("__session")).toBe(false);
    expect(sessionRows(user.id)).toHaveLength(0);
  });

  it("the half-signed-in state opens nothing: GET /api/user, a staff endpoint, the pending cookie as a session", async () => {
    const clerk = await createUser({ role: "clerk" });
    enrolTotp(clerk.id);
    const jar = new CookieJar();
    await passwordStep(jar, clerk.username);
    expect(jar.has("__signin")).toBe(true);

    const me = await jar.call(apiUser.loader, "/api/user");
    expect(me.status).toBe(401);
    expect(await me.json()).toEqual({ error: { message: "Authentication required" } });
    const staff = await jar.call(adminPayments.loader, "/api/admin/payments");
    expect(staff.status).toBe(401);

    // The pending cookie's signed value sent as the session cookie: not a session.
    const forged = new CookieJar();
    forged.cookies.set("__session", jar.pair("__signin")!.replace(/^__signin=/, "__session="));
    const forgedRequest = new Request("http://localhost:3000/", { headers: { Cookie: forged.header() } });
    const [challenge] = getDb().select().from(authChallenges).where(eq(authChallenges.userId, clerk.id)).all();
    expect(await readSessionId(forgedRequest)).toBe(challenge.id); // it passes the signature check...
    expect(await getSession(forgedRequest)).toBeNull(); // ...and names no session
    expect((await forged.call(apiUser.loader, "/api/user")).status).toBe(401);
    expect((await forged.call(adminPayments.loader, "/api/admin/payments")).status).toBe(401);
    expect(sessionRows(clerk.id)).toHaveLength(0);
  });

  it("a code finishes it once: the user, a session that passed a factor; the same pending sign-in cannot be finished again", async () => {
    const user = await createUser({ firstName: "Rosa" });
    const { secret } = enrolTotp(user.id);
    const jar = new CookieJar();
    await passwordStep(jar, user.username, true);
    const pending = new Map(jar.cookies);

    const done = await secondStep(jar, { code: totpCode(secret) });
    expect(done.status).toBe(200);
    expect(done.headers.get("Cache-Control")).toBe("no-store");
    const body = (await done.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: user.id, username: user.username, firstName: "Rosa" });
    expect(body).not.toHaveProperty("passwordHash");
    expect(jar.has("__session")).toBe(true);
    expect(jar.has("__signin")).toBe(false);
    // rememberMe from the password step holds: a 30-day cookie.
    const setCookie = done.headers.getSetCookie().find((c) => c.startsWith("__session="))!;
    expect(setCookie).toMatch(/Expires=/i);

    const me = await jar.call(apiUser.loader, "/api/user");
    expect(me.status).toBe(200);
    expect(((await me.json()) as { id: number }).id).toBe(user.id);
    const session = await getSession(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));
    expect(session?.session.mfaAt).not.toBeNull();

    // The pending cookie kept aside: finished already.
    const replayJar = new CookieJar();
    for (const [name, pair] of pending) replayJar.cookies.set(name, pair);
    const again = await secondStep(replayJar, { code: totpCode(secret, Date.now() + 30_000) });
    expect(again.status).toBe(401);
    expect(replayJar.has("__session")).toBe(false);
  });

  it("refuses a code already used (replay), and a code two steps away", async () => {
    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    const first = new CookieJar();
    await passwordStep(first, user.username);
    const code = totpCode(secret);
    expect((await secondStep(first, { code })).status).toBe(200);

    const second = new CookieJar();
    await passwordStep(second, user.username);
    const replay = await secondStep(second, { code });
    expect(replay.status).toBe(401);
    expect(await replay.json()).toEqual({ error: { message: WRONG_CODE } });
    expect((await secondStep(second, { code: totpCode(secret, Date.now() - 90_000) })).status).toBe(401);
    expect(second.has("__session")).toBe(false);
  });

  it("takes a recovery code once (in `recoveryCode` or in `code`)", async () => {
    const user = await createUser();
    const { recoveryCodes } = enrolTotp(user.id);
    const [first, second] = recoveryCodes;

    const a = new CookieJar();
    await passwordStep(a, user.username);
    expect((await secondStep(a, { recoveryCode: first })).status).toBe(200);
    expect(a.has("__session")).toBe(true);

    const b = new CookieJar();
    await passwordStep(b, user.username);
    const reused = await secondStep(b, { recoveryCode: first });
    expect(reused.status).toBe(401);
    expect(b.has("__session")).toBe(false);
    expect((await secondStep(b, { code: second })).status).toBe(200);
    expect(b.has("__session")).toBe(true);
  });

  it("401 without a pending sign-in, or once it has expired (5 minutes)", async () => {
    const none = await secondStep(new CookieJar(), { code: "123456" });
    expect(none.status).toBe(401);
    expect(((await none.json()) as ApiError).error.message).toMatch(/^No sign-in is waiting for a second factor/);

    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    const jar = new CookieJar();
    await passwordStep(jar, user.username);
    getDb()
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(authChallenges.userId, user.id), eq(authChallenges.purpose, "mfa-sign-in")))
      .run();
    expect((await secondStep(jar, { code: totpCode(secret) })).status).toBe(401);
    expect(jar.has("__session")).toBe(false);
  });

  it("400 without a code; wrong codes 401, then 429 with Retry-After after the lockout's count, even for the right code", async () => {
    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    const jar = new CookieJar();
    await passwordStep(jar, user.username);
    const empty = await secondStep(jar, {});
    expect(empty.status).toBe(400);
    for (let i = 0; i < MAX_FAILURES; i++) {
      const wrong = await secondStep(jar, { code: String(100000 + i) });
      expect(wrong.status).toBe(401);
      expect(await wrong.json()).toEqual({ error: { message: WRONG_CODE } });
    }
    const locked = await secondStep(jar, { code: totpCode(secret) });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await locked.json()) as ApiError).error.message).toMatch(/^Too many failed sign-in attempts/);
    expect(jar.has("__session")).toBe(false);

    // The lock is the username's: the password step is refused too, from another address.
    const elsewhere = await passwordStep(new CookieJar(), user.username);
    expect(elsewhere.status).toBe(429);
  });
});
