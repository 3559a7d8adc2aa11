/**
 * /profile/security (issue 41): setting up the authenticator app (QR code and secret, the same
 * pending enrolment on a reload, a wrong code refused, ten recovery codes on the answer only,
 * the session marked as having passed a factor), new recovery codes, turning it off, the staff
 * notice and Continue under STAFF_MFA=required, and the sessions list (handles, never ids; only
 * the user's own sessions end).
 */
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { passkeys, sessions } from "~/db/schema";
import { RECOVERY_CODE_COUNT, WRONG_CODE } from "~/lib/schemas/mfa";
import { spendRecoveryCode } from "~/models/mfa/recovery-codes.server";
import { totpEnabled } from "~/models/mfa/totp.server";
import { sessionHandle } from "~/models/session-handles.server";
import { markSessionMfa } from "~/models/session.server";
import { action, loader } from "~/routes/profile_.security";
import { resetEnvCache } from "~/utils/env.server";
import { createSession, getSession } from "~/utils/session.server";
import { callRoute, createUser, makeRequest, TEST_PASSWORD } from "../support/factories";
import { flashedToast } from "../support/accounts";
import { totpCode } from "../support/mfa";

const CHROME_LINUX = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36";
const SAFARI_IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1";

type PageData = {
  username: string;
  staffMustEnrol: boolean;
  totp: {
    enabled: boolean;
    recoveryCodesLeft: number;
    pending: { qrCode: string; secret: string; otpauthUrl: string } | null;
  };
  sessions: { handle: string; device: string; lastUsed: string; current: boolean }[];
};
type ActionData = {
  intent: string;
  result: { error?: Record<string, string[] | null> };
  recoveryCodes?: string[];
  continueTo?: string | null;
};

async function cookieFor(userId: number, userAgent: string | null = null) {
  return (await createSession(userId, false, { userAgent })).split(";")[0];
}

async function page(cookie: string, query = "") {
  const response = await callRoute(loader, await makeRequest(`/profile/security${query}`, { cookie }));
  expect(response.status).toBe(200);
  return { body: await response.clone().text(), data: (await response.json()) as PageData };
}

async function post(cookie: string, form: Record<string, string>, query = "") {
  return callRoute(action, await makeRequest(`/profile/security${query}`, { cookie, form }));
}

async function enrol(cookie: string, query = "") {
  expect((await post(cookie, { intent: "totp-start" }, query)).status).toBe(302);
  const { data } = await page(cookie, query);
  const secret = data.totp.pending!.secret;
  const response = await post(cookie, { intent: "totp-confirm", code: totpCode(secret) }, query);
  expect(response.status).toBe(200);
  return { secret, answer: (await response.json()) as ActionData };
}

afterEach(() => {
  delete process.env.STAFF_MFA;
  resetEnvCache();
});

