import fs from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { getDb, openDatabase } from "~/db/client.server";
import { isBusyError } from "~/db/write-lock.server";
import { getEnv, resetEnvCache, type Env } from "~/utils/env.server";
import { startAppServer } from "../../server/app-server";
import { checkStartup } from "../../server/checks";
import { createLogger, type Logger } from "../../server/logger";
import { createBackup, pidFileFor } from "../../server/ops/backup";
import { startWarmUps } from "../../server/ops/warm-up";
import { watchLauncher } from "../../server/parent-watch";
import { seedDemoData } from "./seed";

/** Applies migrations and, unless turned off, seeds an empty database with the demo data. */
export async function prepareDatabase(env: Env, log?: (message: string) => void) {
  const db = openDatabase(env.DATABASE_PATH);
  if (env.SEED_DEMO !== false) await seedDemoData(db, log);
  db.$client.close();
}

/** Something the server runs beside the requests (a schedule, a job): stopped before the database closes. */
export type Background = { name: string; stop: () => Promise<void> | void };

/** How long in-flight requests get after SIGTERM/SIGINT before their connections are cut. */
export const SHUTDOWN_DEADLINE_MS = Number(process.env.SHUTDOWN_DEADLINE_MS ?? 10_000);

/**
 * Serves the production build IN this process, with extra variables (the Stripe settings),
 * and stops `stripe` with it. One process: a signal, or the death of the `npm` that launched
 * it, takes the whole server down (see server/parent-watch.ts); nothing is left holding the port.
 *
 * SIGTERM/SIGINT: stop accepting connections, let in-flight requests finish (deadline
 * SHUTDOWN_DEADLINE_MS), stop the background work, checkpoint the WAL into the database file,
 * close it, exit 0.
 */
export async function serveBuild(
  stripe: { env: Record<string, string>; close: () => Promise<void> },
  { logger = createLogger(), background = [] as Background[] }: { logger?: Logger; background?: Background[] } = {},
) {
  Object.assign(process.env, stripe.env);
  resetEnvCache();
  const port = Number(process.env.PORT ?? 3000);
  // The connection requests share waits for another process's write lock without blocking them all.
  global.__dbServesRequests = true;
  guardBackgroundWork(logger);
  // Not ready until the search pages are in memory: set before the first request can ask.
  const env = getEnv();
  if (env.WARM_ON_START === "on") globalThis.__warmUp = { state: "warming", blocksReadiness: true };
  let app: Awaited<ReturnType<typeof startAppServer>>;
  try {
    app = await startAppServer({ port, host: process.env.HOST, logger, buildPath: path.resolve("build/index.js") });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    const message =
      code === "EADDRINUSE" ? `Port ${port} is already in use: is another server running? (set PORT to use another)` : String(error);
    logger.fatal({ err: error }, message);
    console.error(message);
    await stripe.close();
    process.exit(1);
  }
  logger.info({ port: app.port, url: process.env.APP_URL }, `listening on http://localhost:${app.port}`);
  // Tells `npm run db:restore` that a server is using this database.
  const dbFile = path.resolve(process.env.DATABASE_PATH ?? "data/app.db");
  const pidFile = pidFileFor(dbFile);
  fs.writeFileSync(pidFile, `${process.pid}\n`);
  background.push(...scheduledBackup(logger, dbFile));
  if (env.WARM_ON_START === "on") {
    const warm = startWarmUps({ sqlite: () => getDb().$client, file: dbFile, share: env.WARM_MEMORY_SHARE, logger });
    background.push({ name: "warm-up", stop: warm.stop });
  }
  const reconciling = reconcileOnStart(logger);
  background.push({ name: "stripe-reconcile", stop: () => reconciling });

  let stopping: Promise<void> | undefined;
  const stop = (reason: string) => {
    stopping ??= (async () => {
      logger.info({ reason, inFlight: app.inFlight() }, "shutting down: no new connections, finishing in-flight requests");
      globalThis.__shuttingDown = true;
      const { cut } = await app.close(SHUTDOWN_DEADLINE_MS);
      if (cut > 0) logger.warn({ cut }, "shutdown deadline passed: connections cut");
      for (const task of background) {
        try {
          await task.stop();
        } catch (err) {
          logger.error({ err, task: task.name }, "background task did not stop cleanly");
        }
      }
      await stripe.close().catch((err) => logger.error({ err }, "stripe double did not stop cleanly"));
      closeDatabase(logger);
      fs.rmSync(pidFile, { force: true });
      logger.info({}, "stopped");
      logger.flush?.();
      process.exit(0);
    })();
    return stopping;
  };
  process.on("SIGINT", () => void stop("SIGINT"));
  process.on("SIGTERM", () => void stop("SIGTERM"));
  watchLauncher(() => void stop("launcher gone"));
  return { port: app.port, stop };
}

