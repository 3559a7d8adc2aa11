/**
 * Sign-in after the password (issue 41). An account without a second factor (or an owner on a
 * browser they trusted) gets its session at once. Any other gets a pending sign-in: a row that
 * lives 5 minutes and a cookie naming it, and no session until a code, a recovery code or a
 * passkey passes on the second step (/login/two-factor, POST /api/login/mfa). Wrong codes count
 * in the sign-in lockout. Completing a sign-in notes the browser and tells the owner of a new one.
 */
import { createCookie, redirect } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { writable } from "~/db/write-lock.server";
import { isStaff } from "~/lib/roles";
import { PENDING_SIGN_IN_MS, WRONG_CODE, type MfaMethod } from "~/lib/schemas/mfa";
import type { PublicUser } from "~/lib/types";
import { describeUserAgent } from "~/lib/user-agent";
import { formatLongDate } from "~/lib/dates";
import { consumeChallenge, createChallenge, findChallenge, type Challenge } from "~/models/mfa/challenges.server";
import { deviceTrusted, newDeviceId, noteDevice } from "~/models/mfa/devices.server";
import { mfaMethods, recordSecurityEvent, verifyCode } from "~/models/mfa/factors.server";
import { forgetAttempts, lockoutMessage, lockoutSeconds, recordAttempt } from "~/models/login-attempt.server";
import { getUserById } from "~/models/user.server";
import { clientAddress, secureCookies } from "~/utils/client-address.server";
import { getEnv } from "~/utils/env.server";
import { safeRedirect } from "~/utils/redirect";
import { createSession, destroySession } from "~/utils/session.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";

const DEVICE_COOKIE_MS = 400 * 24 * 60 * 60 * 1000;

function pendingCookie() {
  return createCookie("__signin", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: getEnv().SESSION_SECRETS,
    maxAge: PENDING_SIGN_IN_MS / 1000,
  });
}

function deviceCookie() {
  return createCookie("__device", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: getEnv().SESSION_SECRETS,
    maxAge: DEVICE_COOKIE_MS / 1000,
  });
}

async function readDeviceId(request: Request): Promise<string | null> {
  const value = await deviceCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}

export type SignInTarget = { rememberMe: boolean; redirectTo: string };

export type SignInStep =
  | { done: true; headers: Headers; redirectTo: string }
  | { done: false; headers: Headers; methods: MfaMethod[] };

/**
 * After a correct password: the session (done) or a pending second step. Either way `headers`
 * carries the cookies to set (the request's old session is ended).
 */
export async function beginSignIn(request: Request, user: PublicUser, target: SignInTarget): Promise<SignInStep> {
  const methods = mfaMethods(user.id);
  const needsFactor = methods.length > 0 && (isStaff(user) || !deviceTrusted(user.id, await readDeviceId(request)));
  const headers = new Headers();
  const clearOld = await destroySession(request);
  if (!needsFactor) {
    await appendSessionCookies(request, headers, user.id, { rememberMe: target.rememberMe, mfa: false, trustDevice: false });
    return { done: true, headers, redirectTo: safeRedirect(target.redirectTo) };
  }
  await writable();
  const pending = createChallenge("mfa-sign-in", { userId: user.id, rememberMe: target.rememberMe, redirectTo: safeRedirect(target.redirectTo) });
  headers.append("Set-Cookie", clearOld);
  headers.append("Set-Cookie", await pendingCookie().serialize(pending.id));
  return { done: false, headers, methods };
}

export const SECOND_STEP_PATH = "/login/two-factor";

/**
 * The answer of a page that checked the password (the login form, a password reset): to the
 * target with `toast` when signed in, or to the second step.
 */
export async function signInRedirect(request: Request, user: PublicUser, target: SignInTarget, toast: Toast): Promise<Response> {
  const step = await beginSignIn(request, user, target);
  if (!step.done) return redirect(SECOND_STEP_PATH, { headers: step.headers });
  return redirectWithToast(step.redirectTo, toast, { headers: step.headers });
}

