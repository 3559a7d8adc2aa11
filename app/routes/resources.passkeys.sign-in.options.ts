import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { startPasskeyAuthentication } from "~/models/mfa/passkeys.server";
import { clientAddress } from "~/utils/client-address.server";
import { apiError } from "~/utils/http/errors.server";
import { relyingParty, postOnly, readPasskeyPost } from "~/utils/passkeys.server";
import { RateLimiter } from "~/utils/rate-limit.server";

/** Anyone may ask, and each answer writes a 5-minute challenge row: 20 a minute per client address. */
export const SIGN_IN_OPTIONS_LIMIT = { limit: 20, windowMs: 60_000 };
const limiter = new RateLimiter(SIGN_IN_OPTIONS_LIMIT);

/**
 * POST /resources/passkeys/sign-in/options `{}`: the options of a sign-in without the password
 * (any of this site's discoverable passkeys, the person verified by the authenticator).
 */
export async function action({ request }: ActionFunctionArgs) {
  await readPasskeyPost(request, z.object({}));
  const retryAfter = limiter.take(clientAddress(request));
  if (retryAfter > 0) {
    return apiError(429, "Too many sign-in attempts. Please wait a minute and try again.", undefined, { headers: { "Retry-After": String(retryAfter) } });
  }
  return Response.json(await startPasskeyAuthentication("passkey-sign-in", relyingParty(request), null));
}

export const loader = postOnly;
