/**
 * Request bodies of the staff JSON endpoints that sit beside their pages (issue 41): a refund,
 * closing a remittance period, a role change. Each reuses the page form's own field schemas, so
 * both doors take the same values with the same messages; only the shapes differ where JSON has
 * a better one (cents as an integer instead of dollars as typed, null for "no staff role").
 */
import { z } from "zod";
import { ClosePeriodSchema, RefundSchema } from "~/lib/schemas/payment-ops";

const AMOUNT_CENTS = "Refund amount must be a whole number of cents, more than 0";

/** POST /api/admin/payments/{id}/refunds. */
export const ApiRefundSchema = z.object({
  amountCents: z
    .number({ error: AMOUNT_CENTS })
    .int({ error: AMOUNT_CENTS })
    .positive({ error: AMOUNT_CENTS })
    .max(999_999_999, { error: AMOUNT_CENTS })
    .describe("Integer cents to refund: the whole payment or part of it"),
  reason: RefundSchema.shape.reason.describe("Why (3 to 300 characters): kept with the refund and in the audit log"),
});

/** POST /api/admin/remittances. */
export const ApiClosePeriodSchema = z.object({
  through: ClosePeriodSchema.shape.to.describe("The period's last day, YYYY-MM-DD (the town's days), no later than today"),
  remittedOn: ClosePeriodSchema.shape.remittedOn.optional().describe("The day the money was sent to the town, YYYY-MM-DD (default: today)"),
  reference: ClosePeriodSchema.shape.reference.optional().describe("The transfer's reference, e.g. an ACH number (default: \"Closed through {through}\")"),
});

/** PATCH /api/admin/users/{id}. */
export const ApiRoleSchema = z.object({
  role: z
    .enum(["admin", "clerk", "user"], { error: "Choose admin, clerk or null" })
    .nullable()
    .describe("admin, clerk, or null (or \"user\"): no staff role"),
});
