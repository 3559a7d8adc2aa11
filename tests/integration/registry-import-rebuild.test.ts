/**
 * A full load rebuilds the full-text indexes once at its end instead of row by row through the
 * triggers (app/services/registry-import.server.ts, "rebuild"): what it builds must be exactly
 * what the triggers build, whole (integrity check), found by a connection that searched before
 * the load, and built fast, which needs the rows in rowid order (FTS5 starts a new segment
 * whenever a rowid goes down).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import type { CordataInput } from "~/lib/cordata-writer";
import { BUSINESSES_FTS_ROWS, importRegistryFiles } from "~/services/registry-import.server";
import { FULL_RECORD, writeCordata } from "../support/cordata-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-rebuild-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CITIES = ["PEMBROKE PARK", "MIAMI", "HOLLYWOOD", "Hallandale Beach", "ST. PETERSBURG", "", "KEY WEST"];
const STATES = ["A", "I", "A", "A", "I", "X"];
const CODES = ["FLAL", "DOMP", "FORP", "DOMLP", "DOMNP", "XYZZY", "FORL"];
const WORDS = ["Gulf", "O'Malley", "Café", "Sun-Shine", "A.B.C.", "Peña", "Müller", "BAY_SIDE", "Ünïcode", "1st"];

/** Records that exercise every part of the indexed text: names, cities, statuses, types, agents, 0-6 officers. */
function records(n: number, prefix: string): CordataInput[] {
  return Array.from({ length: n }, (_, i) => ({
    documentNumber: `${prefix}${String(i).padStart(10, "0")}`,
    name: `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${i} HOLDINGS LLC`,
    status: STATES[i % STATES.length],
    filingType: CODES[i % CODES.length],
    // Cities out of the rows' order, so that an index in city order would not be in rowid order.
    principal: { address1: `${i} MAIN ST`, city: CITIES[(i * 5) % CITIES.length], state: "FL", zip: "33023" },
    ...(i % 3 === 0 ? {} : { agent: { name: `${WORDS[i % WORDS.length].toUpperCase()}, AGENT ${i}`, type: "P" } }),
    officers: Array.from({ length: i % 7 }, (_, k) => ({ title: "MGR", type: "P", name: `OFFICER${k}, ${WORDS[(i + k) % WORDS.length]}` })),
  }));
}

/** Every term of an index with the rowids that hold it: the index's whole content. */
function contents(db: Database.Database, fts: string): Record<string, number[]> {
  db.exec(`CREATE VIRTUAL TABLE IF NOT EXISTS temp.${fts}_terms USING fts5vocab(main, ${fts}, 'row')`);
  const terms = (db.prepare(`SELECT term FROM temp.${fts}_terms ORDER BY term`).all() as { term: string }[]).map((t) => t.term);
  const rows = db.prepare(`SELECT rowid FROM ${fts} WHERE ${fts} MATCH ? ORDER BY rowid`).pluck();
  return Object.fromEntries(terms.map((term) => [term, rows.all(`"${term.replace(/"/g, '""')}"`) as number[]]));
}

/** How many segments an index is in (FTS5's %_idx table lists each segment's leaf pages). */
const segments = (db: Database.Database, fts: string) => db.prepare(`SELECT count(DISTINCT segid) FROM ${fts}_idx`).pluck().get() as number;

describe("a full load's one-time rebuild of the full-text indexes", { timeout: 180_000 }, () => {
  const file = path.join(dir, "cordata0.txt");
  // A document number repeated later in the file (updated, not inserted twice).
  const repeated: CordataInput = { ...records(1, "L")[0], name: "RENAMED LATER INC", officers: [{ title: "P", type: "P", name: "QUILLFEATHER, ANN" }] };
  writeCordata(file, [...records(600, "L"), FULL_RECORD, repeated]);

  it("indexes exactly what the triggers index row by row, whole, merged into one segment each", async () => {
    const rebuilt = openDatabase(path.join(dir, "rebuilt.db")).$client;
    const rows = openDatabase(path.join(dir, "rows.db")).$client;
    try {
      const [a] = await importRegistryFiles(rebuilt, [file], { mode: "rebuild", verificationCode: () => "1234567" });
      const [b] = await importRegistryFiles(rows, [file], { mode: "triggers", verificationCode: () => "1234567" });
      expect(a).toMatchObject({ inserted: 601, updated: 1, mode: "rebuild" });
      expect(b).toMatchObject({ inserted: 601, updated: 1, mode: "triggers" });
      for (const fts of ["businesses_fts", "people_fts"]) {
        const built = contents(rebuilt, fts);
        expect(Object.keys(built).length).toBeGreaterThan(100);
        expect(built).toEqual(contents(rows, fts));
        expect(() => rebuilt.exec(`INSERT INTO ${fts}(${fts}) VALUES ('integrity-check')`)).not.toThrow();
        expect(segments(rebuilt, fts)).toBe(1);
      }
      const find = (fts: string, q: string) => rebuilt.prepare(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`).pluck().get(q);
      expect([find("businesses_fts", '"renamed" "later"'), find("people_fts", '"quillfeather"')]).toEqual([1, 1]);
      // The server's writes go on through the triggers after the load.
      rebuilt.prepare("UPDATE businesses SET name = 'ZEPHYRINE TRADING LLC' WHERE document_number = 'L0000000005'").run();
      expect(find("businesses_fts", '"zephyrine"')).toBe(1);
    } finally {
      rebuilt.close();
      rows.close();
    }
  });

  it("hands FTS5 the businesses in rowid order, whatever index the planner could read instead", async () => {
    const db = openDatabase(path.join(dir, "ordered.db")).$client;
    try {
      await importRegistryFiles(db, [file]);
      // The fill's own query, planned as the importer runs it (after the B-tree indexes are made
      // again): a scan of the table in rowid order, not the (city, name, ...) covering index.
      const plan = db.prepare(`EXPLAIN QUERY PLAN ${BUSINESSES_FTS_ROWS}`).all() as { detail: string }[];
      expect(plan.map((p) => p.detail)).toEqual(["SCAN b"]);
    } finally {
      db.close();
    }
  });

  it("writes the name index in leaves of about 1,000 bytes, people_fts in FTS5's own 4,050 (drizzle/0030)", async () => {
    // 1,800 businesses: a word of every name lists them all, past 1,000 bytes (a byte or two a business).
    const many = path.join(dir, "many.txt");
    writeCordata(many, records(1800, "M"));
    const db = openDatabase(path.join(dir, "pages.db")).$client;
    try {
      await importRegistryFiles(db, [many], { mode: "rebuild" });
      const largest = (fts: string) => db.prepare(`SELECT max(length(block)) FROM ${fts}_data`).pluck().get() as number;
      expect(largest("businesses_fts")).toBeGreaterThan(900);
      expect(largest("businesses_fts")).toBeLessThanOrEqual(1_010);
      expect(largest("people_fts")).toBeGreaterThan(1_500);
      expect(db.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH '\"holdings\"'").pluck().get()).toBe(1800);
    } finally {
      db.close();
    }
  });

  it("is found by a connection that searched the empty registry before the load", async () => {
    const db = openDatabase(path.join(dir, "searched.db")).$client;
    try {
      const count = db.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH ?").pluck();
      expect(count.get('"holdings"')).toBe(0);
      await importRegistryFiles(db, [file]);
      expect(count.get('"holdings"')).toBe(599); // 600 of them, one renamed by the repeated number
      expect(db.prepare("SELECT count(*) FROM people_fts WHERE people_fts MATCH 'officer0*'").pluck().get()).toBeGreaterThan(400);
    } finally {
      db.close();
    }
  });
});
