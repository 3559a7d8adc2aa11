import { spawn } from "node:child_process";
import path from "node:path";
import { openDatabase } from "~/db/client.server";
import type { Env } from "~/utils/env.server";
import { seedDemoData } from "./seed";

/** Applies migrations and, unless turned off, seeds an empty database with the demo data. */
export async function prepareDatabase(env: Env, log?: (message: string) => void) {
  const db = openDatabase(env.DATABASE_PATH);
  if (env.SEED_DEMO !== false) await seedDemoData(db, log);
  db.$client.close();
}

/**
 * Runs the production build with remix-serve, with extra variables (the Stripe settings), and
 * stops `stripe` with it. Exits when the server does.
 */
export function serveBuild(stripe: { env: Record<string, string>; close: () => Promise<void> }) {
  const server = spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    stdio: "inherit",
    env: { ...process.env, ...stripe.env },
  });
  const stop = () => server.kill("SIGTERM");
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
  server.on("exit", async (code) => {
    await stripe.close();
    process.exit(code ?? 0);
  });
}
