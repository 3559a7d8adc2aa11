import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { getDb } from "~/db/client.server";
import { isBusyError } from "~/db/write-lock.server";
import { getEnv } from "~/utils/env.server";
import { logError } from "~/utils/request-context.server";

type Check = { ok: boolean; error?: string };
export type Readiness = { ready: boolean; checks: Record<"database" | "migrations" | "uploads" | "accepting" | "warm", Check> };

declare global {
  var __shuttingDown: boolean | undefined;
  /** Set by the server's warm-up (server/ops/warm-up.ts). */
  var __warmUp: { state: "warming" | "warm" | "off"; blocksReadiness: boolean } | undefined;
}

function run(fn: () => void): Check {
  try {
    fn();
    return { ok: true };
  } catch (error) {
    return { ok: false, error: (error as { code?: string }).code ?? (error as Error).message };
  }
}

/** The migrations this build ships (their journal) against the ones the database has applied. */
export function pendingMigrations(): string[] {
  const folder = path.resolve(getEnv().MIGRATIONS_DIR);
  const journal = JSON.parse(fs.readFileSync(path.join(folder, "meta/_journal.json"), "utf8")) as {
    entries: { tag: string; when: number }[];
  };
  const applied = new Set(
    getDb()
      .$client.prepare("SELECT created_at AS at FROM __drizzle_migrations")
      .all()
      .map((r) => Number((r as { at: number }).at)),
  );
  return journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
}

export function checkReadiness(): Readiness {
  const checks: Readiness["checks"] = {
    accepting: globalThis.__shuttingDown ? { ok: false, error: "shutting down" } : { ok: true },
    // Not ready while the start's warm-up reads the search pages into memory (a cold instance
    // would answer its first searches from disk); a warm-up after an import keeps readiness.
    warm: globalThis.__warmUp?.state === "warming" && globalThis.__warmUp.blocksReadiness ? { ok: false, error: "warming" } : { ok: true },
    database: run(() => {
      // A real write (the header's user_version, rewritten with its own value): a read-only
      // file or a full disk fails here, not at the next sign-in.
      const write = () => {
        const sqlite = getDb().$client;
        const version = sqlite.pragma("user_version", { simple: true }) as number;
        sqlite.pragma(`user_version = ${Number(version)}`);
      };
      try {
        write();
      } catch (error) {
        // Another process (the registry importer) holds the write lock: the file takes writes,
        // this instance's requests wait their turn (decision 0023). Still ready.
        if (isBusyError(error)) return;
        // A connection opened while the file was read-only stays read-only: drop it and try
        // once with a fresh one, so the probe (and the app) recover once the file is writable.
        if ((error as { code?: string }).code !== "SQLITE_READONLY" || !global.__db) throw error;
        global.__db.db.$client.close();
        global.__db = undefined;
        write();
      }
    }),
    migrations: run(() => {
      const pending = pendingMigrations();
      if (pending.length) throw new Error(`pending: ${pending.join(", ")}`);
    }),
    uploads: run(() => {
      const dir = path.resolve(getEnv().UPLOADS_DIR);
      fs.mkdirSync(dir, { recursive: true });
      const probe = path.join(dir, `.ready-${crypto.randomBytes(6).toString("hex")}`);
      fs.writeFileSync(probe, "ok");
      fs.rmSync(probe);
    }),
  };
  const ready = Object.values(checks).every((c) => c.ok);
  // Warming is expected at every start: not an error worth a stack in the log.
  const warmingOnly = !ready && Object.entries(checks).every(([name, c]) => c.ok || name === "warm");
  if (!ready && !warmingOnly) logError(new Error(`not ready: ${JSON.stringify(checks)}`), "readiness check failed");
  return { ready, checks };
}
