import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~/lib/csv";
import { streamPaymentsReport } from "~/models/admin.server";
import { requireApiAdmin } from "~/utils/session.server";

/** GET /api/admin/reports/payments: payments.csv, every recorded payment, streamed. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return new Response(streamPaymentsReport(request.signal), { headers: csvHeaders("payments.csv") });
}
