import type { LoaderFunctionArgs } from "@remix-run/node";
import { letterCsvResponse } from "~/utils/letters.server";
import { requireApiId } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/letter-batches/{id}/letters.csv: the mail house's file, one row per letter, streamed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  return letterCsvResponse(requireApiId(params.id, "Letter batch not found"), request);
}
