/**
 * The second factor's forms (issue 41), shared by the pages, the JSON door and conform in the
 * browser. A code box takes an authenticator's six digits or a recovery code (xxxxx-xxxxx).
 * The schemas' messages are keys (issue 42), shown in the reader's language by ErrorList and
 * the pages' localReply, and in English by the JSON API (fieldErrorsOf). The constants below
 * stay English: the models and the JSON API give them as they are (auth-messages maps them).
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

const CODE_REQUIRED_KEY = "auth:errors.codeRequired";
const WRONG_CODE_KEY = "auth:errors.wrongCode";
const SIX_DIGITS_KEY = "auth:mfa.sixDigits";
const PASSWORD_REQUIRED_KEY = "auth:errors.passwordRequired";
const PASSKEY_NAME_REQUIRED_KEY = "auth:mfa.passkeyNameRequired";

const code = z
  .string({ error: CODE_REQUIRED_KEY })
  .trim()
  .min(1, { error: CODE_REQUIRED_KEY })
  .max(40, { error: WRONG_CODE_KEY });

/** The second step of sign-in and the step-up prompt: a code (TOTP or recovery). */
export const MfaCodeSchema = z.object({ code, rememberDevice: z.boolean().optional() });

/** Confirming an authenticator during enrolment: six digits only. */
export const TotpConfirmSchema = z.object({
  code: z
    .string({ error: SIX_DIGITS_KEY })
    .trim()
    .regex(/^\d{6}$/, { error: SIX_DIGITS_KEY }),
});

export const TotpDisableSchema = z.object({
  password: z.string({ error: PASSWORD_REQUIRED_KEY }).min(1, { error: PASSWORD_REQUIRED_KEY }),
  code,
});

/** POST /api/login/mfa: `{ code }` or `{ recoveryCode }`. */
export const ApiMfaLoginSchema = z
  .object({ code: z.string().trim().max(40).optional(), recoveryCode: z.string().trim().max(40).optional() })
  .refine((v) => Boolean(v.code || v.recoveryCode), { error: CODE_REQUIRED, path: ["code"] });

export const PasskeyNameSchema = z.object({
  name: z
    .string({ error: PASSKEY_NAME_REQUIRED_KEY })
    .trim()
    .min(1, { error: PASSKEY_NAME_REQUIRED_KEY })
    // "Must be at most 60 characters" (the key's text names PASSKEY_NAME_MAX).
    .max(PASSKEY_NAME_MAX, { error: "auth:mfa.passkeyNameTooLong" }),
});

export type MfaMethod = "totp" | "recovery" | "passkey";
