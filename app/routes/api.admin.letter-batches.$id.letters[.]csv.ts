import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders } from "~/lib/csv";
import { getLetterBatch, letterBatchCsv } from "~/models/letters.server";
import { apiError, downloadResponse, requireApiId } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/letter-batches/{id}/letters.csv: the mail house's file, one row per letter, streamed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const id = requireApiId(params.id, "Letter batch not found");
  const batch = getLetterBatch(id);
  if (!batch) throw apiError(404, "Letter batch not found");
  return downloadResponse(request, csvHeaders(`letters-batch-${id}.csv`), () => letterBatchCsv(batch, { signal: request.signal }));
}
