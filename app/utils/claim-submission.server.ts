/**
 * One claim submission from start to finish, shared by the /claim/{id} page and
 * POST /api/businesses/{id}/claim (HTTP side: it reads the request's multipart body; the
 * decisions are the claim model's): cheap checks before reading the body, the streamed upload,
 * the shared zod schema, the claim, and no file left behind when anything fails.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import type { Submission } from "@conform-to/react";
import type { Business } from "~/db/schema";
import { CLAIM_MESSAGES, ClaimSchema, type ClaimInput } from "~/lib/schemas/claim";
import { claimBusiness, getClaimLockout, getClaimTarget } from "~/models/claim.server";
import {
  discardUpload,
  drainRequestBody,
  parseUploadForm,
  UploadRejectedError,
  UploadTooLargeError,
  type StoredUpload,
} from "~/services/uploads.server";

export const LICENSE_FIELD = "driversLicenseFile";

type ClaimSubmission = Submission<unknown, string[], ClaimInput>;

export type ClaimSubmissionOutcome =
  | { kind: "claimed"; business: Business }
  | { kind: "not_found" }
  | { kind: "already_claimed"; ownedByYou: boolean; heldBySomeoneElse: boolean }
  | { kind: "locked"; retryAfterSeconds: number; message: string }
  /** The form broke a rule of spec section 5 (conform submission with field errors). */
  | { kind: "invalid"; submission: ClaimSubmission }
  /** The code does not match the business's own code. */
  | { kind: "wrong_code"; submission: ClaimSubmission }
  /** Over the size limit while streaming: the form could not be read in full. */
  | { kind: "too_large"; message: string }
  /** Not a multipart body we can read. */
  | { kind: "unreadable"; message: string };

export async function submitClaim(
  request: Request,
  businessId: number,
  user: { id: number },
): Promise<ClaimSubmissionOutcome> {
  // Cheap refusals first: no body is read and nothing is stored.
  const target = getClaimTarget(businessId, user.id);
  if (target.status !== "claimable") {
    drainRequestBody(request);
    if (target.status === "not_found") return { kind: "not_found" };
    return { kind: "already_claimed", ownedByYou: target.ownedByYou, heldBySomeoneElse: target.heldBySomeoneElse };
  }
  const lockout = getClaimLockout(user.id, businessId);
  if (lockout) {
    drainRequestBody(request);
    return { kind: "locked", ...lockout };
  }

  let file: StoredUpload | null;
  let formData: FormData;
  try {
    ({ formData, file } = await parseUploadForm(request, { fileField: LICENSE_FIELD }));
  } catch (error) {
    if (error instanceof UploadTooLargeError) return { kind: "too_large", message: CLAIM_MESSAGES.fileSize };
    if (error instanceof UploadRejectedError) return { kind: "unreadable", message: error.message };
    throw error;
  }

  try {
    const submission = parseWithZod(formData, { schema: ClaimSchema });
    if (submission.status !== "success") return { kind: "invalid", submission };
    const { employeeCount, vehicleCount, verificationCode } = submission.value;
    const outcome = claimBusiness({
      businessId,
      userId: user.id,
      employeeCount,
      vehicleCount,
      verificationCode,
      licenseKey: file?.storageKey ?? null,
    });
    if (outcome.ok) {
      file = null; // kept: it now belongs to the business
      return { kind: "claimed", business: outcome.business };
    }
    switch (outcome.reason) {
      case "wrong_code":
        return { kind: "wrong_code", submission };
      case "locked":
        return { kind: "locked", retryAfterSeconds: outcome.retryAfterSeconds, message: outcome.message };
      case "not_found":
        return { kind: "not_found" };
      case "already_claimed":
        return { kind: "already_claimed", ownedByYou: outcome.ownedByYou, heldBySomeoneElse: !outcome.ownedByYou };
    }
    throw new Error("Unhandled claim outcome");
  } finally {
    if (file) await discardUpload(file);
  }
}

/** Field errors of an outcome, in the shape the JSON API and the page both use. */
export function claimFieldErrors(outcome: ClaimSubmissionOutcome): Record<string, string[]> {
  switch (outcome.kind) {
    case "invalid": {
      const errors: Record<string, string[]> = {};
      const submission = outcome.submission;
      if (submission.status === "success") return errors;
      for (const [name, messages] of Object.entries(submission.error ?? {})) {
        if (messages && messages.length > 0) errors[name || "form"] = messages;
      }
      return errors;
    }
    case "wrong_code":
      return { verificationCode: [CLAIM_MESSAGES.wrongCode] };
    case "too_large":
      return { [LICENSE_FIELD]: [outcome.message] };
    default:
      return {};
  }
}
