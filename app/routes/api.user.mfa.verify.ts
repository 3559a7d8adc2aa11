import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiMfaLoginSchema } from "~/lib/schemas/mfa";
import { hasSecondFactor } from "~/models/mfa/factors.server";
import { markSessionMfa } from "~/models/session.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { readSessionId, requireApiUser } from "~/utils/session.server";
import { checkCodeWithLockout } from "~/utils/sign-in.server";

/**
 * POST /api/user/mfa/verify {code} | {recoveryCode}: the JSON client's step-up. A right code
 * marks this session as having passed a second factor now (staff actions that move money or
 * power then go through for 12 hours): 200 `{ verified: true, verifiedAt }`. 401 wrong code,
 * counted in the sign-in lockout (then 429 with Retry-After); 409 when the account has no factor.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const input = await readJsonWith(request, ApiMfaLoginSchema);
  if (!hasSecondFactor(user.id)) return apiError(409, "Your account has no second factor to verify");
  const check = await checkCodeWithLockout(request, user, input.code || input.recoveryCode || "");
  if (!check.ok) return apiError(check.status, check.message, undefined, { headers: check.headers });
  const sessionId = await readSessionId(request);
  const verifiedAt = new Date();
  if (sessionId) markSessionMfa(sessionId, verifiedAt);
  return Response.json({ verified: true, verifiedAt: verifiedAt.toISOString() }, { headers: { "Cache-Control": "no-store" } });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
