import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CreateFilingSchema } from "~/lib/schemas/filing-api";
import { answerContext } from "~/models/filings/context.server";
import { createFiling, filingView, listFilingsOf } from "~/models/filings/filings.server";
import { apiError, assertMethod, fieldErrorsOf, INVALID_INPUT } from "~/utils/http";
import { answerFilingErrors, filingJson, filingSummaryJson, readFilingJson } from "~/utils/http/filings.server";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/filings: the caller's filings, latest change first. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listFilingsOf(user.id).map(filingSummaryJson));
}

/**
 * POST /api/filings {kind, businessId?}: 201, the new draft. 400 invalid, 403 a business that is
 * not the caller's, 409 one already in progress, no receipt to transfer, or a closed business.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const parsed = CreateFilingSchema.safeParse(await readFilingJson(request));
  if (!parsed.success) return apiError(400, INVALID_INPUT, fieldErrorsOf(parsed.error));
  return answerFilingErrors(() => {
    const filing = createFiling(user, parsed.data.kind, parsed.data.businessId ?? null);
    return Response.json(filingJson(filingView(filing, answerContext())), { status: 201, headers: { Location: `/api/filings/${filing.id}` } });
  });
}
