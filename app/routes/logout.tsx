import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { requestT } from "~/utils/i18n.server";
import { destroySession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Logout is a POST: it deletes the session row and goes home. */
export async function action({ request }: ActionFunctionArgs) {
  // The language is read before the session ends (the profile's choice counts while signed in).
  const { t } = await requestT(request, "auth");
  const cookie = await destroySession(request);
  return redirectWithToast(
    "/",
    { title: t("toasts.loggedOut.title"), description: t("toasts.loggedOut.description") },
    { headers: { "Set-Cookie": cookie } },
  );
}

export function loader() {
  return redirect("/");
}
