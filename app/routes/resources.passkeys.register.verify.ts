import type { ActionFunctionArgs } from "@remix-run/node";
import { PasskeyNameSchema } from "~/lib/schemas/mfa";
import { finishPasskeyRegistration } from "~/models/mfa/passkeys.server";
import { markSessionMfa } from "~/models/session.server";
import { relyingParty, failureResponse, postOnly, readPasskeyPost, RegistrationBodySchema } from "~/utils/passkeys.server";
import { getSession, requireApiUser } from "~/utils/session.server";

const BodySchema = RegistrationBodySchema.extend(PasskeyNameSchema.shape);

/**
 * POST /resources/passkeys/register/verify `{ challengeId, name, response }` (signed in): checks
 * the authenticator's answer and stores the passkey → 201 `{ passkey }`. A first factor
 * registered counts as this session passing it (as an authenticator's enrolment does).
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await readPasskeyPost(request, BodySchema);
  const outcome = await finishPasskeyRegistration(user.id, relyingParty(request), body);
  if (!outcome.ok) return failureResponse(outcome);
  if (outcome.firstFactor) {
    const current = await getSession(request);
    if (current) markSessionMfa(current.session.id);
  }
  return Response.json({ passkey: outcome.passkey }, { status: 201 });
}

export const loader = postOnly;
