import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { writable } from "~/db/write-lock.server";
import { PasskeyNameSchema } from "~/lib/schemas/mfa";
import { securityMessage } from "~/lib/security-messages";
import { removePasskey, renamePasskey } from "~/models/mfa/passkeys.server";
import { requestT } from "~/utils/i18n.server";
import { safeRedirect } from "~/utils/redirect";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const PASSKEYS_PAGE = "/profile/security";

/**
 * The passkeys list's plain forms (no JavaScript needed): `intent=rename` with `id` and `name`,
 * `intent=remove` with `id`. Only the signed-in owner's own passkeys; back to the security page
 * (or `redirectTo`) with a toast saying what happened.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { redirectTo: PASSKEYS_PAGE });
  const form = await request.formData();
  await writable();
  const back = safeRedirect(form.get("redirectTo"), PASSKEYS_PAGE);
  const id = form.get("id");
  const intent = form.get("intent");
  // The toasts in the request's language; the models' refusals (English) and the schema's keys mapped (issue 42).
  const { t } = await requestT(request, ["account", "auth"]);
  const refused = (message: string) =>
    redirectWithToast(back, {
      title: t("account:securityPage.toasts.passkeyNotChangedTitle"),
      description: securityMessage(t, message),
      variant: "destructive",
    });
  if (typeof id !== "string" || !id) return refused("auth:mfa.passkeyNotFound");

  if (intent === "rename") {
    const parsed = PasskeyNameSchema.safeParse({
      name: form.get("name") ?? undefined,
    });
    if (!parsed.success) return refused(parsed.error.issues[0]?.message ?? "auth:mfa.passkeyNameRequired");
    const outcome = renamePasskey(user.id, id, parsed.data.name);
    if (!outcome.ok) return refused(outcome.message);
    return redirectWithToast(back, {
      title: t("account:securityPage.toasts.passkeyRenamedTitle"),
      description: t("account:securityPage.toasts.passkeyRenamed", { name: parsed.data.name }),
    });
  }
  if (intent === "remove") {
    const outcome = removePasskey(user.id, id);
    if (!outcome.ok) return refused(outcome.message);
    return redirectWithToast(back, {
      title: t("account:securityPage.toasts.passkeyRemovedTitle"),
      description: t("account:securityPage.toasts.passkeyRemoved", { name: outcome.name }),
    });
  }
  return refused("auth:mfa.chooseRenameRemove");
}

export function loader() {
  return redirect(PASSKEYS_PAGE);
}
