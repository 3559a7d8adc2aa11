import { z } from "zod";
import { FILING_DECISIONS } from "~/lib/filings/kinds";

export const MAX_DECISION_MESSAGE_CHARS = 2000;

/** The decision form's messages, as keys of the "admin" namespace (translated where shown, issue 42). */
export const DECISION_ERRORS = {
  intent: "admin:filings.errors.chooseDecision",
  messageTooLong: "admin:filings.errors.messageTooLong",
  messageRequired: "admin:filings.errors.messageRequired",
} as const;

/**
 * A staff decision on a submitted filing (the three forms of /admin/filings/{id}): which one
 * (`intent`) and the message the applicant reads, required to request changes or deny.
 */
export const FilingDecisionSchema = z
  .object({
    intent: z.enum(FILING_DECISIONS, { error: DECISION_ERRORS.intent }),
    message: z
      .string()
      // A textarea sends its line breaks as CRLF; the message keeps plain ones.
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .trim()
      .max(MAX_DECISION_MESSAGE_CHARS, { error: DECISION_ERRORS.messageTooLong })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "approve" && !value.message) ctx.addIssue({ code: "custom", path: ["message"], message: DECISION_ERRORS.messageRequired });
  });

export type FilingDecisionForm = z.input<typeof FilingDecisionSchema>;
