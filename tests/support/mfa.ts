/**
 * Second factors for tests (issue 41): enrol an authenticator for a user the way /profile does
 * (start, then confirm with a code computed from the secret) and compute codes like the app on a
 * phone would.
 */
import { Secret, TOTP } from "otpauth";
import { confirmTotp } from "~/models/mfa/factors.server";
import { startTotpEnrolment } from "~/models/mfa/totp.server";

/** The 6-digit code of `secret` at `at` (ms since the epoch; now by default). */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

/** A 6-digit code the authenticator does not show around now (nor a step before or after). */
export function wrongCode(secret: string): string {
  const near = new Set([-30_000, 0, 30_000].map((d) => totpCode(secret, Date.now() + d)));
  for (let n = 0; ; n += 1) {
    const code = String(n).padStart(6, "0");
    if (!near.has(code)) return code;
  }
}

/**
 * Turns on an authenticator for the user. The confirming code is the previous step's, so the
 * current step's code stays usable once by the test (a code is accepted only once).
 */
export function enrolTotp(userId: number): { secret: string; recoveryCodes: string[] } {
  const enrolment = startTotpEnrolment(userId);
  if (!enrolment) throw new Error(`User ${userId} already has an authenticator`);
  const recoveryCodes = confirmTotp(userId, totpCode(enrolment.secret, Date.now() - 30_000));
  if (!recoveryCodes) throw new Error("The enrolment code was refused");
  return { secret: enrolment.secret, recoveryCodes };
}
