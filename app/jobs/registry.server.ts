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
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
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
  | { name: string; status: "busy" }
  | { name: string; status: "error"; error: string; ms: number };

const DEFAULT_LEASE_MS = 15 * 60_000;

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

function release(name: string, leaseId: string, outcome: { result?: string; error?: string }) {
  getDb()
    .update(jobRuns)
    .set({
      leaseId: null,
      leaseUntil: null,
      lastFinishedAt: new Date(),
      lastResult: outcome.result ?? null,
      lastError: outcome.error ?? null,
    })
    .where(and(eq(jobRuns.name, name), eq(jobRuns.leaseId, leaseId)))
    .run();
}

/** Runs one job unless another process holds it. Never throws: the error is stored and returned. */
export async function runJob(job: Job, ctx: Partial<JobContext> = {}): Promise<JobOutcome> {
  const context: JobContext = { now: ctx.now ?? clockNow(), log: ctx.log ?? (() => {}) };
  const leaseId = acquire(job, context.now);
  if (!leaseId) return { name: job.name, status: "busy" };
  const started = Date.now();
  try {
    const result = await job.run(context);
    release(job.name, leaseId, { result: JSON.stringify(result ?? null).slice(0, 2000) });
    return { name: job.name, status: "ran", result, ms: Date.now() - started };
  } catch (error) {
    const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
    release(job.name, leaseId, { error: message.slice(0, 2000) });
    return { name: job.name, status: "error", error: message, ms: Date.now() - started };
  }
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
