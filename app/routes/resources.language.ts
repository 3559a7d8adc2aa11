import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { isLanguage } from "~/lib/languages";
import { setUserLanguage } from "~/models/user.server";
import { languageCookie } from "~/utils/i18n.server";
import { safeRedirect } from "~/utils/redirect";
import { getUser } from "~/utils/session.server";

/** The address to go back to, without a `lng` parameter (it would outrank the new choice). */
function backTo(value: FormDataEntryValue | null) {
  const target = new URL(safeRedirect(value, "/"), "http://local");
  target.searchParams.delete("lng");
  return `${target.pathname}${target.search}${target.hash}`;
}

/**
 * The language switch (a plain form in the header and the mobile menu, so it works without
 * JavaScript): remembers the choice in the `lng` cookie, on the profile when signed in, and
 * returns to the same page with its query.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const language = form.get("lng");
  const back = backTo(form.get("redirectTo"));
  if (!isLanguage(language)) return redirect(back);
  const user = await getUser(request);
  if (user) setUserLanguage(user.id, language);
  return redirect(back, { headers: { "Set-Cookie": await languageCookie.serialize(language) } });
}

export function loader() {
  return redirect("/");
}
