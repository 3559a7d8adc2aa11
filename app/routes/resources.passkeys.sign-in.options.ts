import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { startPasskeyAuthentication } from "~/models/mfa/passkeys.server";
import { relyingParty, postOnly, readPasskeyPost } from "~/utils/passkeys.server";

/**
 * POST /resources/passkeys/sign-in/options `{}`: the options of a sign-in without the password
 * (any of this site's discoverable passkeys, the person verified by the authenticator).
 */
export async function action({ request }: ActionFunctionArgs) {
  await readPasskeyPost(request, z.object({}));
  return Response.json(await startPasskeyAuthentication("passkey-sign-in", relyingParty(request), null));
}

export const loader = postOnly;
