/**
 * One page of an admin list: the items and the pagination object (page clamped into range).
 */
import { paginate, type PageRequest, type Pagination } from "~/lib/pagination";

export type Page<T> = { items: T[]; pagination: Pagination };

export function page<T>(total: number, request: PageRequest, fetch: (limit: number, offset: number) => T[]): Page<T> {
  const { offset, ...pagination } = paginate(total, request.page, request.limit);
  return { items: total === 0 ? [] : fetch(request.limit, offset), pagination };
}
