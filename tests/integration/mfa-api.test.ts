/**
 * The authenticator app and the sessions list through the JSON door (issue 41): enrolment
 * (a secret, confirmed by a first code, ten recovery codes once), turning it off with the
 * password and a code; the secret in no log line and in no JSON answer after enrolment; the
 * account's sessions by handle, one ended (its cookie then gets 401), another account's refused.
 */
import util from "node:util";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog, outbox, sessions } from "~/db/schema";
import * as apiLogin from "~/routes/api.login";
import * as apiLoginMfa from "~/routes/api.login.mfa";
import * as apiLogout from "~/routes/api.logout";
import * as apiPayments from "~/routes/api.payments";
import * as apiUser from "~/routes/api.user";
import * as apiUserBusinesses from "~/routes/api.user.businesses";
import * as apiTotp from "~/routes/api.user.mfa.totp";
import * as apiTotpConfirm from "~/routes/api.user.mfa.totp.confirm";
import * as apiVerify from "~/routes/api.user.mfa.verify";
import * as apiProfile from "~/routes/api.user.profile";
import * as apiSessions from "~/routes/api.user.sessions";
import * as apiSession from "~/routes/api.user.sessions.$id";
import { appLogger } from "~/utils/request-context.server";
import { getSession } from "~/utils/session.server";
import { CookieJar } from "../support/cookie-jar";
import { createUser, TEST_PASSWORD, unique } from "../support/factories";
import { totpCode } from "../support/mfa";

type Enrolment = { secret: string; otpauthUrl: string };
type Listed = { id: string; device: string; userAgent: string | null; createdAt: string; lastSeenAt: string; current: boolean };
const WRONG_CODE = "That code is not right. Check your authenticator app and try again";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1";

async function signedIn(username: string, jar = new CookieJar()) {
  const response = await jar.call(apiLogin.action, "/api/login", { json: { username, password: TEST_PASSWORD } });
  expect(response.status).toBe(200);
  return jar;
}
const start = (jar: CookieJar) => jar.call(apiTotp.action, "/api/user/mfa/totp", { method: "POST" });
const confirm = (jar: CookieJar, code: string) => jar.call(apiTotpConfirm.action, "/api/user/mfa/totp/confirm", { json: { code } });
const disable = (jar: CookieJar, body: Record<string, string>) => jar.call(apiTotp.action, "/api/user/mfa/totp", { method: "DELETE", json: body });
const currentSession = (jar: CookieJar) => getSession(new Request("http://localhost:3000/", { headers: { Cookie: jar.header() } }));

/** Everything written to the console, the app's logger, stdout and stderr while `work` runs. */
async function capturingLogs<T>(work: () => Promise<T>): Promise<{ result: T; logged: string }> {
  const lines: string[] = [];
  const record = (...args: unknown[]) => {
    lines.push(args.map((a) => (typeof a === "string" ? a : util.inspect(a, { depth: 10 }))).join(" "));
  };
  const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) => vi.spyOn(console, level).mockImplementation(record));
  const writes = [process.stdout, process.stderr].map((stream) =>
    vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => (record(String(chunk)), true)),
  );
  const previous = globalThis.__appLogger;
  globalThis.__appLogger = { info: record, warn: record, error: record };
  try {
    return { result: await work(), logged: lines.join("\n") };
  } finally {
    globalThis.__appLogger = previous;
    for (const spy of [...spies, ...writes]) spy.mockRestore();
  }
}

afterEach(() => vi.restoreAllMocks());

