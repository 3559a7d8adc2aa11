/**
 * The outbox: mail is written here in the same transaction as the event that causes it
 * (`enqueueMail(tx, ...)`), and `deliverOutbox()` sends it over SMTP.
 *
 * Delivery guarantees:
 * - Nothing lost: a row stays until SMTP accepts it. A failed attempt (server down, timeout, 4xx)
 *   is retried with exponential backoff (BACKOFF_BASE_MS doubling, at most BACKOFF_MAX_MS) up to
 *   MAX_ATTEMPTS; a 5xx refusal or the last attempt marks it `failed` with the error, shown on
 *   /admin/mail.
 * - Nothing twice: a row is claimed by one guarded UPDATE (pending and due, or `sending` whose
 *   lease ran out) that sets a fresh lease id; only the holder of that lease may mark it. It is
 *   marked `sent` in the statement right after SMTP accepts, before anything else can retry it.
 *   The only window left is a crash between SMTP's "250 OK" and that UPDATE (microseconds); the
 *   retry then carries the same Message-ID, so receiving systems can tell the copy.
 * - Once per event: `dedupeKey` is unique; enqueueing an existing key does nothing.
 */
import crypto from "node:crypto";
import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { getDb } from "~/db/client.server";
import { outbox, type OutboxRow } from "~/db/schema";
import type { OutboxStatus } from "~/lib/outbox-status";
import { resolveAttachments, type AttachmentSource } from "~/mail/attachments.server";
import type { RenderedMail } from "~/mail/layout";
import { isPermanentFailure, mailDomain, sendMail } from "~/services/mail.server";

export const MAX_ATTEMPTS = 12;
export const BACKOFF_BASE_MS = 30_000;
export const BACKOFF_MAX_MS = 60 * 60_000;
export const LEASE_MS = 5 * 60_000;

type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
export type Conn = Db | Tx;

export type EnqueueInput = {
  kind: string;
  to: string;
  mail: RenderedMail;
  dedupeKey?: string | null;
  userId?: number | null;
  businessId?: number | null;
  attachments?: AttachmentSource[];
  now?: Date;
};

/** Delay before attempt n+1 after n failed attempts: 30 s, 1 min, 2 min, ... at most 1 h. */
export function backoffMs(failedAttempts: number): number {
  return Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.max(0, failedAttempts - 1));
}

/**
 * Adds a message to the outbox inside the caller's transaction. Returns the row id, or null when
 * a message with this dedupeKey already exists (the event was handled before).
 */
export function enqueueMail(conn: Conn, input: EnqueueInput): number | null {
  const now = input.now ?? new Date();
  const messageId = `<${input.kind}.${now.getTime().toString(36)}.${crypto.randomBytes(9).toString("hex")}@${mailDomain()}>`;
  const row = (conn as Db)
    .insert(outbox)
    .values({
      dedupeKey: input.dedupeKey ?? null,
      kind: input.kind,
      userId: input.userId ?? null,
      businessId: input.businessId ?? null,
      toAddress: input.to,
      subject: input.mail.subject,
      html: input.mail.html,
      text: input.mail.text,
      headers: input.mail.headers ? JSON.stringify(input.mail.headers) : null,
      attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
      messageId,
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
    })
    .onConflictDoNothing({ target: outbox.dedupeKey })
    .returning({ id: outbox.id })
    .get();
  if (row) kickOutbox();
  return row?.id ?? null;
}

// ---- sending -----------------------------------------------------------------------------------

declare global {
  var __outboxKick: { enabled: boolean; timer: NodeJS.Timeout | null; running: Promise<unknown> | null } | undefined;
}

function kickState() {
  global.__outboxKick ??= { enabled: false, timer: null, running: null };
  return global.__outboxKick;
}

/** In a process that runs the schedule, new mail is sent right after its transaction commits. */
export function enableOutboxKick(enabled: boolean) {
  kickState().enabled = enabled;
}

function kickOutbox() {
  const state = kickState();
  if (!state.enabled || state.timer) return;
  // A timer, not a direct call: the caller's transaction commits first (better-sqlite3 is synchronous).
  state.timer = setTimeout(() => {
    state.timer = null;
    if (state.running) {
      void state.running.then(() => kickOutbox());
      return;
    }
    state.running = deliverOutbox()
      .catch((error) => console.error("Outbox delivery failed:", error))
      .finally(() => (state.running = null));
  }, 50);
  state.timer.unref?.();
}

