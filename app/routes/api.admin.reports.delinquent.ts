import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { owedBusinesses, owedColumns } from "~/models/tax-year-report.server";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/reports/delinquent: delinquent.csv, due and delinquent businesses with the penalty owed today. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  if (request.method === "HEAD") return new Response(null, { headers: csvHeaders("delinquent.csv") });
  return new Response(csvStream(owedColumns, owedBusinesses(), { signal: request.signal }), { headers: csvHeaders("delinquent.csv") });
}
