/**
 * page and limit of the JSON API, one policy for every list: page defaults to 1, limit to the
 * list's default (10, or 5 for suggestions); each must be a whole number, page 1..MAX_PAGE and
 * limit 1..MAX_PAGE_SIZE (100). Anything else is a 400 that names the parameter: a limit of
 * 500 is refused rather than silently cut, so a client never mistakes 100 rows for all of them.
 * HTML pages read `page` leniently with parsePage (~/lib/pagination): a bad link shows page 1.
 */
import { DEFAULT_PAGE_SIZE, MAX_PAGE, MAX_PAGE_SIZE, type PageRequest } from "~/lib/pagination";
import { apiError } from "./errors.server";

export type { PageRequest };

/** A whole number in [1, max] from a query parameter; absent or blank -> fallback; else a thrown 400. */
export function intParam(params: URLSearchParams, key: string, fallback: number, max: number): number {
  const raw = (params.get(key) ?? "").trim();
  if (raw === "") return fallback;
  const n = /^\d{1,16}$/.test(raw) ? Number(raw) : NaN;
  if (!(n >= 1 && n <= max)) throw apiError(400, `${key} must be a whole number between 1 and ${max}`);
  return n;
}

export function readPaging(params: URLSearchParams, defaultLimit = DEFAULT_PAGE_SIZE): PageRequest {
  return {
    page: intParam(params, "page", 1, MAX_PAGE),
    limit: intParam(params, "limit", defaultLimit, MAX_PAGE_SIZE),
  };
}
