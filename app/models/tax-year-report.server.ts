/**
 * What the town sees of its tax years (issue 21): receipts sold and revenue per fiscal year (tax
 * and penalty apart), and the businesses that are due or delinquent today with the penalty owed.
 */
import { and, desc, eq, inArray, sql, isNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, payments, users } from "~/db/schema";
import { type CsvColumn, money } from "~/lib/csv";
import { fiscalYearName, fiscalYearOf, fiscalYearSpan, STANDING_LABELS } from "~/lib/tax-year";
import { receiptHeld, receiptYearsOf, standingOfBusiness } from "~/models/receipt.server";
import { now } from "~/utils/clock.server";

export type TaxYearFigures = {
  fiscalYear: number;
  name: string;
  span: string;
  receipts: number;
  taxCents: number;
  penaltyCents: number;
  revenueCents: number;
};

/** One row per fiscal year with receipts, newest first. */
export function taxYearFigures(): TaxYearFigures[] {
  return getDb()
    .select({
      fiscalYear: payments.taxYear,
      receipts: sql<number>`count(*)`,
      taxCents: sql<number>`coalesce(sum(${payments.taxCents}), 0)`,
      penaltyCents: sql<number>`coalesce(sum(${payments.penaltyCents}), 0)`,
      revenueCents: sql<number>`coalesce(sum(${payments.amount} - ${payments.refundedCents}), 0)`,
    })
    .from(payments)
    .where(receiptHeld())
    .groupBy(payments.taxYear)
    .orderBy(desc(payments.taxYear))
    .all()
    .map((r) => ({
      ...r,
      name: fiscalYearName(r.fiscalYear),
      span: fiscalYearSpan(r.fiscalYear),
      receipts: Number(r.receipts),
      taxCents: Number(r.taxCents),
      penaltyCents: Number(r.penaltyCents),
      revenueCents: Number(r.revenueCents),
    }));
}

export const taxYearColumns: CsvColumn<TaxYearFigures>[] = [
  { header: "Fiscal Year", value: (r) => r.name },
  { header: "Period", value: (r) => `${r.fiscalYear - 1}-10-01 to ${r.fiscalYear}-09-30` },
  { header: "Receipts Sold", value: (r) => r.receipts },
  { header: "Tax (USD)", value: (r) => money(r.taxCents) },
  { header: "Penalties (USD)", value: (r) => money(r.penaltyCents) },
  { header: "Revenue (USD)", value: (r) => money(r.revenueCents) },
];

export type OwedBusiness = {
  id: number;
  name: string;
  documentNumber: string;
  ownerUsername: string | null;
  standing: string;
  lastYearHeld: string | null;
  yearsOwed: string;
  dueOn: string | null;
  taxOwedCents: number;
  penaltyOwedCents: number;
  totalOwedCents: number;
};

/**
 * Businesses that held a receipt once but not this fiscal year's: `due` (still within the grace
 * to the due date) or `delinquent` (with the penalty owed today). Never-receipted businesses are
 * the rest of the registry and are not listed here.
 */
export function owedBusinesses(at: Date = now()): OwedBusiness[] {
  const current = fiscalYearOf(at);
  const db = getDb();
  const ids = db
    .select({ id: payments.businessId })
    .from(payments)
    .where(receiptHeld())
    .groupBy(payments.businessId)
    .having(sql`sum(case when ${payments.taxYear} = ${current} then 1 else 0 end) = 0`)
    .all()
    .map((r) => r.id);
  if (ids.length === 0) return [];
  const years = receiptYearsOf(ids);
  const rows: OwedBusiness[] = [];
  // In chunks: SQLite limits the number of bound parameters.
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    const list = db
      .select({
        id: businesses.id,
        name: businesses.name,
        documentNumber: businesses.documentNumber,
        employeeCount: businesses.employeeCount,
        vehicleCount: businesses.vehicleCount,
        ownerUsername: users.username,
      })
      .from(businesses)
      .leftJoin(users, eq(users.id, businesses.ownerId))
      // A closed business owes nothing from its closing on.
      .where(and(inArray(businesses.id, chunk), isNull(businesses.closedOn)))
      .all();
    for (const b of list) {
      const held = years.get(b.id) ?? [];
      const s = standingOfBusiness(b, at, held);
      if (s.standing !== "due" && s.standing !== "delinquent") continue;
      const owed = s.charges.filter((c) => s.owed.includes(c.fiscalYear));
      rows.push({
        id: b.id,
        name: b.name,
        documentNumber: b.documentNumber,
        ownerUsername: b.ownerUsername,
        standing: STANDING_LABELS[s.standing],
        lastYearHeld: held.length ? fiscalYearName(Math.max(...held)) : null,
        yearsOwed: s.owed.map(fiscalYearName).join(" "),
        dueOn: s.dueOn,
        taxOwedCents: owed.reduce((sum, c) => sum + c.taxCents, 0),
        penaltyOwedCents: s.penaltyOwedCents,
        totalOwedCents: s.totalOwedCents,
      });
    }
  }
  return rows.sort((a, b) => b.penaltyOwedCents - a.penaltyOwedCents || a.name.localeCompare(b.name));
}

export const owedColumns: CsvColumn<OwedBusiness>[] = [
  { header: "Business ID", value: (r) => r.id },
  { header: "Name", value: (r) => r.name },
  { header: "Document Number", value: (r) => r.documentNumber },
  { header: "Owner Username", value: (r) => r.ownerUsername },
  { header: "Standing", value: (r) => r.standing },
  { header: "Last Receipt", value: (r) => r.lastYearHeld },
  { header: "Years Owed", value: (r) => r.yearsOwed },
  { header: "Due Date (current year)", value: (r) => r.dueOn },
  { header: "Tax Owed (USD)", value: (r) => money(r.taxOwedCents) },
  { header: "Penalty Owed Today (USD)", value: (r) => money(r.penaltyOwedCents) },
  { header: "Total Owed Today (USD)", value: (r) => money(r.totalOwedCents) },
];
