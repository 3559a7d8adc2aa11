import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { startPasskeyAuthentication } from "~/models/mfa/passkeys.server";
import { apiError } from "~/utils/http";
import { relyingParty, postOnly, readPasskeyPost, SIGN_IN_EXPIRED } from "~/utils/passkeys.server";
import { readPendingSignIn } from "~/utils/sign-in.server";

/**
 * POST /resources/passkeys/second-step/options `{}`: for the half-done sign-in of this browser
 * (password passed), the options asking for one of that account's passkeys.
 */
export async function action({ request }: ActionFunctionArgs) {
  await readPasskeyPost(request, z.object({}));
  const pending = await readPendingSignIn(request);
  if (!pending) return apiError(401, SIGN_IN_EXPIRED);
  if (!pending.methods.includes("passkey")) return apiError(400, "This account has no passkey");
  return Response.json(await startPasskeyAuthentication("passkey-sign-in", relyingParty(request), pending.user.id));
}

export const loader = postOnly;
