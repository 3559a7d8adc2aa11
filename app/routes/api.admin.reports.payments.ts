import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~/lib/csv";
import { streamPaymentsReport } from "~/models/admin/reports.server";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/reports/payments: payments.csv, every recorded payment, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  // A HEAD request gets the headers without opening a database cursor nobody would read.
  if (request.method === "HEAD") return new Response(null, { headers: csvHeaders("payments.csv") });
  return new Response(streamPaymentsReport(request.signal), { headers: csvHeaders("payments.csv") });
}
