/**
 * How many filings wait for staff (status `submitted`): the count beside "Filings" in the staff
 * navigation, read by the root loader for staff on every page, so it is one count through
 * `filings_status_idx` (status, submitted_at).
 */
import type Database from "better-sqlite3";
import { getDb } from "~/db/client.server";

const statements = new WeakMap<Database.Database, Database.Statement<[], number>>();

/**
 * `read()`, or `fallback` when the database has no filings table yet (not migrated to 0024): the
 * staff pages must open all the same.
 */
export function whenFilingsExist<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof Error && /no such table: filings/.test(error.message)) return fallback;
    throw error;
  }
}

export function countFilingsWaiting(): number {
  return whenFilingsExist(() => {
    const client = getDb().$client;
    let statement = statements.get(client);
    if (!statement) {
      statement = client.prepare<[], number>("select count(*) from filings where status = 'submitted'").pluck();
      statements.set(client, statement);
    }
    return Number(statement.get() ?? 0);
  }, 0);
}
