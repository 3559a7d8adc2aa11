import type { LoaderFunctionArgs } from "@remix-run/node";
import { listBusinesses } from "~/models/admin/businesses.server";
import { readBusinessFilters, readPaging } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/businesses/claimed?page&limit&name&doc: { businesses, pagination, totalIsCapped } of claimed businesses. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const params = new URL(request.url).searchParams;
  const { items, pagination, capped } = listBusinesses(readPaging(params), readBusinessFilters(params), { claimed: true });
  return Response.json({ businesses: items, pagination, totalIsCapped: capped });
}
