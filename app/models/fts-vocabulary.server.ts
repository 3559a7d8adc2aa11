/**
 * The words a full-text index holds that start with a given prefix, for prefixes longer than the
 * index's longest prefix list.
 *
 * Why: FTS5 answers `"word"*` from a prefix list when it keeps one of that length (drizzle/0013:
 * names 1-12 characters, drizzle/0005: people 1-6). Past it, it gathers the entries of every word
 * starting with the prefix into one list before reading any (~180 ns an entry), so a common
 * surname is slow however few rows the search shows: `"rodriguez"*` in people_fts took 48 ms
 * for its first 10,000 matches at 3.5M businesses, the word itself (`"rodriguez"`) 0.7 ms; a
 * name's `"environmental"*` 3 ms, the word 0.9. Written as the words themselves
 * (`("environmental" OR "environmentalists")`), the query matches exactly the same rows and FTS5
 * reads each list as it goes.
 *
 * The words come from an fts5vocab table of type "instance" (one row per word and row, so the
 * first row of a word is there without reading its whole list; a "row" table counts every
 * entry of each word first), one seek per word.
 */
import type Database from "better-sqlite3";

export type FtsIndex = { table: "businesses_fts" | "people_fts"; longestPrefix: number };

/** businesses_fts: prefix='1 2 ... 12' (drizzle/0013). */
export const NAME_INDEX: FtsIndex = { table: "businesses_fts", longestPrefix: 12 };
/** people_fts: prefix='1 2 3 4 5 6' (drizzle/0005). */
export const PEOPLE_INDEX: FtsIndex = { table: "people_fts", longestPrefix: 6 };

/** Past this many words a prefix stays a prefix query (an OR of many lists costs as much). */
export const MAX_WORDS = 16;

const nextWordStatements = new WeakMap<Database.Database, Map<string, Database.Statement>>();

/** The first word of `index` at or after `from` (byte order), from a per-connection vocabulary table. */
function nextWordStatement(client: Database.Database, index: FtsIndex): Database.Statement {
  let statements = nextWordStatements.get(client);
  if (!statements) nextWordStatements.set(client, (statements = new Map()));
  let statement = statements.get(index.table);
  if (!statement) {
    // TEMP: a view of the index, nothing stored; read-only connections may create it too.
    const vocabulary = `${index.table}_words`;
    client.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${vocabulary} USING fts5vocab(main, ${index.table}, instance)`);
    statement = client.prepare(`SELECT term FROM temp.${vocabulary} WHERE term >= ? LIMIT 1`).pluck();
    statements.set(index.table, statement);
  }
  return statement;
}

/**
 * For a query word longer than the index's longest prefix, the index's words that start with it
 * ([] when none does: the word cannot match); null for shorter words (the prefix list answers
 * them) and when more than MAX_WORDS words start with it.
 */
export function indexWords(client: Database.Database, index: FtsIndex): (token: string) => string[] | null {
  return (token) => {
    if ([...token].length <= index.longestPrefix) return null;
    const next = nextWordStatement(client, index);
    const words: string[] = [];
    let from = token;
    for (;;) {
      const word = next.get(from) as string | undefined;
      if (word === undefined || !word.startsWith(token)) return words;
      if (words.length === MAX_WORDS) return null;
      words.push(word);
      // The next word in byte order: nothing sorts between a word and itself + U+0001 (no
      // index word holds a control character).
      from = `${word}\u0001`;
    }
  };
}
