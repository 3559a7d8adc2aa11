/**
 * A person checked on given businesses' own people instead of found in people_fts: each business's
 * registered agent (its row) and officers (their rows) read and their words compared with the
 * person's, as people_fts compares them (every word of the person starts a word of the same
 * person's name), ~6 µs a business. For the name's matches when the person's words each have
 * millions of entries in people_fts ("C T" with "Whitehead": 7,928 businesses read, ~50 ms, against
 * 125 ms walking "t"), and for the businesses of the person's rarest word (planner.server.ts,
 * personAndNameWay). A business's own name is compared the same way with a name query's words,
 * for a rare person's few businesses ("ALMA" with "Man": 1,300 rows read instead of 184,000
 * matches walked).
 *
 * The comparison is made here only where it is the index's own: a name of ASCII characters (and
 * the apostrophes the index drops), whose words are its runs of letters and digits, lower-cased,
 * as SQLite's unicode61 tokenizer cuts them. Any other name (accents, other scripts) goes into a
 * temporary full-text table of this connection with people_fts's tokenizer and is matched there,
 * so the answer is the index's whatever the script; every name does when the person's words are
 * not plain ASCII (plainWords).
 */
import type Database from "better-sqlite3";
import { plainNameWords, plainWords } from "~/lib/search-query";
import { prepare } from "./statements.server";

/** The person compared: `match`, its people_fts expression; `words`, its plainWords, or null when they are not (every name then goes to the tokenizer). */
export type ComparedPerson = { match: string; words: string[] | null };

/** The person of a search (`text` as typed, `match` its people_fts expression) as compared here. */
export const comparedPerson = (text: string | null | undefined, match: string): ComparedPerson => ({ match, words: plainWords(text ?? "") });

/** A business name query (`text` as typed, `match` its businesses_fts expression, whose tokenizer and dropped characters are people_fts's) as compared here. */
export const comparedName = (text: string, match: string): ComparedPerson => ({ match, words: plainNameWords(text) });

/** A name compared here: printable ASCII, and the apostrophes the index drops. */
const ASCII_NAME = /^[ -~’ʼ]*$/;

/** The characters the index drops from a name, joining what they separate ("O'Brien" is "obrien"). */
const DROPPED = /['’ʼ.]/g;

/**
 * Whether a person's `name` (ASCII, see ASCII_NAME) has a word starting with each of `words`
 * (lower-case letters and digits): a word starts where the character before is no letter or
 * digit. Found with indexOf rather than the name cut into its words (~0.2 against ~0.7 µs a name:
 * "C T" with "Whitehead" compares some 30,000 names).
 */
function asciiMatch(name: string, words: string[]): boolean {
  const own = name.toLowerCase().replace(DROPPED, "");
  return words.every((word) => startsAWord(own, word));
}

function startsAWord(name: string, word: string): boolean {
  for (let at = name.indexOf(word); at >= 0; at = name.indexOf(word, at + 1)) {
    if (at === 0 || !isLetterOrDigit(name.charCodeAt(at - 1))) return true;
  }
  return false;
}

/** a-z and 0-9 (the name is lower-cased). */
const isLetterOrDigit = (code: number) => (code >= 97 && code <= 122) || (code >= 48 && code <= 57);

export type Person = { id: number; name: string };

/** The connections whose TEMP table for the tokenizer's comparisons exists. */
const withCheckTable = new WeakSet<Database.Database>();

/** The connection's table for the names compared by the tokenizer itself (TEMP: nothing stored with the registry). */
function checkTable(client: Database.Database) {
  if (!withCheckTable.has(client)) {
    client.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.people_check USING fts5(
      name, content='', detail=none, tokenize="unicode61 remove_diacritics 2 tokenchars '_'")`);
    withCheckTable.add(client);
  }
  return {
    add: prepare(client, "INSERT INTO temp.people_check(rowid, name) VALUES (?, ?)"),
    matching: prepare(client, "SELECT rowid FROM temp.people_check WHERE people_check MATCH ?").pluck(),
    clear: prepare(client, "INSERT INTO temp.people_check(people_check) VALUES ('delete-all')"),
  };
}

/** The positions in `people` of the names `match` (a people_fts expression) matches, by people_fts's tokenizer. */
function tokenizerMatches(client: Database.Database, people: Person[], match: string): number[] {
  const table = checkTable(client);
  try {
    // As people_fts stores a name (drizzle/0021): apostrophes and full stops dropped, underscores as spaces.
    people.forEach((p, i) => table.add.run(i, p.name.replace(DROPPED, "").replace(/_/g, " ")));
    return table.matching.all(match) as number[];
  } finally {
    table.clear.run();
  }
}

/** The ids (ascending) of the businesses `ids` (a JSON array) that have an agent or officer matching `person`. */
export function personAmong(client: Database.Database, ids: string, person: ComparedPerson): number[] {
  const people = prepare(
    client,
    `WITH n(id) AS (SELECT value FROM json_each(?))
     SELECT n.id AS id, b.agent_name AS name FROM n CROSS JOIN businesses b ON b.id = n.id WHERE b.agent_name IS NOT NULL
     UNION ALL
     SELECT n.id, o.name FROM n CROSS JOIN business_officers o ON o.business_id = n.id`,
  ).all(ids) as Person[];
  return namesMatching(client, people, person);
}

/** The ids (ascending) of the businesses `ids` (a JSON array) whose own name matches `name` (comparedName): a row read each. */
export function namedAmong(client: Database.Database, ids: string, name: ComparedPerson): number[] {
  const rows = prepare(client, "SELECT b.id AS id, b.name AS name FROM json_each(?) j CROSS JOIN businesses b ON b.id = j.value").all(ids) as Person[];
  return namesMatching(client, rows, name);
}

/**
 * The ids (ascending) of the businesses of people_fts's `entries` (a JSON array of rowids: business
 * id * 8 + 0 for the agent, + the officer's position) whose person matches, each entry's one name
 * read (its business's agent or that officer): for the entries of one of the person's words,
 * checked for the others (~2.5 µs an entry).
 */
export function entriesMatching(client: Database.Database, entries: string, person: ComparedPerson): number[] {
  const people = prepare(
    client,
    `SELECT e.value >> 3 AS id, CASE WHEN e.value % 8 = 0
        THEN (SELECT b.agent_name FROM businesses b WHERE b.id = e.value >> 3)
        ELSE (SELECT o.name FROM business_officers o WHERE o.business_id = e.value >> 3 AND o.position = e.value % 8) END AS name
      FROM json_each(?) e`,
  ).all(entries) as { id: number; name: string | null }[];
  return namesMatching(
    client,
    people.filter((p): p is Person => p.name !== null),
    person,
  );
}

/** The ids (ascending) of `people` (a business's or an agent's id with a name) whose name matches the person. */
export function namesMatching(client: Database.Database, people: Person[], { words, match }: ComparedPerson): number[] {
  const found = new Set<number>();
  const others: Person[] = [];
  for (const p of people) {
    if (!words || !ASCII_NAME.test(p.name)) others.push(p);
    else if (!found.has(p.id) && asciiMatch(p.name, words)) found.add(p.id);
  }
  if (others.length) for (const i of tokenizerMatches(client, others, match)) found.add(others[i].id);
  return [...found].sort((a, b) => a - b);
}
