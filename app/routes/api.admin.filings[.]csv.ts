import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, csvStream } from "~/lib/csv";
import { readQueueFilters } from "~/lib/filings/queue";
import { FILING_QUEUE_CSV_COLUMNS, filingQueueRows } from "~/models/filings/queue.server";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/filings.csv?status&kind&age&q: the review queue as a file, every row of it,
 * oldest submission first, with the filters of GET /api/admin/filings (no status: every status
 * but drafts). /admin/filings links to it with the filters it shows, its status always named.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const filters = readQueueFilters(new URL(request.url).searchParams);
  return new Response(csvStream(FILING_QUEUE_CSV_COLUMNS, filingQueueRows(filters), { signal: request.signal }), { headers: csvHeaders("filings.csv") });
}
