import { z } from "zod";

/** The activity form's messages, as keys of the "admin" namespace (translated where shown, issue 42). */
export const CATEGORY_MESSAGES = {
  intent: "admin:categories.errors.intent",
  codeRequired: "admin:categories.errors.codeRequired",
  codeFormat: "admin:categories.errors.codeFormat",
  nameRequired: "admin:categories.errors.nameRequired",
  nameTooLong: "admin:categories.errors.nameTooLong",
  nameControl: "admin:categories.errors.nameControl",
  duplicate: "admin:categories.errors.duplicate",
  unknown: "admin:categories.errors.unknown",
} as const;

// Checked with refine, not regex: a regex becomes the input's pattern attribute, and browsers read
// patterns in the v flag's syntax, where an unescaped "-" in a class is an error.
const CODE = /^[a-z0-9-]{2,40}$/;

const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/**
 * One of the town's business activities (/admin/filings/categories): add one (`intent: "add"`)
 * or change one in the list (`intent: "edit"`, the code stays). Names may be any language's
 * letters; codes are what applications store, so they stay plain.
 */
export const FilingCategorySchema = z.object({
  intent: z.enum(["add", "edit"], { error: CATEGORY_MESSAGES.intent }),
  code: z
    .string({ error: CATEGORY_MESSAGES.codeRequired })
    .trim()
    .min(1, { error: CATEGORY_MESSAGES.codeRequired, abort: true })
    .refine((v) => CODE.test(v), { error: CATEGORY_MESSAGES.codeFormat }),
  name: z
    .string({ error: CATEGORY_MESSAGES.nameRequired })
    .trim()
    .min(1, { error: CATEGORY_MESSAGES.nameRequired, abort: true })
    .max(100, { error: CATEGORY_MESSAGES.nameTooLong })
    // eslint-disable-next-line no-control-regex
    .refine((v) => !/[\u0000-\u001f\u007f]/.test(v), { error: CATEGORY_MESSAGES.nameControl }),
  needsStateLicense: checkbox,
  active: checkbox,
});

export type FilingCategoryForm = z.input<typeof FilingCategorySchema>;
