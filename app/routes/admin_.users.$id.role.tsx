import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { parseRole, ROLE_LABELS } from "~/lib/roles";
import { OperationError, setUserRole } from "~/models/admin/operations.server";
import { requireAdmin } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** POST /admin/users/{id}/role (role=user|clerk|admin): administrators only; a clerk gets 403. */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAdmin(request);
  const id = parseId(params.id);
  if (id === null) throw new Response("User not found", { status: 404 });
  const role = parseRole((await request.formData()).get("role"));
  if (!role) return redirectWithToast("/admin?tab=users", { title: "Choose a role", variant: "destructive" });
  try {
    const user = setUserRole(actor, id, role);
    return redirectWithToast("/admin?tab=users", { title: "Role changed", description: `${user.username} is now: ${ROLE_LABELS[role]}.` });
  } catch (error) {
    if (error instanceof OperationError) {
      if (error.status === 404) throw new Response(error.message, { status: 404 });
      return redirectWithToast("/admin?tab=users", { title: error.message, variant: "destructive" });
    }
    throw error;
  }
}

export const loader = () => redirect("/admin?tab=users");
