import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { destroySession } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** Logout is a POST: it deletes the session row and goes home. */
export async function action({ request }: ActionFunctionArgs) {
  const cookie = await destroySession(request);
  return redirectWithToast(
    "/",
    { title: "Logged out", description: "You have been signed out." },
    { headers: { "Set-Cookie": cookie } },
  );
}

export function loader() {
  return redirect("/");
}
