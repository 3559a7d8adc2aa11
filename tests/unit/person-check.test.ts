import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { namesMatching, type Person } from "~/models/search/person-check.server";

// The comparison made in JavaScript for ASCII names must answer as people_fts's tokenizer does:
// each case is asked both ways (words given, and words null: every name to the tokenizer).
const client = new Database(":memory:");
afterAll(() => client.close());

const NAMES = [
  "C T CORPORATION SYSTEM",
  "CT HOLDINGS",
  "O'BRIEN, PATRICK",
  "J.R. SMITH",
  "SMITH_JONES",
  "ANNE-MARIE TC",
  "A.B.C. TRADING",
  "T. C. WHITEHEAD",
  "X1 Y2",
  "MCDONALD’S ʼNDA",
  "",
  "   ",
  "99 Bottles",
];
const people: Person[] = NAMES.map((name, id) => ({ id, name }));
const WORDS = [["c", "t"], ["ob"], ["b"], ["brien"], ["jr"], ["r"], ["jones"], ["smith"], ["marie"], ["abc"], ["c"], ["y2", "x"], ["mcdonalds"], ["nda"], ["s"], ["9"], ["whitehead", "t", "c"]];

describe("a person compared with the names of given businesses", () => {
  it.each(WORDS.map((words) => [words.join(" ")]))("answers %s as the index's tokenizer does", (text) => {
    const words = text.split(" ");
    const match = words.map((word) => `"${word}"*`).join(" AND ");
    const inJs = namesMatching(client, people, { match, words });
    expect(inJs).toEqual(namesMatching(client, people, { match, words: null }));
  });

  it("finds a word's start only, and keeps a name's business once", () => {
    const match = `"c"* AND "t"*`;
    expect(namesMatching(client, people, { match, words: ["c", "t"] }).map((id) => NAMES[id])).toEqual([
      "C T CORPORATION SYSTEM",
      "T. C. WHITEHEAD",
    ]);
    const twice = [...people, { id: 0, name: "CAROL TAYLOR" }];
    expect(namesMatching(client, twice, { match, words: ["c", "t"] }).filter((id) => id === 0)).toHaveLength(1);
  });
});
