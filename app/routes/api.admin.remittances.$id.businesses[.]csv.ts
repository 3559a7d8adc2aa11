import type { LoaderFunctionArgs } from "@remix-run/node";
import { closedStatement } from "~/models/remittance.server";
import { apiError, requireApiId } from "~/utils/http";
import { statementBusinessesCsvResponse } from "~/utils/remittance.server";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/remittances/{id}/businesses.csv: the business data the town receives with a statement. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const id = requireApiId(params.id, "Statement not found");
  const statement = closedStatement(id);
  if (!statement) return apiError(404, "Statement not found");
  return statementBusinessesCsvResponse(statement, `remittance-${id}-businesses.csv`);
}
