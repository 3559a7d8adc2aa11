/**
 * The account forms' schemas, shared by conform in the browser, the page actions and the JSON
 * endpoints. Messages are the product spec's copy (section 5), kept in app/locales/<lng>/auth.json
 * under errors.* (issue 42).
 *
 * Two builds of the same rules: the pages' (`AuthForms`) carry the messages as keys
 * "auth:errors.<name>", translated where they are shown (ErrorList) and in the page actions'
 * replies; the plain exports carry the English, for the JSON door, the scripts and anything
 * else that answers in English.
 */
import { z } from "zod";
import en from "~/locales/en/auth.json";

export const PASSWORD_MIN = 6;
export const USERNAME_MIN = 3;
const NAME_MAX = 100;

export type AuthErrorName = keyof typeof en.errors;
type Message = (name: AuthErrorName) => string;

/**
 * 'Passwords do not match' on confirmPassword. An object-level refinement normally runs only once
 * every field is valid, so a form with other mistakes would hide it; `when` lets it run as soon
 * as both passwords are strings, so it shows together with the other fields' messages.
 */
function passwordsMatch(key: "password" | "newPassword", error: string) {
  return {
    error,
    path: ["confirmPassword"],
    when: (payload: z.core.ParsePayload) => {
      const value = payload.value as Record<string, unknown> | null;
      return typeof value?.[key] === "string" && typeof value.confirmPassword === "string";
    },
  };
}

function authSchemas(m: Message) {
  const email = z.email({ error: m("emailInvalid") }).max(254, { error: m("emailInvalid") });

  /** Optional name field: conform turns an empty box into undefined; JSON may send "" or null. */
  const optionalName = z.string().trim().max(NAME_MAX, { error: m("nameTooLong") }).nullish();

  /** A password being chosen (registration, a change), and the box that repeats it. */
  const newPassword = () =>
    z
      .string({ error: m("passwordTooShort") })
      .min(PASSWORD_MIN, { error: m("passwordTooShort") })
      .max(200, { error: m("passwordTooLong") });
  const confirmation = (key: "confirmPassword" | "confirmNewPassword") => z.string({ error: m(key) }).min(PASSWORD_MIN, { error: m(key) });

  const LoginSchema = z.object({
    username: z.string({ error: m("usernameRequired") }).trim().min(1, { error: m("usernameRequired") }),
    password: z.string({ error: m("passwordRequired") }).min(1, { error: m("passwordRequired") }),
    rememberMe: z.boolean().optional(),
    redirectTo: z.string().optional(),
  });

  /** The fields /api/register takes (the spec's payload has no terms box). */
  const RegisterFieldsSchema = z.object({
    firstName: z.string({ error: m("firstNameRequired") }).trim().min(1, { error: m("firstNameRequired") }).max(NAME_MAX),
    lastName: z.string({ error: m("lastNameRequired") }).trim().min(1, { error: m("lastNameRequired") }).max(NAME_MAX),
    email,
    username: z
      .string({ error: m("usernameTooShort") })
      .trim()
      .min(USERNAME_MIN, { error: m("usernameTooShort") })
      .max(30, { error: m("usernameTooLong") })
      .regex(/^[A-Za-z0-9_]+$/, { error: m("usernameCharacters") }),
    password: newPassword(),
    confirmPassword: confirmation("confirmPassword"),
  });

  /** The refinement that the repeated password matches `key` (see passwordsMatch). */
  const agreeing = (key: "password" | "newPassword") =>
    [(value: Record<string, unknown>) => value[key] === value.confirmPassword, passwordsMatch(key, m("passwordsMismatch"))] as const;

  const ApiRegisterSchema = RegisterFieldsSchema.refine(...agreeing("password"));

  const RegisterSchema = RegisterFieldsSchema.extend({
    terms: z
      .boolean({ error: m("termsRequired") })
      .refine((v) => v, { error: m("termsRequired") }),
    redirectTo: z.string().optional(),
  }).refine(...agreeing("password"));

  const ProfileSchema = z.object({
    firstName: optionalName,
    lastName: optionalName,
    email,
  });

  const PasswordFieldsSchema = z.object({
    currentPassword: z
      .string({ error: m("currentPasswordRequired") })
      .min(PASSWORD_MIN, { error: m("currentPasswordRequired") }),
    newPassword: newPassword(),
    confirmPassword: confirmation("confirmNewPassword"),
  });
  const PasswordChangeSchema = PasswordFieldsSchema.refine(...agreeing("newPassword"));

  const DeleteAccountSchema = z.object({
    password: z.string({ error: m("passwordRequired") }).min(1, { error: m("passwordRequired") }),
  });

  /** "Forgot your password?": a username or an email address. */
  const ForgotPasswordSchema = z.object({
    identifier: z
      .string({ error: m("identifierRequired") })
      .trim()
      .min(1, { error: m("identifierRequired") })
      .max(254, { error: m("identifierRequired") }),
  });

  /** The new password of a reset: the register form's rules and messages. */
  const ResetPasswordFieldsSchema = RegisterFieldsSchema.pick({ password: true, confirmPassword: true });
  const ResetPasswordSchema = ResetPasswordFieldsSchema.refine(
    (value) => value.password === value.confirmPassword,
    passwordsMatch("password", m("passwordsMismatch")),
  );

  return {
    LoginSchema,
    RegisterFieldsSchema,
    ApiRegisterSchema,
    RegisterSchema,
    ProfileSchema,
    PasswordChangeSchema,
    DeleteAccountSchema,
    ForgotPasswordSchema,
    ResetPasswordSchema,
  };
}

/** The pages' schemas: every message a key "auth:errors.<name>". */
export const AuthForms = authSchemas((name) => `auth:errors.${name}`);

/** The same rules with the English messages (the JSON door, scripts). */
export const {
  LoginSchema,
  RegisterFieldsSchema,
  ApiRegisterSchema,
  RegisterSchema,
  ProfileSchema,
  PasswordChangeSchema,
  DeleteAccountSchema,
  ForgotPasswordSchema,
  ResetPasswordSchema,
} = authSchemas((name) => en.errors[name]);

export type LoginInput = z.infer<typeof LoginSchema>;
export type RegisterInput = z.infer<typeof ApiRegisterSchema>;
export type ProfileInput = z.infer<typeof ProfileSchema>;
export type PasswordChangeInput = z.infer<typeof PasswordChangeSchema>;
