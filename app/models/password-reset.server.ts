/**
 * "Forgot your password?": a single-use link by email.
 * - The request takes a username or an email and always gets the same answer, whether or not an
 *   account matches (no account discovery).
 * - Rate limits: RESET_LIMITS.perAddress requests an hour from one client address (the only limit
 *   that answers differently, 429, and it does not depend on the account), and
 *   RESET_LIMITS.perAccount links an hour to one account (further requests are silently dropped).
 * - The link's token: 32 random bytes, only its SHA-256 stored, one hour, single use, void once
 *   the password changes (a fingerprint of the password hash it was issued under).
 * - Using it sets the new password and ends every session of the account; the route then signs
 *   this browser in.
 */
import { and, count, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { passwordResetRequests, sessions, userTokens, users } from "~/db/schema";
import { mailContext } from "~/mail/context.server";
import { RESET_LINK_MINUTES } from "~/lib/password-reset";
import { passwordResetMail } from "~/mail/messages";
import { UNKNOWN_ADDRESS } from "~/models/login-attempt.server";
import { hashPassword } from "~/models/password.server";
import { enqueueMail } from "./outbox.server";
import { findLiveToken, issueToken, passwordFingerprint, useToken } from "./user-token.server";

export const RESET_TTL_MS = RESET_LINK_MINUTES * 60 * 1000;
export const RESET_LIMITS = { perAddress: 10, perAccount: 3, windowMs: 60 * 60 * 1000 } as const;
export { RESET_LINK_INVALID, RESET_REQUESTED } from "~/lib/password-reset";

function findAccount(identifier: string) {
  const value = identifier.trim();
  if (!value) return undefined;
  const condition = value.includes("@")
    ? eq(users.email, value.toLowerCase())
    : sql`lower(${users.username}) = lower(${value})`;
  return getDb().select().from(users).where(condition).get();
}

export type ResetRequestOutcome = { status: "requested" } | { status: "limited"; retryAfterSeconds: number };

export function requestPasswordReset({
  identifier,
  address,
  now = new Date(),
}: {
  identifier: string;
  address: string;
  now?: Date;
}): ResetRequestOutcome {
  const db = getDb();
  const since = new Date(now.getTime() - RESET_LIMITS.windowMs);
  return db.transaction(
    (tx): ResetRequestOutcome => {
      tx.delete(passwordResetRequests).where(lt(passwordResetRequests.createdAt, since)).run();
      if (address !== UNKNOWN_ADDRESS) {
        const fromAddress = tx
          .select({ createdAt: passwordResetRequests.createdAt })
          .from(passwordResetRequests)
          .where(and(eq(passwordResetRequests.ip, address), gt(passwordResetRequests.createdAt, since)))
          .orderBy(passwordResetRequests.createdAt)
          .all();
        if (fromAddress.length >= RESET_LIMITS.perAddress) {
          const retryAfterSeconds = Math.max(1, Math.ceil((fromAddress[0].createdAt.getTime() + RESET_LIMITS.windowMs - now.getTime()) / 1000));
          return { status: "limited", retryAfterSeconds };
        }
      }
      const user = findAccount(identifier);
      tx.insert(passwordResetRequests).values({ ip: address, userId: user?.id ?? null, createdAt: now }).run();
      if (!user) return { status: "requested" };
      const recentLinks =
        tx
          .select({ n: count() })
          .from(userTokens)
          .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, "reset-password"), gt(userTokens.createdAt, since)))
          .get()?.n ?? 0;
      if (recentLinks >= RESET_LIMITS.perAccount) return { status: "requested" };
      const token = issueToken(tx, { userId: user.id, purpose: "reset-password", ttlMs: RESET_TTL_MS, passwordHash: user.passwordHash, now });
      enqueueMail(tx, {
        kind: "password-reset",
        to: user.email,
        userId: user.id,
        mail: passwordResetMail(mailContext(), { user, resetUrl: `${mailContext().appUrl}/reset-password/${token}` }),
        now,
      });
      return { status: "requested" };
    },
    { behavior: "immediate" },
  );
}

/** The account a live reset link belongs to, or null (unknown, used, expired, or the password changed since). */
export function checkResetToken(token: string, now = new Date()): { userId: number; username: string } | null {
  const db = getDb();
  const row = findLiveToken(db, token, "reset-password", now);
  if (!row) return null;
  const user = db.select().from(users).where(eq(users.id, row.userId)).get();
  if (!user || row.passwordFingerprint !== passwordFingerprint(user.passwordHash)) return null;
  return { userId: user.id, username: user.username };
}

/**
 * Sets the new password through a live link, in one transaction: the token is used (guarded),
 * every other reset link of the account is voided, and every session of the account ends.
 */
export async function resetPassword({
  token,
  password,
  now = new Date(),
}: {
  token: string;
  password: string;
  now?: Date;
}): Promise<{ ok: true; userId: number } | { ok: false }> {
  if (!checkResetToken(token, now)) return { ok: false };
  const passwordHash = await hashPassword(password);
  const db = getDb();
  return db.transaction(
    (tx) => {
      const row = findLiveToken(tx as unknown as Db, token, "reset-password", now);
      if (!row) return { ok: false as const };
      const user = tx.select().from(users).where(eq(users.id, row.userId)).get();
      if (!user || row.passwordFingerprint !== passwordFingerprint(user.passwordHash)) return { ok: false as const };
      if (!useToken(tx, row.id, now)) return { ok: false as const };
      tx.update(users).set({ passwordHash }).where(eq(users.id, user.id)).run();
      tx.update(userTokens)
        .set({ usedAt: now })
        .where(and(eq(userTokens.userId, user.id), eq(userTokens.purpose, "reset-password"), isNull(userTokens.usedAt)))
        .run();
      tx.delete(sessions).where(eq(sessions.userId, user.id)).run();
      return { ok: true as const, userId: user.id };
    },
    { behavior: "immediate" },
  );
}
