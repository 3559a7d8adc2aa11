/**
 * The Prometheus metrics (issue 43), served at /resources/metrics to a bearer of METRICS_TOKEN.
 * One registry for the process, on globalThis (app/utils/metrics.server.ts): the server and the
 * Remix build are two module graphs, and both count into it.
 *
 * What changes as requests come (durations, cache lookups, sign-ins) is counted as it happens;
 * everything else is read at scrape time (collect()), from the database (app/models/monitoring)
 * and the backup folder, so a number is never out of step with the data and nothing else in
 * the app has to remember to count. Every label takes a fixed few values: a route's pattern
 * (never the path typed), the method, the status class, a job's name, a search's shape.
 */
import fs from "node:fs";
import path from "node:path";
import client from "prom-client";
import { monitoringSnapshot, type MonitoringSnapshot } from "~/models/monitoring.server";
import type { AppMetrics } from "~/utils/metrics.server";
import { listBackups, MANIFEST, type Manifest } from "./ops/backup";

export type ServerMetrics = AppMetrics & {
  httpDuration: client.Histogram<"route" | "method" | "status_class">;
};

const PREFIX = "fbr_";
const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** The label of a request that matched no route. */
export const UNMATCHED = "unmatched";

/** Default metrics promtool's linter refuses (gauges named ..._total); their per-type twins stay. */
const LEFT_OUT = ["nodejs_active_handles_total", "nodejs_active_requests_total", "nodejs_active_resources_total"];

const seconds = (date: Date | null | undefined) => (date ? date.getTime() / 1000 : 0);

/** The newest complete backup under BACKUP_DIR: when it was taken and its size (its manifest's files). */
const backupSizes = new Map<string, { at: number; bytes: number }>();
export function lastBackup(destination = process.env.BACKUP_DIR): { at: number; bytes: number; count: number } | null {
  if (!destination) return null;
  const all = listBackups(path.resolve(destination));
  const newest = all[all.length - 1];
  if (!newest) return { at: 0, bytes: 0, count: 0 };
  let known = backupSizes.get(newest);
  if (!known) {
    const manifest = JSON.parse(fs.readFileSync(path.join(newest, MANIFEST), "utf8")) as Manifest;
    known = { at: Date.parse(manifest.createdAt) / 1000, bytes: manifest.files.reduce((sum, f) => sum + f.bytes, 0) };
    backupSizes.clear();
    backupSizes.set(newest, known);
  }
  return { ...known, count: all.length };
}

