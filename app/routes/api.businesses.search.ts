import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchBusinesses, suggestBusinesses } from "~/models/business-search.server";
import { readPaging, readSearchFilters } from "~/utils/http";
import { searchShape, timeSearch } from "~/utils/metrics.server";

/**
 * GET /api/businesses/search?q&name&doc&city&type&status&person&zip&address&fei&page&limit
 * (person, zip, address, fei: the registry's officers and agents, ZIP, street address, FEI; each
 * result then says why it matched in `matchedBy`)
 * -> { businesses, pagination: { page, limit, total, totalPages }, totalIsCapped }.
 * With `suggest=1` (the suggestion dropdowns): up to `limit` (default 5) { id, name,
 * documentNumber, city } without counting, which keeps typing fast on a large registry.
 */
export function loader({ request }: LoaderFunctionArgs) {
  const params = new URL(request.url).searchParams;
  // The same reading as the /search page: trimmed, cut to 200 characters, "all" cities = no filter.
  const filters = readSearchFilters(params);
  if (params.get("suggest") === "1") {
    const { limit } = readPaging(params, 5);
    const businesses = timeSearch(searchShape(filters, true), () =>
      suggestBusinesses({ name: filters.name, doc: filters.doc, city: filters.city, limit }),
    );
    return Response.json({ businesses }, { headers: { "Cache-Control": "private, max-age=30" } });
  }
  const { page, limit } = readPaging(params);
  const { businesses, pagination, capped } = timeSearch(searchShape(filters), () => searchBusinesses({ ...filters, page, limit }));
  return Response.json({ businesses, pagination, totalIsCapped: capped });
}
