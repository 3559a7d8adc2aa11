import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiMfaLoginSchema } from "~/lib/schemas/mfa";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { checkCodeWithLockout, finishSignIn, readPendingSignIn } from "~/utils/sign-in.server";

const NO_PENDING_SIGN_IN = "No sign-in is waiting for a second factor (it waits 5 minutes). Sign in again with POST /api/login";

/**
 * POST /api/login/mfa {code} | {recoveryCode}: the second step of a sign-in that POST /api/login
 * answered with `mfaRequired`. 200: the session cookie and the user (as /api/login answers it).
 * 401 without a pending sign-in (none, expired or already finished) or for a wrong code; wrong
 * codes count in the sign-in lockout, then 429 with Retry-After. A recovery code works once.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const pending = await readPendingSignIn(request);
  if (!pending) return apiError(401, NO_PENDING_SIGN_IN);
  const input = await readJsonWith(request, ApiMfaLoginSchema);
  const check = await checkCodeWithLockout(request, pending.user, input.code || input.recoveryCode || "");
  if (!check.ok) return apiError(check.status, check.message, undefined, { headers: check.headers });
  const done = await finishSignIn(request, pending);
  if (!done) return apiError(401, NO_PENDING_SIGN_IN);
  done.headers.set("Cache-Control", "no-store");
  return Response.json(pending.user, { headers: done.headers });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
