/**
 * The server the end-to-end tests run against: the production build served by remix-serve,
 * with its own fresh database (migrated and seeded) under .cache/e2e.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3100";
const dir = path.resolve(`.cache/e2e-${port}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.NODE_ENV = "production";
process.env.PORT = port;
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET ??= "e2e-session-secret-0123456789abcdef";
process.env.APP_URL = `http://localhost:${port}`;

const { getEnv } = await import("~/utils/env.server");
const { openDatabase } = await import("~/db/client.server");
const { seedDemoData } = await import("../../scripts/lib/seed");
const { startDemoStripe } = await import("../../scripts/lib/demo-stripe");

const env = getEnv();
const db = openDatabase(env.DATABASE_PATH);
await seedDemoData(db);
db.$client.close();

const stripe = await startDemoStripe(env);
const server = spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
  stdio: "inherit",
  env: { ...process.env, ...stripe.env },
});
const stop = async () => {
  server.kill("SIGTERM");
  await stripe.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
