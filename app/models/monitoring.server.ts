/**
 * What a monitor reads (issue 43, the Prometheus metrics in server/metrics.ts): the state of the
 * outbox, the jobs, the last registry import, payments and refunds, read from the database at
 * scrape time. Small reads only: counts over the outbox, payments and refunds (never the
 * registry's businesses), one row per job, the last import.
 */
import { getDb } from "~/db/client.server";
import { jobRuns } from "~/db/schema";
import { listRegistryImports } from "~/models/registry-imports.server";

export type MonitoringSnapshot = {
  /** Outbox rows by status (pending, sending, sent, failed). */
  outbox: Record<string, number>;
  /** Age in seconds of the oldest message not yet sent (pending or sending); 0 when none. */
  outboxOldestSeconds: number;
  /** Each job's row in job_runs: its last run, whether that failed, its last success, its failed runs. */
  jobs: { name: string; lastFinishedAt: Date | null; lastFailed: boolean; lastSucceededAt: Date | null; failures: number }[];
  lastImport: { finishedAt: Date; counts: Record<"read" | "inserted" | "updated" | "unchanged" | "rejected", number> } | null;
  /** Payments by how they were paid and what became of them (paid, partly_refunded, refunded). */
  payments: { method: string; outcome: string; count: number; cents: number }[];
  /** Refunds by status (pending, succeeded, failed). */
  refunds: { outcome: string; count: number; cents: number }[];
};

export function monitoringSnapshot(now = new Date()): MonitoringSnapshot {
  const client = getDb().$client;
  const outbox: Record<string, number> = { pending: 0, sending: 0, sent: 0, failed: 0 };
  for (const row of client.prepare("SELECT status, count(*) AS n FROM outbox GROUP BY status").all() as { status: string; n: number }[]) {
    outbox[row.status] = row.n;
  }
  const oldest = client
    .prepare("SELECT min(created_at) AS at FROM outbox WHERE status IN ('pending', 'sending')")
    .pluck()
    .get() as number | null;
  const jobs = getDb()
    .select()
    .from(jobRuns)
    .all()
    .map((r) => ({
      name: r.name,
      lastFinishedAt: r.lastFinishedAt,
      lastFailed: r.lastFinishedAt !== null && r.lastError !== null,
      lastSucceededAt: r.lastSucceededAt,
      failures: r.failures,
    }));
  const [latest] = listRegistryImports(1);
  const payments = client
    .prepare(
      `SELECT method,
              CASE WHEN refunded_cents = 0 THEN 'paid' WHEN refunded_cents < amount THEN 'partly_refunded' ELSE 'refunded' END AS outcome,
              count(*) AS count, coalesce(sum(amount), 0) AS cents
         FROM payments GROUP BY 1, 2`,
    )
    .all() as MonitoringSnapshot["payments"];
  const refunds = client
    .prepare("SELECT status AS outcome, count(*) AS count, coalesce(sum(amount), 0) AS cents FROM refunds GROUP BY status")
    .all() as MonitoringSnapshot["refunds"];
  return {
    outbox,
    outboxOldestSeconds: oldest === null ? 0 : Math.max(0, (now.getTime() - oldest) / 1000),
    jobs,
    lastImport: latest
      ? {
          finishedAt: latest.finishedAt,
          counts: {
            read: latest.summary.read ?? 0,
            inserted: latest.summary.inserted ?? 0,
            updated: latest.summary.updated ?? 0,
            unchanged: latest.summary.unchanged ?? 0,
            rejected: latest.summary.rejected ?? 0,
          },
        }
      : null,
    payments,
    refunds,
  };
}