/**
 * Background work (a job, a timer, the outbox's kick) whose promise nobody awaits must not take
 * the server down: a rejection that reaches the process is logged and the server goes on (each
 * job catches its own errors and runs again on its schedule, app/jobs/registry.server.ts).
 */
export function guardBackgroundWork(logger: Logger) {
  if (process.listenerCount("unhandledRejection") > 0) return;
  process.on("unhandledRejection", (reason) => {
    logger.error({ err: reason, busy: isBusyError(reason) || undefined }, "unhandled rejection in background work (the server goes on)");
  });
}

/**
 * At start-up, record what Stripe took while this server was down (lost webhooks): see
 * server/ops/reconcile.ts. In the background; STRIPE_RECONCILE_ON_START=0 turns it off.
 */
async function reconcileOnStart(logger: Logger): Promise<void> {
  if (process.env.STRIPE_RECONCILE_ON_START === "0" || !process.env.STRIPE_SECRET_KEY) return;
  try {
    const { reconcileStripe, summarize } = await import("../../server/ops/reconcile");
    const report = await reconcileStripe({ days: Number(process.env.STRIPE_RECONCILE_DAYS ?? 7) });
    const level = report.errors.length || report.unmatched.length ? "warn" : "info";
    logger[level]({ job: "stripe-reconcile", ...report }, summarize(report));
  } catch (err) {
    logger.error({ job: "stripe-reconcile", err }, "Stripe reconciliation failed");
  }
}

declare global {
  var __shuttingDown: boolean | undefined;
}

/**
 * BACKUP_DIR + BACKUP_SCHEDULE (a cron pattern, e.g. `0 3 * * *`, UTC): the server takes a
 * backup on that schedule, keeping BACKUP_KEEP (7). Off unless both are set.
 */
export function scheduledBackup(logger: Logger, dbFile: string): Background[] {
  const destination = process.env.BACKUP_DIR;
  const pattern = process.env.BACKUP_SCHEDULE;
  if (!destination || !pattern) return [];
  const keep = Number(process.env.BACKUP_KEEP ?? 7);
  const uploadsDir = path.resolve(process.env.UPLOADS_DIR ?? "data/uploads");
  let running: Promise<unknown> | undefined;
  const job = new Cron(pattern, { timezone: "UTC", protect: true }, async () => {
    running = createBackup({ dbFile, uploadsDir, destination, keep }).then(
      (r) => logger.info({ job: "backup", dir: r.dir, uploads: r.manifest.uploads.count, removed: r.removed }, "backup taken"),
      (err) => logger.error({ job: "backup", err }, "scheduled backup failed"),
    );
    await running;
  });
  logger.info({ job: "backup", pattern, destination, next: job.nextRun()?.toISOString() }, "scheduled backups on");
  // Stopping: no new run; a backup in progress is finished (a half-written one is never complete).
  return [
    {
      name: "backup",
      stop: async () => {
        job.stop();
        await running;
      },
    },
  ];
}

/** Folds the WAL back into the database file and closes it: the file alone is then complete. */
export function closeDatabase(logger: Logger) {
  const open = global.__db;
  if (!open) return;
  try {
    open.db.$client.pragma("wal_checkpoint(TRUNCATE)");
  } catch (err) {
    logger.error({ err }, "WAL checkpoint failed");
  }
  open.db.$client.close();
  global.__db = undefined;
}

export { checkStartup };
