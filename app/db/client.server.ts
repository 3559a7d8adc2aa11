import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle, type BetterSQLite3Database } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { fiscalYearOf } from "~/lib/tax-year";
import { now } from "~/utils/clock.server";
import { getEnv } from "~/utils/env.server";
import * as schema from "./schema";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/** Opens a SQLite file with the pragmas the app relies on, and applies pending migrations. */
export function openDatabase(file: string, migrationsFolder = getEnv().MIGRATIONS_DIR): Db {
  if (file !== ":memory:") fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new Database(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  // FULL, not NORMAL: with WAL, NORMAL survives a killed process but may lose the last commits
  // on power loss, and a payment row whose receipt number the payer has already seen must not
  // vanish (and its number be given to someone else). Reconciliation would re-record a lost
  // payment from Stripe, but not under the same number, and not a claim. See README, Operations.
  sqlite.pragma("synchronous = FULL");
  registerAppFunctions(sqlite);
  const db = drizzle(sqlite, { schema });
  migrate(db, { migrationsFolder: path.resolve(migrationsFolder) });
  return db as Db;
}

/**
 * SQL functions the app's queries use, on every connection (readers opened elsewhere too):
 * `current_fiscal_year()` is the fiscal year "now" falls in (by the app's clock, in the town's
 * time zone), so queries derive "holds this year's receipt" instead of storing a flag that goes
 * stale on October 1.
 */
export function registerAppFunctions(sqlite: Database.Database) {
  // Called once per row a query looks at: the fiscal year is worked out (in the town's time zone,
  // with Intl, which is slow) once per minute of the clock, and a fiscal year begins on a minute.
  let memo = { minute: Number.NaN, year: 0 };
  sqlite.function("current_fiscal_year", { deterministic: false }, () => {
    const at = now();
    const minute = Math.floor(at.getTime() / 60_000);
    if (minute !== memo.minute) memo = { minute, year: fiscalYearOf(at) };
    return memo.year;
  });
}

declare global {
  var __db: { file: string; db: Db } | undefined;
  /** Set by the server (scripts/lib/serve.ts): its connection waits for the write lock only briefly. */
  var __dbServesRequests: boolean | undefined;
}

/**
 * How long a statement of the server's connection waits, blocking the event loop, for a write
 * lock another process holds, before SQLITE_BUSY. Short: a request that means to write waits
 * for the lock asynchronously first (app/db/write-lock.server.ts), and an importer holds it for
 * ~40 ms at a time (decision 0023). Scripts and the importer keep the 5 s of openDatabase.
 */
export const SERVER_BUSY_TIMEOUT_MS = 80;

/**
 * How much of the file the server's connection reads through a memory map: 2 GiB, SQLite's
 * compiled limit here (a larger value is clamped). A page read from the map costs no system call
 * and no copy into SQLite's own cache, and the mapped pages stay in the OS's cache between
 * queries: the search shapes that read many pages got faster in wall time at 3.5M businesses
 * (deep pages p95 18 -> 8.5 ms), none slower (decision 0022). The import command's connection
 * (openDatabase) maps nothing, so its memory stays what it measures; the scheduled import runs
 * in a process of its own with its own connection (app/jobs/registry-import.server.ts).
 */
export const READ_MAP_BYTES = 2 ** 31;

/** The app's database, opened once per process (and re-opened if DATABASE_PATH changes, as in tests). */
export function getDb(): Db {
  const file = getEnv().DATABASE_PATH;
  if (!global.__db || global.__db.file !== file) {
    global.__db?.db.$client.close();
    const db = openDatabase(file);
    db.$client.pragma(`mmap_size = ${READ_MAP_BYTES}`);
    if (global.__dbServesRequests) db.$client.pragma(`busy_timeout = ${SERVER_BUSY_TIMEOUT_MS}`);
    global.__db = { file, db };
  }
  return global.__db.db;
}
