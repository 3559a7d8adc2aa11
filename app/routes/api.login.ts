import type { ActionFunctionArgs } from "@remix-run/node";
import { LoginSchema } from "~/lib/schemas/auth";
import { clientAddress } from "~/utils/client-address.server";
import { signIn } from "~/models/user.server";
import { signInAnswer } from "~/utils/auth.server";
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
  const answer = signInAnswer(await signIn({ username: input.username, password: input.password, address: clientAddress(request) }));
  if (!answer.ok) return apiError(answer.status, answer.message, undefined, { headers: answer.headers });
  await destroySession(request);
  const cookie = await createSession(answer.user.id, input.rememberMe === true);
  return Response.json(answer.user, { headers: { "Set-Cookie": cookie, "Cache-Control": "no-store" } });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
