import { getEnv } from "~/utils/env.server";

export type TownContact = { name: string; state: string; email: string; phone: string };

/** How visitors reach the town's Business Tax Receipt office (TOWN_* settings). */
export function getTownContact(): TownContact {
  const env = getEnv();
  return { name: env.TOWN_NAME, state: env.TOWN_STATE, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE };
}

/** "(954) 966-4600" -> "tel:+19549664600" for US numbers; other formats keep their digits. */
export function telHref(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, "");
  if (/^\d{10}$/.test(digits)) return `tel:+1${digits}`;
  return `tel:${digits}`;
}
