/**
 * A common person with a common name, expected to share more businesses than the count's cap
 * (planner.server.ts, personAndNameWay "window"): the first of the person's businesses among the
 * name's matches, by id, found without either whole list. Both full-text indexes give their
 * matches in rowid order (people_fts's rowid is the business id * 8 + the person's place), so the
 * two are read over the same range of ids, one window after the other, and intersected, until
 * more than `cap` businesses are in both or the registry's end is reached ("JOHN" with "llc" at
 * 10.3M businesses: 180,000 ids to the cap's, ~20 ms, against 1.2M businesses of the person made
 * a set, ~650 ms).
 */
import type Database from "better-sqlite3";
import { prepare } from "./statements.server";

export type FirstCommon = {
  /** The businesses of both, ascending: all of them, or (capped) the first `cap` + 1 and more. */
  ids: number[];
  /** More than `cap` of them: `ids` are every one below the last window's end. */
  capped: boolean;
};

// FTS5 takes a rowid bound only as an integer: a number bound by better-sqlite3 is a REAL, which
// it would ignore and read the list from its start.
const PEOPLE = `SELECT json_group_array(rowid >> 3) FROM people_fts
  WHERE people_fts MATCH ? AND rowid >= CAST(? AS INTEGER) * 8 AND rowid < CAST(? AS INTEGER) * 8`;
const NAMES = `SELECT json_group_array(rowid) FROM businesses_fts
  WHERE businesses_fts MATCH ? AND rowid >= CAST(? AS INTEGER) AND rowid < CAST(? AS INTEGER) AND +rowid IN (SELECT value FROM json_each(?))`;

/**
 * The businesses whose people match `person` (a people_fts expression) and whose name matches
 * `name` (a businesses_fts expression), up to the first window holding more than `cap`: read from
 * id 0 to `first`, then each next window as wide as the ids found so far say the cap needs (a
 * quarter more, at least half the last window), up to `highest` (the registry's largest id).
 */
export function firstCommonIds(client: Database.Database, person: string, name: string, cap: number, first: number, highest: number): FirstCommon {
  const people = prepare(client, PEOPLE).pluck();
  const names = prepare(client, NAMES).pluck();
  const ids: number[] = [];
  for (let from = 0, to = Math.max(1, Math.ceil(first)); from <= highest; ) {
    // The person's businesses in the window stay SQLite's text: the name's matches are walked
    // against them there, and only the businesses of both come back.
    const window = people.get(person, from, to) as string;
    for (const id of JSON.parse(names.get(name, from, to, window) as string) as number[]) ids.push(id);
    if (ids.length > cap) return { ids, capped: true };
    const width = to - from;
    const needed = ids.length ? (1.25 * (cap + 1 - ids.length) * to) / ids.length : 2 * width;
    [from, to] = [to, to + Math.ceil(Math.max(width / 2, needed))];
  }
  return { ids, capped: false };
}
