/**
 * The town's fee schedule per fiscal year (issue 21): stored in fee_schedules, one row per year.
 * A year without its own row uses the latest earlier year's figures (a new year copies the last
 * one), and before any row the defaults of ~/lib/tax-year ($100 + $5/employee + $10/vehicle and
 * the statute's penalties). A year whose receipts have started selling is frozen.
 */
import { and, desc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { feeSchedules, payments, type FeeScheduleRow } from "~/db/schema";
import { defaultSchedule, type FiscalYear, type TaxSchedule } from "~/lib/tax-year";
import { recordAudit, type AuditActor } from "~/models/audit.server";

function fromRow(row: FeeScheduleRow, fiscalYear: FiscalYear): TaxSchedule {
  return {
    fiscalYear,
    baseCents: row.baseCents,
    perEmployeeCents: row.perEmployeeCents,
    perVehicleCents: row.perVehicleCents,
    firstMonthPenaltyPercent: row.firstMonthPenaltyPercent,
    furtherMonthPenaltyPercent: row.furtherMonthPenaltyPercent,
    penaltyCapPercent: row.penaltyCapPercent,
    neverReceiptedPenaltyApplies: row.neverReceiptedPenaltyApplies,
    neverReceiptedPenaltyPercent: row.neverReceiptedPenaltyPercent,
    renewalOpens: row.renewalOpens,
    dueDay: row.dueDay,
    renewalCharge: row.renewalCharge,
  };
}

export type ScheduleSource = "stored" | "copied" | "default";

/** The schedule that applies to `fiscalYear`, and where it comes from. */
export function getScheduleWithSource(fiscalYear: FiscalYear): { schedule: TaxSchedule; source: ScheduleSource; copiedFrom: FiscalYear | null } {
  const row = getDb()
    .select()
    .from(feeSchedules)
    .where(lte(feeSchedules.fiscalYear, fiscalYear))
    .orderBy(desc(feeSchedules.fiscalYear))
    .limit(1)
    .get();
  if (!row) return { schedule: defaultSchedule(fiscalYear), source: "default", copiedFrom: null };
  return {
    schedule: fromRow(row, fiscalYear),
    source: row.fiscalYear === fiscalYear ? "stored" : "copied",
    copiedFrom: row.fiscalYear === fiscalYear ? null : row.fiscalYear,
  };
}

export function getSchedule(fiscalYear: FiscalYear): TaxSchedule {
  return getScheduleWithSource(fiscalYear).schedule;
}

/** Stored schedules, newest first. */
export function listStoredSchedules(): TaxSchedule[] {
  return getDb()
    .select()
    .from(feeSchedules)
    .orderBy(desc(feeSchedules.fiscalYear))
    .all()
    .map((row) => fromRow(row, row.fiscalYear));
}

/** Receipts sold for a year (the count that freezes its schedule). */
export function receiptsSold(fiscalYear: FiscalYear): number {
  const row = getDb()
    .select({ n: sql<number>`count(*)` })
    .from(payments)
    .where(and(eq(payments.taxYear, fiscalYear), isNotNull(payments.receiptNumber)))
    .get();
  return Number(row?.n ?? 0);
}

export class ScheduleLockedError extends Error {
  constructor(public fiscalYear: FiscalYear) {
    super(`Receipts for FY${fiscalYear} have already been sold: its fee schedule can no longer be changed.`);
    this.name = "ScheduleLockedError";
  }
}

/**
 * Stores a year's schedule. Refused (ScheduleLockedError) once a receipt for that year exists:
 * checked and written in one transaction, so a sale cannot slip between the two.
 */
export function saveSchedule(schedule: TaxSchedule, actor: AuditActor): void {
  const db = getDb();
  const updatedBy = actor?.id ?? null;
  db.transaction((tx) => {
    const before = getScheduleWithSource(schedule.fiscalYear);
    const sold = tx
      .select({ n: sql<number>`count(*)` })
      .from(payments)
      .where(and(eq(payments.taxYear, schedule.fiscalYear), isNotNull(payments.receiptNumber)))
      .get();
    if (Number(sold?.n ?? 0) > 0) throw new ScheduleLockedError(schedule.fiscalYear);
    // Later years that copy this one and have sold receipts keep the figures they were sold at.
    const laterSold = tx
      .selectDistinct({ year: payments.taxYear })
      .from(payments)
      .where(and(gt(payments.taxYear, schedule.fiscalYear), isNotNull(payments.receiptNumber)))
      .all();
    for (const { year } of laterSold) {
      const current = getScheduleWithSource(year);
      if (current.source !== "stored") tx.insert(feeSchedules).values({ ...current.schedule, updatedBy }).onConflictDoNothing().run();
    }
    const values = { ...schedule, updatedBy, updatedAt: new Date() };
    tx.insert(feeSchedules)
      .values(values)
      .onConflictDoUpdate({ target: feeSchedules.fiscalYear, set: values })
      .run();
    recordAudit(tx, {
      actor,
      action: "fee_schedule.save",
      entityType: "fee_schedule",
      entityId: schedule.fiscalYear,
      before: { source: before.source, ...before.schedule },
      after: schedule,
    });
  }, { behavior: "immediate" });
}
