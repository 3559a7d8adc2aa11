import { z } from "zod";

export const CATEGORY_MESSAGES = {
  codeRequired: "Code is required",
  codeFormat: "Code must be 2 to 40 lowercase letters, digits or dashes, e.g. food-truck",
  nameRequired: "Name is required",
  nameTooLong: "Name must be at most 100 characters",
  nameControl: "Name cannot contain line breaks or control characters",
  duplicate: "An activity with this code already exists: change it in the list below",
  unknown: "This activity no longer exists",
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
  intent: z.enum(["add", "edit"], { error: "Choose add or edit" }),
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
