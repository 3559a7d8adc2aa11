import type { Submission } from "@conform-to/react";
import { z } from "zod";
import type { Business } from "~/db/schema";
import englishClaim from "~/locales/en/claim.json";

const englishClaimErrors = englishClaim.errors;

/** Spec section 9: licence file at most 5 MB, JPEG, PNG or GIF. */
export const MAX_LICENSE_BYTES = 5 * 1024 * 1024;
export const LICENSE_MIME_TYPES = ["image/jpeg", "image/jpg", "image/png", "image/gif"] as const;
export const LICENSE_ACCEPT = "image/jpeg,image/png,image/gif,.jpg,.jpeg,.png,.gif";

/** The claim form's messages, as keys of the "claim" namespace (translated where shown, issue 42). */
export const CLAIM_ERRORS = {
  employeeCount: "claim:errors.employeeCount",
  vehicleCount: "claim:errors.vehicleCount",
  codeLength: "claim:errors.codeLength",
  codeDigits: "claim:errors.codeDigits",
  notAFile: "claim:errors.notAFile",
  fileSize: "claim:errors.fileSize",
  fileType: "claim:errors.fileType",
  wrongCode: "claim:errors.wrongCode",
} as const;

/**
 * The same messages in English, for modules that still show plain text (the filings' answers
 * reuse the two count messages). One copy of the English: the "claim" resource.
 */
export const CLAIM_MESSAGES: Record<keyof typeof CLAIM_ERRORS, string> = englishClaimErrors;

const count = (message: string) => z.number({ error: message }).int({ error: message }).min(0, { error: message });

/**
 * The claim form (spec section 5), shared by conform in the browser and by the server.
 * In the browser the file's type is what the browser guessed; on the server the upload
 * handler sets it from the file's first bytes, so the same rules judge the real content.
 */
export const ClaimSchema = z.object({
  employeeCount: count(CLAIM_ERRORS.employeeCount),
  vehicleCount: count(CLAIM_ERRORS.vehicleCount),
  verificationCode: z
    .string({ error: CLAIM_ERRORS.codeLength })
    .trim()
    .length(7, { error: CLAIM_ERRORS.codeLength })
    .regex(/^\d*$/, { error: CLAIM_ERRORS.codeDigits }),
  driversLicenseFile: z
    .file({ error: CLAIM_ERRORS.notAFile })
    .max(MAX_LICENSE_BYTES, { error: CLAIM_ERRORS.fileSize })
    .mime([...LICENSE_MIME_TYPES], { error: CLAIM_ERRORS.fileType })
    .optional(),
});

export type ClaimInput = z.infer<typeof ClaimSchema>;

/** The licence file's field in the multipart form. */
export const LICENSE_FIELD = "driversLicenseFile" satisfies keyof ClaimInput;

type ClaimSubmission = Submission<unknown, string[], ClaimInput>;

/** How one claim submission ended: the page and POST /api/businesses/{id}/claim answer from it. */
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
      return { verificationCode: [CLAIM_ERRORS.wrongCode] };
    case "too_large":
      return { [LICENSE_FIELD]: [outcome.message] };
    default:
      return {};
  }
}
