import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { verifyPasskeyAssertion } from "~/models/mfa/passkeys.server";
import { displayName } from "~/models/user.server";
import { apiError } from "~/utils/http";
import {
  relyingParty,
  AssertionBodySchema,
  failureResponse,
  postOnly,
  readPasskeyPost,
  signedInAnswer,
  SIGN_IN_EXPIRED,
} from "~/utils/passkeys.server";
import { finishSignIn, readPendingSignIn } from "~/utils/sign-in.server";

const BodySchema = AssertionBodySchema.extend({
  rememberDevice: z.boolean().optional(),
});

/**
 * POST /resources/passkeys/second-step/verify `{ challengeId, response, rememberDevice? }`: one of
 * the pending account's passkeys finishes its sign-in → `{ redirectTo }` with the session cookie.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readPasskeyPost(request, BodySchema);
  const pending = await readPendingSignIn(request);
  if (!pending) return apiError(401, SIGN_IN_EXPIRED);
  const outcome = await verifyPasskeyAssertion("passkey-sign-in", relyingParty(request), { ...body, userId: pending.user.id });
  if (!outcome.ok) return failureResponse(outcome);
  const done = await finishSignIn(request, pending, {
    trustDevice: body.rememberDevice === true,
  });
  if (!done) return apiError(401, SIGN_IN_EXPIRED);
  return signedInAnswer(done.redirectTo, done.headers, {
    title: "Login successful",
    description: `Welcome back, ${displayName(pending.user)}!`,
  });
}

export const loader = postOnly;
