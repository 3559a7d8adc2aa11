import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { unansweredLetters, UNANSWERED_CSV_COLUMNS } from "~/models/letters.server";
import { apiError, intParam } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/letters/unanswered?days=30|60|90[&batch=id][&format=csv]: the businesses not
 * claimed that many days after their latest mailed letter.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const params = new URL(request.url).searchParams;
  const days = intParam(params, "days", 30, 3650);
  const batch = params.get("batch") ? intParam(params, "batch", 1, Number.MAX_SAFE_INTEGER) : undefined;
  const format = params.get("format") ?? "json";
  if (format !== "json" && format !== "csv") return apiError(400, "format must be json or csv");
  const rows = unansweredLetters(days, new Date(), batch);
  if (format === "csv") return new Response(csvStream(UNANSWERED_CSV_COLUMNS, rows), { headers: csvHeaders(`unanswered-${days}-days.csv`) });
  return Response.json({ days, count: rows.length, businesses: rows });
}
