/**
 * One page of an admin list: the items and the pagination object (page clamped into range).
 */
import { paginate, type PageRequest, type Pagination } from "~/lib/pagination";

export type Page<T> = { items: T[]; pagination: Pagination };

export function page<T>(total: number, paging: PageRequest, fetch: (limit: number, offset: number) => T[]): Page<T> {
  const { offset, ...pagination } = paginate(total, paging.page, paging.limit);
  return { items: total === 0 ? [] : fetch(paging.limit, offset), pagination };
}
