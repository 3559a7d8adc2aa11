/** The admin dashboard's summary figures, counted through indexes. */
import { and, count, eq, gt, gte, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments } from "~/db/schema";
import { fiscalYearLabel, fiscalYearRange } from "~/lib/fiscal-year";
import { fiscalYearOf } from "~/lib/tax-year";
import { receiptHeld } from "~/models/receipt.server";
import { now as clockNow } from "~/utils/clock.server";

export type AdminSummary = {
  businesses: number;
  claimed: number;
  paid: number;
  revenueCents: number;
  fiscalYear: string;
};

export function getAdminSummary(now = clockNow()): AdminSummary {
  const db = getDb();
  // Counted through indexes, so the page stays quick on a registry of millions: the total from
  // the smallest index, claimed and paid through the owner index (a claimed business has an owner).
  const total = db.select({ n: count() }).from(businesses).get()?.n ?? 0;
  const owned = db
    .select({
      claimed: sql<number>`coalesce(sum(${businesses.isClaimed}), 0)`,
    })
    .from(businesses)
    // "> 0" rather than IS NOT NULL: SQLite's planner then reads the owner index, not the table.
    .where(gt(businesses.ownerId, 0))
    .get();
  const { from, to } = fiscalYearRange(now);
  const revenue = db
    .select({ cents: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedCents}), 0)` })
    .from(payments)
    .where(and(gte(payments.createdAt, from), lt(payments.createdAt, to)))
    .get();
  // Paid = holds a receipt for the current fiscal year (derived from receipts, issue 21).
  const paid = db
    .select({ n: sql<number>`count(distinct ${payments.businessId})` })
    .from(payments)
    .where(and(eq(payments.taxYear, fiscalYearOf(now)), receiptHeld()))
    .get();
  return {
    businesses: total,
    claimed: Number(owned?.claimed ?? 0),
    paid: Number(paid?.n ?? 0),
    revenueCents: Number(revenue?.cents ?? 0),
    fiscalYear: fiscalYearLabel(now),
  };
}

