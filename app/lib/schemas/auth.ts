/**
 * The account forms' schemas, shared by conform in the browser, the page actions and the JSON
 * endpoints. Messages are the product spec's copy (section 5).
 */
import { z } from "zod";

export const PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;
const NAME_MAX = 100;

const EMAIL_MESSAGE = "Please enter a valid email address";
const email = z.email({ error: EMAIL_MESSAGE }).max(254, { error: EMAIL_MESSAGE });

/** Optional name field: conform turns an empty box into undefined; JSON may send "" or null. */
const optionalName = z
  .string()
  .trim()
  .max(NAME_MAX, { error: `Must be at most ${NAME_MAX} characters` })
  .nullish();

export const LoginSchema = z.object({
  username: z.string({ error: "Username is required" }).trim().min(1, { error: "Username is required" }),
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }),
  rememberMe: z.boolean().optional(),
  redirectTo: z.string().optional(),
});
export type LoginInput = z.infer<typeof LoginSchema>;

/** The fields /api/register takes (the spec's payload has no terms box). */
export const RegisterFieldsSchema = z.object({
  firstName: z.string({ error: "First name is required" }).trim().min(1, { error: "First name is required" }).max(NAME_MAX),
  lastName: z.string({ error: "Last name is required" }).trim().min(1, { error: "Last name is required" }).max(NAME_MAX),
  email,
  username: z
    .string({ error: "Username must be at least 3 characters" })
    .trim()
    .min(USERNAME_MIN, { error: "Username must be at least 3 characters" })
    .max(30, { error: "Username must be at most 30 characters" })
    .regex(/^[A-Za-z0-9_]+$/, { error: "Username can only contain letters, numbers, and underscores" }),
  password: z
    .string({ error: "Password must be at least 6 characters" })
    .min(PASSWORD_MIN, { error: "Password must be at least 6 characters" })
    .max(200, { error: "Password must be at most 200 characters" }),
  confirmPassword: z
    .string({ error: "Please confirm your password" })
    .min(PASSWORD_MIN, { error: "Please confirm your password" }),
});

/**
 * 'Passwords do not match' on confirmPassword. An object-level refinement normally runs only once
 * every field is valid, so a form with other mistakes would hide it; `when` lets it run as soon
 * as both passwords are strings, so it shows together with the other fields' messages.
 */
function passwordsMatch(key: "password" | "newPassword") {
  return {
    error: "Passwords do not match",
    path: ["confirmPassword"],
    when: (payload: z.core.ParsePayload) => {
      const value = payload.value as Record<string, unknown> | null;
      return typeof value?.[key] === "string" && typeof value.confirmPassword === "string";
    },
  };
}

export const ApiRegisterSchema = RegisterFieldsSchema.refine(
  (value) => value.password === value.confirmPassword,
  passwordsMatch("password"),
);

export const RegisterSchema = RegisterFieldsSchema.extend({
  terms: z
    .boolean({ error: "You must accept the terms and conditions" })
    .refine((v) => v, { error: "You must accept the terms and conditions" }),
  redirectTo: z.string().optional(),
}).refine((value) => value.password === value.confirmPassword, passwordsMatch("password"));
export type RegisterInput = z.infer<typeof ApiRegisterSchema>;

export const ProfileSchema = z.object({
  firstName: optionalName,
  lastName: optionalName,
  email,
});
export type ProfileInput = z.infer<typeof ProfileSchema>;

const PasswordFieldsSchema = z.object({
  currentPassword: z
    .string({ error: "Current password is required" })
    .min(PASSWORD_MIN, { error: "Current password is required" }),
  newPassword: z
    .string({ error: "Password must be at least 6 characters" })
    .min(PASSWORD_MIN, { error: "Password must be at least 6 characters" })
    .max(200, { error: "Password must be at most 200 characters" }),
  confirmPassword: z
    .string({ error: "Please confirm your new password" })
    .min(PASSWORD_MIN, { error: "Please confirm your new password" }),
});
export const PasswordChangeSchema = PasswordFieldsSchema.refine(
  (value) => value.newPassword === value.confirmPassword,
  passwordsMatch("newPassword"),
);
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;

export const DeleteAccountSchema = z.object({
  password: z.string({ error: "Password is required" }).min(1, { error: "Password is required" }),
});

/** "Forgot your password?": a username or an email address. */
export const ForgotPasswordSchema = z.object({
  identifier: z
    .string({ error: "Enter your username or email address" })
    .trim()
    .min(1, { error: "Enter your username or email address" })
    .max(254, { error: "Enter your username or email address" }),
});

/** The new password of a reset: the register form's rules and messages. */
const ResetPasswordFieldsSchema = RegisterFieldsSchema.pick({ password: true, confirmPassword: true });
export const ResetPasswordSchema = ResetPasswordFieldsSchema.refine(
  (value) => value.password === value.confirmPassword,
  passwordsMatch("password"),
);
