/**
 * The server's schedule: each job of app/jobs/index.server.ts runs at its cron times (UTC) with
 * croner, in the server process. `protect` skips a tick while the previous run of that job is
 * still going; the job's lease (registry.server.ts) does the same across processes, so the
 * schedule and a manual `npm run jobs` never run one job twice at once. New outbox mail is also
 * sent right after its transaction commits in this process (enableOutboxKick).
 * Off when JOBS_SCHEDULE=false (e.g. when a system cron runs `npm run jobs` instead).
 *
 * Nothing a job does can take the server down: runJob never throws, and a tick that fails anyway
 * is logged with the job's name; the job runs again at its next time.
 */
import { Cron } from "croner";
import { completeQueuedReceipts } from "~/models/mail-events.server";
import { enableOutboxKick } from "~/models/outbox.server";
import { appLogger } from "~/utils/request-context.server";
import { jobs } from "./index.server";
import { stopRegistryImports } from "./registry-import.server";
import { runJob, type Job } from "./registry.server";

declare global {
  var __jobScheduler: Cron[] | undefined;
}

/** One scheduled run of a job, with its outcome logged; never rejects. */
export async function scheduledRun(job: Job): Promise<void> {
  const log = appLogger();
  try {
    const outcome = await runJob(job, { log: (message) => log.info({ job: job.name }, message) });
    if (outcome.status === "error") log.error({ job: job.name, err: outcome.error }, `job ${job.name} failed; it runs again at its next time`);
    else if (outcome.status === "busy") log.warn({ job: job.name, reason: outcome.reason }, `job ${job.name} skipped: ${outcome.reason}`);
  } catch (err) {
    log.error({ job: job.name, err }, `job ${job.name} failed; it runs again at its next time`);
  }
}

export function startScheduler() {
  if (global.__jobScheduler) return;
  // Before the outbox's kick can send one: receipts an older version queued get their PDF.
  try {
    completeQueuedReceipts();
  } catch (err) {
    appLogger().error({ job: "send-mail", err }, "could not complete queued receipts; the send-mail job tries again");
  }
  global.__jobScheduler = jobs.map(
    (job) =>
      new Cron(job.schedule, { timezone: "UTC", protect: true, unref: true, name: `job:${job.name}` }, () => scheduledRun(job)),
  );
  enableOutboxKick(true);
}

export function stopScheduler() {
  for (const cron of global.__jobScheduler ?? []) cron.stop();
  global.__jobScheduler = undefined;
  enableOutboxKick(false);
  stopRegistryImports();
}
