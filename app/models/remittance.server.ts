/**
 * Remittance to the town (issue 22, step 4 of the process): what was collected for the town in a
 * period, and closing it once the money is sent.
 *
 * The rule that keeps every figure reconciled: each payment and each refund is carried to the
 * town by exactly one statement. Closing a period stamps, in one transaction, every payment and
 * refund not yet remitted and dated on or before the period's last day (so a late arrival dated
 * inside an earlier, closed period is carried by this one, flagged "late"), and keeps the totals.
 * A closed statement is its stamped lines: it never changes (0011's triggers refuse it). A refund
 * after closing is a line of its own, dated when it was made, in the next statement. So the sum
 * of all statements, plus what is not remitted yet, is the payments and refunds tables.
 *
 * Days are the town's (America/New_York). Card fees come from Stripe's balance transactions
 * (stripe-charge.server.ts) and are read before a period closes; counter payments have none.
 */
import { and, asc, desc, eq, gte, inArray, isNull, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { businesses, payments, refunds, remittances, users, type Payment, type Remittance } from "~/db/schema";
import { type CsvColumn, money } from "~/lib/csv";
import type { Language } from "~/lib/languages";
import type { Period, Statement, StatementBusiness, StatementLine, StatementTotals } from "~/lib/remittance";
import { PAYMENT_METHOD_LABELS } from "~/lib/schemas/payment-ops";
import { addDays, startOfTownDay, townDate } from "~/lib/tax-year";
import { OperationError } from "~/models/admin/operations.server";
import { recordAudit, type AuditActor } from "~/models/audit.server";
import { resolveUnknownFees } from "~/models/stripe-charge.server";
import { remittancePdf } from "~/services/remittance-pdf.server";
import { now } from "~/utils/clock.server";
import { getEnv } from "~/utils/env.server";

/** The first instant after the town's day `to`. */
const endOf = (to: string) => startOfTownDay(addDays(to, 1));

const paidAtSql = sql<number>`coalesce(${payments.paidAt}, ${payments.createdAt})`;
const paidBefore = (end: Date) => sql`${paidAtSql} < ${end.getTime()}`;
const paidFrom = (start: Date) => sql`${paidAtSql} >= ${start.getTime()}`;

type PaymentRow = { payment: Payment; businessName: string; documentNumber: string };
type RefundRow = PaymentRow & { refund: typeof refunds.$inferSelect };

function paymentLine(row: PaymentRow, period: Period): StatementLine {
  const p = row.payment;
  const date = townDate(p.paidAt ?? p.createdAt);
  const fee = p.feeCents ?? 0;
  return {
    kind: "payment",
    paymentId: p.id,
    refundId: null,
    date,
    late: date < period.from,
    receiptNumber: p.receiptNumber,
    businessId: p.businessId,
    businessName: row.businessName,
    documentNumber: row.documentNumber,
    fiscalYear: p.fiscalYear,
    method: p.method,
    reference: p.stripePaymentId,
    taxCents: p.taxCents,
    penaltyCents: p.penaltyCents,
    grossCents: p.amount,
    feeCents: fee,
    refundCents: 0,
    netCents: p.amount - fee,
    remittanceId: p.remittanceId,
    adjustsRemittanceId: null,
    reason: null,
  };
}

function refundLine(row: RefundRow, period: Period): StatementLine {
  const r = row.refund;
  const date = townDate(r.succeededAt ?? r.createdAt);
  return {
    kind: "refund",
    paymentId: row.payment.id,
    refundId: r.id,
    date,
    late: date < period.from,
    receiptNumber: row.payment.receiptNumber,
    businessId: row.payment.businessId,
    businessName: row.businessName,
    documentNumber: row.documentNumber,
    fiscalYear: row.payment.fiscalYear,
    method: row.payment.method,
    reference: r.stripeRefundId ?? `refund:${r.id}`,
    taxCents: 0,
    penaltyCents: 0,
    grossCents: 0,
    feeCents: 0,
    refundCents: r.amount,
    netCents: -r.amount,
    remittanceId: r.remittanceId,
    adjustsRemittanceId: row.payment.remittanceId,
    reason: r.reason,
  };
}

function totalsOf(lines: StatementLine[]): StatementTotals {
  const t: StatementTotals = { paymentCount: 0, refundCount: 0, grossCents: 0, feeCents: 0, refundCents: 0, netCents: 0 };
  for (const line of lines) {
    if (line.kind === "payment") t.paymentCount += 1;
    else t.refundCount += 1;
    t.grossCents += line.grossCents;
    t.feeCents += line.feeCents;
    t.refundCents += line.refundCents;
  }
  t.netCents = t.grossCents - t.feeCents - t.refundCents;
  return t;
}

const paymentColumns = { payment: payments, businessName: businesses.name, documentNumber: businesses.documentNumber };

type Which = { remittanceId: number } | { unremittedUpTo: string } | { between: Period };

/** The payments and succeeded refunds of a closed statement, not remitted yet up to a day, or dated in a range. */
function selectLines(db: Pick<Db, "select">, which: Which) {
  let paymentWhere: SQL | undefined;
  let refundWhere: SQL | undefined;
  if ("remittanceId" in which) {
    paymentWhere = eq(payments.remittanceId, which.remittanceId);
    refundWhere = eq(refunds.remittanceId, which.remittanceId);
  } else if ("unremittedUpTo" in which) {
    const end = endOf(which.unremittedUpTo);
    paymentWhere = and(isNull(payments.remittanceId), paidBefore(end));
    refundWhere = and(isNull(refunds.remittanceId), eq(refunds.status, "succeeded"), lt(refunds.succeededAt, end));
  } else {
    const start = startOfTownDay(which.between.from);
    const end = endOf(which.between.to);
    paymentWhere = and(paidFrom(start), paidBefore(end));
    refundWhere = and(eq(refunds.status, "succeeded"), gte(refunds.succeededAt, start), lt(refunds.succeededAt, end));
  }
  const paymentRows = db
    .select(paymentColumns)
    .from(payments)
    .innerJoin(businesses, eq(businesses.id, payments.businessId))
    .where(paymentWhere)
    .orderBy(asc(paidAtSql), asc(payments.id))
    .all();
  const refundRows = db
    .select({ ...paymentColumns, refund: refunds })
    .from(refunds)
    .innerJoin(payments, eq(payments.id, refunds.paymentId))
    .innerJoin(businesses, eq(businesses.id, payments.businessId))
    .where(refundWhere)
    .orderBy(asc(refunds.succeededAt), asc(refunds.id))
    .all();
  return { paymentRows, refundRows };
}

function linesOf(rows: ReturnType<typeof selectLines>, period: Period): StatementLine[] {
  return [...rows.paymentRows.map((r) => paymentLine(r, period)), ...rows.refundRows.map((r) => refundLine(r, period))].sort(
    (a, b) => a.date.localeCompare(b.date) || a.paymentId - b.paymentId || (a.refundId ?? 0) - (b.refundId ?? 0),
  );
}

function businessesOf(db: Pick<Db, "select">, ids: number[]): StatementBusiness[] {
  if (ids.length === 0) return [];
  return db
    .select({ b: businesses, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(inArray(businesses.id, ids))
    .orderBy(asc(businesses.name))
    .all()
    .map(({ b, firstName, lastName, email }) => ({
      id: b.id,
      name: b.name,
      documentNumber: b.documentNumber,
      address: [b.address1, b.address2].filter(Boolean).join(", "),
      city: b.city,
      zip: b.zip,
      filingType: b.filingType,
      status: b.status,
      isClaimed: b.isClaimed,
      ownerName: [firstName, lastName].filter(Boolean).join(" ") || null,
      ownerEmail: email ?? null,
      employeeCount: b.employeeCount,
      vehicleCount: b.vehicleCount,
    }));
}

function statementFrom(db: Pick<Db, "select">, lines: StatementLine[], base: Omit<Statement, "lines" | "totals" | "businesses">): Statement {
  const ids = [...new Set(lines.map((l) => l.businessId))];
  return { ...base, lines, totals: totalsOf(lines), businesses: businessesOf(db, ids) };
}

/** The town's day today. */
export const townToday = () => townDate(now());

/** A month as a period: "2026-11" is November 1-30, 2026. */
export function monthPeriod(month: string): Period {
  const [y, m] = month.split("-").map(Number);
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { from: `${month}-01`, to: `${month}-${String(last).padStart(2, "0")}` };
}

/**
 * The period the page proposes: the month of the oldest payment or refund not remitted yet
 * (the current month when there is none), ending today at the latest.
 */
export function proposedPeriod(): Period {
  const db = getDb();
  const oldestPayment = db.select({ at: sql<number | null>`min(${paidAtSql})` }).from(payments).where(isNull(payments.remittanceId)).get()?.at;
  const oldestRefund = db
    .select({ at: sql<number | null>`min(${refunds.succeededAt})` })
    .from(refunds)
    .where(and(isNull(refunds.remittanceId), eq(refunds.status, "succeeded")))
    .get()?.at;
  const candidates = [oldestPayment, oldestRefund].filter((v): v is number => typeof v === "number");
  const today = townToday();
  const month = (candidates.length ? townDate(new Date(Math.min(...candidates))) : today).slice(0, 7);
  const period = monthPeriod(month);
  return { from: period.from, to: period.to < today ? period.to : today };
}

/** What closing [from, to] would carry now: not remitted yet, dated on or before `to`. */
export function openStatement(period: Period): Statement {
  const db = getDb();
  const lines = linesOf(selectLines(db, { unremittedUpTo: period.to }), period);
  return statementFrom(db, lines, { id: null, period, remittedOn: null, reference: null, closedAt: null });
}

/** A closed statement, as it was closed. */
export function closedStatement(id: number): Statement | null {
  const db = getDb();
  const r = db.select().from(remittances).where(eq(remittances.id, id)).get();
  if (!r) return null;
  const period = { from: r.periodFrom, to: r.periodTo };
  const lines = linesOf(selectLines(db, { remittanceId: r.id }), period);
  return statementFrom(db, lines, {
    id: r.id,
    period,
    remittedOn: r.remittedOn,
    reference: r.reference,
    closedAt: r.createdAt.toISOString(),
  });
}

/** Closed statements, newest first. */
export function listRemittances(): Remittance[] {
  return getDb().select().from(remittances).orderBy(desc(remittances.id)).all();
}

/** Payments and refunds dated in [from, to], whichever statement carries them: the API's report of a range. */
export function collectedBetween(period: Period): { lines: StatementLine[]; totals: StatementTotals } {
  const lines = linesOf(selectLines(getDb(), { between: period }), period);
  return { lines, totals: totalsOf(lines) };
}

export type CloseRequest = Period & { remittedOn: string; reference: string };

/**
 * Closes a period: reads the card fees it lacks from Stripe, then, in one transaction, keeps the
 * statement and stamps its payments and refunds. Refused for a period ending after today and
 * when there is nothing to remit.
 */
export async function closePeriod(actor: NonNullable<AuditActor>, request: CloseRequest): Promise<Statement> {
  if (request.to > townToday()) throw new OperationError(400, "A period can be closed once it has ended: choose a last day no later than today.");
  const db = getDb();
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const pending = selectLines(db, { unremittedUpTo: request.to }).paymentRows.map((r) => r.payment);
    try {
      await resolveUnknownFees(pending);
    } catch {
      throw new OperationError(502, "Stripe could not be reached to read the card fees; try again in a moment.");
    }
    const id = db.transaction(
      (tx) => {
        const rows = selectLines(tx, { unremittedUpTo: request.to });
        // A card payment recorded since the fees were read: read again before closing.
        if (rows.paymentRows.some((r) => r.payment.feeCents === null)) return null;
        const lines = linesOf(rows, request);
        if (lines.length === 0) throw new OperationError(409, `There is nothing to remit up to ${request.to}.`);
        const totals = totalsOf(lines);
        const remittance = tx
          .insert(remittances)
          .values({
            periodFrom: request.from,
            periodTo: request.to,
            remittedOn: request.remittedOn,
            reference: request.reference,
            closedBy: actor.id,
            ...totals,
          })
          .returning()
          .get();
        const paymentIds = rows.paymentRows.map((r) => r.payment.id);
        const refundIds = rows.refundRows.map((r) => r.refund.id);
        for (let i = 0; i < paymentIds.length; i += 500) {
          tx.update(payments).set({ remittanceId: remittance.id }).where(inArray(payments.id, paymentIds.slice(i, i + 500))).run();
        }
        for (let i = 0; i < refundIds.length; i += 500) {
          tx.update(refunds).set({ remittanceId: remittance.id }).where(inArray(refunds.id, refundIds.slice(i, i + 500))).run();
        }
        recordAudit(tx, {
          actor,
          action: "remittance.close",
          entityType: "remittance",
          entityId: remittance.id,
          before: null,
          after: { ...request, ...totals },
        });
        return remittance.id;
      },
      { behavior: "immediate" },
    );
    if (id !== null) return closedStatement(id)!;
  }
  throw new OperationError(409, "Payments kept arriving while the period was being closed; try again.");
}

/** A statement as the PDF the town's finance office files, headed with the town (TOWN_* settings), in `language`. */
export function statementPdf(statement: Statement, language: Language = "en"): Promise<Uint8Array> {
  const env = getEnv();
  return remittancePdf(statement, { name: env.TOWN_NAME, state: env.TOWN_STATE, address: env.TOWN_ADDRESS }, language);
}

/** Statement lines as CSV, for the town's finance office. */
export const STATEMENT_CSV_COLUMNS: CsvColumn<StatementLine>[] = [
  { header: "Date", value: (l) => l.date },
  { header: "Line", value: (l) => (l.kind === "payment" ? "Payment" : "Refund") },
  { header: "Late (dated before the period)", value: (l) => (l.late ? "yes" : "") },
  { header: "Receipt number", value: (l) => l.receiptNumber ?? "" },
  { header: "Business", value: (l) => l.businessName },
  { header: "Document number", value: (l) => l.documentNumber },
  { header: "Fiscal year", value: (l) => l.fiscalYear },
  { header: "Method", value: (l) => PAYMENT_METHOD_LABELS[l.method] ?? l.method },
  { header: "Reference", value: (l) => l.reference },
  { header: "Tax", value: (l) => money(l.taxCents) },
  { header: "Penalty", value: (l) => money(l.penaltyCents) },
  { header: "Gross", value: (l) => money(l.grossCents) },
  { header: "Card fees", value: (l) => money(l.feeCents) },
  { header: "Refunds", value: (l) => money(l.refundCents) },
  { header: "Net", value: (l) => money(l.netCents) },
  { header: "Statement", value: (l) => (l.remittanceId ? `#${l.remittanceId}` : "not remitted") },
  { header: "Adjusts statement", value: (l) => (l.adjustsRemittanceId ? `#${l.adjustsRemittanceId}` : "") },
  { header: "Refund reason", value: (l) => l.reason ?? "" },
];

export const STATEMENT_BUSINESS_CSV_COLUMNS: CsvColumn<StatementBusiness>[] = [
  { header: "Business", value: (b) => b.name },
  { header: "Document number", value: (b) => b.documentNumber },
  { header: "Address", value: (b) => b.address },
  { header: "City", value: (b) => b.city ?? "" },
  { header: "ZIP", value: (b) => b.zip ?? "" },
  { header: "Filing type", value: (b) => b.filingType },
  { header: "Status", value: (b) => b.status },
  { header: "Claimed", value: (b) => (b.isClaimed ? "yes" : "no") },
  { header: "Owner", value: (b) => b.ownerName ?? "" },
  { header: "Owner email", value: (b) => b.ownerEmail ?? "" },
  { header: "Employees", value: (b) => b.employeeCount },
  { header: "Vehicles", value: (b) => b.vehicleCount },
];
