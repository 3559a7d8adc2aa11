/**
 * Rows read one at a time through a read-only connection of their own, for long downloads (the
 * CSV reports): a better-sqlite3 cursor that stays open while the client downloads would
 * otherwise keep the shared connection busy for every other request. SQLite's WAL mode lets
 * this reader run beside the app's writes. The caller calls `close()` when done (or aborted).
 */
import Database from "better-sqlite3";
import { registerAppFunctions } from "~/db/client.server";
import { getEnv } from "~/utils/env.server";

export type StreamingRows<Row> = { rows: IterableIterator<Row>; close: () => void };

export function openStreamingReader<Row>(sql: string, params: readonly unknown[] = []): StreamingRows<Row> {
  const reader = new Database(getEnv().DATABASE_PATH, { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    registerAppFunctions(reader);
    const rows = reader.prepare(sql).iterate(...params) as IterableIterator<Row>;
    return { rows, close: () => reader.close() };
  } catch (error) {
    reader.close();
    throw error;
  }
}
