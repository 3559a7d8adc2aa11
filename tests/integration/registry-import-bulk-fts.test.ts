/**
 * A full load's full-text indexes are built on a worker thread in a scratch file and copied into
 * the registry in the import's transaction (app/services/fts-bulk-build.server.ts): they must be
 * exactly what the triggers build row by row, whole (integrity check), found by the connection
 * that searched before the load, and the scratch file must never outlive the import, whether it
 * succeeded, failed or was killed.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import type { CordataInput } from "~/lib/cordata-writer";
import { FtsBulkBuild, scratchFileOf } from "~/services/fts-bulk-build.server";
import { importRegistryFiles } from "~/services/registry-import.server";
import { FULL_RECORD, writeCordata } from "../support/cordata-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-bulk-fts-"));
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
    principal: { address1: `${i} MAIN ST`, city: CITIES[i % CITIES.length], state: "FL", zip: "33023" },
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

describe("a full load's full-text indexes, built on a worker", { timeout: 180_000 }, () => {
  const file = path.join(dir, "cordata0.txt");
  // A document number repeated later in the file (updated: indexed again after the copy).
  const repeated: CordataInput = { ...records(1, "L")[0], name: "RENAMED LATER INC", officers: [{ title: "P", type: "P", name: "QUILLFEATHER, ANN" }] };
  writeCordata(file, [...records(600, "L"), FULL_RECORD, repeated]);

  it("index exactly what the triggers index row by row, whole, one segment each", async () => {
    const bulk = openDatabase(path.join(dir, "bulk.db")).$client;
    const rows = openDatabase(path.join(dir, "rows.db")).$client;
    fs.writeFileSync(scratchFileOf(bulk.name), "left behind by a killed import");
    try {
      const [a] = await importRegistryFiles(bulk, [file], { mode: "rebuild", verificationCode: () => "1234567" });
      const [b] = await importRegistryFiles(rows, [file], { mode: "triggers", verificationCode: () => "1234567" });
      expect(a).toMatchObject({ inserted: 601, updated: 1, mode: "rebuild" });
      expect(b).toMatchObject({ inserted: 601, updated: 1, mode: "triggers" });
      for (const fts of ["businesses_fts", "people_fts"]) {
        const built = contents(bulk, fts);
        expect(Object.keys(built).length).toBeGreaterThan(100);
        expect(built).toEqual(contents(rows, fts));
        expect(() => bulk.exec(`INSERT INTO ${fts}(${fts}) VALUES ('integrity-check')`)).not.toThrow();
        const config = Object.fromEntries((bulk.prepare(`SELECT k, v FROM ${fts}_config`).all() as { k: string; v: number }[]).map((r) => [r.k, r.v]));
        // The worker's bulk settings stay in the scratch file: the registry's are FTS5's defaults.
        expect([config.automerge ?? 4, config.hashsize ?? 1 << 20]).toEqual([4, 1 << 20]);
      }
      // The repeated number's first version is gone from both indexes, its second is there.
      const find = (fts: string, q: string) => bulk.prepare(`SELECT count(*) FROM ${fts} WHERE ${fts} MATCH ?`).pluck().get(q);
      expect([find("businesses_fts", '"renamed" "later"'), find("people_fts", '"quillfeather"')]).toEqual([1, 1]);
      expect(fs.existsSync(scratchFileOf(bulk.name))).toBe(false); // replaced, then removed
      // The server's writes go on through the triggers after the load.
      bulk.prepare("UPDATE businesses SET name = 'ZEPHYRINE TRADING LLC' WHERE document_number = 'L0000000005'").run();
      expect(find("businesses_fts", '"zephyrine"')).toBe(1);
    } finally {
      bulk.close();
      rows.close();
    }
  });

  it("are found by a connection that searched the empty registry before the load", async () => {
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

  it("a worker that fails fails the import's wait, and leaves no scratch file", async () => {
    const db = openDatabase(path.join(dir, "failing.db")).$client;
    try {
      // SQL the worker cannot run (an unknown function): it reports the error instead of indexing.
      const build = FtsBulkBuild.start(db, { settings: {}, businessDocument: "no_such_function(b.name)", personName: (c) => c });
      build.addBusiness(1, "ACME LLC", "MIAMI", "ACTIVE", "LLC", 0);
      await expect(build.finish()).rejects.toThrow(/full-text index build: .*no such function: no_such_function/);
      await build.dispose(db);
      expect(fs.existsSync(scratchFileOf(db.name))).toBe(false);
      expect((db.pragma("database_list") as { name: string }[]).map((d) => d.name)).not.toContain("fts_build");
    } finally {
      db.close();
    }
  });

  it("killed mid-load (kill -9), the registry stays empty; the rerun completes it and removes the scratch file", async () => {
    const dbPath = path.join(dir, "killed.db");
    const env = { ...process.env, DATABASE_PATH: dbPath, NODE_ENV: "test" as const };
    const big = path.join(dir, "cordata1.txt");
    writeCordata(big, records(20_000, "M"));
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", big], {
      env: { ...env, IMPORT_FAULT_AFTER_LINES: "15000" },
    });
    await new Promise<void>((resolve, reject) => {
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("IMPORT FAULT POINT after 15000 lines")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`importer exited (${code}) before the fault point: ${stderr}`)));
    });
    child.removeAllListeners("exit");
    expect(fs.existsSync(scratchFileOf(dbPath))).toBe(true); // the worker was building
    const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");
    const count = () => {
      const db = new Database(dbPath, { readonly: true });
      try {
        return [
          db.prepare("SELECT count(*) FROM businesses").pluck().get(),
          db.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH 'holdings'").pluck().get(),
        ];
      } finally {
        db.close();
      }
    };
    expect(count()).toEqual([0, 0]);

    const rerun = spawnSync(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", big], { env, encoding: "utf8", timeout: 120_000 });
    expect(rerun.stderr).toBe("");
    expect(rerun.stdout).toMatch(/inserted 20,000/);
    expect(count()).toEqual([20_000, 20_000]);
    expect(fs.existsSync(scratchFileOf(dbPath))).toBe(false);
  });
});
