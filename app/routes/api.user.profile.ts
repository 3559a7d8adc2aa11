import type { ActionFunctionArgs } from "@remix-run/node";
import { ProfileSchema } from "~/lib/schemas/auth";
import { updateProfile } from "~/models/user.server";
import { apiError, assertMethod, INVALID_INPUT, readJsonWith } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";

/** PATCH /api/user/profile {firstName?, lastName?, email}: the updated user. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "PATCH");
  const input = await readJsonWith(request, ProfileSchema);
  const outcome = updateProfile(user.id, input);
  if (!outcome.ok) return apiError(400, INVALID_INPUT, outcome.fieldErrors);
  return Response.json(outcome.user);
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "PATCH" } });
}