export type PendingSignIn = { challenge: Challenge; user: PublicUser; methods: MfaMethod[] };

/** The request's half-done sign-in (not expired), or null. */
export async function readPendingSignIn(request: Request): Promise<PendingSignIn | null> {
  const id = await pendingCookie().parse(request.headers.get("Cookie"));
  const challenge = findChallenge(typeof id === "string" ? id : null, "mfa-sign-in");
  if (!challenge?.userId) return null;
  const user = getUserById(challenge.userId);
  if (!user) return null;
  return { challenge, user, methods: mfaMethods(user.id) };
}

export type CodeCheck =
  | { ok: true; method: "totp" | "recovery" }
  | { ok: false; status: 401 | 429; message: string; headers?: Record<string, string> };

/**
 * A code typed as a second factor, counted in the sign-in lockout like a password: refused
 * while locked (429), a wrong one recorded (401), a right one clears the username's failures.
 */
export async function checkCodeWithLockout(request: Request, user: PublicUser, code: string): Promise<CodeCheck> {
  const address = clientAddress(request);
  const retryAfter = lockoutSeconds(user.username, address);
  if (retryAfter > 0) return { ok: false, status: 429, message: lockoutMessage(retryAfter), headers: { "Retry-After": String(retryAfter) } };
  await writable();
  const attemptId = recordAttempt(user.username, address);
  const method = verifyCode(user.id, code);
  if (!method) return { ok: false, status: 401, message: WRONG_CODE };
  forgetAttempts(attemptId, user.username);
  return { ok: true, method };
}

/**
 * Completes a pending sign-in whose factor passed: ends the pending row (once: a second
 * completion of the same row fails), creates the session marked as having passed a factor.
 */
export async function finishSignIn(
  request: Request,
  pending: PendingSignIn,
  { trustDevice = false }: { trustDevice?: boolean } = {},
): Promise<{ headers: Headers; redirectTo: string } | null> {
  await writable();
  if (!consumeChallenge(pending.challenge.id)) return null;
  const headers = new Headers();
  headers.append("Set-Cookie", await pendingCookie().serialize("", { maxAge: 0 }));
  await appendSessionCookies(request, headers, pending.user.id, {
    rememberMe: pending.challenge.rememberMe,
    mfa: true,
    // Only owners may skip the factor on a trusted browser; staff are asked every time.
    trustDevice: trustDevice && !isStaff(pending.user),
  });
  return { headers, redirectTo: safeRedirect(pending.challenge.redirectTo) };
}

/** A session that passed a passkey (which is both factors) on its own: the passwordless sign-in. */
export async function signInWithPasskey(request: Request, userId: number, rememberMe: boolean): Promise<Headers> {
  await destroySession(request);
  const headers = new Headers();
  await appendSessionCookies(request, headers, userId, { rememberMe, mfa: true, trustDevice: false });
  return headers;
}

async function appendSessionCookies(
  request: Request,
  headers: Headers,
  userId: number,
  { rememberMe, mfa, trustDevice }: { rememberMe: boolean; mfa: boolean; trustDevice: boolean },
) {
  const userAgent = request.headers.get("User-Agent");
  headers.append("Set-Cookie", await createSession(userId, rememberMe, { mfaAt: mfa ? new Date() : null, userAgent }));
  let deviceId = await readDeviceId(request);
  if (!deviceId) {
    deviceId = newDeviceId();
    headers.append("Set-Cookie", await deviceCookie().serialize(deviceId));
  }
  const now = new Date();
  await writable(); // after the cookie work's awaits: the importer may hold the lock now
  getDb().transaction((tx) => {
    if (noteDevice(userId, deviceId, { trust: trustDevice, now })) {
      recordSecurityEvent(tx, userId, { kind: "new-device", device: describeUserAgent(userAgent), at: `${formatLongDate(now)} at ${now.toISOString().slice(11, 16)} UTC` });
    }
  }, { behavior: "immediate" });
}
