import type { ActionFunctionArgs } from "@remix-run/node";
import { answerContext } from "~/models/filings/context.server";
import { FILING_MESSAGES, filingView, withdrawFiling } from "~/models/filings/filings.server";
import { apiError, assertMethod, requireApiId } from "~/utils/http";
import { answerFilingErrors, filingJson, requireApplicantFiling } from "~/utils/http/filings.server";
import { requireApiUser } from "~/utils/session.server";

/** POST /api/filings/{id}/withdraw: 200, the withdrawn filing (the same when sent again); 409 once decided. */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  return answerFilingErrors(() => {
    const filing = withdrawFiling(user, requireApplicantFiling(user, id));
    return Response.json(filingJson(filingView(filing, answerContext())));
  });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
