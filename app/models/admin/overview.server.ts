/**
 * The figures of the staff overview on /admin (issue 40), each from the rows the CSV reports
 * read, and each through an index so the page stays quick on a registry of 100,000+ businesses:
 * - receipts sold per month of this fiscal year beside the same month of last year (the payments
 *   report's rows that hold a receipt, by their date in the town's time zone; payments_created_idx);
 * - the share of each recently mailed letter batch's businesses claimed N days after mailing
 *   (claimed after their letter, as the batch's tracking figures count; letters_batch_idx);
 * - businesses current / due / delinquent (current: holds this fiscal year's receipt, as the
 *   summary's "BTR paid"; due and delinquent: the businesses of delinquent.csv, by its rule);
 * - filings waiting for staff by age (filings_status_idx).
 */
import { getDb } from "~/db/client.server";
import {
  CLAIM_BATCHES,
  CLAIM_CHECKPOINTS,
  CLAIM_HORIZON_DAYS,
  type BatchClaims,
  type FilingsByAge,
  type MonthlyReceipts,
  type Overview,
  type StandingCounts,
} from "~/lib/admin-overview";
import { fiscalYearName, fiscalYearOf, standingOf, startOfTownDay, townDate, type TaxSchedule } from "~/lib/tax-year";
import { getSchedule } from "~/models/fee-schedule.server";
import { whenFilingsExist } from "~/models/admin/filings-waiting.server";
import { receiptHeldRawSql } from "~/models/receipt.server";
import { now as clockNow } from "~/utils/clock.server";

const DAY_MS = 86_400_000;

// ---------------------------------------------------------------------------------------------
// Receipts sold per month

const MONTH_LABELS = ["Oct", "Nov", "Dec", "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep"] as const;

/** The first day (yyyy-MM-01) of each month of fiscal year `fy`, October first, and of the October after. */
function monthStarts(fy: number): string[] {
  return Array.from({ length: 13 }, (_, i) => {
    const month = ((9 + i) % 12) + 1;
    return `${i < 3 ? fy - 1 : fy}-${String(month).padStart(2, "0")}-01`;
  });
}

export function receiptsByMonth(at: Date = clockNow()): MonthlyReceipts {
  const fy = fiscalYearOf(at);
  // 25 month starts: October of last fiscal year up to October after this one; 24 buckets.
  const starts = [...monthStarts(fy - 1), ...monthStarts(fy).slice(1)];
  const bounds = starts.map((d) => startOfTownDay(d).getTime());
  const inner = bounds.slice(1, -1);
  const cases = inner.map((_, i) => `when p.created_at < ? then ${i}`).join(" ");
  const rows = getDb()
    .$client.prepare(
      `select case ${cases} else ${inner.length} end as bucket, count(*) as n
       from payments p
       where p.created_at >= ? and p.created_at < ? and ${receiptHeldRawSql("p")}
       group by bucket`,
    )
    .all(...inner, bounds[0], bounds[bounds.length - 1]) as { bucket: number; n: number }[];
  const counts = new Array<number>(24).fill(0);
  for (const r of rows) counts[r.bucket] = Number(r.n);
  const thisMonth = townDate(at).slice(0, 7);
  return {
    currentYear: fiscalYearName(fy),
    previousYear: fiscalYearName(fy - 1),
    months: MONTH_LABELS.map((label, i) => {
      const month = starts[12 + i].slice(0, 7);
      return { label, month, current: month <= thisMonth ? counts[12 + i] : null, previous: counts[i] };
    }),
  };
}

// ---------------------------------------------------------------------------------------------
// Claims after each letter batch