/** Claims one due row for this attempt, atomically; null when nothing is due. */
function claimNext(now: Date, leaseId: string, leaseMs: number): OutboxRow | null {
  const db = getDb();
  const t = now.getTime();
  const row = db.$client
    .prepare(
      `UPDATE outbox SET status = 'sending', lease_id = ?, lease_until = ?, attempts = attempts + 1
       WHERE id = (
         SELECT id FROM outbox
         WHERE (status = 'pending' AND next_attempt_at <= ?) OR (status = 'sending' AND lease_until < ?)
         ORDER BY next_attempt_at, id LIMIT 1
       )
       RETURNING id`,
    )
    .get(leaseId, t + leaseMs, t, t) as { id: number } | undefined;
  if (!row) return null;
  return db.select().from(outbox).where(eq(outbox.id, row.id)).get() ?? null;
}

export type DeliveryReport = { sent: number; retrying: number; failed: number };

/**
 * Sends every due message once (each claimed under its own lease) and returns what happened.
 * Safe to run from several processes at once.
 */
export async function deliverOutbox({
  now = () => new Date(),
  limit = 200,
  leaseMs = LEASE_MS,
}: { now?: () => Date; limit?: number; leaseMs?: number } = {}): Promise<DeliveryReport> {
  const report: DeliveryReport = { sent: 0, retrying: 0, failed: 0 };
  for (let i = 0; i < limit; i++) {
    const leaseId = crypto.randomBytes(12).toString("hex");
    const row = claimNext(now(), leaseId, leaseMs);
    if (!row) break;
    const outcome = await deliverClaimed(row, leaseId, now);
    report[outcome]++;
  }
  return report;
}

async function deliverClaimed(row: OutboxRow, leaseId: string, now: () => Date): Promise<keyof DeliveryReport> {
  const db = getDb();
  const held = and(eq(outbox.id, row.id), eq(outbox.leaseId, leaseId));
  try {
    const attachments = row.attachments ? await resolveAttachments(JSON.parse(row.attachments) as AttachmentSource[]) : [];
    const { response } = await sendMail({
      to: row.toAddress,
      subject: row.subject,
      html: row.html,
      text: row.text,
      messageId: row.messageId,
      headers: row.headers ? (JSON.parse(row.headers) as Record<string, string>) : undefined,
      attachments,
    });
    // Accepted: record it before anything else can claim the row again.
    db.update(outbox)
      .set({ status: "sent", sentAt: now(), smtpResponse: response.slice(0, 500), lastError: null, leaseId: null, leaseUntil: null })
      .where(held)
      .run();
    return "sent";
  } catch (error) {
    const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
    const permanent = isPermanentFailure(error) || row.attempts >= MAX_ATTEMPTS;
    db.update(outbox)
      .set(
        permanent
          ? { status: "failed", lastError: message, leaseId: null, leaseUntil: null }
          : {
              status: "pending",
              lastError: message,
              leaseId: null,
              leaseUntil: null,
              nextAttemptAt: new Date(now().getTime() + backoffMs(row.attempts)),
            },
      )
      .where(held)
      .run();
    return permanent ? "failed" : "retrying";
  }
}

// ---- administration ----------------------------------------------------------------------------

export { OUTBOX_STATUSES, type OutboxStatus } from "~/lib/outbox-status";

export function listOutbox({ page, pageSize, status }: { page: number; pageSize: number; status?: OutboxStatus }) {
  const db = getDb();
  const where = status ? eq(outbox.status, status) : undefined;
  const total = db.select({ n: count() }).from(outbox).where(where).get()?.n ?? 0;
  const items = db
    .select({
      id: outbox.id,
      kind: outbox.kind,
      toAddress: outbox.toAddress,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      nextAttemptAt: outbox.nextAttemptAt,
      lastError: outbox.lastError,
      sentAt: outbox.sentAt,
      createdAt: outbox.createdAt,
    })
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  return { items, total };
}

export function outboxCounts(): Record<OutboxStatus, number> {
  const rows = getDb().select({ status: outbox.status, n: count() }).from(outbox).groupBy(outbox.status).all();
  const counts = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of rows) if (row.status in counts) counts[row.status as OutboxStatus] = row.n;
  return counts;
}

export function getOutboxRow(id: number): OutboxRow | undefined {
  return getDb().select().from(outbox).where(eq(outbox.id, id)).get();
}

/** An administrator sends a failed message again: a fresh series of attempts, due now. */
export function retryFailed(id: number, now = new Date()): boolean {
  const result = getDb()
    .update(outbox)
    .set({ status: "pending", attempts: 0, nextAttemptAt: now, lastError: sql`${outbox.lastError}` })
    .where(and(eq(outbox.id, id), eq(outbox.status, "failed")))
    .run();
  if (result.changes === 1) kickOutbox();
  return result.changes === 1;
}
