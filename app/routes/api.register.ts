import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiRegisterSchema } from "~/lib/schemas/auth";
import { registerUser } from "~/models/user.server";
import { apiError, assertMethod, INVALID_INPUT, readJsonWith } from "~/utils/http";

/**
 * POST /api/register {username, password, confirmPassword, email, firstName, lastName}:
 * 201 with the new user (not signed in: the browser goes to /login next, as the page does).
 * 400 with field errors for invalid input or a taken username/email.
 */
export async function action({ request }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const input = await readJsonWith(request, ApiRegisterSchema);
  const outcome = await registerUser(input);
  if (!outcome.ok) return apiError(400, INVALID_INPUT, outcome.fieldErrors);
  return Response.json(outcome.user, { status: 201 });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
