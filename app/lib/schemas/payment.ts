import { z } from "zod";

export const DEFAULT_PAYMENT_DESCRIPTION = "Business Tax Receipt";

/** The payment form (spec section 5): one schema for conform on the client and the server. */
export const PaymentSchema = z.object({
  description: z
    .string({ error: "Description must be at least 5 characters" })
    .trim()
    .min(5, { error: "Description must be at least 5 characters" })
    .max(200, { error: "Description must be less than 200 characters" }),
});

export type PaymentForm = z.infer<typeof PaymentSchema>;
