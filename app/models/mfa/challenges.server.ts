/**
 * Short-lived rows for a sign-in half done (password passed, second factor not yet) and for
 * WebAuthn challenges waiting for their answer. A row carries no access by itself: only
 * completing it creates a session. Expired rows are swept when new ones are made.
 */
import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { authChallenges } from "~/db/schema";
import { PENDING_SIGN_IN_MS } from "~/lib/schemas/mfa";

export type ChallengePurpose = "mfa-sign-in" | "passkey-sign-in" | "passkey-register" | "passkey-step-up";
export type Challenge = typeof authChallenges.$inferSelect;

export function createChallenge(
  purpose: ChallengePurpose,
  { userId = null, challenge = null, rememberMe = false, redirectTo = null }: { userId?: number | null; challenge?: string | null; rememberMe?: boolean; redirectTo?: string | null } = {},
): Challenge {
  const db = getDb();
  db.delete(authChallenges).where(lt(authChallenges.expiresAt, new Date())).run();
  return db
    .insert(authChallenges)
    .values({
      id: crypto.randomBytes(24).toString("base64url"),
      purpose,
      userId,
      challenge,
      rememberMe,
      redirectTo,
      expiresAt: new Date(Date.now() + PENDING_SIGN_IN_MS),
    })
    .returning()
    .get();
}

/** The unexpired challenge with this id and purpose, or null. */
export function findChallenge(id: string | null | undefined, purpose: ChallengePurpose): Challenge | null {
  if (!id) return null;
  return (
    getDb()
      .select()
      .from(authChallenges)
      .where(and(eq(authChallenges.id, id), eq(authChallenges.purpose, purpose), gt(authChallenges.expiresAt, new Date())))
      .get() ?? null
  );
}

/** Deletes the challenge; true only for the one caller that deleted it (answers are single-use). */
export function consumeChallenge(id: string): boolean {
  return getDb().delete(authChallenges).where(eq(authChallenges.id, id)).returning({ id: authChallenges.id }).all().length === 1;
}
