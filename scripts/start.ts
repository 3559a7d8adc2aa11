/**
 * `npm start`: checks the configuration, prepares the database, then serves the production
 * build in this very process (scripts/lib/serve.ts). Run with `node --import tsx` (not the tsx
 * CLI, which would add a child process that outlives a killed parent).
 *
 * Demo mode (no STRIPE_SECRET_KEY) with no SESSION_SECRET creates one under data/, so the
 * quick start needs no setup. With a real Stripe key a missing SESSION_SECRET is refused.
 * Every refusal is one line on stderr and exit code 1.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
process.env.NODE_ENV ??= "production";

function refuse(message: string): never {
  console.error(message);
  process.exit(1);
}

const dataDir = path.dirname(path.resolve(process.env.DATABASE_PATH ?? "data/app.db"));

if (!process.env.SESSION_SECRET && !process.env.STRIPE_SECRET_KEY) {
  try {
    fs.mkdirSync(dataDir, { recursive: true });
    const file = path.join(dataDir, "session-secret");
    if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
    process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
    console.log(`SESSION_SECRET not set: demo mode uses the generated secret in ${file}. Set SESSION_SECRET in production.`);
  } catch (error) {
    refuse(`SESSION_SECRET not set and none could be generated in ${dataDir}: ${(error as Error).message}`);
  }
}

const { getEnv, EnvError } = await import("~/utils/env.server");
const { prepareDatabase, serveBuild, checkStartup } = await import("./lib/serve");
const { startDemoStripe } = await import("./lib/demo-stripe");
const { startDemoMail } = await import("./lib/demo-mail");
const { publicOriginNotice } = await import("~/utils/public-origin.server");
const { isClockFixed, now } = await import("~/utils/clock.server");

let env: ReturnType<typeof getEnv>;
try {
  env = getEnv();
  checkStartup(env);
  console.log(publicOriginNotice(env));
  // APP_NOW fixes the date only under NODE_ENV=test; any other start says once that it is ignored.
  if (process.env.APP_NOW && isClockFixed()) console.log(`[clock] APP_NOW: the app's date is fixed at ${now().toISOString()} (NODE_ENV=test).`);
  await prepareDatabase(env, console.log);
} catch (error) {
  refuse(error instanceof EnvError || (error as Error).name === "StartupError" ? (error as Error).message : String(error));
}
const stripe = await startDemoStripe(env);
const mail = await startDemoMail(env);
await serveBuild({
  env: { ...stripe.env, ...mail.env },
  close: async () => {
    await stripe.close();
    await mail.close();
  },
});
