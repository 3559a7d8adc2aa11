/**
 * The staff review queue (/admin/filings, GET /api/admin/filings, its CSV): filings filtered by
 * status, kind, age and name, oldest submission first.
 */
import { sql, type SQL } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import type { CsvColumn } from "~/lib/csv";
import { FILING_KIND_LABELS, FILING_STATUS_LABELS, type FilingKind, type FilingStatus } from "~/lib/filings/kinds";
import type { FilingQueueFilters } from "~/lib/filings/queue";
import type { PageRequest } from "~/lib/pagination";
import { page, type Page } from "~/models/admin/page.server";
import { now } from "~/utils/clock.server";

export type QueueRow = {
  id: number;
  kind: FilingKind;
  status: FilingStatus;
  name: string | null;
  applicant: string | null;
  submittedAt: Date | null;
  updatedAt: Date;
  daysWaiting: number | null;
};

function where(f: FilingQueueFilters, at: Date): SQL {
  const parts: SQL[] = [sql`f.status <> 'draft'`];
  if (f.status) parts.push(sql`f.status = ${f.status}`);
  if (f.kind) parts.push(sql`f.kind = ${f.kind}`);
  if (f.minAgeDays) parts.push(sql`f.submitted_at <= ${at.getTime() - f.minAgeDays * 86_400_000}`);
  if (f.q) {
    const like = `%${f.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    parts.push(sql`(coalesce(b.name, a.value, '') like ${like} escape '\\' or coalesce(t.value, '') like ${like} escape '\\')`);
  }
  return sql.join(parts, sql` and `);
}

const FROM = sql`from filings f
  left join businesses b on b.id = f.business_id
  left join filing_answers a on a.filing_id = f.id and a.field = 'businessName'
  left join filing_answers t on t.filing_id = f.id and t.field = 'tradeName'
  left join users u on u.id = f.applicant_id`;

type Raw = { id: number; kind: string; status: string; name: string | null; applicant: string | null; submitted_at: number | null; updated_at: number };

function toRow(r: Raw, at: Date): QueueRow {
  return {
    id: r.id,
    kind: r.kind as FilingKind,
    status: r.status as FilingStatus,
    name: r.name,
    applicant: r.applicant,
    submittedAt: r.submitted_at ? new Date(r.submitted_at) : null,
    updatedAt: new Date(r.updated_at),
    daysWaiting: r.submitted_at ? Math.floor((at.getTime() - r.submitted_at) / 86_400_000) : null,
  };
}

function select(f: FilingQueueFilters, at: Date, tail: SQL): Raw[] {
  return getDb().all<Raw>(
    sql`select f.id, f.kind, f.status, coalesce(b.name, t.value, a.value) as name, u.username as applicant, f.submitted_at, f.updated_at ${FROM} where ${where(f, at)} order by coalesce(f.submitted_at, f.updated_at), f.id ${tail}`,
  );
}

/** One page of the queue, oldest first. Drafts are the applicant's own: staff do not see them. */
export function listFilingQueue(filters: FilingQueueFilters, paging: PageRequest): Page<QueueRow> {
  const at = now();
  const total = getDb().get<{ n: number }>(sql`select count(*) as n ${FROM} where ${where(filters, at)}`)?.n ?? 0;
  return page(total, paging, (limit, offset) => select(filters, at, sql`limit ${limit} offset ${offset}`).map((r) => toRow(r, at)));
}

/** Every row of the filtered queue, for the CSV. */
export function* filingQueueRows(filters: FilingQueueFilters): Generator<QueueRow> {
  const at = now();
  for (const r of select(filters, at, sql``)) yield toRow(r, at);
}

export const FILING_QUEUE_CSV_COLUMNS: CsvColumn<QueueRow>[] = [
  { header: "Filing", value: (r) => r.id },
  { header: "Kind", value: (r) => FILING_KIND_LABELS[r.kind] ?? r.kind },
  { header: "Status", value: (r) => FILING_STATUS_LABELS[r.status] ?? r.status },
  { header: "Business", value: (r) => r.name ?? "" },
  { header: "Applicant", value: (r) => r.applicant ?? "" },
  { header: "Submitted", value: (r) => r.submittedAt?.toISOString() ?? "" },
  { header: "Days waiting", value: (r) => r.daysWaiting ?? "" },
];
