import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchBusinesses } from "~/models/business-search.server";
import { pageAndLimit, textParam } from "~/utils/search-api.server";

/** GET /api/businesses?city&page&limit: the registry in order, public fields only. */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  const { page, limit } = pageAndLimit(params);
  const city = textParam(params, "city");
  const { businesses, pagination, capped } = searchBusinesses({ city: city.toLowerCase() === "all" ? "" : city, page, limit });
  return Response.json({ businesses, pagination, totalIsCapped: capped });
}
