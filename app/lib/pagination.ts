export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 100;
/** The highest page number anyone may ask for. */
export const MAX_PAGE = 1_000_000;

/** What a list is asked for: page (from 1) and page size. */
export type PageRequest = { page: number; limit: number };

export type Pagination = { page: number; limit: number; total: number; totalPages: number };

/** Lenient page parsing for HTML pages: anything odd becomes page 1. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? Math.min(n, MAX_PAGE) : 1;
}

/** The pagination object, with `page` clamped into [1, totalPages]. */
export function paginate(total: number, requestedPage: number, limit: number): Pagination & { offset: number } {
  const totalPages = Math.max(1, Math.ceil(total / limit));
  const page = Math.min(Math.max(1, requestedPage), totalPages);
  return { page, limit, total, totalPages, offset: (page - 1) * limit };
}

/**
 * The page numbers to show: first, last, current +/- 1, with "ellipsis" for the gaps.
 * pageItems(5, 10) -> [1, "ellipsis", 4, 5, 6, "ellipsis", 10]
 */
export function pageItems(current: number, totalPages: number): (number | "ellipsis")[] {
  const pages = new Set([1, totalPages, current - 1, current, current + 1].filter((p) => p >= 1 && p <= totalPages));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: (number | "ellipsis")[] = [];
  for (const page of sorted) {
    const last = items[items.length - 1];
    if (typeof last === "number" && page - last > 1) items.push("ellipsis");
    items.push(page);
  }
  return items;
}