describe("/profile/security access", () => {
  it("sends visitors to sign in and back", async () => {
    const response = await callRoute(loader, await makeRequest("/profile/security"));
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile/security")}`);
    const posted = await post("", { intent: "totp-start" });
    expect(posted.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });
});

describe("authenticator app", () => {
  it("sets up with a QR code and the secret, keeps the pending enrolment on a reload, and shows the codes once", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const off = await page(cookie);
    expect(off.data.totp).toMatchObject({ enabled: false, pending: null });

    const started = await post(cookie, { intent: "totp-start" });
    expect(started.headers.get("Location")).toBe("/profile/security");
    expect((await flashedToast(started))?.title).toBe("Authenticator setup started");

    const pending = (await page(cookie)).data.totp.pending!;
    expect(pending.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(pending.otpauthUrl).toContain(`secret=${pending.secret}`);
    expect(pending.qrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(pending.qrCode.split(",")[1], "base64").toString()).toContain("<svg");
    // A reload shows the same enrolment, not a new secret.
    expect((await page(cookie)).data.totp.pending!.secret).toBe(pending.secret);

    const malformed = await post(cookie, { intent: "totp-confirm", code: "12345" });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as ActionData).result.error?.code).toEqual(["Enter the 6-digit code your app shows"]);
    const wrongCode = totpCode(pending.secret, Date.now() - 5 * 60_000);
    const wrong = await post(cookie, { intent: "totp-confirm", code: wrongCode });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ActionData).result.error?.code).toEqual([WRONG_CODE]);
    expect(totpEnabled(user.id)).toBe(false);

    const before = await getSession(await makeRequest("/", { cookie }));
    expect(before?.session.mfaAt).toBeNull();
    const confirmed = await post(cookie, { intent: "totp-confirm", code: totpCode(pending.secret) });
    expect(confirmed.status).toBe(200);
    const answer = (await confirmed.json()) as ActionData;
    expect(answer.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(answer.continueTo).toBeNull();
    expect((await flashedToast(confirmed))?.title).toBe("Authenticator app turned on");
    const after = await getSession(await makeRequest("/", { cookie }));
    expect(after?.session.mfaAt).not.toBeNull();

    // A reload: on, the codes counted but never shown again, the secret gone from the page.
    const on = await page(cookie);
    expect(on.data.totp).toMatchObject({ enabled: true, recoveryCodesLeft: 10, pending: null });
    for (const code of answer.recoveryCodes!) expect(on.body).not.toContain(code);
    expect(on.body).not.toContain(pending.secret);

    // The confirmation sent again (a reload of the answer page) shows no codes.
    const again = await post(cookie, { intent: "totp-confirm", code: totpCode(pending.secret, Date.now() + 30_000) });
    expect(again.status).toBe(302);
    expect((await flashedToast(again))?.title).toBe("Already on");
    expect((await post(cookie, { intent: "totp-start" })).headers.get("Location")).toBe("/profile/security");
    expect((await page(cookie)).data.totp.enabled).toBe(true);
  });

  it("refuses a confirmation without a started setup", async () => {
    const user = await createUser();
    const response = await post(await cookieFor(user.id), { intent: "totp-confirm", code: "123456" });
    expect(response.status).toBe(302);
    expect((await flashedToast(response))?.title).toBe("Setup not started");
  });

  it("gives new recovery codes for the password and a code; the old ones stop working", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { secret, answer } = await enrol(cookie);
    const nextCode = totpCode(secret, Date.now() + 30_000);

    const wrongPassword = await post(cookie, { intent: "recovery-codes", password: "not-it-1", code: nextCode });
    expect(wrongPassword.status).toBe(400);
    const wrongPasswordData = (await wrongPassword.json()) as ActionData & { result: { initialValue?: Record<string, unknown> } };
    expect(wrongPasswordData.result.error?.password).toEqual(["Incorrect password"]);
    expect(wrongPasswordData.result.initialValue).not.toHaveProperty("password");
    const wrongCode = await post(cookie, { intent: "recovery-codes", password: TEST_PASSWORD, code: "000000" });
    expect(((await wrongCode.json()) as ActionData).result.error?.code).toEqual([WRONG_CODE]);
    const empty = await post(cookie, { intent: "recovery-codes", password: "", code: "" });
    expect(((await empty.json()) as ActionData).result.error).toMatchObject({ password: ["Password is required"] });

    const renewed = await post(cookie, { intent: "recovery-codes", password: TEST_PASSWORD, code: nextCode });
    expect(renewed.status).toBe(200);
    const fresh = ((await renewed.json()) as ActionData).recoveryCodes!;
    expect(fresh).toHaveLength(10);
    expect(fresh).not.toEqual(answer.recoveryCodes);
    expect((await flashedToast(renewed))?.title).toBe("New recovery codes");
    expect(spendRecoveryCode(user.id, answer.recoveryCodes![0])).toBe(false);
    expect(spendRecoveryCode(user.id, fresh[0])).toBe(true);
    expect((await page(cookie)).data.totp.recoveryCodesLeft).toBe(9);
  });

  it("turns off with the password and a code (a recovery code does too)", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id);
    const { answer } = await enrol(cookie);
    const wrong = await post(cookie, { intent: "totp-disable", password: TEST_PASSWORD, code: "000000" });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as ActionData).result.error?.code).toEqual([WRONG_CODE]);
    expect(totpEnabled(user.id)).toBe(true);

    const off = await post(cookie, { intent: "totp-disable", password: TEST_PASSWORD, code: answer.recoveryCodes![0] });
    expect(off.status).toBe(302);
    expect(await flashedToast(off)).toMatchObject({
      title: "Authenticator app turned off",
      description: "Signing in now asks only for your password.",
    });
    expect(totpEnabled(user.id)).toBe(false);
    expect((await page(cookie)).data.totp).toMatchObject({ enabled: false, pending: null, recoveryCodesLeft: 0 });
  });
});

