/**
 * Scheduled jobs, one runner. A job is a name, a cron schedule (UTC) and a `run` that does
 * whatever is due *now* and is safe to repeat (its own writes are idempotent: unique keys,
 * guarded updates). The same jobs run from `npm run jobs` (all of them, once, then exit) and
 * from the server's schedule (app/jobs/scheduler.server.ts); a lease row per job in `job_runs`
 * keeps two processes from running one job at the same time.
 *
 * Adding a job: write `app/jobs/<name>.server.ts` exporting a `Job`, and list it in
 * app/jobs/index.server.ts.
 */
import crypto from "node:crypto";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { isBusyError, waitForWriteLock, WriteLockBusyError } from "~/db/write-lock.server";
import { jobRuns } from "~/db/schema";
import { now as clockNow } from "~/utils/clock.server";

export type JobContext = {
  /** The time the run is for (tests pass a fixed one). */
  now: Date;
  log: (message: string) => void;
};

export type Job = {
  name: string;
  /** croner pattern, evaluated in UTC, e.g. "* * * * *" (every minute) or "0 6 * * *". */
  schedule: string;
  description: string;
  /** How long a run may hold the job before another process may take it over (default 15 min). */
  leaseMs?: number;
  /** Returns a short summary (stored in job_runs.last_result and printed by `npm run jobs`). */
  run: (ctx: JobContext) => Promise<unknown>;
};

export type JobOutcome =
  | { name: string; status: "ran"; result: unknown; ms: number }
  /** Not run: another process runs this job, or another writer holds the database. */
  | { name: string; status: "busy"; reason: string }
  | { name: string; status: "error"; error: string; ms: number };

const DEFAULT_LEASE_MS = 15 * 60_000;
/** How long a job waits for another process's write lock to take or give back its lease. */
const LEASE_WRITE_WAIT_MS = 30_000;
export const DATABASE_BUSY = "another writer holds the database";

function acquire(job: Job, now: Date): string | null {
  const db = getDb();
  const leaseId = crypto.randomBytes(12).toString("hex");
  db.insert(jobRuns).values({ name: job.name }).onConflictDoNothing().run();
  const taken = db
    .update(jobRuns)
    .set({ leaseId, leaseUntil: new Date(Date.now() + (job.leaseMs ?? DEFAULT_LEASE_MS)), lastStartedAt: now })
    .where(and(eq(jobRuns.name, job.name), or(isNull(jobRuns.leaseUntil), lt(jobRuns.leaseUntil, new Date()))))
    .run();
  return taken.changes === 1 ? leaseId : null;
}

function release(name: string, leaseId: string, outcome: { result?: string; error?: string; failed?: boolean }) {
  const finishedAt = new Date();
  getDb()
    .update(jobRuns)
    .set({
      leaseId: null,
      leaseUntil: null,
      lastFinishedAt: finishedAt,
      lastResult: outcome.result ?? null,
      lastError: outcome.error ?? null,
      // What a monitor reads (server/metrics.ts): the last success, and how many runs failed.
      ...(outcome.error === undefined ? { lastSucceededAt: finishedAt } : {}),
      ...(outcome.failed ? { failures: sql`${jobRuns.failures} + 1` } : {}),
    })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseId, leaseId)))
    .run();
}

/** Runs a write once the write lock is free (waiting without blocking the server's requests). */
async function whenWritable<T>(write: () => T, waitMs: number): Promise<T> {
  await waitForWriteLock(() => getDb().$client, waitMs);
  return write();
}

const messageOf = (error: unknown) => (error instanceof Error ? (error.stack ?? error.message) : String(error));
const busy = (error: unknown) => error instanceof WriteLockBusyError || isBusyError(error);

/**
 * Runs one job unless another process holds it. Never throws: a database another process is
 * writing is the outcome "busy" (the job runs again at its next time), any other error is
 * stored and returned.
 */
export async function runJob(
  job: Job,
  ctx: Partial<JobContext> = {},
  { writeWaitMs = LEASE_WRITE_WAIT_MS }: { writeWaitMs?: number } = {},
): Promise<JobOutcome> {
  const context: JobContext = { now: ctx.now ?? clockNow(), log: ctx.log ?? (() => {}) };
  let leaseId: string | null;
  try {
    leaseId = await whenWritable(() => acquire(job, context.now), writeWaitMs);
  } catch (error) {
    if (busy(error)) return { name: job.name, status: "busy", reason: DATABASE_BUSY };
    return { name: job.name, status: "error", error: messageOf(error), ms: 0 };
  }
  if (!leaseId) return { name: job.name, status: "busy", reason: "another process is running it" };
  const started = Date.now();
  let outcome: JobOutcome;
  try {
    const result = await job.run(context);
    outcome = { name: job.name, status: "ran", result, ms: Date.now() - started };
  } catch (error) {
    outcome = busy(error)
      ? { name: job.name, status: "busy", reason: DATABASE_BUSY }
      : { name: job.name, status: "error", error: messageOf(error), ms: Date.now() - started };
  }
  const stored =
    outcome.status === "ran"
      ? { result: JSON.stringify(outcome.result ?? null).slice(0, 2000) }
      : { error: (outcome.status === "busy" ? outcome.reason : outcome.error).slice(0, 2000), failed: outcome.status === "error" };
  try {
    await whenWritable(() => release(job.name, leaseId, stored), writeWaitMs);
  } catch (error) {
    // The lease runs out on its own (leaseMs); the job's own outcome stands.
    context.log(`${job.name}: could not give back its lease (${busy(error) ? DATABASE_BUSY : messageOf(error)})`);
  }
  return outcome;
}

/** Every job, once, in list order (the mail sender last, so what the others queued goes out). */
export async function runAllJobs(jobs: Job[], ctx: Partial<JobContext> = {}): Promise<JobOutcome[]> {
  const outcomes: JobOutcome[] = [];
  for (const job of jobs) outcomes.push(await runJob(job, ctx));
  return outcomes;
}

export function listJobRuns() {
  return getDb().select().from(jobRuns).all();
}
