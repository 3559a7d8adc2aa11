import type { Env } from "~/utils/env.server";
import { getEnv } from "~/utils/env.server";

/**
 * The origin to send people back to from outside (Stripe's hosted checkout return URLs): APP_URL
 * when it is set, otherwise the origin the request itself came to. Without APP_URL, a site
 * opened as http://127.0.0.1:3000 (or any host name) returns there, where its session cookie
 * lives, rather than to http://localhost:3000. Behind a proxy, set APP_URL.
 */
export function publicOrigin(request: Request): string {
  const env = getEnv();
  return env.APP_URL_SET ? env.APP_URL.replace(/\/$/, "") : new URL(request.url).origin;
}

/** The one start-up line that says which it is. */
export function publicOriginNotice(env: Pick<Env, "APP_URL" | "APP_URL_SET">): string {
  return env.APP_URL_SET
    ? `APP_URL is set: payment return links go to ${env.APP_URL}`
    : "APP_URL is not set: payment return links go back to the address each visitor opened the site with";
}
