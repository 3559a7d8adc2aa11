import type { ActionFunctionArgs } from "@remix-run/node";
import { writable } from "~/db/write-lock.server";
import { TotpConfirmSchema, WRONG_CODE } from "~/lib/schemas/mfa";
import { confirmTotp } from "~/models/mfa/factors.server";
import { pendingTotpEnrolment, totpEnabled } from "~/models/mfa/totp.server";
import { markSessionMfa } from "~/models/session.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { readSessionId, requireApiUser } from "~/utils/session.server";

/**
 * POST /api/user/mfa/totp/confirm {code}: the app's first 6-digit code turns it on: 200
 * `{ enabled: true, recoveryCodes }` (ten, shown this once). This session counts as having passed
 * a factor now. 400 wrong code (fieldErrors.code); 409 already on, or no setup started.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const input = await readJsonWith(request, TotpConfirmSchema);
  if (totpEnabled(user.id)) return apiError(409, "Your authenticator app is already set up");
  if (!pendingTotpEnrolment(user.id)) return apiError(409, "No setup is waiting: start one with POST /api/user/mfa/totp");
  await writable();
  const recoveryCodes = confirmTotp(user.id, input.code);
  if (!recoveryCodes) return apiError(400, WRONG_CODE, { code: [WRONG_CODE] });
  const sessionId = await readSessionId(request);
  if (sessionId) markSessionMfa(sessionId);
  return Response.json({ enabled: true, recoveryCodes }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
