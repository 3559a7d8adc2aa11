import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchBusinesses, suggestBusinesses } from "~/models/business-search.server";
import { pageAndLimit, textParam } from "~/utils/search-api.server";

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
  const name = textParam(params, "name") || textParam(params, "q");
  const doc = textParam(params, "doc");
  const city = textParam(params, "city");
  const filters = {
    name,
    doc,
    city: city.toLowerCase() === "all" ? "" : city,
    type: textParam(params, "type"),
    status: textParam(params, "status"),
    person: textParam(params, "person"),
    zip: textParam(params, "zip"),
    address: textParam(params, "address"),
    fei: textParam(params, "fei"),
  };
  if (params.get("suggest") === "1") {
    const { limit } = pageAndLimit(params, 5);
    const businesses = suggestBusinesses({ name, doc, city: filters.city, limit });
    return Response.json({ businesses }, { headers: { "Cache-Control": "private, max-age=30" } });
  }
  const { page, limit } = pageAndLimit(params);
  const { businesses, pagination, capped } = searchBusinesses({ ...filters, page, limit });
  return Response.json({ businesses, pagination, totalIsCapped: capped });
}
