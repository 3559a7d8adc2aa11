import { createCookie } from "@remix-run/node";
import { secureCookies } from "~/utils/client-address.server";
import { getEnv } from "~/utils/env.server";

/** The signed `__session` cookie: it carries the session's id (a bearer secret). */
export function sessionCookie() {
  const env = getEnv();
  return createCookie("__session", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies(),
    secrets: env.SESSION_SECRETS,
  });
}

/** The session id the request's cookie carries (signed), or null. */
export async function readSessionId(request: Request): Promise<string | null> {
  const value = await sessionCookie().parse(request.headers.get("Cookie"));
  return typeof value === "string" && value.length > 0 ? value : null;
}
