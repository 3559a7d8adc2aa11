import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { safeRedirect } from "~/utils/redirect";
import { isThemePreference, serializeThemePreference } from "~/utils/theme.server";

/**
 * Stores the theme preference. Accepts the plain form (no JS: redirects back) and the JSON
 * body remix-themes posts ({ theme: "light" | "dark" | null }, null meaning system).
 */
export async function action({ request }: ActionFunctionArgs) {
  const isJson = request.headers.get("Content-Type")?.includes("application/json") ||
    !request.headers.get("Content-Type")?.includes("form");
  if (isJson) {
    const body: unknown = await request.json().catch(() => undefined);
    const theme = body && typeof body === "object" && "theme" in body ? (body.theme ?? "system") : undefined;
    if (!isThemePreference(theme)) return Response.json({ error: { message: "Invalid theme" } }, { status: 400 });
    return Response.json({ theme }, { headers: { "Set-Cookie": await serializeThemePreference(theme) } });
  }
  const form = await request.formData();
  const theme = form.get("theme");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (!isThemePreference(theme)) return redirect(back);
  return redirect(back, { headers: { "Set-Cookie": await serializeThemePreference(theme) } });
}

export function loader() {
  return redirect("/");
}
