import { z } from "zod";
import { FILING_DECISIONS } from "~/lib/filings/kinds";
import { FILING_MESSAGES } from "~/models/filings/errors";

export const MAX_DECISION_MESSAGE_CHARS = 2000;

/**
 * A staff decision on a submitted filing (the three forms of /admin/filings/{id}): which one
 * (`intent`) and the message the applicant reads, required to request changes or deny.
 */
export const FilingDecisionSchema = z
  .object({
    intent: z.enum(FILING_DECISIONS, { error: "Choose a decision" }),
    message: z
      .string()
      // A textarea sends its line breaks as CRLF; the message keeps plain ones.
      .overwrite((v) => v.replace(/\r\n?/g, "\n"))
      .trim()
      .max(MAX_DECISION_MESSAGE_CHARS, { error: `The message must be at most ${MAX_DECISION_MESSAGE_CHARS.toLocaleString("en-US")} characters` })
      .optional(),
  })
  .superRefine((value, ctx) => {
    if (value.intent !== "approve" && !value.message) ctx.addIssue({ code: "custom", path: ["message"], message: FILING_MESSAGES.messageRequired });
  });

export type FilingDecisionForm = z.input<typeof FilingDecisionSchema>;
