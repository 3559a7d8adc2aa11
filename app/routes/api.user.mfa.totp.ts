import type { ActionFunctionArgs } from "@remix-run/node";
import { writable } from "~/db/write-lock.server";
import { TotpDisableSchema } from "~/lib/schemas/mfa";
import { disableTotp } from "~/models/mfa/factors.server";
import { startTotpEnrolment, totpEnabled } from "~/models/mfa/totp.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";
import { requireApiMayAddFactor } from "~/utils/step-up.server";

const ALREADY_ON = "Your authenticator app is already set up";
const NOT_ON = "The authenticator app is not turned on";

/**
 * POST /api/user/mfa/totp: starts setting up an authenticator app: 201 `{ secret, otpauthUrl }`
 * (the secret in base32 and as an otpauth:// URL for a QR code), replacing a setup not confirmed
 * yet; 409 when one is already on. Confirm with POST /api/user/mfa/totp/confirm.
 *
 * DELETE /api/user/mfa/totp {password, code}: turns it off (a current code or a recovery code):
 * 200 `{ enabled: false }`; 400 wrong password or code (fieldErrors); 409 when it is not on.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST", "DELETE");
  if (request.method.toUpperCase() === "POST") {
    if (totpEnabled(user.id)) return apiError(409, ALREADY_ON);
    await requireApiMayAddFactor(request);
    await writable();
    const enrolment = startTotpEnrolment(user.id);
    if (!enrolment) return apiError(409, ALREADY_ON);
    return Response.json(enrolment, { status: 201, headers: { "Cache-Control": "no-store" } });
  }
  const input = await readJsonWith(request, TotpDisableSchema);
  if (!totpEnabled(user.id)) return apiError(409, NOT_ON);
  await writable();
  const outcome = await disableTotp(user.id, input.password, input.code);
  if (!outcome.ok) return apiError(400, outcome.message, { [outcome.field]: [outcome.message] });
  return Response.json({ enabled: false }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST, DELETE" } });
}