describe("setting up the authenticator app over JSON", () => {
  it("starts (201, a secret and its otpauth URL), restarts with a new secret, confirms with the app's code, then refuses to start again", async () => {
    const user = await createUser();
    const jar = await signedIn(user.username);
    const first = await start(jar);
    expect(first.status).toBe(201);
    expect(first.headers.get("Cache-Control")).toBe("no-store");
    const a = (await first.json()) as Enrolment;
    expect(a.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(a.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(a.otpauthUrl).toContain(`secret=${a.secret}`);
    expect(a.otpauthUrl).toContain(encodeURIComponent(user.username));

    const b = (await (await start(jar)).json()) as Enrolment;
    expect(b.secret).not.toBe(a.secret);
    // The replaced secret's code no longer confirms; a non-6-digit code is a 400 too.
    const stale = await confirm(jar, totpCode(a.secret));
    expect(stale.status).toBe(400);
    expect(await stale.json()).toEqual({ error: { message: WRONG_CODE, fieldErrors: { code: [WRONG_CODE] } } });
    expect((await confirm(jar, "12345")).status).toBe(400);

    const on = await confirm(jar, totpCode(b.secret));
    expect(on.status).toBe(200);
    const body = (await on.json()) as { enabled: boolean; recoveryCodes: string[] };
    expect(body.enabled).toBe(true);
    expect(body.recoveryCodes).toHaveLength(10);
    expect(new Set(body.recoveryCodes).size).toBe(10);
    // Typing the code counts as passing the factor in this session.
    expect((await currentSession(jar))?.session.mfaAt).not.toBeNull();

    expect((await start(jar)).status).toBe(409);
    expect((await confirm(jar, totpCode(b.secret, Date.now() + 30_000))).status).toBe(409);
    // The next sign-in asks for the code.
    const next = await new CookieJar().call(apiLogin.action, "/api/login", { json: { username: user.username, password: TEST_PASSWORD } });
    expect(await next.json()).toEqual({ mfaRequired: true, methods: ["totp", "recovery"] });
  });

  it("409 to confirm with no setup started; 401 signed out; 405 for GET", async () => {
    const jar = await signedIn((await createUser()).username);
    const none = await confirm(jar, "123456");
    expect(none.status).toBe(409);
    const out = new CookieJar();
    expect((await start(out)).status).toBe(401);
    expect((await confirm(out, "123456")).status).toBe(401);
    expect((await disable(out, { password: TEST_PASSWORD, code: "123456" })).status).toBe(401);
    expect((await jar.call(apiVerify.action, "/api/user/mfa/verify", { json: {} })).status).toBe(400);
    expect((await jar.call(apiTotp.loader, "/api/user/mfa/totp")).status).toBe(405);
  });

  it("turns off only with the password and a code; then sign-in needs the password alone", async () => {
    const user = await createUser();
    const jar = await signedIn(user.username);
    const { secret } = (await (await start(jar)).json()) as Enrolment;
    await confirm(jar, totpCode(secret, Date.now() - 30_000));

    const wrongPassword = await disable(jar, { password: "not-my-password", code: totpCode(secret) });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.json()).toEqual({ error: { message: "Incorrect password", fieldErrors: { password: ["Incorrect password"] } } });
    const wrongCode = await disable(jar, { password: TEST_PASSWORD, code: "000000" });
    expect(wrongCode.status).toBe(400);
    expect(((await wrongCode.json()) as { error: { fieldErrors: Record<string, string[]> } }).error.fieldErrors).toEqual({ code: [WRONG_CODE] });
    expect((await disable(jar, { password: TEST_PASSWORD })).status).toBe(400);

    const off = await disable(jar, { password: TEST_PASSWORD, code: totpCode(secret) });
    expect(off.status).toBe(200);
    expect(await off.json()).toEqual({ enabled: false });
    expect((await disable(jar, { password: TEST_PASSWORD, code: totpCode(secret) })).status).toBe(409);
    const next = await new CookieJar().call(apiLogin.action, "/api/login", { json: { username: user.username, password: TEST_PASSWORD } });
    expect(await next.json()).toMatchObject({ id: user.id });
  });
});

describe("the secret stays secret", () => {
  it("is in no log line during enrolment and sign-in, and in no JSON answer after enrolment (nor its mail and audit rows)", async () => {
    const clerk = await createUser({ role: "clerk", username: unique("clerk_") });
    const { result, logged } = await capturingLogs(async () => {
      // The capture sees what the app's logger and the console write.
      appLogger().info({ probe: "logger-probe" }, "probe");
      console.error("console-probe");
      const jar = await signedIn(clerk.username);
      const enrolment = (await (await start(jar)).json()) as Enrolment;
      const confirmed = await confirm(jar, totpCode(enrolment.secret, Date.now() - 30_000));
      const { recoveryCodes } = (await confirmed.clone().json()) as { recoveryCodes: string[] };

      // Every answer after enrolment, as its text.
      const answers: [string, Response][] = [["confirm", confirmed]];
      const note = async (name: string, response: Promise<Response>) => answers.push([name, await response]);
      await note("GET /api/user", jar.call(apiUser.loader, "/api/user"));
      await note("PATCH /api/user/profile", jar.call(apiProfile.action, "/api/user/profile", { method: "PATCH", json: { firstName: "Ada", lastName: "Clerk", email: clerk.email } }));
      await note("GET /api/user/sessions", jar.call(apiSessions.loader, "/api/user/sessions"));
      await note("GET /api/user/businesses", jar.call(apiUserBusinesses.loader, "/api/user/businesses"));
      await note("GET /api/payments", jar.call(apiPayments.loader, "/api/payments"));
      await note("POST /api/user/mfa/totp (on)", start(jar));
      await note("POST /api/user/mfa/totp/confirm (on)", confirm(jar, totpCode(enrolment.secret)));
      await note("POST /api/user/mfa/verify", jar.call(apiVerify.action, "/api/user/mfa/verify", { json: { code: totpCode(enrolment.secret) } }));
      await note("DELETE /api/user/mfa/totp (wrong code)", disable(jar, { password: TEST_PASSWORD, code: "000000" }));
      await note("POST /api/logout", jar.call(apiLogout.action, "/api/logout", { method: "POST" }));
      const again = new CookieJar();
      await note("POST /api/login", again.call(apiLogin.action, "/api/login", { json: { username: clerk.username, password: TEST_PASSWORD } }));
      await note("POST /api/login/mfa (wrong)", again.call(apiLoginMfa.action, "/api/login/mfa", { json: { code: "000000" } }));
      await note("POST /api/login/mfa", again.call(apiLoginMfa.action, "/api/login/mfa", { json: { code: totpCode(enrolment.secret, Date.now() + 30_000) } }));
      await note("GET /api/user (signed in again)", again.call(apiUser.loader, "/api/user"));
      const texts = await Promise.all(answers.map(async ([name, response]) => [name, response.status, await response.text()] as const));
      return { enrolment, recoveryCodes, texts };
    });
    const { enrolment, recoveryCodes, texts } = result;
    expect(texts.find(([name]) => name === "POST /api/login/mfa")?.[1]).toBe(200);
    expect(texts.find(([name]) => name === "GET /api/user (signed in again)")?.[1]).toBe(200);

    const secretForms = [enrolment.secret, enrolment.secret.toLowerCase(), encodeURIComponent(enrolment.otpauthUrl), enrolment.otpauthUrl];
    for (const [name, , text] of texts) {
      for (const form of secretForms) expect(text, name).not.toContain(form);
      if (name !== "confirm") for (const code of recoveryCodes) expect(text, name).not.toContain(code);
    }
    expect(logged).toContain("logger-probe");
    expect(logged).toContain("console-probe");
    for (const form of secretForms) expect(logged).not.toContain(form);
    for (const code of recoveryCodes) expect(logged).not.toContain(code);

    const mails = getDb().select().from(outbox).where(eq(outbox.userId, clerk.id)).all();
    expect(mails.map((m) => m.kind)).toContain("security-factor-added");
    const audits = getDb().select().from(auditLog).where(eq(auditLog.entityId, clerk.id)).all();
    expect(audits.map((a) => a.action)).toContain("mfa.enable");
    const stored = JSON.stringify([mails, audits]);
    expect(stored).not.toContain(enrolment.secret);
    for (const code of recoveryCodes) expect(stored).not.toContain(code);
  });
});

describe("the account's sessions", () => {
  it("lists them by handle (this one first), ends another (its cookie then gets 401), refuses another account's and unknown handles", async () => {
    const user = await createUser();
    const laptop = await signedIn(user.username);
    const phone = await signedIn(user.username, new CookieJar(undefined, IPHONE));

    const listed = await laptop.call(apiSessions.loader, "/api/user/sessions");
    expect(listed.status).toBe(200);
    expect(listed.headers.get("Cache-Control")).toBe("no-store");
    const text = await listed.text();
    const rows = JSON.parse(text) as Listed[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({ current: true, device: "Chrome on Linux" });
    expect(rows[1]).toMatchObject({ current: false, device: "Safari on iOS", userAgent: IPHONE });
    for (const row of rows) {
      expect(row.id).toMatch(/^[0-9a-f]{16}$/);
      expect(Number.isNaN(Date.parse(row.createdAt))).toBe(false);
      expect(Number.isNaN(Date.parse(row.lastSeenAt))).toBe(false);
    }
    // No session id (a bearer secret) in the answer.
    for (const { id } of getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).all()) {
      expect(text).not.toContain(id);
    }

    // Another account cannot end this account's session, even knowing its handle.
    const stranger = await signedIn((await createUser()).username);
    const theirs = await stranger.call(apiSession.action, `/api/user/sessions/${rows[1].id}`, { method: "DELETE", params: { id: rows[1].id } });
    expect(theirs.status).toBe(404);
    expect(await theirs.json()).toEqual({ error: { message: "Session not found" } });
    expect((await phone.call(apiUser.loader, "/api/user")).status).toBe(200);
    for (const handle of ["0123456789abcdef", "not-a-handle"]) {
      expect((await laptop.call(apiSession.action, `/api/user/sessions/${handle}`, { method: "DELETE", params: { id: handle } })).status).toBe(404);
    }

    const ended = await laptop.call(apiSession.action, `/api/user/sessions/${rows[1].id}`, { method: "DELETE", params: { id: rows[1].id } });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ success: true, current: false });
    expect((await phone.call(apiUser.loader, "/api/user")).status).toBe(401);
    expect((await laptop.call(apiUser.loader, "/api/user")).status).toBe(200);
    const after = (await (await laptop.call(apiSessions.loader, "/api/user/sessions")).json()) as Listed[];
    expect(after.map((r) => r.id)).toEqual([rows[0].id]);
    // Already ended: 404.
    expect((await laptop.call(apiSession.action, `/api/user/sessions/${rows[1].id}`, { method: "DELETE", params: { id: rows[1].id } })).status).toBe(404);
  });

  it("ending this very session signs out: the cookie is cleared and the next call is 401", async () => {
    const user = await createUser();
    const jar = await signedIn(user.username);
    const [me] = (await (await jar.call(apiSessions.loader, "/api/user/sessions")).json()) as Listed[];
    const sessionCookie = jar.pair("__session")!;
    const ended = await jar.call(apiSession.action, `/api/user/sessions/${me.id}`, { method: "DELETE", params: { id: me.id } });
    expect(ended.status).toBe(200);
    expect(await ended.json()).toEqual({ success: true, current: true });
    expect(jar.has("__session")).toBe(false);
    const stale = new CookieJar();
    stale.cookies.set("__session", sessionCookie);
    expect((await stale.call(apiUser.loader, "/api/user")).status).toBe(401);
    expect((await new CookieJar().call(apiSessions.loader, "/api/user/sessions")).status).toBe(401);
  });
});
