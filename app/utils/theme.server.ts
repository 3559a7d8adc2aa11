import { createCookie } from "@remix-run/node";
import { THEME_PREFERENCES, type ThemePreference } from "~/lib/theme";

const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

export function isThemePreference(value: unknown): value is ThemePreference {
  return typeof value === "string" && (THEME_PREFERENCES as readonly string[]).includes(value);
}

/** The visitor's theme preference; light unless they chose otherwise. */
export async function getThemePreference(request: Request): Promise<ThemePreference> {
  const value: unknown = await themeCookie.parse(request.headers.get("Cookie"));
  return isThemePreference(value) ? value : "light";
}

export function serializeThemePreference(preference: ThemePreference) {
  return themeCookie.serialize(preference);
}
