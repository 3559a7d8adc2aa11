import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { closedStatement, STATEMENT_BUSINESS_CSV_COLUMNS } from "~/models/remittance.server";
import { apiError, requireApiId } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/remittances/{id}/businesses.csv: the business data the town receives with a statement. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const id = requireApiId(params.id, "Statement not found");
  const statement = closedStatement(id);
  if (!statement) return apiError(404, "Statement not found");
  return new Response(csvStream(STATEMENT_BUSINESS_CSV_COLUMNS, statement.businesses), { headers: csvHeaders(`remittance-${id}-businesses.csv`) });
}
