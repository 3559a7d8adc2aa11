import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { fieldErrors } from "~/lib/filings/answers";
import { isEditable } from "~/lib/filings/kinds";
import { answerContext } from "~/models/filings/context.server";
import { FILING_MESSAGES, FilingError, filingView, getFilingRow, readAnswerInput, requireFilingFor, saveAnswers } from "~/models/filings/filings.server";
import { apiError, assertMethod, requireApiId } from "~/utils/http";
import { answerFilingErrors, filingJson, readFilingJson, requireApplicantFiling } from "~/utils/http/filings.server";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/filings/{id}: the filing, for its applicant or staff (404 for anyone else). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  return answerFilingErrors(() => Response.json(filingJson(filingView(requireFilingFor(user, id)))));
}

/**
 * PATCH /api/filings/{id} with any answers: 200, the filing. All or nothing: one bad answer
 * (an unknown name, a value that is not text, a rule broken) is a 400 naming each, and nothing
 * is saved. 409 once the filing is submitted (until staff ask for changes).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "PATCH");
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  return answerFilingErrors(async () => {
    const filing = requireApplicantFiling(user, id);
    if (!isEditable(filing.status)) throw new FilingError(409, FILING_MESSAGES.notEditable);
    const input = readAnswerInput(await readFilingJson(request));
    const ctx = answerContext();
    const errors = Object.keys(input.errors).length
      ? { ...fieldErrors(input.answers, ctx), ...input.errors }
      : saveAnswers(user, filing, input.answers, { atomic: true, ctx }).errors;
    if (Object.keys(errors).length) {
      return apiError(400, FILING_MESSAGES.invalidAnswers, Object.fromEntries(Object.entries(errors).map(([name, message]) => [name, [message!]])));
    }
    return Response.json(filingJson(filingView(getFilingRow(id)!, ctx)));
  });
}
