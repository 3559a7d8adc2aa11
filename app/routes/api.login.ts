import type { ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/lib/schemas/auth";
import { clientAddress, lockoutMessage } from "~/models/login-attempt.server";
import { INVALID_LOGIN, signIn } from "~/models/user.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { createSession, destroySession } from "~/utils/session.server";

/**
 * POST /api/login {username, password, rememberMe?}: sets the session cookie and answers the
 * user. 400 invalid input, 401 wrong credentials (same message for an unknown username),
 * 429 locked out (with Retry-After).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const input = await readJsonWith(request, LoginSchema);
  const result = await signIn({ username: input.username, password: input.password, address: clientAddress(request) });
  if (result.status === "locked") {
    return apiError(429, lockoutMessage(result.retryAfterSeconds), undefined, {
      headers: { "Retry-After": String(result.retryAfterSeconds) },
    });
  }
  if (result.status === "invalid") return apiError(401, INVALID_LOGIN);
  await destroySession(request);
  const cookie = await createSession(result.user.id, input.rememberMe === true);
  return Response.json(result.user, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
