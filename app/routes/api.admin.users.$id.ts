import type { ActionFunctionArgs } from "@remix-run/node";
import { roleOf } from "~/lib/roles";
import { ApiRoleSchema } from "~/lib/schemas/staff-api";
import { OperationError, setUserRole } from "~/models/admin/operations.server";
import { getUserById } from "~/models/user.server";
import { apiError, assertMethod, readJsonWith, requireApiId } from "~/utils/http";
import { requireApiAdmin } from "~/utils/session.server";
import { requireApiStepUp } from "~/utils/step-up.server";

const NOT_FOUND = "User not found";

/**
 * PATCH /api/admin/users/{id} {role: "admin" | "clerk" | null}: gives or takes a staff role (null,
 * or "user": none), as the users page does, with its audit entry. Administrators only, behind the
 * step-up (403 mfa_required). 200 the user as GET /api/admin/users lists it; 404 unknown; 409 an
 * administrator taking away their own role.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireApiAdmin(request);
  await requireApiStepUp(request);
  assertMethod(request, "PATCH");
  const id = requireApiId(params.id, NOT_FOUND);
  const input = await readJsonWith(request, ApiRoleSchema);
  try {
    setUserRole(actor, id, input.role ?? "user");
  } catch (error) {
    if (error instanceof OperationError) return apiError(error.status, error.message);
    throw error;
  }
  const user = getUserById(id);
  if (!user) return apiError(404, NOT_FOUND);
  return Response.json({
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    role: roleOf(user),
    createdAt: user.createdAt.toISOString(),
  });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "PATCH" } });
}
