/**
 * Free-text query parameters (names, document numbers, city, type, status), one policy for the
 * API and the pages: trimmed and cut to MAX_QUERY_CHARS (200). A longer value is not an error:
 * the search reads nothing past that length anyway. The rule lives in ~/lib/search-params so
 * the search page's own script reads the address the same way.
 */
export { MAX_QUERY_CHARS } from "~/lib/search-query";
import { readTextParam as textParam } from "~/lib/search-params";

export { cityFilter, readSearchFilters } from "~/lib/search-params";
export { textParam };

/** The name (or `q`) / document search of the admin's businesses tabs, API and report. */
export function readBusinessFilters(params: URLSearchParams): { name?: string; doc?: string } {
  const name = textParam(params, "name") || textParam(params, "q");
  const doc = textParam(params, "doc");
  return { ...(name ? { name } : {}), ...(doc ? { doc } : {}) };
}
