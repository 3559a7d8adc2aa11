/**
 * A payment row with the business it paid for, both whole: what a receipt (the mail, its PDF)
 * is made of. Takes the connection or the transaction it runs in (the mail events read it in the
 * payment's own transaction).
 */
import { eq } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { businesses, payments } from "~/db/schema";
import type { Conn } from "./outbox.server";

export function paymentWithBusiness(paymentId: number, conn: Conn = getDb()) {
  return (conn as Db)
    .select({ payment: payments, business: businesses })
    .from(payments)
    .innerJoin(businesses, eq(businesses.id, payments.businessId))
    .where(eq(payments.id, paymentId))
    .get();
}
