/**
 * A first load's people index built by a worker beside the rows (people-index-builder): the
 * index is the one the importer builds itself, term for term and row for row, read by the
 * importer's own connection after the copy; a repeated document number or a crash leaves the
 * registry right; the scratch file never outlives the load.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import type { CordataInput } from "~/lib/cordata-writer";
import { PeopleIndexBuilder } from "~/services/people-index-builder.server";
import { importRegistryFiles, peopleIndexSql, type ImportOptions } from "~/services/registry-import.server";
import { AGENT_COMPANIES, writeCordataFile } from "../../scripts/lib/registry-generator";
import { writeCordata } from "../support/cordata-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-people-worker-"));
const reportDir = path.join(dir, "reports");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Every term of people_fts with the number of rows holding it (fts5vocab). */
function vocabulary(db: Database.Database) {
  db.exec("CREATE VIRTUAL TABLE IF NOT EXISTS temp.people_terms USING fts5vocab(main, 'people_fts', 'row')");
  return db.prepare("SELECT term, doc FROM temp.people_terms ORDER BY term").all();
}
const rowids = (db: Database.Database, match: string) => db.prepare("SELECT rowid FROM people_fts WHERE people_fts MATCH ? ORDER BY rowid").pluck().all(match);
const QUERIES = ['"smith"*', '"garcia" "_xg_"*', '"_z33"*', '"a"*', '"john"*', '"_k0"', '"_dp"*', '"_p1"', '"_p6" "_xg_"*'];

