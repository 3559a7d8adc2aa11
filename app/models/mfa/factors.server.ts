/**
 * An account's second factors as one thing: which it has, checking a code against them, turning
 * the authenticator app on and off. Every change (and a recovery code used) is told to the owner
 * by email and, for staff accounts, written to the audit log, in the transaction that makes it.
 */
import { count, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { writable } from "~/db/write-lock.server";
import { passkeys, users, type User } from "~/db/schema";
import { isStaff } from "~/lib/roles";
import { WRONG_CODE, type MfaMethod } from "~/lib/schemas/mfa";
import { mailContext } from "~/mail/context.server";
import { securityNoticeMail, type SecurityEvent } from "~/mail/messages";
import { recordAudit } from "~/models/audit.server";
import { enqueueMail, type Conn } from "~/models/outbox.server";
import { verifyPassword } from "~/models/password.server";
import { deleteRecoveryCodes, looksLikeRecoveryCode, recoveryCodesLeft, replaceRecoveryCodes, spendRecoveryCode } from "./recovery-codes.server";
import { forgetTrustedDevices } from "./devices.server";
import { checkTotp, deleteTotp, totpEnabled } from "./totp.server";

export const AUTHENTICATOR_APP = "An authenticator app";

type Person = Pick<User, "id" | "username" | "email" | "firstName" | "isAdmin" | "role">;

function person(userId: number): Person {
  const user = getDb().select().from(users).where(eq(users.id, userId)).get();
  if (!user) throw new Error(`User ${userId} not found`);
  return user;
}

const AUDIT_ACTIONS: Record<SecurityEvent["kind"], string> = {
  "factor-added": "mfa.enable",
  "factor-removed": "mfa.disable",
  "recovery-code-used": "mfa.recovery_code_used",
  "new-device": "session.new_device",
};

/** The email (always) and, for staff, the audit row of a security event, in `conn`'s transaction. */
export function recordSecurityEvent(conn: Conn, userId: number, event: SecurityEvent) {
  const user = person(userId);
  enqueueMail(conn, { kind: `security-${event.kind}`, to: user.email, userId: user.id, mail: securityNoticeMail(mailContext(), { user, event }) });
  if (isStaff(user)) {
    const { kind: _kind, ...details } = event;
    recordAudit(conn, { actor: { id: user.id, username: user.username }, action: AUDIT_ACTIONS[event.kind], entityType: "user", entityId: user.id, after: details });
  }
}

export function passkeyCount(userId: number): number {
  return getDb().select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId)).get()?.n ?? 0;
}

/** The ways this account can pass its second factor; empty: it has none. */
export function mfaMethods(userId: number): MfaMethod[] {
  const methods: MfaMethod[] = [];
  if (totpEnabled(userId)) methods.push("totp");
  if (passkeyCount(userId) > 0) methods.push("passkey");
  // Recovery codes stand in for a factor; with none left on, they open nothing.
  if (methods.length > 0 && recoveryCodesLeft(userId) > 0) methods.push("recovery");
  return methods;
}

export function hasSecondFactor(userId: number): boolean {
  return totpEnabled(userId) || passkeyCount(userId) > 0;
}

/**
 * Checks a code typed as a second factor: an authenticator code, or a recovery code (used up,
 * and its use told to the owner). Which one passed, or null.
 */
export function verifyCode(userId: number, code: string, now = Date.now()): "totp" | "recovery" | null {
  if (checkTotp(userId, code, { now })) return "totp";
  if (!looksLikeRecoveryCode(code) || !hasSecondFactor(userId)) return null;
  const spent = getDb().transaction((tx) => {
    if (!spendRecoveryCode(userId, code)) return false;
    recordSecurityEvent(tx, userId, { kind: "recovery-code-used", left: recoveryCodesLeft(userId) });
    return true;
  }, { behavior: "immediate" });
  return spent ? "recovery" : null;
}

/**
 * Confirms a pending authenticator with its first code: enables it and returns ten new recovery
 * codes (shown once), or null when the code is wrong.
 */
export function confirmTotp(userId: number, code: string, now = Date.now()): string[] | null {
  return getDb().transaction((tx) => {
    if (!checkTotp(userId, code, { now, pending: true })) return null;
    const codes = replaceRecoveryCodes(tx, userId);
    recordSecurityEvent(tx, userId, { kind: "factor-added", factor: AUTHENTICATOR_APP });
    return codes;
  }, { behavior: "immediate" });
}

/** The account's password is right; then waits for the write lock (the check took ~200 ms). */
export async function passwordMatches(userId: number, password: string): Promise<boolean> {
  const user = getDb().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).get();
  if (!user || !(await verifyPassword(password, user.passwordHash))) return false;
  await writable();
  return true;
}

export type DisableOutcome = { ok: true } | { ok: false; field: "password" | "code"; message: string };

/** Turns the authenticator off after the password and a current code (or a recovery code). */
export async function disableTotp(userId: number, password: string, code: string): Promise<DisableOutcome> {
  if (!(await passwordMatches(userId, password))) return { ok: false, field: "password", message: "Incorrect password" };
  if (!totpEnabled(userId)) return { ok: false, field: "code", message: "The authenticator app is not turned on" };
  if (!verifyCode(userId, code)) return { ok: false, field: "code", message: WRONG_CODE };
  getDb().transaction((tx) => {
    deleteTotp(userId);
    forgetTrustedDevices(userId);
    // Recovery codes back the authenticator; with passkeys left they stay useful.
    if (passkeyCount(userId) === 0) deleteRecoveryCodes(tx, userId);
    recordSecurityEvent(tx, userId, { kind: "factor-removed", factor: AUTHENTICATOR_APP });
  }, { behavior: "immediate" });
  return { ok: true };
}
