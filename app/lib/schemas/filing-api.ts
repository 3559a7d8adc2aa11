/**
 * The request bodies of the filings' JSON door (issue 40): what POST /api/filings,
 * PATCH /api/filings/{id}, POST /api/filings/{id}/documents and
 * POST /api/admin/filings/{id}/decision take. The routes validate with these schemas (answers
 * with readAnswerInput and the answer rules of ~/lib/filings/answers), and the API contract
 * publishes them.
 */
import { z } from "zod";
import { DOCUMENT_MESSAGES, DOCUMENT_TYPES, FILING_DOCUMENT_MIME_TYPES, MAX_FILING_DOCUMENT_BYTES } from "~/lib/filings/documents";
import { ANSWER_NAMES, FILING_DECISIONS, FILING_KINDS, type AnswerName } from "~/lib/filings/kinds";

export const FILING_API_MESSAGES = {
  kind: `Choose the kind of filing: ${FILING_KINDS.join(", ")}`,
  businessId: "businessId must be the id of one of your businesses",
  decision: `Choose the decision: ${FILING_DECISIONS.join(", ")}`,
  messageLength: "The message must be at most 2000 characters",
  tooLarge: "The request body is too large",
  notApplicant: "Only the applicant can change this filing",
} as const;

/** POST /api/filings. `businessId` is needed by the kinds about a business (transfer, move, closing). */
export const CreateFilingSchema = z.object({
  kind: z.enum(FILING_KINDS, { error: FILING_API_MESSAGES.kind }),
  businessId: z
    .number({ error: FILING_API_MESSAGES.businessId })
    .int({ error: FILING_API_MESSAGES.businessId })
    .positive({ error: FILING_API_MESSAGES.businessId })
    .nullable()
    .optional()
    .describe("The business the filing is about: required for transfer, change-location and close-business; ignored for new-business"),
});

const ANSWER_NOTES: Partial<Record<AnswerName, string>> = {
  ownership: "sole-proprietor, partnership, corporation, llc or other",
  stateDocumentNumber: "The state's document number, when the business has one (looked up in the registry)",
  city: "A city of the town",
  zip: "A ZIP code of the town",
  homeBased: '"yes" or "no" (or true/false)',
  category: "An activity's code from GET /api/filing-categories",
  employeeCount: "A whole number, 0 or more",
  vehicleCount: "A whole number, 0 or more",
  stateLicenseNumber: "Required when the activity needs a state licence",
  buyer: "transfer: the buyer's username or email",
  closedOn: "close-business: the day the business stopped operating, yyyy-mm-dd, not in the future",
};

/**
 * PATCH /api/filings/{id}: any answers, each text (a number is read as its digits, null or ""
 * clears the answer). What the contract publishes; the route reads the body with
 * readAnswerInput, which reports any other name or value as a field error.
 */
export const FilingAnswersSchema = z
  .object(
    Object.fromEntries(
      ANSWER_NAMES.map((name) => {
        const base = name === "homeBased" ? z.union([z.enum(["yes", "no"]), z.boolean()]) : name.endsWith("Count") ? z.union([z.string(), z.number().int().min(0)]) : z.string();
        const schema = base.nullable().optional();
        return [name, ANSWER_NOTES[name] ? schema.describe(ANSWER_NOTES[name]) : schema];
      }),
    ) as unknown as Record<AnswerName, z.ZodType>,
  )
  .strict();

/** POST /api/filings/{id}/documents (multipart/form-data): one document, judged by its bytes. */
export const FilingDocumentUploadSchema = z.object({
  documentType: z.enum(DOCUMENT_TYPES, { error: DOCUMENT_MESSAGES.type }).describe("Which document this is (the filing's requiredDocuments say which are needed)"),
  file: z
    .file({ error: DOCUMENT_MESSAGES.notAFile })
    .max(MAX_FILING_DOCUMENT_BYTES, { error: DOCUMENT_MESSAGES.fileSize })
    .mime([...FILING_DOCUMENT_MIME_TYPES], { error: DOCUMENT_MESSAGES.fileType })
    .describe("PDF, JPEG or PNG, judged by the file's content (not its name)"),
});

/** POST /api/admin/filings/{id}/decision (JSON; the page's three forms use ./filing-decision). */
export const ApiFilingDecisionSchema = z.object({
  decision: z.enum(FILING_DECISIONS, { error: FILING_API_MESSAGES.decision }),
  message: z
    .string({ error: "The message must be text" })
    .max(2000, { error: FILING_API_MESSAGES.messageLength })
    .nullable()
    .optional()
    .describe("Shown to the applicant and emailed: required to request changes or deny"),
});

export type ApiFilingDecisionInput = z.output<typeof ApiFilingDecisionSchema>;
