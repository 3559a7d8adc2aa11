import type { ActionFunctionArgs } from "@remix-run/node";
import { PASSKEY_NAME_TAKEN, passkeyNameTaken, startPasskeyRegistration } from "~/models/mfa/passkeys.server";
import { PasskeyNameSchema } from "~/lib/schemas/mfa";
import { apiError } from "~/utils/http";
import { relyingParty, postOnly, readPasskeyPost } from "~/utils/passkeys.server";
import { requireApiUser } from "~/utils/session.server";
import { requireApiMayAddFactor } from "~/utils/step-up.server";

/**
 * POST /resources/passkeys/register/options `{ name }` (signed in): the options for the
 * browser's startRegistration and the challenge's id. The name is checked first, so a taken or
 * empty one is refused before the authenticator makes anything.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  await requireApiMayAddFactor(request);
  const { name } = await readPasskeyPost(request, PasskeyNameSchema);
  if (passkeyNameTaken(user.id, name)) return apiError(409, PASSKEY_NAME_TAKEN, { name: [PASSKEY_NAME_TAKEN] });
  return Response.json(await startPasskeyRegistration(user, relyingParty(request)));
}

export const loader = postOnly;
