import type { ActionFunctionArgs } from "@remix-run/node";
import { PasswordChangeSchema } from "~/lib/schemas/auth";
import { changePassword, WRONG_CURRENT_PASSWORD } from "~/models/user.server";
import { apiError, assertMethod, readJsonWith } from "~/utils/http";
import { readSessionId, requireApiUser } from "~/utils/session.server";

/**
 * PATCH /api/user/password {currentPassword, newPassword, confirmPassword}: changes the
 * password and ends the user's other sessions (this one stays). A wrong current password is a
 * 400 with the spec's message.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "PATCH");
  const input = await readJsonWith(request, PasswordChangeSchema);
  const outcome = await changePassword(user.id, input, await readSessionId(request));
  if (!outcome.ok) return apiError(400, WRONG_CURRENT_PASSWORD, outcome.fieldErrors);
  return Response.json({ success: true, message: "Password updated" });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "PATCH" } });
}
