import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/admin-page";
import { StepUpForm, stepUpOf } from "~/components/auth/step-up-form";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { parseRole, ROLES, roleOf } from "~/lib/roles";
import { OperationError, setUserRole } from "~/models/admin/operations.server";
import { getUserById } from "~/models/user.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";
import { staffRefusal } from "~/utils/staff-messages.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

function userIdOf(value: string | undefined) {
  const id = parseId(value);
  if (id === null) throw new Response("User not found", { status: 404 });
  return id;
}

/**
 * The role of one account, on its own page: where the users table's role forms land when the
 * change first asks for the step-up (and a plain form to change it otherwise). Administrators only.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const user = getUserById(userIdOf(params.id));
  if (!user) throw new Response("User not found", { status: 404 });
  const { t } = await requestT(request, "admin");
  return {
    user: { id: user.id, username: user.username, role: roleOf(user) },
    meta: pageMetaText(t, t("users.title"), t("users.description")),
  };
}

/**
 * POST /admin/users/{id}/role (role=user|clerk|admin): administrators only; a clerk gets 403.
 * Roles give power: a change first asks for the step-up when the session is due for it.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireAdmin(request);
  const id = userIdOf(params.id);
  const form = await request.formData();
  const role = parseRole(form.get("role"));
  const { t } = await requestT(request, "admin");
  if (!role) return redirectWithToast("/admin?tab=users", { title: t("users.toasts.chooseRole"), variant: "destructive" });
  const prompt = await stepUpPrompt(request, form);
  if (prompt) return prompt;
  try {
    const user = setUserRole(actor, id, role);
    return redirectWithToast("/admin?tab=users", {
      title: t("users.toasts.changed.title"),
      description: t("users.toasts.changed.description", { username: user.username, role: t(`users.roles.${role}`) }),
    });
  } catch (error) {
    if (error instanceof OperationError) {
      if (error.status === 404) throw new Response(error.message, { status: 404 });
      return redirectWithToast("/admin?tab=users", { title: staffRefusal(t, error.message), variant: "destructive" });
    }
    throw error;
  }
}

export default function UserRole() {
  const { user } = useLoaderData<typeof loader>();
  const stepUp = stepUpOf(useActionData<typeof action>());
  const { t } = useTranslation("admin");
  return (
    <AdminPage width="3xl" back={{ to: "/admin?tab=users", label: t("page.tabs.users") }} title={t("users.roleOf", { username: user.username })}>
      {stepUp ? (
        <StepUpForm prompt={stepUp} cancelTo="/admin?tab=users" />
      ) : (
        <Form method="post" className="mt-6 flex flex-wrap items-end gap-3 text-sm">
          <div>
            <label htmlFor="role" className="mb-1 block font-medium">
              {t("table.headers.role")}
            </label>
            <select id="role" name="role" defaultValue={user.role} className={inputClass}>
              {ROLES.map((r) => (
                <option key={r} value={r}>
                  {t(`users.roles.${r}`)}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit">{t("users.saveRole")}</Button>
        </Form>
      )}
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
