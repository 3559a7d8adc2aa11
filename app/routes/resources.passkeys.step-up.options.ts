import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { passkeyCount } from "~/models/mfa/factors.server";
import { startPasskeyAuthentication } from "~/models/mfa/passkeys.server";
import { apiError } from "~/utils/http";
import { relyingParty, postOnly, readPasskeyPost } from "~/utils/passkeys.server";
import { requireApiUser } from "~/utils/session.server";

/**
 * POST /resources/passkeys/step-up/options `{}` (signed in): the options asking for one of the
 * user's passkeys. The answer goes, with the challenge's id, in the step-up form's
 * `stepUpPasskey` field (checked by ~/models/mfa/passkeys.server's step-up verifier).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  await readPasskeyPost(request, z.object({}));
  if (passkeyCount(user.id) === 0) return apiError(400, "You have no passkey");
  return Response.json(await startPasskeyAuthentication("passkey-step-up", relyingParty(request), user.id));
}

export const loader = postOnly;
