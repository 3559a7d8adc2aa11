/** Helpers of the dashboard and admin tests. */
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { unique } from "./factories";

/** A recorded payment (integer cents), 5 Oct 2026 unless overridden. */
export function createPayment(userId: number | null, businessId: number, overrides: Partial<typeof payments.$inferInsert> = {}) {
  return getDb()
    .insert(payments)
    .values({
      userId,
      businessId,
      amount: 13000,
      description: "Business Tax Receipt",
      stripePaymentId: unique("pi_test_"),
      fiscalYear: "2026-2027",
      createdAt: new Date(Date.UTC(2026, 9, 5, 14, 30)),
      ...overrides,
    })
    .returning()
    .get();
}
