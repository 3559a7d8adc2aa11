import type { MailContext } from "~/mail/layout";
import { getEnv } from "~/utils/env.server";

/** The town's facts every message shows, and the public URL its links start with. */
export function mailContext(): MailContext {
  const env = getEnv();
  return {
    townName: env.TOWN_NAME,
    townState: env.TOWN_STATE,
    supportEmail: env.TOWN_SUPPORT_EMAIL,
    supportPhone: env.TOWN_SUPPORT_PHONE,
    appUrl: env.APP_URL.replace(/\/$/, ""),
  };
}
