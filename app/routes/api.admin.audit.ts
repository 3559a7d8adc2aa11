import type { LoaderFunctionArgs } from "@remix-run/node";
import { readAuditFilters } from "~/lib/audit-filters";
import { csvHeaders, csvStream } from "~/lib/csv";
import { AUDIT_CSV_COLUMNS, auditRows, listAudit } from "~/models/audit.server";
import { apiError, readPaging } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/audit?actor&action&entity&entityId&from&to&page&limit[&format=csv]: the audit
 * log, newest first.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const params = new URL(request.url).searchParams;
  const read = readAuditFilters(params);
  if (!read.ok) return apiError(400, read.message, read.fieldErrors);
  const { filters } = read;
  const format = params.get("format") ?? "json";
  if (format === "csv") return new Response(csvStream(AUDIT_CSV_COLUMNS, auditRows(filters)), { headers: csvHeaders("audit.csv") });
  if (format !== "json") return apiError(400, "format must be json or csv");
  const { items, pagination } = listAudit(filters, readPaging(params, 50));
  return Response.json({ entries: items, pagination });
}
