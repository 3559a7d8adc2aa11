import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { letterTerms } from "~/lib/letters";
import { LetterBatchFiltersSchema } from "~/lib/schemas/letter-batch";
import { createLetterBatch, LetterError, listLetterBatches } from "~/models/letters.server";
import { apiError, assertMethod, readJsonWith, readPaging } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";
import { getTownContact } from "~/models/town.server";

/** GET /api/admin/letter-batches?page&limit: the batches, newest first, with their tracking figures. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const { items, pagination } = listLetterBatches(readPaging(new URL(request.url).searchParams));
  return Response.json({ batches: items.map((b) => ({ ...b, filters: JSON.parse(b.filters) })), pagination });
}

/** POST /api/admin/letter-batches (JSON filters as on the page): 201 {id, count}; 409 when nothing matches. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiStaff(request);
  assertMethod(request, "POST");
  const filters = await readJsonWith(request, LetterBatchFiltersSchema);
  try {
    const batch = createLetterBatch(user, getTownContact().name, filters, letterTerms(new Date()).fiscalYear);
    return Response.json(batch, { status: 201, headers: { Location: `/api/admin/letter-batches/${batch.id}/letters.pdf` } });
  } catch (error) {
    if (error instanceof LetterError) return apiError(error.status, error.message);
    throw error;
  }
}
