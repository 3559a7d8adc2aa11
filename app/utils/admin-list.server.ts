/**
 * The loader side of an admin list page: who asks first (staff, or admins only), then what the
 * URL asks for, read leniently as pages do (a bad page is page 1): the page, the raw values to
 * refill the filter form, and the query without the page, for CSV links that download the same
 * filtered list. The JSON API reads the same parameters strictly (~/utils/http).
 */
import { parsePage } from "~/lib/pagination";
import { requireAdmin, requireStaff } from "~/utils/session.server";

export type ListQuery = {
  params: URLSearchParams;
  page: number;
  /** The query's values by name, to refill the filter form. */
  form: Record<string, string | undefined>;
  /** The query without `page` ("" when there is nothing else). */
  filterQuery: string;
};

export function readListQuery(request: Request): ListQuery {
  const params = new URL(request.url).searchParams;
  const form: Record<string, string | undefined> = Object.fromEntries(params);
  const filterQuery = new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[0] !== "page" && e[1] !== undefined)).toString();
  return { params, page: parsePage(params.get("page")), form, filterQuery };
}

/** requireStaff (or requireAdmin with `who: "admin"`), then readListQuery. */
export async function requireListQuery(request: Request, who: "staff" | "admin" = "staff") {
  const user = who === "admin" ? await requireAdmin(request) : await requireStaff(request);
  return { user, ...readListQuery(request) };
}
