/**
 * Answers computed from the businesses table, remembered for as long as it is unchanged.
 *
 * `registry_version` (drizzle/0003) holds a counter that triggers bump on every insert, update
 * and delete of a business, from any process or connection. A remembered answer is used only
 * while the counter still has the value read *before* the answer was computed, so an answer is
 * never newer-labelled than its data: a write at any moment at worst wastes one cache entry.
 * Reading the counter is one primary-key lookup (a few microseconds).
 */
import type Database from "better-sqlite3";
import { fiscalYearOf } from "~/lib/tax-year";
import { now } from "~/utils/clock.server";

const versionStatements = new WeakMap<Database.Database, Database.Statement>();

/** The registry's change counter on this connection. */
export function registryVersion(client: Database.Database): number {
  let statement = versionStatements.get(client);
  if (!statement) {
    statement = client.prepare("SELECT version FROM registry_version WHERE id = 1").pluck();
    versionStatements.set(client, statement);
  }
  return statement.get() as number;
}

/**
 * `compute`, remembered per argument (keyed by its JSON) while the registry is unchanged; at most
 * `max` answers per connection, the least recently used dropped first. Callers share the
 * remembered objects, so they must not modify them.
 */
export function rememberWhileRegistryUnchanged<Args, Result>(
  compute: (client: Database.Database, args: Args) => Result,
  max = 1000,
): (client: Database.Database, args: Args) => Result {
  const memos = new WeakMap<Database.Database, { version: string; answers: Map<string, Result> }>();
  return (client, args) => {
    // The fiscal year too: "paid" (a receipt for the current year) changes on October 1 by itself.
    const version = `${registryVersion(client)}:${fiscalYearOf(now())}`;
    let memo = memos.get(client);
    if (!memo || memo.version !== version) memos.set(client, (memo = { version, answers: new Map() }));
    const key = JSON.stringify(args);
    const known = memo.answers.get(key);
    if (known !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as most recently used.
      memo.answers.delete(key);
      memo.answers.set(key, known);
      return known;
    }
    const answer = compute(client, args);
    memo.answers.set(key, answer);
    if (memo.answers.size > max) memo.answers.delete(memo.answers.keys().next().value as string);
    return answer;
  };
}
