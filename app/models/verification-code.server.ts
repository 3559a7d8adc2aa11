/**
 * Claim codes: 7 digits from a CSPRNG, unique among live codes (those of businesses that can
 * still be claimed). `businesses.verification_code` is the one live code of a business: writing
 * a new one is what makes the earlier one stop working. Letters keep only a hash of their code.
 */
import crypto from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { businesses } from "~/db/schema";

type Reader = Pick<Db, "select">;

/** The live codes right now (read inside the transaction that will add more). */
export function liveCodes(db: Reader): Set<string> {
  const rows = db
    .select({ code: businesses.verificationCode })
    .from(businesses)
    .where(and(isNotNull(businesses.verificationCode), eq(businesses.isClaimed, false), eq(businesses.canBeClaimed, true)))
    .all();
  return new Set(rows.map((r) => r.code!));
}

/** A fresh 7-digit code not in `taken`; adds it to `taken`. */
export function freshCode(taken: Set<string>): string {
  for (;;) {
    const code = String(crypto.randomInt(1_000_000, 10_000_000));
    if (!taken.has(code)) {
      taken.add(code);
      return code;
    }
  }
}

/** What a letter stores instead of its code: enough to tell whether the code is still the live one. */
export function codeHash(businessId: number, code: string): string {
  return crypto.createHash("sha256").update(`${businessId}:${code}`).digest("hex");
}
