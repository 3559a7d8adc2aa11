/** Helpers of the dashboard and admin tests. */
import { getDb } from "~/db/client.server";
import { and, eq, isNotNull } from "drizzle-orm";
import { payments } from "~/db/schema";
import { parseFiscalYear } from "~/lib/tax-year";
import { nextReceiptNumber } from "~/models/receipt.server";
import { unique } from "./factories";

/**
 * A recorded payment (integer cents), 5 Oct 2026 for FY2027 ("2026-2027") unless overridden. It
 * holds that year's receipt unless the business already holds one.
 */
export function createPayment(userId: number | null, businessId: number, overrides: Partial<typeof payments.$inferInsert> = {}) {
  const fiscalYear = overrides.fiscalYear ?? "2026-2027";
  const taxYear = overrides.taxYear ?? parseFiscalYear(fiscalYear) ?? 2027;
  const amount = overrides.amount ?? 13000;
  return getDb().transaction((tx) => {
    const held = tx
      .select({ id: payments.id })
      .from(payments)
      .where(and(eq(payments.businessId, businessId), eq(payments.taxYear, taxYear), isNotNull(payments.receiptNumber)))
      .get();
    const createdAt = overrides.createdAt ?? new Date(Date.UTC(2026, 9, 5, 14, 30));
    return tx
      .insert(payments)
      .values({
        userId,
        businessId,
        amount,
        description: "Business Tax Receipt",
        stripePaymentId: unique("pi_test_"),
        fiscalYear,
        taxYear,
        taxCents: amount,
        receiptNumber: held ? null : nextReceiptNumber(tx, taxYear),
        paidAt: createdAt,
        createdAt,
        ...overrides,
      })
      .returning()
      .get();
  }, { behavior: "immediate" });
}
