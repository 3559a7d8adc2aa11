/**
 * `registry:import` on small files in the state's layout, built here: values land in the right
 * columns, the product's own fields are untouched, reruns change nothing, bad lines are reported,
 * files that are not the layout are refused before anything is written, and a crash mid-file
 * (the real script, killed with SIGKILL at a fault point) leaves nothing half applied.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb, openDatabase } from "~/db/client.server";
import { formatCordataLine, type CordataInput } from "~/lib/cordata-writer";
import { searchBusinesses } from "~/models/business-search.server";
import { agentDocumentSql, ftsDocumentSql, peopleDocumentSql } from "~/lib/search-tags";
import { findJob } from "~/jobs/index.server";
import { runAllJobs } from "~/jobs/registry.server";
import { importPendingFiles, importRegistryFiles, NotCordataError, sortThreads } from "~/services/registry-import.server";
import { resetEnvCache } from "~/utils/env.server";
import { writeCordataFile } from "../../scripts/lib/registry-generator";
import { FULL_RECORD, writeCordata, writeZip } from "../support/cordata-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-cordata-"));
const reportDir = path.join(dir, "reports");
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const CLAIMED_DOC = "L24000000777";
const claimedRecord = (address1: string): CordataInput => ({
  documentNumber: CLAIMED_DOC,
  name: "CLAIMED BAKERY LLC",
  status: "A",
  filingType: "FLAL",
  principal: { address1, city: "PEMBROKE PARK", state: "FL", zip: "33023", country: "US" },
  fileDate: "2024-01-15",
  agent: { name: "DOE, JANE", type: "P", address: address1, city: "PEMBROKE PARK", state: "FL", zip: "33023" },
  officers: [{ title: "MGR", type: "P", name: "DOE, JANE", address: address1, city: "PEMBROKE PARK", state: "FL", zip: "33023" }],
});

const client = () => getDb().$client;
const one = <T>(sql: string, ...params: unknown[]) => client().prepare(sql).get(...params) as T;
const count = (table: string) => one<{ n: number }>(`SELECT count(*) AS n FROM ${table}`).n;
const version = () => one<{ version: number }>("SELECT version FROM registry_version").version;
const PRODUCT_COLUMNS =
  "is_claimed, can_be_claimed, owner_id, employee_count, vehicle_count, verification_code, drivers_license_url, claimed_at, stripe_subscription_id, subscription_status, auto_renew, category";

let claimedId = 0;
beforeAll(() => {
  const db = client();
  db.prepare("INSERT INTO users (id, username, email, password_hash) VALUES (1, 'owner', 'owner@example.com', 'x')").run();
  claimedId = Number(
    db
      .prepare(
        `INSERT INTO businesses (name, document_number, filing_type, status, address1, city, state, zip, category,
           is_claimed, can_be_claimed, owner_id, employee_count, vehicle_count, verification_code,
           drivers_license_url, claimed_at, stripe_subscription_id, subscription_status, auto_renew)
         VALUES ('Claimed Bakery LLC', ?, 'LLC', 'ACTIVE', '1 Old Rd', 'Pembroke Park', 'FL', '33023', 'Restaurant',
           1, 0, 1, 4, 2, '7654321', 'licenses/x.png', 1790000000000, 'sub_123', 'active', 1)`,
      )
      .run(CLAIMED_DOC).lastInsertRowid,
  );
});

const productFields = () => one<Record<string, unknown>>(`SELECT ${PRODUCT_COLUMNS} FROM businesses WHERE id = ?`, claimedId);

describe("registry:import", { timeout: 120_000 }, () => {
  const quarterly = path.join(dir, "cordata0.txt");
  let productBefore: Record<string, unknown>;

  it("loads every field, reports bad lines and unknown codes, and leaves the product's fields alone", async () => {
    productBefore = productFields();
    const versionBefore = version();
    writeCordata(quarterly, [
      FULL_RECORD,
      claimedRecord("3150 SW 52ND AVE"),
      // A short line: the state drops trailing blanks.
      "L24000000888SHORT LINE LLC".padEnd(204) + "AFLAL",
      `${"X".repeat(1441)}`, // too long
      "".padEnd(12) + "NO NUMBER INC", // no document number
      { documentNumber: "P24000000999", name: "BAD DATE INC", fileDate: "99999999" },
      { documentNumber: "G24000000555", name: "OLD CODE CO", status: "I", filingType: "XYZZY" },
    ]);
    const [summary] = await importRegistryFiles(client(), [quarterly], { reportDir });
    expect(summary).toMatchObject({ read: 7, inserted: 3, updated: 1, unchanged: 0, rejected: 3, unknownCodes: { XYZZY: 1 }, skipped: null });
    expect(version()).toBeGreaterThan(versionBefore); // cached answers start over

    const b = one<Record<string, unknown>>("SELECT * FROM businesses WHERE document_number = 'P97000012345'");
    expect(b).toMatchObject({
      name: "PEÑA & MÜLLER CAFÉ OLÉ, INC.", // Latin-1 decoded
      filing_type: "CORP",
      state_filing_type: "DOMP",
      status: "ACTIVE",
      state_status: "A",
      address1: "3150 SW 52ND AVE",
      address2: "SUITE 4",
      city: "PEMBROKE PARK",
      zip: "33023-1234",
      country: "US",
      mail_address1: "P.O. BOX 8123",
      mail_address2: "ATTN: RENÉ",
      mail_city: "HOLLYWOOD",
      mail_zip: "33021",
      registered_on: "1997-01-15",
      fei: "59-1234567",
      more_officers: 1,
      last_transaction_on: "2026-03-02",
      formation_state: "FL",
      agent_name: "SUNSHINE REGISTERED AGENT LLC",
      agent_type: "C",
      agent_city: "PLANTATION",
      agent_zip: "333241234",
      is_claimed: 0,
    });
    expect(b.verification_code).toMatch(/^\d{7}$/);
    const officers = client().prepare("SELECT position, title, name, city FROM business_officers WHERE business_id = ? ORDER BY position").all(b.id);
    expect(officers).toHaveLength(6);
    expect(officers[0]).toEqual({ position: 1, title: "P", name: "PEÑA, JOSÉ A", city: "MIAMI" });
    expect(officers[5]).toEqual({ position: 6, title: "AMBR", name: "NGUYEN, NGOC", city: "ORLANDO" });
    const reports = client().prepare("SELECT year, filed_on FROM business_annual_reports WHERE business_id = ? ORDER BY position").all(b.id);
    expect(reports).toEqual([
      { year: 2026, filed_on: "2026-01-10" },
      { year: 2025, filed_on: "2025-02-11" },
      { year: 2024, filed_on: "2024-03-12" },
    ]);
    // The people index finds officers and agents (accents and apostrophes folded).
    const people = client().prepare("SELECT rowid FROM people_fts WHERE people_fts MATCH ?").all('"pena" "jose"') as { rowid: number }[];
    expect(people.map((p) => p.rowid)).toEqual([Number(b.id) * 8 + 1]);
    expect(one<{ n: number }>("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH 'cafe'").n).toBe(1);

    const short = one<Record<string, unknown>>("SELECT name, status, filing_type FROM businesses WHERE document_number = 'L24000000888'");
    expect(short).toEqual({ name: "SHORT LINE LLC", status: "ACTIVE", filing_type: "LLC" });
    const old = one<Record<string, unknown>>("SELECT filing_type, state_filing_type, status FROM businesses WHERE document_number = 'G24000000555'");
    expect(old).toEqual({ filing_type: "XYZZY", state_filing_type: "XYZZY", status: "INACTIVE" });

    // The claimed business took the state's address; the product's fields did not move.
    expect(one<{ address1: string }>("SELECT address1 FROM businesses WHERE id = ?", claimedId).address1).toBe("3150 SW 52ND AVE");
    expect(productFields()).toEqual(productBefore);

    // The rejects report: file, line number, reason, the line.
    const report = fs.readFileSync(summary.reportFile as string, "latin1");
    expect(report).toContain("cordata0.txt\t4\twrong length: 1441 characters");
    expect(report).toContain("cordata0.txt\t5\tno document number\t");
    expect(report).toContain('cordata0.txt\t6\tunparseable file date "99999999"\tP24000000999');
    expect(report).toMatch(/unknown filing codes .*XYZZY 1/);

    const imports = client().prepare("SELECT file_name, sha256, summary FROM registry_imports").all() as { file_name: string; sha256: string; summary: string }[];
    expect(imports).toHaveLength(1);
    expect(imports[0].file_name).toBe("cordata0.txt");
    expect(imports[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.parse(imports[0].summary)).toMatchObject({ inserted: 3, updated: 1, rejected: 3 });
  });

  it("changes nothing on a rerun: the same file is skipped by SHA-256, the same records are unchanged", async () => {
    const versionBefore = version();
    const [again] = await importRegistryFiles(client(), [quarterly], { reportDir });
    expect(again.skipped).toMatch(/already imported .*nothing changed/);
    // Same records, different bytes (LF instead of CRLF, so another SHA-256): compared row by row.
    const copy = path.join(dir, "cordata1.txt");
    fs.writeFileSync(copy, fs.readFileSync(quarterly, "latin1").replace(/\r\n/g, "\n"), "latin1");
    const [rows] = await importRegistryFiles(client(), [copy], { reportDir });
    expect(rows).toMatchObject({ read: 7, inserted: 0, updated: 0, unchanged: 4, rejected: 3 });
    expect(version()).toBe(versionBefore);
  });

  it("applies a daily file that changes a claimed business's address, keeping what the product owns", async () => {
    const daily = path.join(dir, "20261120c.txt");
    writeCordata(daily, [{ ...claimedRecord("4100 PEMBROKE RD"), officers: [{ title: "MGR", type: "P", name: "ROE, RICHARD" }] }]);
    const [summary] = await importRegistryFiles(client(), [daily], { reportDir });
    expect(summary).toMatchObject({ read: 1, updated: 1, inserted: 0 });
    expect(one<{ address1: string; agent_address: string }>("SELECT address1, agent_address FROM businesses WHERE id = ?", claimedId)).toEqual({
      address1: "4100 PEMBROKE RD",
      agent_address: "4100 PEMBROKE RD",
    });
    expect(client().prepare("SELECT name FROM business_officers WHERE business_id = ?").all(claimedId)).toEqual([{ name: "ROE, RICHARD" }]);
    expect(productFields()).toEqual(productBefore);
    // The old officer left the people index with the block it came from.
    const byName = (q: string) => (client().prepare("SELECT rowid FROM people_fts WHERE people_fts MATCH ?").all(q) as { rowid: number }[]).map((r) => r.rowid);
    expect(byName('"roe"')).toEqual([claimedId * 8 + 1]);
    expect(byName('"doe"')).toEqual([claimedId * 8]); // still the agent
  });

  it("finds businesses by officer, agent, ZIP, street address and FEI, and says why", () => {
    const docs = (filters: Parameters<typeof searchBusinesses>[0]) => searchBusinesses(filters).businesses.map((b) => b.documentNumber);
    const officer = searchBusinesses({ person: "jose pena" }).businesses;
    expect(officer.map((b) => [b.documentNumber, b.matchedBy])).toEqual([["P97000012345", ["Officer: PEÑA, JOSÉ A"]]]);
    expect(searchBusinesses({ person: "sunshine registered" }).businesses[0].matchedBy).toEqual([
      "Registered agent: SUNSHINE REGISTERED AGENT LLC",
    ]);
    expect(docs({ person: "roe richard" })).toEqual([CLAIMED_DOC]);
    expect(docs({ person: "nobody atall" })).toEqual([]);
    expect(docs({ person: "jose", name: "cafe" })).toEqual(["P97000012345"]);
    expect(docs({ zip: "33023-12" })).toEqual(["P97000012345"]);
    expect(docs({ address: "3150 sw 52" })).toEqual(["P97000012345"]);
    expect(docs({ fei: "591234567" })).toEqual(["P97000012345"]);
    expect(docs({ fei: "59-1234567" })).toEqual(["P97000012345"]);
    expect(searchBusinesses({ fei: "59-1234567" }).businesses[0].matchedBy).toEqual(["FEI: 59-1234567"]);
  });

  it("counts a business as the town's when its principal city and ZIP are the town's (TOWN_CITY_NAMES, TOWN_ZIPS)", () => {
    const docs = (filters: Parameters<typeof searchBusinesses>[0]) => searchBusinesses(filters).businesses.map((b) => b.documentNumber).sort();
    // P97000012345: PEMBROKE PARK 33023-1234 (the file's spelling), the claimed one: PEMBROKE PARK 33023,
    // and the seeded row's own spelling is gone (the import rewrote it). A town name in any case works.
    expect(docs({ city: "Pembroke Park" })).toEqual([CLAIMED_DOC, "P97000012345"]);
    expect(docs({ city: "pembroke park" })).toEqual([CLAIMED_DOC, "P97000012345"]);
    // Another city is an exact match, as before.
    expect(docs({ city: "HOLLYWOOD" })).toEqual([]);
    // Filters answered inside the full-text index (its tags) see the imported rows too: the
    // import's rebuild of the index writes the same document as the triggers.
    expect(docs({ city: "Pembroke Park", status: "ACTIVE", type: "LLC" })).toEqual([CLAIMED_DOC]);
    expect(docs({ name: "claimed bakery", status: "ACTIVE" })).toEqual([CLAIMED_DOC]);
    expect(docs({ status: "ACTIVE", claimed: true })).toEqual([CLAIMED_DOC]);
  });

  it("a full load's one-time index rebuild indexes what the triggers would: filters answered in the index find its rows", async () => {
    const file = path.join(dir, "rebuild.txt");
    writeCordata(file, [
      { documentNumber: "N24000000321", name: "REBUILT TAGS FOUNDATION INC", status: "I", filingType: "DOMNP",
        principal: { address1: "1 MAIN ST", city: "MIAMI", state: "FL", zip: "33101", country: "US" },
        agent: { name: "QUILLFEATHER, OONA", type: "P" }, officers: [{ title: "P", type: "P", name: "VANTABLACK, IDA" }] },
    ]);
    const [summary] = await importRegistryFiles(client(), [file], { reportDir, mode: "rebuild" });
    expect(summary).toMatchObject({ inserted: 1, mode: "rebuild" });
    const docs = (filters: Parameters<typeof searchBusinesses>[0]) => searchBusinesses(filters).businesses.map((b) => b.documentNumber);
    expect(docs({ name: "rebuilt tags", status: "INACTIVE", type: "CORP" })).toEqual(["N24000000321"]);
    expect(docs({ city: "MIAMI", status: "INACTIVE", type: "CORP" })).toContain("N24000000321");
    expect(docs({ status: "INACTIVE", type: "CORP", claimed: false })).toContain("N24000000321");
    // The ZIP's and the street address's tags too (a short address alone is answered in the index).
    expect(docs({ zip: "331", address: "1 main", status: "INACTIVE" })).toEqual(["N24000000321"]);
    expect(docs({ address: "1 MAIN", type: "CORP" })).toEqual(["N24000000321"]);
    // The people index's documents carry the same tags (drizzle/0021): an agent or an officer with
    // a status, a ZIP, a street or a number's prefix.
    expect(docs({ person: "quillfeather", status: "INACTIVE", zip: "331", address: "1 m", doc: "N24" })).toEqual(["N24000000321"]);
    expect(docs({ person: "vantablack", address: "1 main st", doc: "N24000000321" })).toEqual(["N24000000321"]);
    // The triggers (the latest migration's printed SQL) hold the very expression the rebuild uses.
    const triggers = client().prepare("SELECT name, sql FROM sqlite_master WHERE name IN ('businesses_fts_ai', 'businesses_fts_au')").all() as {
      name: string;
      sql: string;
    }[];
    expect(triggers.map((t) => t.name).sort()).toEqual(["businesses_fts_ai", "businesses_fts_au"]);
    for (const t of triggers) expect(t.sql, t.name).toContain(ftsDocumentSql("new"));
    const peopleTrigger = (name: string) => (client().prepare("SELECT sql FROM sqlite_master WHERE name = ?").pluck().get(name) as string) ?? "";
    expect(peopleTrigger("business_officers_people_ai")).toContain(peopleDocumentSql("new.name", "b"));
    expect(peopleTrigger("business_officers_people_au")).toContain(peopleDocumentSql("new.name", "b"));
    expect(peopleTrigger("businesses_agent_people_ai")).toContain(agentDocumentSql("new.agent_name", "new"));
    expect(peopleTrigger("businesses_agent_people_au")).toContain(agentDocumentSql("new.agent_name", "new"));
    expect(peopleTrigger("businesses_agent_people_au")).toContain(peopleDocumentSql("o.name", "new"));
    // The town's tests above still hold after the rebuild (every row was reindexed).
    expect(docs({ city: "Pembroke Park", status: "ACTIVE", type: "LLC" })).toEqual([CLAIMED_DOC]);
    // The planner's statistics of the rebuilt indexes, as the search benchmark measured with them.
    const stats = client().prepare("SELECT idx FROM sqlite_stat1 WHERE tbl = 'businesses'").pluck().all() as string[];
    expect(stats).toEqual(expect.arrayContaining(["businesses_document_filters_idx", "businesses_type_document_idx", "businesses_city_name_idx"]));
    // The index builds' sorts ran with a helper per other core (at most 3), none on one core.
    expect(client().pragma("threads", { simple: true })).toBe(sortThreads());
    expect([1, 2, 4, 64].map((cores) => sortThreads(cores))).toEqual([0, 1, 3, 3]);
    // The bulk fill's settings (big buffer, no merging) are put back for the server's own writes,
    // and each index is one merged segment, whole.
    for (const fts of ["businesses_fts", "people_fts"]) {
      const config = Object.fromEntries(
        (client().prepare(`SELECT k, v FROM ${fts}_config`).all() as { k: string; v: number }[]).map((r) => [r.k, r.v]),
      );
      expect(config).toMatchObject({ automerge: 4, hashsize: 1 << 20 });
      expect(() => client().exec(`INSERT INTO ${fts}(${fts}) VALUES ('integrity-check')`)).not.toThrow();
    }
  });

  it("a full load leaves no free pages: the B-tree indexes fill the pages the full-text merges freed", async () => {
    // 20,000 generated records are enough for the people index's bulk fill to write several
    // segments, which its 'optimize' merges and frees (4 MB when the B-trees were built first).
    const file = path.join(dir, "free-pages.db");
    const source = path.join(dir, "free-pages.txt");
    await writeCordataFile(source, 0, 20_000, () => false);
    const db = openDatabase(file).$client;
    try {
      const [summary] = await importRegistryFiles(db, [source], { reportDir, mode: "rebuild" });
      expect(summary).toMatchObject({ inserted: 20_000, mode: "rebuild" });
      expect(db.pragma("freelist_count", { simple: true })).toBe(0);
    } finally {
      db.close();
    }
  }, 60_000);

  it("refuses a file that is not in the layout (PDF, CSV, empty) before writing anything", async () => {
    const pdf = path.join(dir, "cordata.pdf");
    fs.writeFileSync(pdf, "%PDF-1.7\n1 0 obj\n");
    const csv = path.join(dir, "export.csv");
    fs.writeFileSync(csv, "document_number,name,status\nL1,ACME,A\n");
    const empty = path.join(dir, "empty.txt");
    fs.writeFileSync(empty, "");
    const good = path.join(dir, "good.txt");
    writeCordata(good, [{ documentNumber: "L24000000321", name: "NEVER LOADED LLC", status: "A", filingType: "FLAL" }]);
    const before = { businesses: count("businesses"), imports: count("registry_imports") };
    await expect(importRegistryFiles(client(), [pdf], { reportDir })).rejects.toThrow(/not a Florida corporate data file.*PDF/);
    await expect(importRegistryFiles(client(), [csv], { reportDir })).rejects.toThrow(/CSV/);
    await expect(importRegistryFiles(client(), [empty], { reportDir })).rejects.toThrow(NotCordataError);
    // One bad file among good ones: nothing at all is imported.
    await expect(importRegistryFiles(client(), [good, csv], { reportDir })).rejects.toThrow(/CSV/);
    expect({ businesses: count("businesses"), imports: count("registry_imports") }).toEqual(before);
  });

  it("reads cordata.zip member by member, and a drop folder only once per file", async () => {
    const member = (doc: string, name: string) =>
      Buffer.from(`${formatCordataLine({ documentNumber: doc, name, status: "A", filingType: "FLAL" })}\r\n`, "latin1");
    const drop = path.join(dir, "drop");
    fs.mkdirSync(drop);
    writeZip(path.join(drop, "cordata.zip"), [
      { name: "cordata1.txt", data: member("L24000001001", "ZIPPED ONE LLC") },
      { name: "cordata0.txt", data: member("L24000001000", "ZIPPED ZERO LLC") },
    ]);
    writeCordata(path.join(drop, "20261121c.txt"), [{ documentNumber: "L24000001000", name: "ZIPPED ZERO RENAMED LLC", status: "A", filingType: "FLAL" }]);
    fs.writeFileSync(path.join(drop, "notes.md"), "not a state file");
    const first = await importPendingFiles(client(), drop, { reportDir });
    expect(first.map((s) => [s.file, s.inserted, s.updated])).toEqual([
      ["cordata.zip:cordata0.txt", 1, 0],
      ["cordata.zip:cordata1.txt", 1, 0],
      ["20261121c.txt", 0, 1], // the daily file after the quarterly one
    ]);
    expect(one<{ name: string }>("SELECT name FROM businesses WHERE document_number = 'L24000001000'").name).toBe("ZIPPED ZERO RENAMED LLC");
    const second = await importPendingFiles(client(), drop, { reportDir });
    expect(second.every((s) => s.skipped)).toBe(true);
  });

  it("the scheduled registry-import job imports what is new in REGISTRY_DROP_DIR, once, and says so when unset", async () => {
    const drop = path.join(dir, "job-drop");
    fs.mkdirSync(drop);
    const job = findJob("registry-import")!;
    const ctx = { now: new Date(), log: () => {} };
    delete process.env.REGISTRY_DROP_DIR;
    resetEnvCache();
    expect(await job.run(ctx)).toEqual({ skipped: "REGISTRY_DROP_DIR is not set" });

    process.env.REGISTRY_DROP_DIR = drop;
    resetEnvCache();
    writeCordata(path.join(drop, "20261122c.txt"), [{ documentNumber: "L24000002000", name: "DROPPED DAILY LLC", status: "A", filingType: "FLAL" }]);
    const before = version();
    const [outcome] = await runAllJobs([job], { now: new Date() });
    expect(outcome).toMatchObject({ status: "ran", result: { files: [{ file: "20261122c.txt", skipped: null, inserted: 1, updated: 0, rejected: 0 }] } });
    expect(one<{ name: string }>("SELECT name FROM businesses WHERE document_number = 'L24000002000'").name).toBe("DROPPED DAILY LLC");
    expect(version()).toBeGreaterThan(before); // the answer cache starts over
    const [again] = await runAllJobs([job], { now: new Date() });
    expect(again).toMatchObject({ status: "ran", result: { files: [{ file: "20261122c.txt", inserted: 0 }] } });
    expect((again as { result: { files: { skipped: string | null }[] } }).result.files[0].skipped).toBeTruthy();
    delete process.env.REGISTRY_DROP_DIR;
    resetEnvCache();
  });
});

describe("registry:import, the command", { timeout: 180_000 }, () => {
  const tsx = path.resolve("node_modules/.bin/tsx");
  const dbPath = path.join(dir, "cli.db");
  const env = { ...process.env, DATABASE_PATH: dbPath, NODE_ENV: "test" as const };
  const records = (n: number, suffix: string): CordataInput[] =>
    Array.from({ length: n }, (_, i) => ({
      documentNumber: `L25${String(i).padStart(9, "0")}`,
      name: `CRASH TEST ${i} ${suffix} LLC`,
      status: "A",
      filingType: "FLAL",
      officers: [{ title: "MGR", type: "P", name: `OFFICER${i}, ${suffix}` }],
    }));
  /**
   * `registry:import FILE` stopped at its fault point after `lines` lines, ready to be killed
   * (node itself, not the tsx wrapper, which would leave its child running: kill -9 hits the
   * importer). `kill` resolves with the signal it died of.
   */
  const importerAtFaultPoint = async (file: string, importEnv: NodeJS.ProcessEnv, lines: number) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", file], {
      env: { ...importEnv, IMPORT_FAULT_AFTER_LINES: String(lines) },
    });
    await new Promise<void>((resolve, reject) => {
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString();
        if (stderr.includes(`IMPORT FAULT POINT after ${lines} lines`)) resolve();
      });
      child.on("exit", (code) => reject(new Error(`importer exited (${code}) before the fault point: ${stderr}`)));
    });
    child.removeAllListeners("exit");
    return {
      kill: () => {
        const exited = new Promise((resolve) => child.on("exit", (_code, signal) => resolve(signal)));
        child.kill("SIGKILL");
        return exited;
      },
    };
  };
  const snapshot = () => {
    const db = new Database(dbPath, { readonly: true });
    try {
      return {
        names: (db.prepare("SELECT name FROM businesses ORDER BY document_number").all() as { name: string }[]).map((r) => r.name),
        officers: (db.prepare("SELECT count(*) AS n FROM business_officers").get() as { n: number }).n,
        imports: (db.prepare("SELECT count(*) AS n FROM registry_imports").get() as { n: number }).n,
        fts: (db.prepare("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH 'crash'").get() as { n: number }).n,
      };
    } finally {
      db.close();
    }
  };

  it("killed mid-file (kill -9) it keeps the records committed, each whole, and a rerun resumes where it stopped", async () => {
    const first = path.join(dir, "20261118c.txt");
    writeCordata(first, records(40, "OLD"));
    const ok = spawnSync(tsx, ["scripts/registry-import.ts", first], { env, encoding: "utf8", timeout: 120_000 });
    expect(ok.stderr).toBe("");
    expect(ok.status).toBe(0);
    expect(ok.stdout).toMatch(/inserted 40/);
    const before = snapshot();
    expect(before).toMatchObject({ officers: 40, imports: 1, fts: 40 });

    // A daily file that renames every business and adds 20, applied 10 records a transaction;
    // the importer stops inside the fourth transaction (after line 35, 5 records written in it).
    const second = path.join(dir, "20261119c.txt");
    writeCordata(second, records(60, "NEW"));
    const importer = await importerAtFaultPoint(second, { ...env, IMPORT_CHUNK_RECORDS: "10" }, 35);
    expect(await importer.kill()).toBe("SIGKILL");

    // Three transactions (lines 1-30) committed, the fourth rolled back: each business is
    // wholly old or wholly new (its name, officers and both indexes agree), none half written.
    const killed = snapshot();
    expect(killed.names.filter((n) => n.includes("NEW"))).toHaveLength(30);
    expect(killed.names).toHaveLength(40);
    expect(killed).toMatchObject({ officers: 40, imports: 1, fts: 40 });
    const db = new Database(dbPath, { readonly: true });
    try {
      const mixed = db
        .prepare(
          `SELECT count(*) AS n FROM businesses b JOIN business_officers o ON o.business_id = b.id
            WHERE substr(b.name, -7, 3) <> substr(o.name, -3)`,
        )
        .get() as { n: number };
      expect(mixed.n).toBe(0);
      expect(db.prepare("SELECT line FROM registry_import_progress").all()).toEqual([{ line: 30 }]);
      const peopleNew = db.prepare("SELECT count(*) AS n FROM people_fts WHERE people_fts MATCH 'new'").get() as { n: number };
      expect(peopleNew.n).toBe(30);
    } finally {
      db.close();
    }

    const rerun = spawnSync(tsx, ["scripts/registry-import.ts", second], { env, encoding: "utf8", timeout: 120_000 });
    expect(rerun.stderr).toBe("");
    expect(rerun.status).toBe(0);
    expect(rerun.stdout).toMatch(/resuming after line 30/);
    // The counts of both runs together: the file's summary is the whole file's.
    expect(rerun.stdout).toMatch(/read 60, inserted 20, updated 40, unchanged 0/);
    const after = snapshot();
    expect(after.names.every((n) => n.includes("NEW"))).toBe(true);
    expect(after).toMatchObject({ officers: 60, imports: 2, fts: 60 });
    const check = new Database(dbPath, { readonly: true });
    expect(check.prepare("SELECT count(*) AS n FROM registry_import_progress").get()).toEqual({ n: 0 });
    check.close();
  });

  it("into an empty registry (inserted without a lookup), a document number the file repeats is updated, not refused", async () => {
    const fresh = openDatabase(path.join(dir, "fresh.db")).$client;
    try {
      const file = path.join(dir, "fresh.txt");
      const record = (name: string, officer: string): CordataInput => ({
        documentNumber: "P26000000042",
        name,
        status: "A",
        filingType: "DOMP",
        principal: { address1: "1 MAIN ST", city: "MIAMI", state: "FL", zip: "33101" },
        officers: [{ title: "P", type: "P", name: officer }],
      });
      writeCordata(file, [record("FIRST NAME INC", "QUILLFEATHER, ANN"), { ...FULL_RECORD, documentNumber: "P26000000043" }, record("SECOND NAME INC", "JONES, BOB")]);
      const [summary] = await importRegistryFiles(fresh, [file], { reportDir });
      expect(summary).toMatchObject({ mode: "rebuild", read: 3, inserted: 2, updated: 1, rejected: 0 });
      const row = fresh.prepare("SELECT id, name FROM businesses WHERE document_number = 'P26000000042'").get() as { id: number; name: string };
      expect(row.name).toBe("SECOND NAME INC");
      expect(fresh.prepare("SELECT name FROM business_officers WHERE business_id = ?").all(row.id)).toEqual([{ name: "JONES, BOB" }]);
      const people = (q: string) => (fresh.prepare("SELECT rowid FROM people_fts WHERE people_fts MATCH ?").all(q) as { rowid: number }[]).length;
      expect([people('"jones"'), people('"quillfeather"')]).toEqual([1, 0]);
      expect((fresh.prepare("SELECT count(*) AS n FROM businesses").get() as { n: number }).n).toBe(2);
      // The import turns foreign-key checks off for its own rows only: the connection gets them back.
      expect(fresh.pragma("foreign_keys", { simple: true })).toBe(1);
      // With the file to itself, the load went through a rollback journal; the file is back in WAL.
      expect(summary.journal).toBe("rollback");
      expect(fresh.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      fresh.close();
    }
  });

  it("a first load beside another open connection stays in WAL, without waiting, and that connection reads it", async () => {
    const file = path.join(dir, "beside.db");
    const importer = openDatabase(file).$client;
    const server = new Database(file);
    try {
      expect(server.prepare("SELECT count(*) AS n FROM businesses").get()).toEqual({ n: 0 });
      const source = path.join(dir, "beside.txt");
      writeCordata(source, [{ ...FULL_RECORD, documentNumber: "P26000000044" }]);
      const started = performance.now();
      const [summary] = await importRegistryFiles(importer, [source], { reportDir });
      expect(performance.now() - started).toBeLessThan(4_000); // not the 5 s busy timeout
      expect(summary).toMatchObject({ mode: "rebuild", inserted: 1, journal: "wal" });
      expect(server.prepare("SELECT count(*) AS n FROM businesses").get()).toEqual({ n: 1 });
      expect(importer.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      server.close();
      importer.close();
    }
  });

  it("killed (kill -9) during a first load through its rollback journal, the registry is as before it, and a rerun loads it whole", async () => {
    const firstLoad = path.join(dir, "first-load.db");
    const loadEnv = { ...env, DATABASE_PATH: firstLoad };
    const file = path.join(dir, "cordata3.txt");
    writeCordata(file, records(60, "FIRST"));
    const importer = await importerAtFaultPoint(file, loadEnv, 35);
    // The load is written through a rollback journal (the file had no other connection).
    expect(fs.existsSync(`${firstLoad}-journal`)).toBe(true);
    expect(await importer.kill()).toBe("SIGKILL");

    // The next connection finds the hot journal and rolls the load back whole; the app's
    // connection puts the file back in WAL.
    const after = openDatabase(firstLoad).$client;
    try {
      expect(after.prepare("SELECT (SELECT count(*) FROM businesses) AS b, (SELECT count(*) FROM business_officers) AS o, (SELECT count(*) FROM registry_imports) AS i").get()).toEqual({ b: 0, o: 0, i: 0 });
      expect(after.pragma("journal_mode", { simple: true })).toBe("wal");
      expect(after.pragma("integrity_check", { simple: true })).toBe("ok");
      expect(fs.existsSync(`${firstLoad}-journal`)).toBe(false);
    } finally {
      after.close();
    }
    const rerun = spawnSync(tsx, ["scripts/registry-import.ts", file], { env: loadEnv, encoding: "utf8", timeout: 120_000 });
    expect(rerun.stderr).toBe("");
    expect(rerun.stdout).toMatch(/read 60, inserted 60, .*rebuild, rollback journal\)/);
    const loaded = new Database(firstLoad, { readonly: true });
    try {
      expect(loaded.prepare("SELECT count(*) AS n FROM businesses_fts WHERE businesses_fts MATCH 'first'").get()).toEqual({ n: 60 });
      expect(loaded.pragma("journal_mode", { simple: true })).toBe("wal");
    } finally {
      loaded.close();
    }
  });

  it("refuses a PDF with one clear message and exit code 2", () => {
    const pdf = path.join(dir, "registry.pdf");
    fs.writeFileSync(pdf, "%PDF-1.4\n%âãÏÓ\n");
    const result = spawnSync(tsx, ["scripts/registry-import.ts", pdf], { env, encoding: "utf8", timeout: 120_000 });
    expect(result.status).toBe(2);
    expect(result.stderr.trim()).toBe(
      "Refused: registry.pdf is not a Florida corporate data file (fixed-width lines of 1440 characters): it is a PDF document. Nothing was imported.",
    );
  });
});
