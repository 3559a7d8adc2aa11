import type { LoaderFunctionArgs } from "@remix-run/node";
import { listFilingQueue } from "~/models/filings/queue.server";
import { queueRowJson, readQueueQuery } from "~/utils/http/filings.server";
import { requireApiStaff } from "~/utils/session.server";

/**
 * GET /api/admin/filings?status&kind&age&q&page&limit: the review queue, oldest submission
 * first ({ filings, pagination }); drafts are never listed. A bad parameter is a 400.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const { filters, paging } = readQueueQuery(new URL(request.url).searchParams);
  const { items, pagination } = listFilingQueue(filters, paging);
  return Response.json({ filings: items.map(queueRowJson), pagination });
}
