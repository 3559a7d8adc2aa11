/**
 * The second factor's forms (issue 41), shared by the pages, the JSON door and conform in the
 * browser. A code box takes an authenticator's six digits or a recovery code (xxxxx-xxxxx).
 */
import { z } from "zod";

export const CODE_REQUIRED = "Enter the code from your authenticator app or a recovery code";
export const WRONG_CODE = "That code is not right. Check your authenticator app and try again";
export const MFA_REQUIRED = "Second factor required";
/** How long a half-done sign-in (password passed, factor not yet) may wait. */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
/** A staff session that passed a factor within this long may refund, close periods, etc. */
export const STEP_UP_MS = 12 * 60 * 60 * 1000;
/** "Remember this device" (owners only). */
export const TRUSTED_DEVICE_MS = 30 * 24 * 60 * 60 * 1000;
export const RECOVERY_CODE_COUNT = 10;
export const PASSKEY_NAME_MAX = 60;

const code = z
  .string({ error: CODE_REQUIRED })
  .trim()
  .min(1, { error: CODE_REQUIRED })
  .max(40, { error: WRONG_CODE });

/** The second step of sign-in and the step-up prompt: a code (TOTP or recovery). */
export const MfaCodeSchema = z.object({ code, rememberDevice: z.boolean().optional() });

/** Confirming an authenticator during enrolment: six digits only. */
export const TotpConfirmSchema = z.object({
  code: z
    .string({ error: "Enter the 6-digit code your app shows" })
    .trim()
    .regex(/^\d{6}$/, { error: "Enter the 6-digit code your app shows" }),
});

export const TotpDisableSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }),
  code,
});

/** POST /api/login/mfa: `{ code }` or `{ recoveryCode }`. */
export const ApiMfaLoginSchema = z
  .object({ code: z.string().trim().max(40).optional(), recoveryCode: z.string().trim().max(40).optional() })
  .refine((v) => Boolean(v.code || v.recoveryCode), { error: CODE_REQUIRED, path: ["code"] });

export const PasskeyNameSchema = z.object({
  name: z
    .string({ error: "Give the passkey a name" })
    .trim()
    .min(1, { error: "Give the passkey a name" })
    .max(PASSKEY_NAME_MAX, { error: `Must be at most ${PASSKEY_NAME_MAX} characters` }),
});

export type MfaMethod = "totp" | "recovery" | "passkey";