export function letterBatchClaims(at: Date = clockNow(), limit = CLAIM_BATCHES): BatchClaims[] {
  const client = getDb().$client;
  const batches = client
    .prepare(
      `select lb.id as batchId, lb.mailed_on as mailedOn, (select count(*) from letters l where l.batch_id = lb.id) as letters
       from letter_batches lb where lb.mailed_on is not null
       order by lb.mailed_on desc, lb.id desc limit ?`,
    )
    .all(limit) as { batchId: number; mailedOn: string; letters: number }[];
  if (batches.length === 0) return [];
  // Whole days from the start of the mailing day in the town.
  const mailed = batches.map(() => "(?, ?)").join(", ");
  const claims = client
    .prepare(
      `with m(batch_id, start_ms) as (values ${mailed})
       select l.batch_id as batchId, max(0, cast((b.claimed_at - m.start_ms) / ${DAY_MS} as integer)) as day, count(*) as n
       from m
       join letters l on l.batch_id = m.batch_id
       join businesses b on b.id = l.business_id
       where b.is_claimed = 1 and b.claimed_at >= l.created_at
       group by 1, 2`,
    )
    .all(...batches.flatMap((b) => [b.batchId, startOfTownDay(b.mailedOn).getTime()])) as { batchId: number; day: number; n: number }[];
  const today = townDate(at);
  return batches.map((batch) => {
    const daysSinceMailing = Math.max(0, Math.round((Date.parse(today) - Date.parse(batch.mailedOn)) / DAY_MS));
    const span = Math.min(CLAIM_HORIZON_DAYS, daysSinceMailing);
    const perDay = new Array<number>(span + 1).fill(0);
    for (const c of claims) if (c.batchId === batch.batchId && c.day <= span) perDay[c.day] += Number(c.n);
    let total = 0;
    const cumulative = perDay.map((n) => (total += n));
    const rate = (claimed: number) => (batch.letters > 0 ? claimed / batch.letters : 0);
    return {
      batchId: batch.batchId,
      mailedOn: batch.mailedOn,
      letters: Number(batch.letters),
      daysSinceMailing,
      curve: cumulative.map(rate),
      checkpoints: CLAIM_CHECKPOINTS.map((day) =>
        day <= daysSinceMailing ? { day, claimed: cumulative[day], rate: rate(cumulative[day]) } : { day, claimed: null, rate: null },
      ),
    };
  });
}

// ---------------------------------------------------------------------------------------------
// Current, due, delinquent

/**
 * Current: holds this fiscal year's receipt (the summary's "BTR paid"). Due and delinquent: the
 * businesses of delinquent.csv (held a receipt once, none for this fiscal year), counted by the
 * same rule (standingOf). A business's standing then depends only on the last year it held before
 * this one, so the query groups them by that year and the rule runs once per group, not once per
 * business (owedBusinesses prices every row: seconds at 25,000 owed businesses).
 */
export function standingCounts(at: Date = clockNow()): StandingCounts {
  const year = fiscalYearOf(at);
  const client = getDb().$client;
  const current = client
    .prepare(`select count(distinct p.business_id) from payments p where p.tax_year = ? and ${receiptHeldRawSql("p")}`)
    .pluck()
    .get(year) as number;
  const groups = client
    .prepare(
      `select last_past as lastPast, count(*) as n from (
         select max(case when p.tax_year < @year then p.tax_year end) as last_past, sum(p.tax_year = @year) as holds_current
         from payments p where ${receiptHeldRawSql("p")} group by p.business_id
       ) where holds_current = 0 group by last_past`,
    )
    .all({ year }) as { lastPast: number | null; n: number }[];
  const schedules = new Map<number, TaxSchedule>();
  const scheduleFor = (fy: number) => schedules.get(fy) ?? schedules.set(fy, getSchedule(fy)).get(fy)!;
  const counts: StandingCounts = { current: Number(current ?? 0), due: 0, delinquent: 0 };
  for (const g of groups) {
    // Only later years held (next year's receipt, not this year's): no past year, as standingOf sees it.
    const held = g.lastPast === null ? [year + 1] : [g.lastPast];
    const { standing } = standingOf(held, at, scheduleFor);
    if (standing === "due") counts.due += Number(g.n);
    else if (standing === "delinquent") counts.delinquent += Number(g.n);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------
// Filings waiting, by age

/** Submitted filings by whole days since they were submitted: under 2, 2-7, 8-30, over 30. */
export function filingsWaitingByAge(at: Date = clockNow()): FilingsByAge {
  const t = at.getTime();
  const empty: FilingsByAge = { under2: 0, "2to7": 0, "8to30": 0, over30: 0 };
  return whenFilingsExist(() => {
    const row = getDb()
      .$client.prepare(
        `select coalesce(sum(s > @d2), 0) as under2,
           coalesce(sum(s <= @d2 and s > @d8), 0) as "2to7",
           coalesce(sum(s <= @d8 and s > @d31), 0) as "8to30",
           coalesce(sum(s <= @d31), 0) as over30
         from (select coalesce(submitted_at, updated_at) as s from filings where status = 'submitted')`,
      )
      .get({ d2: t - 2 * DAY_MS, d8: t - 8 * DAY_MS, d31: t - 31 * DAY_MS }) as FilingsByAge | undefined;
    return row ? { under2: Number(row.under2), "2to7": Number(row["2to7"]), "8to30": Number(row["8to30"]), over30: Number(row.over30) } : empty;
  }, empty);
}

// ---------------------------------------------------------------------------------------------

export function getOverview(at: Date = clockNow()): Overview {
  return { receipts: receiptsByMonth(at), claims: letterBatchClaims(at), standing: standingCounts(at), filings: filingsWaitingByAge(at) };
}
