/**
 * `npm run jobs`: runs every scheduled job once (what is due now: reminders, notices, the mail
 * outbox) and exits. `npm run jobs -- send-mail` runs only the named jobs. Safe to run while the
 * server's own schedule is running: each job holds a lease, and every message is queued once.
 */
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();

const { jobs, findJob } = await import("~/jobs/index.server");
const { runAllJobs } = await import("~/jobs/registry.server");
const { closeMailTransport } = await import("~/services/mail.server");
const { getEnv, resetEnvCache } = await import("~/utils/env.server");
const { startDemoMail } = await import("./lib/demo-mail");

// Without SMTP_URL, mail goes to a local SMTP server of our own that stores into the same
// MAIL_STORE_DIR as `npm start`'s, so /admin/mail shows it.
const mail = await startDemoMail(getEnv(), { quiet: true });
Object.assign(process.env, mail.env);
resetEnvCache();

const names = process.argv.slice(2).filter((a) => !a.startsWith("-"));
const selected = names.length ? names.map((name) => findJob(name) ?? name) : jobs;
const unknown = selected.filter((j) => typeof j === "string");
if (unknown.length) {
  console.error(`Unknown job(s): ${unknown.join(", ")}. Jobs: ${jobs.map((j) => j.name).join(", ")}`);
  process.exit(2);
}

const outcomes = await runAllJobs(selected.filter((j) => typeof j !== "string"), { log: console.log });
let failed = false;
for (const outcome of outcomes) {
  if (outcome.status === "ran") console.log(`${outcome.name}: ${JSON.stringify(outcome.result)} (${outcome.ms} ms)`);
  else if (outcome.status === "busy") console.log(`${outcome.name}: skipped, ${outcome.reason}`);
  else {
    failed = true;
    console.error(`${outcome.name}: failed\n${outcome.error}`);
  }
}
closeMailTransport();
await mail.close();
process.exit(failed ? 1 : 0);
