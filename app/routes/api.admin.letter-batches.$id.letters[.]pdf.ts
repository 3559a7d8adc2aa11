import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseId } from "~/lib/ids";
import { letterPdfResponse } from "~/utils/letters.server";
import { requireApiId } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/letter-batches/{id}/letters.pdf[?letter={letterId}]: the letters, streamed. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const id = requireApiId(params.id, "Letter batch not found");
  const letter = new URL(request.url).searchParams.get("letter");
  return letterPdfResponse(id, request, letter === null ? undefined : (parseId(letter) ?? -1));
}
