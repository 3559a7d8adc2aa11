/**
 * Sign-in through remix-auth 4 with the form strategy. remix-auth 4 only verifies: the strategy
 * returns who signed in (or throws a LoginFailure), and the caller creates the session
 * (createSession / signInAndRedirect in session.server.ts).
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Authenticator } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { LoginSchema } from "~/lib/schemas/auth";
import { clientAddress, lockoutMessage } from "~/models/login-attempt.server";
import { INVALID_LOGIN, signIn } from "~/models/user.server";
import { safeRedirect } from "~/utils/redirect";
import type { PublicUser } from "~/utils/session.server";

export type SignedIn = { user: PublicUser; rememberMe: boolean; redirectTo: string };

type Reply = SubmissionResult<string[]>;

/** Why a sign-in failed, with the conform reply to render (passwords never echoed back). */
export class LoginFailure extends Error {
  constructor(
    readonly status: 400 | 429,
    readonly reply: Reply,
    readonly retryAfterSeconds?: number,
  ) {
    super(reply.error?.[""]?.[0] ?? "Login failed");
    this.name = "LoginFailure";
  }
}

export const FORM_STRATEGY = "form";

export const authenticator = new Authenticator<SignedIn>().use(
  new FormStrategy(async ({ form, request }) => {
    const submission = parseWithZod(form, { schema: LoginSchema });
    if (submission.status !== "success") {
      throw new LoginFailure(400, submission.reply({ hideFields: ["password"] }));
    }
    const { username, password, rememberMe, redirectTo } = submission.value;
    const result = await signIn({ username, password, address: clientAddress(request) });
    if (result.status === "locked") {
      const reply = submission.reply({ formErrors: [lockoutMessage(result.retryAfterSeconds)], hideFields: ["password"] });
      throw new LoginFailure(429, reply, result.retryAfterSeconds);
    }
    if (result.status === "invalid") {
      throw new LoginFailure(400, submission.reply({ formErrors: [INVALID_LOGIN], hideFields: ["password"] }));
    }
    return { user: result.user, rememberMe: rememberMe === true, redirectTo: safeRedirect(redirectTo) };
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