function createMetrics(): ServerMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry });
  for (const name of LEFT_OUT) registry.removeSingleMetric(name);

  // One database read per scrape, shared by every gauge below.
  let memo: { at: number; value: MonitoringSnapshot | null } | undefined;
  const snapshot = (): MonitoringSnapshot | null => {
    if (memo && Date.now() - memo.at < 1000) return memo.value;
    let value: MonitoringSnapshot | null = null;
    try {
      value = monitoringSnapshot();
    } catch (err) {
      globalThis.__appLogger?.warn({ err }, "metrics: the database could not be read");
    }
    memo = { at: Date.now(), value };
    return value;
  };
  /** A gauge whose series are set afresh at each scrape by `fill` (series no longer there go). */
  const gauge = <L extends string>(
    name: string,
    help: string,
    labelNames: L[],
    fill: (set: (labels: Partial<Record<L, string>>, value: number) => void) => void,
  ) =>
    new client.Gauge<L>({
      name: PREFIX + name,
      help,
      labelNames,
      registers: [registry],
      collect() {
        this.reset();
        fill((labels, value) => this.set(labels as Record<L, string>, value));
      },
    });

  const metrics: ServerMetrics = {
    registry,
    httpDuration: new client.Histogram({
      name: `${PREFIX}http_request_duration_seconds`,
      help: "Time to answer a request, by route pattern (unmatched: no route), method and status class.",
      labelNames: ["route", "method", "status_class"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    searchDuration: new client.Histogram({
      name: `${PREFIX}search_duration_seconds`,
      help: "Time to answer a registry search, by its shape (what leads it, +filters when narrowed; suggest; listing).",
      labelNames: ["shape"],
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
      registers: [registry],
    }),
    pageCache: new client.Counter({
      name: `${PREFIX}page_cache_lookups_total`,
      help: "Anonymous page cache lookups, by result (hit, miss).",
      labelNames: ["result"],
      registers: [registry],
    }),
    signIns: new client.Counter({
      name: `${PREFIX}signin_attempts_total`,
      help: "Sign-in attempts (page and API), by outcome: success, failure (wrong credentials), locked (refused by the lockout, 429).",
      labelNames: ["outcome"],
      registers: [registry],
    }),
  };
  for (const result of ["hit", "miss"]) metrics.pageCache.inc({ result }, 0);
  for (const outcome of ["success", "failure", "locked"]) metrics.signIns.inc({ outcome }, 0);

  gauge("outbox_messages", "Outbox messages by status (pending, sending, sent, failed).", ["status"], (set) => {
    for (const [status, n] of Object.entries(snapshot()?.outbox ?? {})) set({ status }, n);
  });
  gauge("outbox_oldest_unsent_age_seconds", "Age of the oldest message not sent yet (pending or sending); 0 when none.", [], (set) => {
    const s = snapshot();
    if (s) set({}, s.outboxOldestSeconds);
  });
  gauge("job_last_run_timestamp_seconds", "When each scheduled job last finished a run (job_runs), Unix time.", ["scheduled_job"], (set) => {
    for (const j of snapshot()?.jobs ?? []) if (j.lastFinishedAt) set({ scheduled_job: j.name }, seconds(j.lastFinishedAt));
  });
  gauge("job_last_run_failed", "1 when a job's last run failed (or found the database busy), else 0.", ["scheduled_job"], (set) => {
    for (const j of snapshot()?.jobs ?? []) if (j.lastFinishedAt) set({ scheduled_job: j.name }, j.lastFailed ? 1 : 0);
  });
  gauge("job_last_success_timestamp_seconds", "When each job last finished a run without error, Unix time (0: never).", ["scheduled_job"], (set) => {
    for (const j of snapshot()?.jobs ?? []) set({ scheduled_job: j.name }, seconds(j.lastSucceededAt));
  });
  new client.Counter<"scheduled_job">({
    name: `${PREFIX}job_failures_total`,
    help: "Runs of each job that ended in an error (job_runs.failures; a database busy with another writer is not one).",
    labelNames: ["scheduled_job"],
    registers: [registry],
    collect() {
      this.reset();
      for (const j of snapshot()?.jobs ?? []) this.inc({ scheduled_job: j.name }, j.failures);
    },
  });
  gauge("registry_import_last_timestamp_seconds", "When the last registry file import finished, Unix time (0: none yet).", [], (set) => {
    const s = snapshot();
    if (s) set({}, seconds(s.lastImport?.finishedAt));
  });
  gauge("registry_import_last_records", "Records of the last registry file import, by what became of them.", ["result"], (set) => {
    for (const [result, n] of Object.entries(snapshot()?.lastImport?.counts ?? {})) set({ result }, n);
  });
  gauge("payments", "Payments recorded, by method (card, cash, check, card_elsewhere) and outcome (paid, partly_refunded, refunded).", ["method", "outcome"], (set) => {
    for (const p of snapshot()?.payments ?? []) set({ method: p.method, outcome: p.outcome }, p.count);
  });
  gauge("payments_amount_dollars", "Sum of the payments' amounts, by method and outcome, in dollars.", ["method", "outcome"], (set) => {
    for (const p of snapshot()?.payments ?? []) set({ method: p.method, outcome: p.outcome }, p.cents / 100);
  });
  gauge("refunds", "Refunds by outcome (pending, succeeded, failed).", ["outcome"], (set) => {
    for (const r of snapshot()?.refunds ?? []) set({ outcome: r.outcome }, r.count);
  });
  gauge("backup_last_timestamp_seconds", "When the newest complete backup in BACKUP_DIR was taken, Unix time (0: none; absent when BACKUP_DIR is unset).", [], (set) => {
    const b = readBackup();
    if (b) set({}, b.at);
  });
  gauge("backup_last_size_bytes", "Size of the newest complete backup (its database and uploads).", [], (set) => {
    const b = readBackup();
    if (b) set({}, b.bytes);
  });
  gauge("backups", "Complete backups kept in BACKUP_DIR.", [], (set) => {
    const b = readBackup();
    if (b) set({}, b.count);
  });
  return metrics;
}

function readBackup() {
  try {
    return lastBackup();
  } catch (err) {
    globalThis.__appLogger?.warn({ err }, "metrics: the backup folder could not be read");
    return null;
  }
}

/** The process's metrics, made on first use. */
export function serverMetrics(): ServerMetrics {
  globalThis.__appMetrics ??= createMetrics();
  return globalThis.__appMetrics as ServerMetrics;
}

/** Counts one answered request. `route`: the matched pattern, or undefined (UNMATCHED). */
export function observeRequest(route: string | undefined, method: string | undefined, status: number, seconds: number) {
  serverMetrics().httpDuration.observe(
    {
      route: route ?? UNMATCHED,
      method: method && METHODS.has(method) ? method : "other",
      status_class: status >= 100 && status < 600 ? `${Math.floor(status / 100)}xx` : "other",
    },
    seconds,
  );
}
