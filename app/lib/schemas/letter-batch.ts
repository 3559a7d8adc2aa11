import type { TFunction } from "i18next";
import { z } from "zod";

/** The letter forms' messages, as keys of the "admin" namespace (translated where shown, issue 42; English on the JSON API). */
export const LETTER_FORM_ERRORS = {
  dateFormat: "admin:letters.errors.dateFormat",
  chooseDate: "admin:letters.errors.chooseDate",
} as const;

/** The letters model's refusals (English, as the JSON API gives them) as keys of admin letters.errors. */
const LETTER_ERRORS: Record<string, string> = {
  "No businesses match these filters": "admin:letters.errors.noMatch",
  "Letter batch not found": "admin:letters.errors.batchNotFound",
  "Letter not found": "admin:letters.errors.letterNotFound",
  "This business is already claimed: release the claim first": "admin:letters.errors.alreadyClaimed",
};

/** A letters model's refusal in t's language (one it does not know stays as it is). */
export const letterErrorText = (t: TFunction, message: string): string => (LETTER_ERRORS[message] ? t(LETTER_ERRORS[message]) : message);

const isoDay = /^\d{4}-\d{2}-\d{2}$/;

/**
 * Which town businesses a letter batch goes to: the page's form and
 * POST /api/admin/letter-batches share this schema.
 * - unclaimed: only businesses nobody has claimed (default yes)
 * - mailed: "never" (no letter yet), "before" (no letter mailed on or after `mailedBefore`,
 *   none waiting to be mailed), "any"
 */
export const LetterBatchFiltersSchema = z
  .object({
    unclaimed: z.boolean().default(true),
    mailed: z.enum(["never", "before", "any"]).default("never"),
    mailedBefore: z.string().regex(isoDay, { error: LETTER_FORM_ERRORS.dateFormat }).optional(),
    status: z.string().trim().max(40).optional(),
    filingType: z.string().trim().max(40).optional(),
    q: z.string().trim().max(200).optional(),
  })
  .refine((f) => f.mailed !== "before" || Boolean(f.mailedBefore), {
    path: ["mailedBefore"],
    error: LETTER_FORM_ERRORS.chooseDate,
  });

export type LetterBatchFilters = z.output<typeof LetterBatchFiltersSchema>;

/** The page's form fields (GET preview or POST create) as the schema's input; empty fields are absent. */
export function letterFiltersFromForm(form: { get(name: string): unknown }): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
  };
  return {
    // A checkbox is absent when unticked; the form carries `filters=1` so absent means "no".
    unclaimed: text("filters") ? text("unclaimed") === "on" : true,
    mailed: text("mailed"),
    mailedBefore: text("mailedBefore"),
    status: text("status"),
    filingType: text("filingType"),
    q: text("q"),
  };
}

export const MarkMailedSchema = z.object({
  mailedOn: z.string({ error: LETTER_FORM_ERRORS.chooseDate }).regex(isoDay, { error: LETTER_FORM_ERRORS.dateFormat }),
});

/** The staff's licence review (the business's admin page); its messages are keys of admin.json. */
export const LicenseReviewSchema = z.discriminatedUnion(
  "status",
  [
    z.object({ status: z.literal("verified") }),
    z.object({
      status: z.literal("rejected"),
      reason: z
        .string({ error: "admin:businesses.review.errors.reasonRequired" })
        .trim()
        .min(5, { error: "admin:businesses.review.errors.reasonShort" })
        .max(500, { error: "admin:businesses.review.errors.reasonLong" }),
    }),
  ],
  { error: "admin:businesses.review.errors.chooseDecision" },
);
