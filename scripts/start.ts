/**
 * `npm start`: prepares the environment and the database, then runs remix-serve.
 * With no SESSION_SECRET it creates one under data/ (so the quick start needs no setup);
 * remix-serve itself still refuses to start in production without one.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
process.env.NODE_ENV ??= "production";

const dataDir = path.dirname(path.resolve(process.env.DATABASE_PATH ?? "data/app.db"));
fs.mkdirSync(dataDir, { recursive: true });

if (!process.env.SESSION_SECRET) {
  const file = path.join(dataDir, "session-secret");
  if (!fs.existsSync(file)) fs.writeFileSync(file, crypto.randomBytes(32).toString("hex"), { mode: 0o600 });
  process.env.SESSION_SECRET = fs.readFileSync(file, "utf8").trim();
  console.log(`SESSION_SECRET not set: using the generated secret in ${file}. Set SESSION_SECRET in production.`);
}

const { getEnv } = await import("~/utils/env.server");
const { prepareDatabase, serveBuild } = await import("./lib/serve");
const { startDemoStripe } = await import("./lib/demo-stripe");
const { startDemoMail } = await import("./lib/demo-mail");

const env = getEnv();
// APP_NOW fixes the date only under NODE_ENV=test; any other start says once that it is ignored.
const { isClockFixed, now } = await import("~/utils/clock.server");
if (process.env.APP_NOW && isClockFixed()) console.log(`[clock] APP_NOW: the app's date is fixed at ${now().toISOString()} (NODE_ENV=test).`);
await prepareDatabase(env, console.log);
const stripe = await startDemoStripe(env);
const mail = await startDemoMail(env);
serveBuild({
  env: { ...stripe.env, ...mail.env },
  close: async () => {
    await stripe.close();
    await mail.close();
  },
});
