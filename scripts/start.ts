/**
 * `npm start`: prepares the environment and the database, then runs remix-serve.
 * With no SESSION_SECRET it creates one under data/ (so the quick start needs no setup);
 * remix-serve itself still refuses to start in production without one.
 */
import { spawn } from "node:child_process";
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
const { openDatabase } = await import("~/db/client.server");
const { seedDemoData } = await import("./lib/seed");
const { startDemoStripe } = await import("./lib/demo-stripe");

const env = getEnv();
const db = openDatabase(env.DATABASE_PATH);
if (env.SEED_DEMO !== false) await seedDemoData(db, console.log);
db.$client.close();

const stripe = await startDemoStripe(env);

const server = spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
  stdio: "inherit",
  env: { ...process.env, ...stripe.env },
});
const stop = async () => {
  server.kill("SIGTERM");
  await stripe.close();
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
server.on("exit", async (code) => {
  await stripe.close();
  process.exit(code ?? 0);
});
