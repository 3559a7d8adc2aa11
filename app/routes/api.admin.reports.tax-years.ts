import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { taxYearColumns, taxYearFigures } from "~/models/tax-year-report.server";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/reports/tax-years: tax_years.csv, receipts and revenue per fiscal year (tax and penalties apart). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  if (request.method === "HEAD") return new Response(null, { headers: csvHeaders("tax_years.csv") });
  return new Response(csvStream(taxYearColumns, taxYearFigures(), { signal: request.signal }), { headers: csvHeaders("tax_years.csv") });
}
