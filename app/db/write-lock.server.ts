/**
 * SQLite has one writer at a time per file. Another process (the registry importer, `npm run
 * jobs`, a restore) may hold the write lock while the server wants to write. better-sqlite3 waits
 * for it synchronously (`busy_timeout`), which would stop every other request of this Node
 * process; so the server's connection waits only briefly that way (SERVER_BUSY_TIMEOUT_MS), and
 * a request that is about to write first waits here, asynchronously, until the lock is free
 * (decision 0023).
 */
import type Database from "better-sqlite3";
import { getEnv } from "~/utils/env.server";
import { getDb } from "./client.server";

/** SQLITE_BUSY and its extended codes: another connection holds the lock. */
export function isBusyError(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && code.startsWith("SQLITE_BUSY");
}

/** A write that could not get the database's write lock within its budget. */
export class WriteLockBusyError extends Error {
  constructor(waitedMs: number) {
    super(`another writer held the database for ${waitedMs} ms`);
    this.name = "WriteLockBusyError";
  }
}

/**
 * True when this connection could take the write lock right now (it takes it and gives it back
 * at once, without waiting). A connection already inside a transaction holds what it needs.
 */
export function writeLockFree(sqlite: Database.Database): boolean {
  if (sqlite.inTransaction) return true;
  const timeout = sqlite.pragma("busy_timeout", { simple: true }) as number;
  sqlite.pragma("busy_timeout = 0");
  try {
    sqlite.exec("BEGIN IMMEDIATE");
    sqlite.exec("ROLLBACK");
    return true;
  } catch (error) {
    if (isBusyError(error)) return false;
    throw error;
  } finally {
    sqlite.pragma(`busy_timeout = ${timeout}`);
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits, without blocking the event loop, until the write lock is free, polling with a backoff
 * from 5 ms up to 20 ms: an importer's chunk holds the lock for about 40 ms and then pauses for
 * 30 ms, so a poll lands in every pause.
 * Throws WriteLockBusyError after `budgetMs`.
 */
export async function waitForWriteLock(sqlite: () => Database.Database, budgetMs: number): Promise<void> {
  const started = Date.now();
  let delay = 5;
  while (!writeLockFree(sqlite())) {
    const waited = Date.now() - started;
    if (waited >= budgetMs) throw new WriteLockBusyError(waited);
    await sleep(Math.min(delay, budgetMs - waited));
    delay = Math.min(delay * 2, 20);
  }
}

/**
 * For a write that follows a slow await of its request (a password hash, an upload, a call to
 * Stripe): waits, without blocking, until the server's connection can write (WRITE_WAIT_MS at
 * most), so that the synchronous write right after it does not meet the importer's lock.
 */
export function writable(): Promise<void> {
  return waitForWriteLock(() => getDb().$client, getEnv().WRITE_WAIT_MS);
}