describe("STAFF_MFA=required", () => {
  it("tells a clerk without a factor why, and offers the way back once one is on", async () => {
    process.env.STAFF_MFA = "required";
    resetEnvCache();
    const clerk = await createUser({ role: "clerk" });
    const cookie = await cookieFor(clerk.id);
    const query = `?redirectTo=${encodeURIComponent("/admin/remittance")}`;
    expect((await page(cookie, query)).data.staffMustEnrol).toBe(true);
    const started = await post(cookie, { intent: "totp-start" }, query);
    expect(started.headers.get("Location")).toBe(`/profile/security${query}`);
    const { answer } = await enrol(cookie, query);
    expect(answer.continueTo).toBe("/admin/remittance");
    expect((await page(cookie, query)).data.staffMustEnrol).toBe(false);

    // Never off-site.
    const other = await createUser({ role: "clerk" });
    const otherCookie = await cookieFor(other.id);
    const evil = `?redirectTo=${encodeURIComponent("//evil.example/x")}`;
    expect((await enrol(otherCookie, evil)).answer.continueTo).toBe("/dashboard");
  });

  it("asks nothing of owners, nor of staff when optional", async () => {
    process.env.STAFF_MFA = "required";
    resetEnvCache();
    const owner = await createUser();
    expect((await page(await cookieFor(owner.id))).data.staffMustEnrol).toBe(false);
    process.env.STAFF_MFA = "optional";
    resetEnvCache();
    const clerk = await createUser({ role: "clerk" });
    expect((await page(await cookieFor(clerk.id))).data.staffMustEnrol).toBe(false);
  });
});

describe("sessions", () => {
  it("lists the user's sessions by handle, this one first and marked, never an id", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id, CHROME_LINUX);
    await cookieFor(user.id, SAFARI_IPHONE);
    const stranger = await createUser();
    await cookieFor(stranger.id, CHROME_LINUX);

    const { body, data } = await page(cookie);
    expect(data.sessions).toHaveLength(2);
    expect(data.sessions[0]).toMatchObject({ device: "Chrome on Linux", current: true, lastUsed: "in the last 5 minutes" });
    expect(data.sessions[1]).toMatchObject({ device: "Safari on iOS", current: false });
    const ids = getDb().select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, user.id)).all();
    for (const { id } of ids) {
      expect(body).not.toContain(id);
      expect(data.sessions.map((s) => s.handle)).toContain(sessionHandle(id));
    }
  });

  it("ends another session by its handle, refuses a stranger's, and signs out all others", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id, CHROME_LINUX);
    const phone = await cookieFor(user.id, SAFARI_IPHONE);
    await cookieFor(user.id, null);
    const stranger = await createUser();
    const strangerCookie = await cookieFor(stranger.id, CHROME_LINUX);
    const strangerHandle = (await page(strangerCookie)).data.sessions[0].handle;

    const phoneHandle = (await page(cookie)).data.sessions.find((s) => s.device === "Safari on iOS")!.handle;
    const ended = await post(cookie, { intent: "end-session", handle: phoneHandle });
    expect(ended.headers.get("Location")).toBe("/profile/security");
    expect(await flashedToast(ended)).toMatchObject({ title: "Session ended", description: "Safari on iOS is signed out." });
    expect(await getSession(await makeRequest("/", { cookie: phone }))).toBeNull();

    const refused = await post(cookie, { intent: "end-session", handle: strangerHandle });
    expect((await flashedToast(refused))?.title).toBe("Session not found");
    expect(await getSession(await makeRequest("/", { cookie: strangerCookie }))).not.toBeNull();
    expect((await flashedToast(await post(cookie, { intent: "end-session", handle: "not-a-handle" })))?.title).toBe("Session not found");

    const all = await post(cookie, { intent: "end-other-sessions" });
    expect(await flashedToast(all)).toMatchObject({ title: "Other sessions signed out", description: "1 other session was signed out." });
    const left = (await page(cookie)).data.sessions;
    expect(left).toHaveLength(1);
    expect(left[0].current).toBe(true);
    expect(await getSession(await makeRequest("/", { cookie: strangerCookie }))).not.toBeNull();
  });

  it("ending this very session signs the browser out", async () => {
    const user = await createUser();
    const cookie = await cookieFor(user.id, CHROME_LINUX);
    const handle = (await page(cookie)).data.sessions[0].handle;
    const response = await post(cookie, { intent: "end-session", handle });
    expect(response.headers.get("Location")).toBe("/login");
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__session=;"))).toBe(true);
    expect(await getSession(await makeRequest("/", { cookie }))).toBeNull();
  });
});

describe("adding an authenticator beside a passkey", () => {
  it("asks a session that has not passed the passkey to confirm it's you first, then lets a fresh one", async () => {
    const user = await createUser();
    getDb().insert(passkeys).values({ id: `cred-${user.id}`, userId: user.id, publicKey: "unused", name: "Phone" }).run();
    const cookie = await cookieFor(user.id);
    const refused = await post(cookie, { intent: "totp-start" });
    expect(refused.headers.get("Location")).toBe(`/step-up?${new URLSearchParams({ redirectTo: "/profile/security" })}`);
    expect(await flashedToast(refused)).toMatchObject({ title: "Confirm it's you" });
    expect((await page(cookie)).data.totp.pending).toBeNull();

    const current = await getSession(await makeRequest("/", { cookie }));
    markSessionMfa(current!.session.id);
    const { answer } = await enrol(cookie);
    expect(answer.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT);
  });
});
