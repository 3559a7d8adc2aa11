/** What the letter routes (pages and API) share: the letter's context from the town's settings, and the downloads. */
import { csvHeaders, csvStream } from "~/lib/csv";
import { claimUrl, FEE_SCHEDULE_SHORT, letterTerms } from "~/lib/letters";
import { batchLetters, getLetterBatch, letterCsvColumns } from "~/models/letters.server";
import { chunkStream, letterPdfChunks, type LetterContext } from "~/services/letter-pdf.server";
import { getEnv } from "~/utils/env.server";
import { apiError } from "~/utils/http";
import { getTownContact } from "~/utils/town.server";

export function letterContext(fiscalYear: string, now = new Date()): LetterContext {
  const town = getTownContact();
  const terms = letterTerms(now);
  const sameYear = terms.fiscalYear === fiscalYear;
  return {
    townName: town.name,
    townState: town.state,
    email: town.email,
    phone: town.phone,
    fiscalYear,
    dueDate: sameYear ? terms.dueDate : `September 30, ${fiscalYear.slice(0, 4)}`,
    overdue: sameYear ? terms.overdue : true,
    feeSchedule: FEE_SCHEDULE_SHORT,
    dateLine: now.toLocaleDateString("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }),
  };
}

export const claimUrlFor = (businessId: number) => claimUrl(getEnv().APP_URL, businessId);

function batchOr404(batchId: number) {
  const batch = getLetterBatch(batchId);
  if (!batch) throw apiError(404, "Letter batch not found");
  return batch;
}

/** The batch's letters as a streamed PDF (one letter with `letterId`). */
export function letterPdfResponse(batchId: number, request: Request, letterId?: number) {
  const batch = batchOr404(batchId);
  const filename = letterId ? `letter-${letterId}.pdf` : `letters-batch-${batchId}.pdf`;
  const headers = {
    "Content-Type": "application/pdf",
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
  if (request.method === "HEAD") return new Response(null, { headers });
  const ctx = letterContext(batch.fiscalYear);
  const pages = (function* () {
    for (const l of batchLetters(batchId, letterId)) {
      yield { ...l, claimUrl: claimUrlFor(l.businessId) };
    }
  })();
  return new Response(chunkStream(letterPdfChunks(pages, ctx), { signal: request.signal }), { headers });
}

/** The batch's letters as the mail house's CSV. */
export function letterCsvResponse(batchId: number, request: Request) {
  const batch = batchOr404(batchId);
  const headers = csvHeaders(`letters-batch-${batchId}.csv`);
  if (request.method === "HEAD") return new Response(null, { headers });
  return new Response(csvStream(letterCsvColumns(claimUrlFor, batch.fiscalYear), batchLetters(batchId), { signal: request.signal }), { headers });
}
