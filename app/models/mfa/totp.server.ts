/**
 * Authenticator app codes (RFC 6238: SHA-1, 6 digits, 30-second steps, one step of drift either
 * way). Enrolment stores a sealed secret, enabled only once a first code confirms it; a code is
 * accepted once (the step it matched is remembered, so a replayed code fails).
 */
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { Secret, TOTP } from "otpauth";
import { getDb } from "~/db/client.server";
import { mfaTotp, users } from "~/db/schema";
import { getEnv } from "~/utils/env.server";
import { open, seal } from "./secret-box.server";

const PERIOD = 30;

function totpOf(secretBase32: string, username: string) {
  return new TOTP({
    issuer: `${getEnv().TOWN_NAME} BTR`,
    label: username,
    algorithm: "SHA1",
    digits: 6,
    period: PERIOD,
    secret: Secret.fromBase32(secretBase32),
  });
}

export type TotpEnrolment = { secret: string; otpauthUrl: string };

/** A fresh secret for the user (replacing an unconfirmed one); null when one is already enabled. */
export function startTotpEnrolment(userId: number): TotpEnrolment | null {
  const db = getDb();
  const user = db.select({ username: users.username }).from(users).where(eq(users.id, userId)).get();
  if (!user) throw new Error(`User ${userId} not found`);
  const existing = db.select({ enabledAt: mfaTotp.enabledAt }).from(mfaTotp).where(eq(mfaTotp.userId, userId)).get();
  if (existing?.enabledAt) return null;
  const secret = new Secret({ size: 20 }).base32;
  const sealed = seal(secret);
  db.insert(mfaTotp)
    .values({ userId, secret: sealed })
    .onConflictDoUpdate({ target: mfaTotp.userId, set: { secret: sealed, lastStep: null, createdAt: new Date() } })
    .run();
  return { secret, otpauthUrl: totpOf(secret, user.username).toString() };
}

/** The enrolment waiting for its first code (to show its QR again), or null. */
export function pendingTotpEnrolment(userId: number): TotpEnrolment | null {
  const row = getDb()
    .select({ secret: mfaTotp.secret, enabledAt: mfaTotp.enabledAt, username: users.username })
    .from(mfaTotp)
    .innerJoin(users, eq(users.id, mfaTotp.userId))
    .where(eq(mfaTotp.userId, userId))
    .get();
  if (!row || row.enabledAt) return null;
  const secret = open(row.secret);
  return { secret, otpauthUrl: totpOf(secret, row.username).toString() };
}

export function totpEnabled(userId: number): boolean {
  const row = getDb().select({ enabledAt: mfaTotp.enabledAt }).from(mfaTotp).where(eq(mfaTotp.userId, userId)).get();
  return Boolean(row?.enabledAt);
}

/**
 * Checks a code against the user's secret (enabled, or pending when `pending` is true) and, when
 * it matches a step later than the last one used, records that step. False otherwise.
 */
export function checkTotp(userId: number, code: string, { now = Date.now(), pending = false } = {}): boolean {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return false;
  const db = getDb();
  const row = db.select().from(mfaTotp).where(eq(mfaTotp.userId, userId)).get();
  if (!row || Boolean(row.enabledAt) === pending) return false;
  const delta = totpOf(open(row.secret), "").validate({ token, timestamp: now, window: 1 });
  if (delta === null) return false;
  const step = Math.floor(now / 1000 / PERIOD) + delta;
  if (row.lastStep !== null && step <= row.lastStep) return false;
  // Conditional on the step still being older: two requests racing with one code, one wins.
  const updated = db
    .update(mfaTotp)
    .set({ lastStep: step, ...(pending ? { enabledAt: new Date(now) } : {}) })
    .where(and(eq(mfaTotp.userId, userId), or(isNull(mfaTotp.lastStep), lt(mfaTotp.lastStep, step))))
    .returning({ lastStep: mfaTotp.lastStep })
    .all();
  return updated.length === 1;
}

export function deleteTotp(userId: number) {
  getDb().delete(mfaTotp).where(eq(mfaTotp.userId, userId)).run();
}
