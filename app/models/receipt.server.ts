/**
 * Local Business Tax Receipts (issue 21): a payment row with a receipt number holds the receipt
 * for one business and one fiscal year (payments.tax_year). Standing is derived from the years
 * held and the clock, never stored; `hasPaidBTR` in the API means "holds a receipt for the
 * current fiscal year".
 */
import { and, desc, eq, isNotNull, lt, sql, type SQL } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { payments, type Business, type Payment } from "~/db/schema";
import {
  chargeFor,
  fiscalYearOf,
  fiscalYearSpan,
  standingOf,
  type Charge,
  type FiscalYear,
  type StandingInfo,
} from "~/lib/tax-year";
import type { CounterMethod } from "~/lib/schemas/payment-ops";
import { getSchedule } from "~/models/fee-schedule.server";
import { now } from "~/utils/clock.server";

/**
 * A payment holds its receipt while it has a receipt number and is not refunded whole (a partial
 * refund keeps the receipt). The one definition: the partial unique index of 0011 says the same.
 */
export function receiptHeld(): SQL {
  return and(isNotNull(payments.receiptNumber), lt(payments.refundedCents, payments.amount))!;
}

/** The same for raw SQL over `payments` aliased `alias`. */
export function receiptHeldRawSql(alias: string): string {
  return `${alias}.receipt_number is not null and ${alias}.refunded_cents < ${alias}.amount`;
}

/**
 * SQL, in a select from `businesses`: does the business hold a receipt for the current fiscal
 * year? `current_fiscal_year()` is registered on every connection (app/db/client.server.ts) from
 * the clock. The business id is spelled out qualified: inside a select list drizzle would write
 * the column unqualified, which the subquery would read as its own.
 */
export function holdsCurrentReceiptSql(): SQL<boolean> {
  return sql<boolean>`exists(select 1 from "payments" as "r" where "r"."business_id" = "businesses"."id" and "r"."tax_year" = current_fiscal_year() and "r"."receipt_number" is not null and "r"."refunded_cents" < "r"."amount")`.mapWith(
    (v) => v === 1 || v === true,
  );
}

/** The same, for raw SQL over `businesses` aliased `alias`. */
export function holdsCurrentReceiptRawSql(alias = "b"): string {
  return `exists(select 1 from payments r where r.business_id = ${alias}.id and r.tax_year = current_fiscal_year() and ${receiptHeldRawSql("r")})`;
}

/** Fiscal years (as the year they end) the business holds receipts for. */
export function receiptYears(businessId: number, db: Pick<Db, "select"> = getDb()): FiscalYear[] {
  return db
    .select({ year: payments.taxYear })
    .from(payments)
    .where(and(eq(payments.businessId, businessId), receiptHeld()))
    .all()
    .map((r) => r.year);
}

export function holdsCurrentReceipt(businessId: number, at: Date = now()): boolean {
  return receiptYears(businessId).includes(fiscalYearOf(at));
}

export type BusinessStanding = StandingInfo & {
  /** What buying each purchasable year costs today. */
  charges: Charge[];
  /** Penalty owed today over all owed years. */
  penaltyOwedCents: number;
  /** Tax + penalties owed today over all owed years. */
  totalOwedCents: number;
};

/** The business's standing now, with what each year it can buy costs today. */
export function standingOfBusiness(
  business: Pick<Business, "id" | "employeeCount" | "vehicleCount">,
  at: Date = now(),
  years: FiscalYear[] = receiptYears(business.id),
): BusinessStanding {
  const info = standingOf(years, at, getSchedule);
  const neverReceipted = years.length === 0;
  const charges = info.purchasable.map((fy) => chargeFor(getSchedule(fy), business, at, { neverReceipted }));
  const owed = charges.filter((c) => info.owed.includes(c.fiscalYear));
  return {
    ...info,
    charges,
    penaltyOwedCents: owed.reduce((sum, c) => sum + c.penaltyCents, 0),
    totalOwedCents: owed.reduce((sum, c) => sum + c.totalCents, 0),
  };
}

