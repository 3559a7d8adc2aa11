/**
 * Sign-in through remix-auth 4 with the form strategy. remix-auth 4 only verifies: the strategy
 * returns who signed in (or throws a LoginFailure), and the caller creates the session
 * (signInRedirect in sign-in.server.ts, which asks for the second factor first when the account has one).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AuthForms } from "~/lib/schemas/auth";
import { lockoutMessage } from "~/models/login-attempt.server";
import { clientAddress } from "~/utils/client-address.server";
import { countSignIn } from "~/utils/metrics.server";
import { INVALID_LOGIN, signIn, type SignInResult } from "~/models/user.server";
import { safeRedirect } from "~/utils/redirect";
import type { PublicUser } from "~/lib/types";

export type SignedIn = { user: PublicUser; rememberMe: boolean; redirectTo: string };

/** A sign-in as HTTP: the user, or 401 wrong credentials / 429 locked out (with Retry-After). */
export type SignInAnswer =
  | { ok: true; user: PublicUser }
  | { ok: false; status: 401 | 429; message: string; headers?: Record<string, string> };

/**
 * The one mapping of a sign-in result to an answer, for the login page and POST /api/login.
 * An unknown username and a wrong password get the same 401 and message.
 */
export function signInAnswer(result: SignInResult): SignInAnswer {
  countSignIn(result.status === "ok" ? "success" : result.status === "invalid" ? "failure" : "locked");
  if (result.status === "ok") return { ok: true, user: result.user };
  if (result.status === "invalid") return { ok: false, status: 401, message: INVALID_LOGIN };
  const seconds = String(result.retryAfterSeconds);
  return { ok: false, status: 429, message: lockoutMessage(result.retryAfterSeconds), headers: { "Retry-After": seconds } };
}

type Reply = SubmissionResult<string[]>;

/** Why a sign-in failed, with the conform reply to render (passwords never echoed back). */
export class LoginFailure extends Error {
  constructor(
    readonly status: 400 | 401 | 429,
    readonly reply: Reply,
    readonly headers?: Record<string, string>,
  ) {
    super(reply.error?.[""]?.[0] ?? "Login failed");
    this.name = "LoginFailure";
  }
}

export const FORM_STRATEGY = "form";

export const authenticator = new Authenticator<SignedIn>().use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseWithZod(form, { schema: AuthForms.LoginSchema });
    if (submission.status !== "success") {
      throw new LoginFailure(400, submission.reply({ hideFields: ["password"] }));
    }
    const { username, password, rememberMe, redirectTo } = submission.value;
    const answer = signInAnswer(await signIn({ username, password, address: clientAddress(request) }));
    if (!answer.ok) {
      throw new LoginFailure(answer.status, submission.reply({ formErrors: [answer.message], hideFields: ["password"] }), answer.headers);
    }
    return { user: answer.user, rememberMe: rememberMe === true, redirectTo: safeRedirect(redirectTo) };
  }),
  FORM_STRATEGY,
);

/** The signed-in user from a login form post, or the LoginFailure to show. */
export async function authenticateForm(request: Request): Promise<SignedIn | LoginFailure> {
  try {
    return await authenticator.authenticate(FORM_STRATEGY, request);
  } catch (error) {
    if (error instanceof LoginFailure) return error;
    throw error;
  }
}
