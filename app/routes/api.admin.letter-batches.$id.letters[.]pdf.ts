import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { getLetterBatch, letterBatchPdf } from "~/models/letters.server";
import { chunkStream } from "~/services/letter-pdf.server";
import { apiError, downloadResponse, pdfHeaders, requireApiId } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/letter-batches/{id}/letters.pdf[?letter={letterId}]: the letters, streamed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const id = requireApiId(params.id, "Letter batch not found");
  const batch = getLetterBatch(id);
  if (!batch) throw apiError(404, "Letter batch not found");
  const letter = new URL(request.url).searchParams.get("letter");
  const letterId = letter === null ? undefined : (parseId(letter) ?? -1);
  const headers = pdfHeaders(letterId ? `letter-${letterId}.pdf` : `letters-batch-${id}.pdf`);
  return downloadResponse(request, headers, () => chunkStream(letterBatchPdf(batch, letterId), { signal: request.signal }));
}
