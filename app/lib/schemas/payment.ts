import { z } from "zod";

export const DEFAULT_PAYMENT_DESCRIPTION = "Business Tax Receipt";

/** The payment form (spec section 5): one schema for conform on the client and the server. */
export const PaymentSchema = z.object({
  description: z
    .string({ error: "Description must be at least 5 characters" })
    .trim()
    .min(5, { error: "Description must be at least 5 characters" })
    .max(200, { error: "Description must be less than 200 characters" }),
  /** The fiscal year being bought, as the year it ends (2027 = Oct 1, 2026 - Sep 30, 2027); default: the oldest one owed. */
  fiscalYear: z.coerce
    .number({ error: "Choose a fiscal year" })
    .int({ error: "Choose a fiscal year" })
    .min(2000, { error: "Choose a fiscal year" })
    .max(2200, { error: "Choose a fiscal year" })
    .optional(),
});

export type PaymentForm = z.infer<typeof PaymentSchema>;
