import { MAX_PAGE_SIZE } from "~/lib/pagination";
import { apiError } from "~/utils/api.server";

/**
 * A positive integer query parameter for the JSON API: absent -> fallback, anything else that is
 * not a positive whole number -> a 400 response (thrown). `max` caps it silently.
 */
export function intParam(params: URLSearchParams, key: string, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  const raw = params.get(key);
  if (raw === null || raw.trim() === "") return fallback;
  if (!/^\d{1,9}$/.test(raw.trim()) || Number(raw) < 1) {
    throw apiError(400, `${key} must be a positive whole number`);
  }
  return Math.min(Number(raw), max);
}

export function pageAndLimit(params: URLSearchParams, defaultLimit = 10) {
  return {
    page: intParam(params, "page", 1),
    limit: intParam(params, "limit", defaultLimit, MAX_PAGE_SIZE),
  };
}

/** Free-text parameters: at most 200 characters. */
export function textParam(params: URLSearchParams, key: string): string {
  const value = (params.get(key) ?? "").trim();
  if (value.length > 200) throw apiError(400, `${key} must be at most 200 characters`);
  return value;
}
