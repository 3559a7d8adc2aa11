import type { ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/lib/schemas/auth";
import { clientAddress } from "~/utils/client-address.server";
import { signIn } from "~/models/user.server";
import { signInAnswer } from "~/utils/auth.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { beginSignIn } from "~/utils/sign-in.server";

/**
 * POST /api/login {username, password, rememberMe?}: sets the session cookie and answers the
 * user. An account with a second factor instead answers `{ mfaRequired: true, methods }` and a
 * pending sign-in cookie (5 minutes, no access) for POST /api/login/mfa. 400 invalid input,
 * 401 wrong credentials (same message for an unknown username), 429 locked out (with Retry-After).
 */
export async function action({ request }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const input = await readJsonWith(request, LoginSchema);
  const answer = signInAnswer(await signIn({ username: input.username, password: input.password, address: clientAddress(request) }));
  if (!answer.ok) return apiError(answer.status, answer.message, undefined, { headers: answer.headers });
  const step = await beginSignIn(request, answer.user, { rememberMe: input.rememberMe === true, redirectTo: "/" });
  step.headers.set("Cache-Control", "no-store");
  if (!step.done) return Response.json({ mfaRequired: true, methods: step.methods }, { headers: step.headers });
  return Response.json(answer.user, { headers: step.headers });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