/** The next receipt number of a fiscal year: "2027-000124". Call inside the transaction that inserts it. */
export function nextReceiptNumber(db: Pick<Db, "select">, fiscalYear: FiscalYear): string {
  const row = db
    .select({ max: sql<number | null>`max(cast(substr(${payments.receiptNumber}, 6) as integer))` })
    .from(payments)
    .where(and(eq(payments.taxYear, fiscalYear), isNotNull(payments.receiptNumber)))
    .get();
  const next = Number(row?.max ?? 0) + 1;
  return `${fiscalYear}-${String(next).padStart(6, "0")}`;
}

export type NewReceipt = {
  userId: number | null;
  businessId: number;
  charge: Charge;
  amount: number;
  currency: string;
  description: string;
  stripePaymentId: string;
  receiptUrl: string | null;
  kind: "btr" | "renewal";
  paidAt: Date;
  /** A payment taken at the town's counter (not through Stripe): how, and by whom. */
  counter?: { method: CounterMethod; checkNumber: string | null; recordedBy: number };
};

/**
 * Inserts the payment holding `charge.fiscalYear`'s receipt, inside the caller's transaction.
 * Returns null when the business already holds that year's receipt (the unique index is the guard).
 */
export function insertReceipt(tx: Pick<Db, "select" | "insert">, r: NewReceipt): Payment | null {
  const held = tx
    .select({ id: payments.id })
    .from(payments)
    .where(and(eq(payments.businessId, r.businessId), eq(payments.taxYear, r.charge.fiscalYear), receiptHeld()))
    .get();
  if (held) return null;
  return tx
    .insert(payments)
    .values({
      userId: r.userId,
      businessId: r.businessId,
      amount: r.amount,
      currency: r.currency,
      description: r.description,
      stripePaymentId: r.stripePaymentId,
      receiptUrl: r.receiptUrl,
      kind: r.kind,
      fiscalYear: fiscalYearSpan(r.charge.fiscalYear),
      taxYear: r.charge.fiscalYear,
      taxCents: r.charge.taxCents,
      penaltyCents: r.charge.penaltyCents,
      receiptNumber: nextReceiptNumber(tx, r.charge.fiscalYear),
      breakdown: JSON.stringify(r.charge),
      paidAt: r.paidAt,
      ...(r.counter ? { method: r.counter.method, checkNumber: r.counter.checkNumber, recordedBy: r.counter.recordedBy, feeCents: 0 } : {}),
    })
    .returning()
    .get();
}

/** The stored breakdown of a payment, or null for payments made before breakdowns were kept. */
export function breakdownOf(payment: Pick<Payment, "breakdown">): Charge | null {
  if (!payment.breakdown) return null;
  try {
    return JSON.parse(payment.breakdown) as Charge;
  } catch {
    return null;
  }
}

/** The latest receipt of each of these businesses. */
export function latestReceipts(businessIds: number[]): Map<number, Payment> {
  if (businessIds.length === 0) return new Map();
  const rows = getDb()
    .select()
    .from(payments)
    .where(and(receiptHeld(), sql`${payments.businessId} in ${businessIds}`))
    .orderBy(desc(payments.taxYear))
    .all();
  const out = new Map<number, Payment>();
  for (const row of rows) if (!out.has(row.businessId)) out.set(row.businessId, row);
  return out;
}

/** Receipt years of many businesses at once. */
export function receiptYearsOf(businessIds: number[]): Map<number, FiscalYear[]> {
  const out = new Map<number, FiscalYear[]>(businessIds.map((id) => [id, []]));
  if (businessIds.length === 0) return out;
  const rows = getDb()
    .select({ businessId: payments.businessId, year: payments.taxYear })
    .from(payments)
    .where(and(receiptHeld(), sql`${payments.businessId} in ${businessIds}`))
    .all();
  for (const r of rows) out.get(r.businessId)?.push(r.year);
  return out;
}
