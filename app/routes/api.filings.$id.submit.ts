import type { ActionFunctionArgs } from "@remix-run/node";
import { answerContext } from "~/models/filings/context.server";
import { FILING_MESSAGES, submitFiling } from "~/models/filings/filings.server";
import { apiError, assertMethod, requireApiId } from "~/utils/http";
import { answerFilingErrors, requireApplicantFiling } from "~/utils/http/filings.server";
import { requireApiUser } from "~/utils/session.server";

/**
 * POST /api/filings/{id}/submit: 200 {id, status: "submitted", submittedAt}. Submitting twice
 * makes one submission and answers the same. 400 with `missing` (and fieldErrors for answers no
 * longer valid); 409 when decided or withdrawn, or a transfer whose fee is not paid yet.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  return answerFilingErrors(() => {
    const filing = submitFiling(user, requireApplicantFiling(user, id), answerContext());
    return Response.json({ id: filing.id, status: "submitted", submittedAt: filing.submittedAt!.toISOString() });
  });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
