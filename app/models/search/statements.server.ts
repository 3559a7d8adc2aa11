/** Prepared statements, cached per connection (tests reopen the database per file). */
import type Database from "better-sqlite3";

const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();

export function prepare(client: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = client.prepare(sql)));
  return statement;
}
