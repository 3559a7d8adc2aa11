/**
 * The list of scheduled jobs (see registry.server.ts). Order matters for `npm run jobs`: jobs
 * that queue mail come before `send-mail`. Other features add their job here (one line each).
 */
import type { Job } from "./registry.server";
import { registryImportJob } from "./registry-import.server";
import { remindersJob } from "./reminders.server";
import { sendMailJob } from "./send-mail.server";
import { stripeCancellationsJob } from "./stripe-cancellations.server";

export const jobs: Job[] = [
  registryImportJob,
  remindersJob,
  stripeCancellationsJob,
  // Jobs that queue mail go above this line.
  sendMailJob,
];

export function findJob(name: string): Job | undefined {
  return jobs.find((job) => job.name === name);
}
