/**
 * The server's schedule: each job of app/jobs/index.server.ts runs at its cron times (UTC) with
 * croner, in the server process. `protect` skips a tick while the previous run of that job is
 * still going; the job's lease (registry.server.ts) does the same across processes, so the
 * schedule and a manual `npm run jobs` never run one job twice at once. New outbox mail is also
 * sent right after its transaction commits in this process (enableOutboxKick).
 * Off when JOBS_SCHEDULE=false (e.g. when a system cron runs `npm run jobs` instead).
 */
import { Cron } from "croner";
import { enableOutboxKick } from "~/models/outbox.server";
import { jobs } from "./index.server";
import { runJob } from "./registry.server";

declare global {
  var __jobScheduler: Cron[] | undefined;
}

export function startScheduler(log: (message: string) => void = console.log) {
  if (global.__jobScheduler) return;
  global.__jobScheduler = jobs.map(
    (job) =>
      new Cron(job.schedule, { timezone: "UTC", protect: true, unref: true, name: `job:${job.name}` }, async () => {
        const outcome = await runJob(job);
        if (outcome.status === "error") log(`[jobs] ${job.name} failed: ${outcome.error}`);
      }),
  );
  enableOutboxKick(true);
}

export function stopScheduler() {
  for (const cron of global.__jobScheduler ?? []) cron.stop();
  global.__jobScheduler = undefined;
  enableOutboxKick(false);
}
