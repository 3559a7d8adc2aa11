/**
 * Authenticator codes (issue 41): enrolment confirmed by a first code, codes at the window's
 * edges, a replayed code refused, recovery codes single use, the secret sealed at rest.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { mfaRecoveryCodes, mfaTotp } from "~/db/schema";
import { confirmTotp, disableTotp, mfaMethods, verifyCode } from "~/models/mfa/factors.server";
import { checkTotp, startTotpEnrolment, totpEnabled } from "~/models/mfa/totp.server";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { enrolTotp, totpCode } from "../support/mfa";

const STEP = 30_000;
/** The start of a 30-second step, well away from now, so each case owns its steps. */
const stepStart = (offsetSteps: number) => (Math.floor(Date.now() / STEP) + offsetSteps) * STEP;

describe("authenticator enrolment", () => {
  it("is off until a first code confirms it, then gives ten recovery codes once", async () => {
    const user = await createUser();
    const enrolment = startTotpEnrolment(user.id)!;
    expect(enrolment.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    expect(enrolment.otpauthUrl).toContain(`secret=${enrolment.secret}`);
    expect(totpEnabled(user.id)).toBe(false);
    expect(mfaMethods(user.id)).toEqual([]);
    expect(confirmTotp(user.id, "000000")).toBeNull();
    const codes = confirmTotp(user.id, totpCode(enrolment.secret))!;
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(totpEnabled(user.id)).toBe(true);
    expect(mfaMethods(user.id)).toEqual(["totp", "recovery"]);
    expect(startTotpEnrolment(user.id)).toBeNull();
    // At rest: neither the secret nor the codes in clear.
    const row = getDb().select().from(mfaTotp).where(eq(mfaTotp.userId, user.id)).get()!;
    expect(row.secret).not.toContain(enrolment.secret);
    const hashes = getDb().select().from(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id)).all();
    expect(hashes.map((h) => h.codeHash)).not.toContain(codes[0]);
  });
});

describe("codes", () => {
  it("accepts the steps either side of now and refuses two steps away", async () => {
    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    const now = stepStart(100);
    expect(checkTotp(user.id, totpCode(secret, now - 2 * STEP), { now })).toBe(false);
    expect(checkTotp(user.id, totpCode(secret, now + 2 * STEP), { now })).toBe(false);
    expect(checkTotp(user.id, totpCode(secret, now - STEP), { now })).toBe(true);
    expect(checkTotp(user.id, totpCode(secret, now + STEP), { now: now + 1 })).toBe(true);
  });

  it("refuses a code used once already, and an older one after it", async () => {
    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    const now = stepStart(200);
    const code = totpCode(secret, now);
    expect(checkTotp(user.id, code, { now })).toBe(true);
    expect(checkTotp(user.id, code, { now })).toBe(false);
    expect(checkTotp(user.id, totpCode(secret, now - STEP), { now })).toBe(false);
    expect(checkTotp(user.id, totpCode(secret, now + STEP), { now: now + STEP })).toBe(true);
  });

  it("takes a recovery code once, in any case and spacing", async () => {
    const user = await createUser();
    const { recoveryCodes } = enrolTotp(user.id);
    const [first, second] = recoveryCodes;
    expect(verifyCode(user.id, first.toUpperCase().replace("-", " "))).toBe("recovery");
    expect(verifyCode(user.id, first)).toBeNull();
    expect(verifyCode(user.id, second)).toBe("recovery");
    expect(verifyCode(user.id, "zzzzz-zzzzz")).toBeNull();
  });

  it("turns off only with the password and a code", async () => {
    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    expect(await disableTotp(user.id, "wrong", totpCode(secret))).toEqual({ ok: false, field: "password", message: "Incorrect password" });
    expect((await disableTotp(user.id, TEST_PASSWORD, "123456")).ok).toBe(false);
    expect(await disableTotp(user.id, TEST_PASSWORD, totpCode(secret))).toEqual({ ok: true });
    expect(totpEnabled(user.id)).toBe(false);
    expect(mfaMethods(user.id)).toEqual([]);
  });
});
