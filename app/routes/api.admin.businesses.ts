import type { LoaderFunctionArgs } from "@remix-run/node";
import { listBusinesses } from "~/models/admin/businesses.server";
import { readBusinessFilters, readPaging } from "~/utils/http";
import { requireApiAdmin } from "~/utils/session.server";

/** GET /api/admin/businesses?page&limit&name&doc: { businesses, pagination, capped } (capped: a search's total stopped at 10,000). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const params = new URL(request.url).searchParams;
  const { items, pagination, capped } = listBusinesses(readPaging(params), readBusinessFilters(params));
  return Response.json({ businesses: items, pagination, capped });
}
