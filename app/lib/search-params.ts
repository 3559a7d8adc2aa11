/** The /search query string, read and written the same way by the loader and the page's JS. */
import { MAX_QUERY_CHARS } from "./search-query";

export const TOWN_CITIES = ["Pembroke Park"] as const;
/** The city picker's "All Businesses" choice: no city filter. */
export const ALL_CITIES = "all";

export type SearchFilterValues = { name: string; doc: string; city: string; type: string; status: string };

const FIELDS = ["name", "doc", "city", "type", "status"] as const;

/** True for the "All Businesses" choice ("all", any case): it means no city filter. */
export function isAllCities(city: string): boolean {
  return city.trim().toLowerCase() === ALL_CITIES;
}

/** The city filter a submitted city means: "" (no filter) for "All Businesses", else the city. */
export function cityFilter(city: string): string {
  return isAllCities(city) ? "" : city.trim();
}

/**
 * A free-text query parameter, for the pages and the JSON API alike: trimmed and cut to
 * MAX_QUERY_CHARS, past which search reads nothing anyway (a longer value is not an error).
 */
export function readTextParam(params: URLSearchParams, key: string): string {
  return (params.get(key) ?? "").trim().slice(0, MAX_QUERY_CHARS);
}

/** Filters from a query string (`q` is an alias of `name`); missing values are "". */
export function readSearchFilters(params: URLSearchParams): SearchFilterValues {
  const get = (key: string) => readTextParam(params, key);
  return {
    name: get("name") || get("q"),
    doc: get("doc"),
    city: cityFilter(get("city")),
    type: get("type"),
    status: get("status"),
  };
}

/** The canonical query string: only filled filters (and page when > 1), in a stable order. */
export function searchQueryString(filters: Partial<SearchFilterValues>, page = 1): string {
  const params = new URLSearchParams();
  for (const key of FIELDS) {
    const value = (filters[key] ?? "").trim();
    if (value && !(key === "city" && isAllCities(value))) params.set(key, value);
  }
  if (page > 1) params.set("page", String(page));
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}
