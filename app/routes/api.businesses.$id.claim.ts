import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { CLAIM_MESSAGES, claimFieldErrors, type ClaimSubmissionOutcome } from "~/lib/schemas/claim";
import { toOwnedBusiness } from "~/models/claim.server";
import { submitClaim } from "~/utils/claim-submission.server";
import { apiError } from "~/utils/http";
import { englishMessage } from "~/utils/http/errors.server";
import { requireApiUser } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * POST /api/businesses/{id}/claim (multipart: employeeCount, vehicleCount, verificationCode,
 * optional driversLicenseFile). Answers the claimed business, never its code or licence path.
 * 401 signed out, 404 missing, 409 already claimed, 400 invalid (fieldErrors), 413 too large,
 * 429 locked after too many wrong codes.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  if (request.method.toUpperCase() !== "POST") {
    return apiError(405, `Method ${request.method} not allowed`, undefined, { headers: { Allow: "POST" } });
  }
  const businessId = parseId(params.id);
  if (!businessId) return apiError(404, "Business not found");

  const outcome = await submitClaim(request, businessId, user);
  switch (outcome.kind) {
    case "claimed":
      return Response.json(toOwnedBusiness(outcome.business));
    case "not_found":
      return apiError(404, "Business not found");
    case "already_claimed":
      return apiError(
        409,
        outcome.ownedByYou ? "You have already claimed this business." : "This business has already been claimed by someone else.",
      );
    case "locked":
      return apiError(429, outcome.message, undefined, { headers: { "Retry-After": String(outcome.retryAfterSeconds) } });
    case "invalid":
      return apiError(400, "Please correct the errors in the claim form.", englishFieldErrors(outcome));
    case "wrong_code":
      return apiError(400, CLAIM_MESSAGES.wrongCode, englishFieldErrors(outcome));
    case "too_large":
      return apiError(413, englishMessage(outcome.message), englishFieldErrors(outcome));
    case "unreadable":
      return apiError(400, outcome.message);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiUser(request);
  return apiError(405, "Use POST to claim a business", undefined, { headers: { Allow: "POST" } });
}

/** The outcome's field errors in English: the schema's messages are keys (the JSON door speaks English). */
function englishFieldErrors(outcome: ClaimSubmissionOutcome): Record<string, string[]> {
  return Object.fromEntries(Object.entries(claimFieldErrors(outcome)).map(([name, messages]) => [name, messages.map(englishMessage)]));
}
