/**
 * Every scheduled job survives a database another process is writing (what the registry importer
 * or `npm run jobs` does): the run is the outcome "busy" or completes once the lock is given
 * back, never a throw, and the lease is given back so the next tick runs the job.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, SERVER_BUSY_TIMEOUT_MS } from "~/db/client.server";
import { jobs } from "~/jobs/index.server";
import { DATABASE_BUSY, runJob, type Job } from "~/jobs/registry.server";
import { scheduledRun } from "~/jobs/scheduler.server";
import { isBusyError, waitForWriteLock, writeLockFree, WriteLockBusyError } from "~/db/write-lock.server";

/** A second connection to the same file: another process's writer, as far as SQLite can tell. */
let other: Database.Database;
beforeAll(() => {
  // As in the server: statements wait 80 ms for the lock, not 5 s.
  getDb().$client.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
  other = new Database(process.env.DATABASE_PATH!);
  other.pragma("busy_timeout = 5000");
});
afterEach(() => {
  if (other.inTransaction) other.exec("ROLLBACK");
});

const lease = (name: string) =>
  getDb().$client.prepare("SELECT lease_id AS leaseId, last_error AS lastError FROM job_runs WHERE name = ?").get(name) as
    | { leaseId: string | null; lastError: string | null }
    | undefined;

describe("jobs and a database another process is writing", () => {
  it("every job: with the lock held throughout, the outcome is 'busy' and nothing is thrown", async () => {
    other.exec("BEGIN IMMEDIATE");
    for (const job of jobs) {
      const outcome = await runJob(job, {}, { writeWaitMs: 50 });
      expect(outcome).toEqual({ name: job.name, status: "busy", reason: DATABASE_BUSY });
    }
  });

  it("every job whose writes find the lock taken after its lease is 'busy', and gives the lease back", async () => {
    for (const job of jobs) {
      const locked: Job = {
        ...job,
        run: async (ctx) => {
          // The lease is taken; now another process writes for longer than the job's statements wait.
          other.exec("BEGIN IMMEDIATE");
          setTimeout(() => other.exec("ROLLBACK"), 300);
          getDb().$client.prepare("UPDATE job_runs SET last_result = last_result WHERE name = ?").run(job.name);
          return job.run(ctx);
        },
      };
      const outcome = await runJob(locked, {}, { writeWaitMs: 5_000 });
      expect(outcome).toEqual({ name: job.name, status: "busy", reason: DATABASE_BUSY });
      // The release waited for the lock: no lease left behind, and the reason stored.
      expect(lease(job.name)).toEqual({ leaseId: null, lastError: DATABASE_BUSY });
      const next = await runJob(job, {}, { writeWaitMs: 5_000 });
      expect(next.status).not.toBe("busy");
    }
  });

  it("a scheduled tick never rejects, whatever its job does", async () => {
    const throwing: Job = { name: "throws", schedule: "* * * * *", description: "", run: () => Promise.reject(new Error("boom")) };
    await expect(scheduledRun(throwing)).resolves.toBeUndefined();
    other.exec("BEGIN IMMEDIATE");
    const jobsBusy = jobs.map((job) => scheduledRun(job));
    await new Promise((r) => setTimeout(r, 200));
    other.exec("ROLLBACK");
    await expect(Promise.all(jobsBusy)).resolves.toHaveLength(jobs.length);
  });
});

describe("the write lock", () => {
  it("is seen free or taken without waiting, and waited for without blocking the event loop", async () => {
    const sqlite = getDb().$client;
    expect(writeLockFree(sqlite)).toBe(true);
    other.exec("BEGIN IMMEDIATE");
    expect(writeLockFree(sqlite)).toBe(false);
    expect(sqlite.pragma("busy_timeout", { simple: true })).toBe(SERVER_BUSY_TIMEOUT_MS);
    // While it waits, timers keep firing every ~10 ms (the event loop is free).
    const ticks: number[] = [];
    const timer = setInterval(() => ticks.push(performance.now()), 10);
    setTimeout(() => other.exec("ROLLBACK"), 250);
    const started = performance.now();
    await waitForWriteLock(() => sqlite, 2_000);
    clearInterval(timer);
    expect(performance.now() - started).toBeGreaterThanOrEqual(240);
    const gaps = ticks.slice(1).map((t, i) => t - ticks[i]);
    expect(Math.max(...gaps)).toBeLessThan(100);
    other.exec("BEGIN IMMEDIATE");
    await expect(waitForWriteLock(() => sqlite, 100)).rejects.toBeInstanceOf(WriteLockBusyError);
    try {
      sqlite.prepare("UPDATE job_runs SET last_result = NULL").run();
      expect.unreachable();
    } catch (error) {
      expect(isBusyError(error)).toBe(true);
    }
  });
});

describe("background work in the server process", () => {
  it("an unhandled rejection is logged and the process goes on", () => {
    const script = `
      const { guardBackgroundWork } = await import(${JSON.stringify(path.resolve("scripts/lib/serve.ts"))});
      const lines = [];
      guardBackgroundWork({ error: (obj, msg) => lines.push(msg + ": " + obj.err.message) });
      Promise.reject(new Error("a job's forgotten promise"));
      setTimeout(() => { console.log(JSON.stringify(lines)); console.log("still running"); }, 100);
    `;
    const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
      encoding: "utf8",
      env: { ...process.env, NODE_ENV: "test" },
      timeout: 60_000,
    });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("unhandled rejection in background work (the server goes on): a job's forgotten promise");
    expect(result.stdout).toContain("still running");
  });
});
