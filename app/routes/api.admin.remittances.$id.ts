import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { closedStatement, STATEMENT_CSV_COLUMNS, statementPdf } from "~/models/remittance.server";
import { apiError, pdfHeaders, requireApiId } from "~/utils/http";
import { getLanguage } from "~/utils/i18n.server";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/remittances/{id}[?format=csv|pdf]: a closed statement, as it was closed. The JSON
 * and CSV are data (English); the PDF is for people, in the request's language (`lng`, the cookie).
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const id = requireApiId(params.id, "Statement not found");
  const format = new URL(request.url).searchParams.get("format") ?? "json";
  if (!["json", "csv", "pdf"].includes(format)) return apiError(400, "format must be json, csv or pdf");
  const statement = closedStatement(id);
  if (!statement) return apiError(404, "Statement not found");
  if (format === "csv") return new Response(csvStream(STATEMENT_CSV_COLUMNS, statement.lines), { headers: csvHeaders(`remittance-${id}.csv`) });
  if (format === "pdf") return new Response(Buffer.from(await statementPdf(statement, await getLanguage(request))), { headers: pdfHeaders(`remittance-${id}.pdf`) });
  return Response.json(statement);
}
