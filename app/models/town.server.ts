/** The town as its settings (TOWN_*) describe it: how to reach its office, and which businesses are its. */
import type { TownContact } from "~/lib/town";
import { getEnv } from "~/utils/env.server";

/** How visitors reach the town's Business Tax Receipt office. */
export function getTownContact(): TownContact {
  const env = getEnv();
  return { name: env.TOWN_NAME, state: env.TOWN_STATE, email: env.TOWN_SUPPORT_EMAIL, phone: env.TOWN_SUPPORT_PHONE };
}

/**
 * The town's businesses, defined by configuration (docs/registry.md, "The town's businesses"): a business
 * belongs to the town when its principal address is in one of the town's city names (as the
 * state's file writes them, plus TOWN_NAME as the product writes it) AND one of its ZIP codes.
 * Both, because Pembroke Park's ZIPs (33009, 33023) are shared with Hallandale Beach, Hollywood,
 * Miramar and West Park, and a city name alone would take in a misspelled neighbour's ZIP.
 */
export type TownArea = { name: string; cities: string[]; zips: string[] };

const list = (text: string) =>
  text
    .split(",")
    .map((x) => x.trim())
    .filter(Boolean);

export function getTownArea(): TownArea {
  const env = getEnv();
  const cities = [...new Set([env.TOWN_NAME, env.TOWN_NAME.toUpperCase(), ...list(env.TOWN_CITY_NAMES)])];
  return { name: env.TOWN_NAME, cities, zips: list(env.TOWN_ZIPS).map((z) => z.slice(0, 5)) };
}

/** SQL over `alias` (a businesses row) for "is the town's", with its parameters. */
export function townWhere(area: TownArea, alias = "b"): { clause: string; params: string[] } {
  const cities = area.cities.map(() => "?").join(", ");
  const zips = area.zips.map(() => "?").join(", ");
  const clause = area.zips.length
    ? `${alias}.city IN (${cities}) AND substr(${alias}.zip, 1, 5) IN (${zips})`
    : `${alias}.city IN (${cities})`;
  return { clause, params: [...area.cities, ...area.zips] };
}

/** True when a city filter names the town (any case), so the town's definition applies. */
export function isTownCity(area: TownArea, city: string): boolean {
  const wanted = city.trim().toUpperCase();
  return area.cities.some((c) => c.toUpperCase() === wanted);
}
