/**
 * One claim submission from start to finish, shared by the /claim/{id} page and
 * POST /api/businesses/{id}/claim. Request plumbing: it reads the request's multipart body. The
 * decisions are the claim model's (`claimRefusal` before the body is read, `claimBusiness`
 * after) and the outcomes and their field errors are `~/lib/schemas/claim`'s; here are the order,
 * the streamed upload, the shared zod schema, and no file left behind when anything fails.
 */
import { parseWithZod } from "@conform-to/zod/v4";
import { CLAIM_ERRORS, ClaimSchema, LICENSE_FIELD, type ClaimSubmissionOutcome } from "~/lib/schemas/claim";
import { writable } from "~/db/write-lock.server";
import { claimBusiness, claimRefusal } from "~/models/claim.server";
import {
  discardUpload,
  drainRequestBody,
  parseUploadForm,
  UploadRejectedError,
  UploadTooLargeError,
  type StoredUpload,
} from "~/services/uploads.server";

export async function submitClaim(
  request: Request,
  businessId: number,
  user: { id: number },
): Promise<ClaimSubmissionOutcome> {
  // Cheap refusals first: no body is read and nothing is stored.
  const refusal = claimRefusal(businessId, user.id);
  if (refusal) {
    drainRequestBody(request);
    return refusal;
  }

  let file: StoredUpload | null;
  let formData: FormData;
  try {
    ({ formData, file } = await parseUploadForm(request, { fileField: LICENSE_FIELD }));
  } catch (error) {
    if (error instanceof UploadTooLargeError) return { kind: "too_large", message: CLAIM_ERRORS.fileSize };
    if (error instanceof UploadRejectedError) return { kind: "unreadable", message: error.message };
    throw error;
  }

  try {
    const submission = parseWithZod(formData, { schema: ClaimSchema });
    if (submission.status !== "success") return { kind: "invalid", submission };
    const { employeeCount, vehicleCount, verificationCode } = submission.value;
    await writable(); // the upload took its time: the importer may hold the lock now
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