describe("the people index of a first load, built beside the rows", { timeout: 120_000 }, () => {
  it("is the importer's own index, read by the importer's connection after the copy", async () => {
    const source = path.join(dir, "generated.txt");
    await writeCordataFile(source, 0, 20_000, () => false);
    const load = async (name: string, peopleIndex: ImportOptions["peopleIndex"]) => {
      const file = path.join(dir, `${name}.db`);
      const db = openDatabase(file).$client;
      // The connection has read people_fts's (empty) structure before the load: FTS5 caches it.
      expect(db.prepare("SELECT count(*) FROM people_fts WHERE people_fts MATCH '\"smith\"*'").pluck().get()).toBe(0);
      const logged: string[] = [];
      const [summary] = await importRegistryFiles(db, [source], { reportDir, mode: "rebuild", peopleIndex, log: (m) => logged.push(m) });
      return { db, file, summary, logged };
    };
    const own = await load("own", "sql");
    const worker = await load("worker", "worker");
    try {
      expect(worker.summary).toMatchObject({ inserted: 20_000, rejected: 0, journal: "rollback" });
      expect(worker.logged.filter((m) => m.includes("people index"))).toEqual([]);
      // Every term with as many rows, and the rows themselves for words, tags and prefixes.
      const terms = vocabulary(worker.db);
      expect(terms.length).toBeGreaterThan(10_000);
      expect(terms).toEqual(vocabulary(own.db));
      for (const q of QUERIES) {
        expect(rowids(worker.db, q).length, q).toBeGreaterThan(0);
        expect(rowids(worker.db, q), q).toEqual(rowids(own.db, q));
      }
      // The six agent companies (each the agent of about 6% of the records) chosen by both loads
      // from the first records, each held as its token: its list is its businesses, and its words
      // are left out (no officer of the generator has them).
      const agents = (db: Database.Database) => db.prepare("SELECT code, name FROM frequent_agents ORDER BY code").all() as { code: number; name: string }[];
      expect(agents(worker.db)).toEqual(agents(own.db));
      expect(agents(worker.db).map((a) => a.name).sort()).toEqual([...AGENT_COMPANIES].sort());
      for (const { code, name } of agents(worker.db)) {
        const businesses = worker.db.prepare("SELECT id * 8 FROM businesses WHERE agent_name = ? ORDER BY id").pluck().all(name);
        expect(businesses.length, name).toBeGreaterThan(500);
        expect(rowids(worker.db, `"_p${code}"`), name).toEqual(businesses);
      }
      expect(rowids(worker.db, '"registered"* OR "corporation"* OR "northwest"')).toEqual([]);
      // The same row count and token totals (the averages record), each row's size, one whole
      // index with the server's settings back, no free pages, and no scratch file left.
      const averages = (db: Database.Database) => db.prepare("SELECT block FROM people_fts_data WHERE id = 1").pluck().get();
      expect(averages(worker.db)).toEqual(averages(own.db));
      const sizes = (db: Database.Database) => db.prepare("SELECT id, sz FROM people_fts_docsize ORDER BY id").all();
      expect(sizes(worker.db)).toEqual(sizes(own.db));
      expect(() => worker.db.exec("INSERT INTO people_fts(people_fts) VALUES ('integrity-check')")).not.toThrow();
      const config = Object.fromEntries(worker.db.prepare("SELECT k, v FROM people_fts_config").raw().all() as [string, number][]);
      expect(config).toMatchObject({ automerge: 4, hashsize: 1 << 20 });
      expect(worker.db.pragma("freelist_count", { simple: true })).toBe(0);
      expect(fs.existsSync(`${worker.file}.people-index`)).toBe(false);
      // The server's triggers index later changes on top of the copied index.
      const id = worker.db.prepare("SELECT id FROM businesses ORDER BY id LIMIT 1").pluck().get() as number;
      worker.db.prepare("INSERT INTO business_officers (business_id, position, title, type, name) VALUES (?, 6, 'MGR', 'P', 'QUILLFEATHER, ANN')").run(id);
      expect(rowids(worker.db, '"quillfeather"')).toEqual([id * 8 + 6]);
      expect(() => worker.db.exec("INSERT INTO people_fts(people_fts) VALUES ('integrity-check')")).not.toThrow();
    } finally {
      own.db.close();
      worker.db.close();
    }
  });

  it("the copy is read by a connection that had cached the index's structure, whatever else happened to it", async () => {
    // No journal switch, no schema change around the copy (which would make FTS5 read the
    // structure again anyway): only the builder's own reload does.
    const file = path.join(dir, "cached.db");
    const db = openDatabase(file).$client;
    try {
      expect(rowids(db, '"quillfeather"')).toEqual([]);
      const builder = PeopleIndexBuilder.start(db, `${file}.people-index`, peopleIndexSql(db));
      builder.useAgents([]);
      // id, agent_name, city, status, filing_type, is_claimed, document_number, zip, address1
      builder.add([7, "QUILLFEATHER, ANN", "MIAMI", "ACTIVE", "LLC", 0, "L26000000007", "33101", "1 MAIN ST"], [[7, 1, "QUILLFEATHER, BO"]]);
      expect(await builder.finish()).toBe(true);
      db.exec("BEGIN");
      builder.copyInto(db);
      db.exec("COMMIT");
      await builder.close(db);
      expect(rowids(db, '"quillfeather" "_xg_g"')).toEqual([56, 57]);
      expect(fs.existsSync(`${file}.people-index`)).toBe(false);
    } finally {
      db.close();
    }
  });

  it("a document number the file repeats: the importer indexes the people itself, the later record's", async () => {
    const file = path.join(dir, "repeats.txt");
    const record = (documentNumber: string, officer: string): CordataInput => ({
      documentNumber,
      name: `${officer} HOLDINGS INC`,
      status: "A",
      filingType: "DOMP",
      principal: { address1: "1 MAIN ST", city: "MIAMI", state: "FL", zip: "33101" },
      officers: [{ title: "P", type: "P", name: officer }],
    });
    writeCordata(file, [record("P26000000042", "QUILLFEATHER, ANN"), record("P26000000043", "SMITH, AL"), record("P26000000042", "JONES, BOB")]);
    const db = openDatabase(path.join(dir, "repeats.db")).$client;
    try {
      const logged: string[] = [];
      const [summary] = await importRegistryFiles(db, [file], { reportDir, peopleIndex: "worker", log: (m) => logged.push(m) });
      expect(summary).toMatchObject({ mode: "rebuild", inserted: 2, updated: 1 });
      expect(logged).toContain("the people index was filled by the importer: document number P26000000042 repeats in the file");
      expect(['"jones"', '"quillfeather"', '"smith"'].map((q) => rowids(db, q).length)).toEqual([1, 0, 1]);
      expect(fs.existsSync(path.join(dir, "repeats.db.people-index"))).toBe(false);
    } finally {
      db.close();
    }
  });

  it("killed (kill -9) during the load, the registry is as before it; the rerun removes the scratch file and loads it whole", async () => {
    const dbPath = path.join(dir, "killed.db");
    const env = { ...process.env, DATABASE_PATH: dbPath, NODE_ENV: "test" as const, IMPORT_PEOPLE_INDEX: "worker" };
    const file = path.join(dir, "killed.txt");
    writeCordata(
      file,
      Array.from({ length: 60 }, (_, i) => ({
        documentNumber: `L25${String(i).padStart(9, "0")}`,
        name: `CRASH TEST ${i} LLC`,
        status: "A",
        filingType: "FLAL",
        officers: [{ title: "MGR", type: "P", name: `OFFICER${i}, KILLED` }],
      })),
    );
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", file], { env: { ...env, IMPORT_FAULT_AFTER_LINES: "35" } });
    await new Promise<void>((resolve, reject) => {
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes("IMPORT FAULT POINT after 35 lines")) resolve();
      });
      child.on("exit", (code) => reject(new Error(`importer exited (${code}) before the fault point: ${stderr}`)));
    });
    child.removeAllListeners("exit");
    const scratch = `${dbPath}.people-index`;
    expect(fs.existsSync(scratch)).toBe(true);
    const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
    child.kill("SIGKILL");
    expect(await exited).toBe("SIGKILL");

    const after = openDatabase(dbPath).$client;
    try {
      expect(after.prepare("SELECT (SELECT count(*) FROM businesses) AS b, (SELECT count(*) FROM people_fts_docsize) AS p").get()).toEqual({ b: 0, p: 0 });
    } finally {
      after.close();
    }
    const rerun = spawnSync(path.resolve("node_modules/.bin/tsx"), ["scripts/registry-import.ts", file], { env, encoding: "utf8", timeout: 120_000 });
    expect(rerun.stderr).toBe("");
    expect(rerun.status).toBe(0);
    expect(rerun.stdout).toMatch(/inserted 60/);
    expect(fs.existsSync(scratch)).toBe(false);
    const loaded = openDatabase(dbPath).$client;
    try {
      expect(rowids(loaded, '"killed"')).toHaveLength(60);
      expect(() => loaded.exec("INSERT INTO people_fts(people_fts) VALUES ('integrity-check')")).not.toThrow();
    } finally {
      loaded.close();
    }
  });
});
