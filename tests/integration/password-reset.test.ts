/**
 * Password reset over real SMTP: the request answers the same words for every identifier, the
 * email's link works once, expires after an hour, dies when the password changes, and using it
 * ends every other session. Rate limits per address and per account.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { outbox, sessions, userTokens } from "~/db/schema";
import { RESET_LIMITS, RESET_REQUESTED, checkResetToken, requestPasswordReset, resetPassword } from "~/models/password-reset.server";
import { changePassword, verifyLogin } from "~/models/user.server";
import { hashToken } from "~/models/user-token.server";
import { action as forgotAction } from "~/routes/forgot-password";
import { action as resetAction, loader as resetLoader } from "~/routes/reset-password.$token";
import { getUser } from "~/utils/session.server";
import { uniqueAddress, sessionCookieFrom } from "../support/accounts";
import { callRoute, createUser, makeRequest, sessionCookieFor, TEST_PASSWORD, unique } from "../support/factories";
import { linkIn, setupTestMail } from "../support/mail";

const mail = setupTestMail();

async function ask(identifier: string, address = uniqueAddress()) {
  return callRoute(forgotAction, await makeRequest("/forgot-password", { form: { identifier }, headers: { "X-Forwarded-For": address } }));
}

async function resetLinkFor(email: string): Promise<string> {
  await mail.deliver();
  const messages = await mail.to(email);
  const last = messages.at(-1);
  if (!last) throw new Error(`no mail for ${email}`);
  expect(last.subject).toBe("Reset your password");
  return linkIn(last, "/reset-password/");
}

const tokenOf = (link: string) => new URL(link).pathname.split("/").pop()!;

describe("forgot password", () => {
  it("answers the same words for a username, an email, and an unknown name; mails only real accounts", async () => {
    const user = await createUser();
    const before = getDb().select().from(outbox).all().length;
    const byName = await ask(user.username.toUpperCase());
    const byEmail = await ask(` ${user.email.toUpperCase()} `);
    const unknown = await ask(unique("ghost_"));
    const unknownEmail = await ask(`${unique("ghost")}@example.com`);
    for (const response of [byName, byEmail, unknown, unknownEmail]) expect(response.status).toBe(200);
    const bodies = await Promise.all([byName, byEmail, unknown, unknownEmail].map(async (r) => JSON.stringify((await r.json()).sent)));
    expect(new Set(bodies).size).toBe(1);
    expect(getDb().select().from(outbox).all().length - before).toBe(2);
    await mail.deliver();
    const got = await mail.to(user.email);
    expect(got.map((m) => m.subject)).toEqual(["Reset your password", "Reset your password"]);
    expect(got[0].text).toContain(user.username);
    expect(got[0].html).toContain("Pembroke Park");
    expect(RESET_REQUESTED).toMatch(/If an account matches/);
  });

  it("an empty identifier is a field error", async () => {
    const response = await ask("  ");
    expect(response.status).toBe(400);
    expect((await response.json()).result.error.identifier).toEqual(["Enter your username or email address"]);
  });

  it("link -> new password (register rules) -> signed in; old password and other sessions stop working", async () => {
    const user = await createUser();
    const otherSession = await sessionCookieFor(user.id);
    await ask(user.username);
    const link = await resetLinkFor(user.email);
    const token = tokenOf(link);
    expect(link.startsWith("http://localhost:3000/reset-password/")).toBe(true);

    const page = await callRoute(resetLoader, await makeRequest(`/reset-password/${token}`), { token });
    expect(page.status).toBe(200);
    expect(await page.json()).toMatchObject({ valid: true, username: user.username });

    const mismatch = await callRoute(
      resetAction,
      await makeRequest(`/reset-password/${token}`, { form: { password: "new-secret-1", confirmPassword: "other-secret" } }),
      { token },
    );
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).result.error.confirmPassword).toEqual(["Passwords do not match"]);
    const short = await callRoute(
      resetAction,
      await makeRequest(`/reset-password/${token}`, { form: { password: "abc", confirmPassword: "abc" } }),
      { token },
    );
    expect((await short.json()).result.error.password).toEqual(["Password must be at least 6 characters"]);

    const done = await callRoute(
      resetAction,
      await makeRequest(`/reset-password/${token}`, { form: { password: "new-secret-1", confirmPassword: "new-secret-1" } }),
      { token },
    );
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/dashboard");
    const cookie = sessionCookieFrom(done)!;
    expect((await getUser(new Request("http://localhost:3000/", { headers: { Cookie: cookie } })))?.id).toBe(user.id);
    expect(await getUser(new Request("http://localhost:3000/", { headers: { Cookie: otherSession } }))).toBeNull();
    expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(1);
    expect(await verifyLogin(user.username, TEST_PASSWORD)).toBeNull();
    expect((await verifyLogin(user.username, "new-secret-1"))?.id).toBe(user.id);

    // Single use.
    const again = await callRoute(
      resetAction,
      await makeRequest(`/reset-password/${token}`, { form: { password: "third-secret", confirmPassword: "third-secret" } }),
      { token },
    );
    expect(again.status).toBe(410);
    expect((await callRoute(resetLoader, await makeRequest(`/reset-password/${token}`), { token })).status).toBe(410);
    expect(await verifyLogin(user.username, "third-secret")).toBeNull();
  });

  it("only the token's SHA-256 is stored; tokens are random and one says nothing of another", async () => {
    const [a, b] = [await createUser(), await createUser()];
    await ask(a.username);
    await ask(b.username);
    const ta = tokenOf(await resetLinkFor(a.email));
    const tb = tokenOf(await resetLinkFor(b.email));
    expect(ta).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(ta).not.toBe(tb);
    const rows = getDb().select().from(userTokens).where(eq(userTokens.userId, a.id)).all();
    expect(rows.some((r) => r.tokenHash === hashToken(ta))).toBe(true);
    expect(JSON.stringify(rows)).not.toContain(ta);
    // A neighbour of a's token (last character changed) is nobody's token.
    const neighbour = ta.slice(0, -1) + (ta.endsWith("A") ? "B" : "A");
    expect(checkResetToken(neighbour)).toBeNull();
    expect(checkResetToken(tb)?.userId).toBe(b.id);
    expect(await resetPassword({ token: neighbour, password: "x-secret-1" })).toEqual({ ok: false });
  });

  it("expires after one hour", async () => {
    const user = await createUser();
    const issued = new Date();
    requestPasswordReset({ identifier: user.username, address: uniqueAddress(), now: issued });
    const token = tokenOf(await resetLinkFor(user.email));
    expect(checkResetToken(token, new Date(issued.getTime() + 59 * 60_000))?.userId).toBe(user.id);
    expect(checkResetToken(token, new Date(issued.getTime() + 61 * 60_000))).toBeNull();
    expect(await resetPassword({ token, password: "late-secret", now: new Date(issued.getTime() + 61 * 60_000) })).toEqual({ ok: false });
  });

  it("is void once the password changes another way", async () => {
    const user = await createUser();
    await ask(user.username);
    const token = tokenOf(await resetLinkFor(user.email));
    expect(checkResetToken(token)).not.toBeNull();
    expect((await changePassword(user.id, { currentPassword: TEST_PASSWORD, newPassword: "changed-1" })).ok).toBe(true);
    expect(checkResetToken(token)).toBeNull();
    expect(await resetPassword({ token, password: "hijack-1" })).toEqual({ ok: false });
  });

  it(`sends at most ${RESET_LIMITS.perAccount} links an hour to one account, silently`, async () => {
    const user = await createUser();
    for (let i = 0; i < RESET_LIMITS.perAccount + 2; i++) expect((await ask(user.username)).status).toBe(200);
    const links = getDb()
      .select()
      .from(userTokens)
      .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, "reset-password")))
      .all();
    expect(links).toHaveLength(RESET_LIMITS.perAccount);
  });

  it(`refuses more than ${RESET_LIMITS.perAddress} requests an hour from one address (429), whatever the account`, async () => {
    const address = uniqueAddress();
    for (let i = 0; i < RESET_LIMITS.perAddress; i++) expect((await ask(unique("ghost_"), address)).status).toBe(200);
    const limited = await ask(unique("ghost_"), address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await ask(unique("ghost_"))).status).toBe(200);
  });
});
