import { z } from "zod";

export const DEFAULT_PAYMENT_DESCRIPTION = "Business Tax Receipt";

/** The payment form (spec section 5): one schema for conform on the client and the server. */
export const PaymentSchema = z.object({
  description: z
    .string({ error: "payment:errors.descriptionShort" })
    .trim()
    .min(5, { error: "payment:errors.descriptionShort" })
    .max(200, { error: "payment:errors.descriptionLong" }),
  /** The fiscal year being bought, as the year it ends (2027 = Oct 1, 2026 - Sep 30, 2027); default: the oldest one owed. */
  fiscalYear: z.coerce
    .number({ error: "payment:errors.fiscalYear" })
    .int({ error: "payment:errors.fiscalYear" })
    .min(2000, { error: "payment:errors.fiscalYear" })
    .max(2200, { error: "payment:errors.fiscalYear" })
    .optional(),
});

export type PaymentForm = z.infer<typeof PaymentSchema>;
