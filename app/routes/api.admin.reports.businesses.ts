import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~/lib/csv";
import { streamBusinessesReport } from "~/models/admin/reports.server";
import { readBusinessFilters } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/reports/businesses[?name&doc]: businesses.csv, the whole registry (or the
 * businesses tab's search), streamed row by row so memory stays flat at any size.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const filters = readBusinessFilters(new URL(request.url).searchParams);
  // A HEAD request gets the headers without opening a database cursor nobody would read.
  if (request.method === "HEAD") return new Response(null, { headers: csvHeaders("businesses.csv") });
  return new Response(streamBusinessesReport(filters, request.signal), { headers: csvHeaders("businesses.csv") });
}
