/**
 * Single-use tokens sent by email (password reset, email verification). The token is 32 random
 * bytes (base64url); only its SHA-256 is stored, so a database copy holds no usable link, and one
 * token says nothing about another.
 */
import crypto from "node:crypto";
import { and, eq, gt, isNull } from "drizzle-orm";
import { userTokens } from "~/db/schema";
import type { Conn } from "./outbox.server";
import type { Db } from "~/db/client.server";

export type TokenPurpose = "reset-password" | "verify-email";

export const hashToken = (token: string) => crypto.createHash("sha256").update(token).digest("hex");

/** SHA-256 of a password hash: a reset token is void once the hash it was issued under changes. */
export const passwordFingerprint = (passwordHash: string) => crypto.createHash("sha256").update(passwordHash).digest("hex");

/** Tokens look like 43 base64url characters; anything else is not worth a lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export function issueToken(
  conn: Conn,
  {
    userId,
    purpose,
    ttlMs,
    email,
    passwordHash,
    now = new Date(),
  }: { userId: number; purpose: TokenPurpose; ttlMs: number; email?: string; passwordHash?: string; now?: Date },
): string {
  const token = crypto.randomBytes(32).toString("base64url");
  (conn as Db)
    .insert(userTokens)
    .values({
      userId,
      purpose,
      tokenHash: hashToken(token),
      email: email ?? null,
      passwordFingerprint: passwordHash ? passwordFingerprint(passwordHash) : null,
      expiresAt: new Date(now.getTime() + ttlMs),
      createdAt: now,
    })
    .run();
  return token;
}

/** The unused, unexpired token row for this purpose, or undefined. */
export function findLiveToken(conn: Conn, token: string, purpose: TokenPurpose, now = new Date()) {
  if (!TOKEN_PATTERN.test(token)) return undefined;
  return (conn as Db)
    .select()
    .from(userTokens)
    .where(
      and(
        eq(userTokens.tokenHash, hashToken(token)),
        eq(userTokens.purpose, purpose),
        isNull(userTokens.usedAt),
        gt(userTokens.expiresAt, now),
      ),
    )
    .get();
}

/** Marks a token used; false when someone used it first (the guarded UPDATE decides). */
export function useToken(conn: Conn, id: number, now = new Date()): boolean {
  return (conn as Db).update(userTokens).set({ usedAt: now }).where(and(eq(userTokens.id, id), isNull(userTokens.usedAt))).run().changes === 1;
}
