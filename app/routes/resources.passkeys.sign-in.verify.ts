import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { verifyPasskeyAssertion } from "~/models/mfa/passkeys.server";
import { displayName } from "~/models/user.server";
import { apiError } from "~/utils/http";
import { relyingParty, AssertionBodySchema, failureResponse, postOnly, readPasskeyPost, signedInAnswer } from "~/utils/passkeys.server";
import { safeRedirect } from "~/utils/redirect";
import { countSignIn } from "~/utils/metrics.server";
import { signInWithPasskey } from "~/utils/sign-in.server";

const BodySchema = AssertionBodySchema.extend({
  rememberMe: z.boolean().optional(),
  redirectTo: z.string().max(2048).optional(),
});

/**
 * POST /resources/passkeys/sign-in/verify `{ challengeId, response, rememberMe?, redirectTo? }`:
 * the passkey names its account; a verified one signs it in (the passkey is both factors) →
 * `{ redirectTo }` with the session cookie. 404 for a passkey this site does not know.
 */
export async function action({ request }: ActionFunctionArgs) {
  const body = await readPasskeyPost(request, BodySchema);
  const outcome = await verifyPasskeyAssertion("passkey-sign-in", relyingParty(request), { ...body, userId: null });
  if (!outcome.ok) {
    countSignIn("failure");
    return failureResponse(outcome);
  }
  const user = getDb().select().from(users).where(eq(users.id, outcome.userId)).get();
  if (!user) return apiError(404, "This account no longer exists");
  countSignIn("success");
  const headers = await signInWithPasskey(request, user.id, body.rememberMe === true);
  return signedInAnswer(safeRedirect(body.redirectTo), headers, {
    title: "Login successful",
    description: `Welcome back, ${displayName(user)}!`,
  });
}

export const loader = postOnly;
