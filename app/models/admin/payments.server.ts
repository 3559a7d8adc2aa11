/** Every recorded payment, newest first, for the administrator. */
import { count, desc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, users } from "~/db/schema";
import type { PageRequest } from "~/lib/pagination";
import { paymentListColumns } from "~/models/payment.server";
import { page, type Page } from "./page.server";

export type AdminPayment = {
  id: number;
  userId: number | null;
  username: string | null;
  businessId: number;
  businessName: string;
  documentNumber: string;
  amount: number;
  currency: string;
  description: string;
  kind: string;
  fiscalYear: string;
  stripePaymentId: string;
  method: string;
  refundedCents: number;
  createdAt: Date;
};

export function listPayments(paging: PageRequest): Page<AdminPayment> {
  const db = getDb();
  const total = db.select({ n: count() }).from(payments).get()?.n ?? 0;
  return page(total, paging, (limit, offset) =>
    db
      .select({ ...paymentListColumns, username: users.username })
      .from(payments)
      .innerJoin(businesses, eq(businesses.id, payments.businessId))
      .leftJoin(users, eq(users.id, payments.userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset)
      .all(),
  );
}

