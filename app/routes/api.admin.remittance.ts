import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { RemittancePeriodSchema } from "~/lib/schemas/payment-ops";
import { collectedBetween, proposedPeriod, STATEMENT_CSV_COLUMNS } from "~/models/remittance.server";
import { apiError, fieldErrorsOf } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/remittance?from=YYYY-MM-DD&to=YYYY-MM-DD[&format=csv]: every payment and refund
 * dated in the period (the town's days), each with the statement that carries it, and the
 * totals. Without from and to: the period the Remittance page proposes.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const params = new URL(request.url).searchParams;
  const format = params.get("format") ?? "json";
  if (format !== "json" && format !== "csv") return apiError(400, "format must be json or csv");
  let period = proposedPeriod();
  if (params.has("from") || params.has("to")) {
    const parsed = RemittancePeriodSchema.safeParse({ from: params.get("from") ?? undefined, to: params.get("to") ?? undefined });
    if (!parsed.success) return apiError(400, "Invalid period", fieldErrorsOf(parsed.error));
    period = parsed.data;
  }
  const report = collectedBetween(period);
  if (format === "csv") return new Response(csvStream(STATEMENT_CSV_COLUMNS, report.lines), { headers: csvHeaders(`remittance-${period.from}-${period.to}.csv`) });
  return Response.json({ period, ...report });
}
