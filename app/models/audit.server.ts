/**
 * The audit log: append-only. This module is its only door, and it has ONE writer
 * (`recordAudit`, called inside the transaction of the change it records) and readers
 * (`listAudit`, `auditCsvRows`). There is no update or delete function, and the 0010 triggers
 * refuse UPDATE and DELETE on the table from anywhere.
 *
 * Other features (refunds, the fee schedule, counter payments) call `recordAudit(tx, ...)`
 * with their own action names, in the transaction that makes the change.
 */
import { and, count, desc, eq, gte, lt, sql, type SQL } from "drizzle-orm";
import { getDb, type Db } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import type { AuditFilters } from "~/lib/audit-filters";
import type { CsvColumn } from "~/lib/csv";
import type { PageRequest } from "~/lib/pagination";
import { page, type Page } from "./admin/page.server";

/** Anything that can insert: the database or a transaction on it. */
export type AuditWriter = Pick<Db, "insert">;

export type AuditActor = { id: number; username: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  /** dotted noun.verb, e.g. "claim.release" */
  action: string;
  entityType: string;
  entityId: number | null;
  before?: unknown;
  after?: unknown;
  at?: Date;
};

const toJson = (value: unknown) => (value === undefined ? null : JSON.stringify(value));

/** Appends one row. Call it with the transaction (`tx`) that makes the change it records. */
export function recordAudit(writer: AuditWriter, entry: AuditEntry): void {
  writer
    .insert(auditLog)
    .values({
      actorId: entry.actor?.id ?? null,
      actorUsername: entry.actor?.username ?? null,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: toJson(entry.before),
      after: toJson(entry.after),
      ...(entry.at ? { createdAt: entry.at } : {}),
    })
    .run();
}

export type AuditRow = {
  id: number;
  at: Date;
  actorId: number | null;
  actorUsername: string | null;
  action: string;
  entityType: string;
  entityId: number | null;
  before: unknown;
  after: unknown;
};

function where(filters: AuditFilters): SQL | undefined {
  const parts: SQL[] = [];
  if (filters.actor) {
    const n = Number(filters.actor);
    parts.push(
      Number.isInteger(n) && n > 0
        ? eq(auditLog.actorId, n)
        : sql`lower(${auditLog.actorUsername}) = lower(${filters.actor})`,
    );
  }
  if (filters.action) parts.push(eq(auditLog.action, filters.action));
  if (filters.entityType) parts.push(eq(auditLog.entityType, filters.entityType));
  if (filters.entityId !== undefined) parts.push(eq(auditLog.entityId, filters.entityId));
  if (filters.from) parts.push(gte(auditLog.createdAt, new Date(`${filters.from}T00:00:00Z`)));
  if (filters.to) parts.push(lt(auditLog.createdAt, new Date(Date.parse(`${filters.to}T00:00:00Z`) + 86_400_000)));
  return parts.length ? and(...parts) : undefined;
}

const parse = (text: string | null): unknown => (text === null ? null : JSON.parse(text));

function toRow(r: typeof auditLog.$inferSelect): AuditRow {
  return {
    id: r.id,
    at: r.createdAt,
    actorId: r.actorId,
    actorUsername: r.actorUsername,
    action: r.action,
    entityType: r.entityType,
    entityId: r.entityId,
    before: parse(r.before),
    after: parse(r.after),
  };
}

/** Newest first, one page. */
export function listAudit(filters: AuditFilters, paging: PageRequest): Page<AuditRow> {
  const db = getDb();
  const condition = where(filters);
  const total = db.select({ n: count() }).from(auditLog).where(condition).get()?.n ?? 0;
  return page(total, paging, (limit, offset) =>
    db.select().from(auditLog).where(condition).orderBy(desc(auditLog.id)).limit(limit).offset(offset).all().map(toRow),
  );
}

/** Every matching row, newest first, read in pages of 500 so a long export holds little. */
export function* auditRows(filters: AuditFilters): Generator<AuditRow> {
  const db = getDb();
  const condition = where(filters);
  let beforeId = Number.MAX_SAFE_INTEGER;
  for (;;) {
    const chunk = db
      .select()
      .from(auditLog)
      .where(condition ? and(condition, lt(auditLog.id, beforeId)) : lt(auditLog.id, beforeId))
      .orderBy(desc(auditLog.id))
      .limit(500)
      .all();
    if (chunk.length === 0) return;
    for (const r of chunk) yield toRow(r);
    beforeId = chunk[chunk.length - 1].id;
  }
}

export const AUDIT_CSV_COLUMNS: CsvColumn<AuditRow>[] = [
  { header: "id", value: (r) => r.id },
  { header: "at", value: (r) => r.at.toISOString() },
  { header: "actor_id", value: (r) => r.actorId },
  { header: "actor", value: (r) => r.actorUsername },
  { header: "action", value: (r) => r.action },
  { header: "entity_type", value: (r) => r.entityType },
  { header: "entity_id", value: (r) => r.entityId },
  { header: "before", value: (r) => (r.before === null ? "" : JSON.stringify(r.before)) },
  { header: "after", value: (r) => (r.after === null ? "" : JSON.stringify(r.after)) },
];

/** The distinct action names, for the filter's choices. */
export function auditActions(): string[] {
  return getDb()
    .selectDistinct({ action: auditLog.action })
    .from(auditLog)
    .orderBy(auditLog.action)
    .all()
    .map((r) => r.action);
}
