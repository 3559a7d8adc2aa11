import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchBusinesses } from "~/models/business-search.server";
import { searchShape, timeSearch } from "~/utils/metrics.server";
import { readPaging, readSearchFilters } from "~/utils/http";

/** GET /api/businesses?city&page&limit: the registry in order, public fields only. */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { page, limit } = readPaging(params);
  const { city } = readSearchFilters(params);
  const { businesses, pagination, capped } = timeSearch(searchShape({ city }), () => searchBusinesses({ city, page, limit }));
  return Response.json({ businesses, pagination, totalIsCapped: capped });
}
