/**
 * Ten one-time recovery codes per account, shown once and stored as SHA-256 hashes (they are
 * random, 50 bits each, so a fast hash is enough). A code works once.
 */
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { mfaRecoveryCodes } from "~/db/schema";
import { RECOVERY_CODE_COUNT } from "~/lib/schemas/mfa";

type Conn = Pick<ReturnType<typeof getDb>, "insert" | "delete" | "update" | "select">;

const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789"; // no 0/o, 1/l/i: read aloud and typed from paper

function randomPart(length: number) {
  let out = "";
  for (const byte of crypto.randomBytes(length)) out += ALPHABET[byte % ALPHABET.length];
  return out;
}

/** Lower case, no spaces: "ABCDE FGHJK" and "abcde-fghjk" are the same code. */
function normalize(code: string) {
  const compact = code.toLowerCase().replace(/[\s-]+/g, "");
  return compact.length === 10 ? `${compact.slice(0, 5)}-${compact.slice(5)}` : compact;
}

const hash = (code: string) => crypto.createHash("sha256").update(normalize(code)).digest("hex");

export function looksLikeRecoveryCode(code: string) {
  return /^[a-z0-9]{5}-[a-z0-9]{5}$/.test(normalize(code));
}

/** Replaces the user's recovery codes with ten new ones, returned once in plain text. */
export function replaceRecoveryCodes(conn: Conn, userId: number): string[] {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => `${randomPart(5)}-${randomPart(5)}`);
  conn.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)).run();
  conn.insert(mfaRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hash(code) }))).run();
  return codes;
}

/** Marks the code used and returns true, once; false when unknown or already used. */
export function spendRecoveryCode(userId: number, code: string): boolean {
  if (!looksLikeRecoveryCode(code)) return false;
  const used = getDb()
    .update(mfaRecoveryCodes)
    .set({ usedAt: new Date() })
    .where(and(eq(mfaRecoveryCodes.userId, userId), eq(mfaRecoveryCodes.codeHash, hash(code)), isNull(mfaRecoveryCodes.usedAt)))
    .returning({ id: mfaRecoveryCodes.id })
    .all();
  return used.length === 1;
}

export function recoveryCodesLeft(userId: number): number {
  return getDb()
    .select({ id: mfaRecoveryCodes.id })
    .from(mfaRecoveryCodes)
    .where(and(eq(mfaRecoveryCodes.userId, userId), isNull(mfaRecoveryCodes.usedAt)))
    .all().length;
}

export function deleteRecoveryCodes(conn: Conn, userId: number) {
  conn.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, userId)).run();
}
