/** The town as its settings (TOWN_*) describe it. */
import type { TownContact } from "~/lib/town";
import { getEnv } from "~/utils/env.server";

/** How visitors reach the town's Business Tax Receipt office. */
export function getTownContact(): TownContact {
  const env = getEnv();
  return { name: env.TOWN_NAME, state: env.TOWN_STATE, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE };
}
