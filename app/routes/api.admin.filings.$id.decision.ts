import type { ActionFunctionArgs } from "@remix-run/node";
import { ApiFilingDecisionSchema } from "~/lib/schemas/filing-api";
import { answerContext } from "~/models/filings/context.server";
import { decideFiling } from "~/models/filings/decision.server";
import { FILING_MESSAGES, filingView } from "~/models/filings/filings.server";
import { apiError, assertMethod, fieldErrorsOf, INVALID_INPUT, requireApiId } from "~/utils/http";
import { answerFilingErrors, filingJson, readFilingJson } from "~/utils/http/filings.server";
import { requireApiStaff } from "~/utils/session.server";
import { requireApiStepUp } from "~/utils/step-up.server";

/**
 * POST /api/admin/filings/{id}/decision {decision, message}: 200, the decided filing (with its
 * businessId once a new-business application is approved). 400 without the message that
 * request-changes and deny need; 404 unknown; 409 when not submitted (already decided). A
 * decision is a step-up action: 403 mfa_required until the staff session passed a factor.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireApiStaff(request);
  await requireApiStepUp(request);
  assertMethod(request, "POST");
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  const parsed = ApiFilingDecisionSchema.safeParse(await readFilingJson(request));
  if (!parsed.success) return apiError(400, INVALID_INPUT, fieldErrorsOf(parsed.error));
  return answerFilingErrors(async () => {
    const ctx = answerContext();
    const filing = await decideFiling(staff, id, parsed.data.decision, parsed.data.message ?? null, ctx);
    return Response.json(filingJson(filingView(filing, ctx)));
  });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
