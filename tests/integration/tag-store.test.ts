/**
 * The search's copy of the status, type, claimed and number's first two characters (app/models/search/tag-store.server.ts,
 * decision 0030) must answer exactly what the rows answer: after a load, after another
 * connection's updates, inserts and deletes, after its last seen change was trimmed away or the
 * registry loaded again, and while a large registry's copy is read in steps.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it, vi } from "vitest";
import { openDatabase } from "~/db/client.server";
import type { CordataInput } from "~/lib/cordata-writer";
import { importRegistryFiles } from "~/services/registry-import.server";
import { currentTagStore, MOST_FILTERS, readTagStore, TAG_CHANGES_KEPT, TAG_STORE_READS, trimTagChanges, type TagCheck } from "~/models/search/tag-store.server";
import { writeCordata } from "../support/cordata-files";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-tag-store-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const records = (n: number): CordataInput[] =>
  Array.from({ length: n }, (_, i) => ({
    // Their second characters 0 to 6, which the copy holds too.
    documentNumber: `L${i % 7}${String(i).padStart(10, "0")}`,
    name: `TAG STORE ${i} LLC`,
    status: ["A", "I", "A"][i % 3],
    filingType: ["FLAL", "DOMP", "FORP", "DOMLP"][i % 4],
    principal: { address1: i % 4 === 0 ? "100 SAME ST" : `${i} MAIN ST`, city: "MIAMI", state: "FL", zip: ["33101", "331021234", "3310", "", "90210"][i % 5] },
    // Two agents frequent enough to be tokens (decision 0032), the others a name each.
    agent: { name: i % 3 === 0 ? "C T CORPORATION SYSTEM" : i % 10 === 1 ? "REGISTERED AGENTS INC." : `AGENT ${i}, ANN`, type: "C" },
  }));

const CHECKS: TagCheck[] = [
  { status: "ACTIVE" },
  { type: "LLC" },
  { status: "INACTIVE", type: "CORP" },
  { claimed: true },
  { claimed: false },
  { status: "ACTIVE", type: "LLC", claimed: false },
  { status: "REVOKED" },
  { status: "PENDING" },
  { status: "NOT A STATUS" },
  { doc: "L" },
  { doc: "Q", status: "ACTIVE" },
  { doc: "N" },
  { doc: "L3" },
  { doc: "L0", status: "INACTIVE" },
  { doc: "Q0" },
  { doc: "N1" },
  { doc: "L7" },
  { zip: "3" },
  { zip: "331" },
  { zip: "33100" },
  { address: "1" },
  { address: "12" },
  { address: "1", zip: "331", status: "ACTIVE" },
  { address: "M" },
  { address: " " },
  { zip: "33101" },
  { zip: "33102", status: "ACTIVE" },
  { zip: "9" },
];

const SQL_OF = (check: TagCheck) => {
  const clauses = ["1"];
  const params: unknown[] = [];
  const add = (clause: string, value: unknown) => {
    clauses.push(clause);
    params.push(value);
  };
  if (check.status !== undefined) add("status = ?", check.status);
  if (check.type !== undefined) add("filing_type = ?", check.type);
  if (check.claimed !== undefined) add("is_claimed = ?", check.claimed ? 1 : 0);
  if (check.doc !== undefined) add(`substr(document_number, 1, ${check.doc.length}) = ?`, check.doc);
  if (check.zip !== undefined) add("zip LIKE ?", `${check.zip}%`);
  if (check.address !== undefined) add(`substr(upper(address1), 1, ${check.address.length}) = ?`, check.address);
  return { where: clauses.join(" AND "), params };
};

/** Each check's businesses by the copy and by the rows. */
function both(db: Database.Database) {
  const store = currentTagStore(db);
  if (!store) throw new Error("the copy is not current");
  return CHECKS.map((check) => {
    const sql = SQL_OF(check);
    return {
      check,
      copy: db.prepare("SELECT id FROM businesses WHERE tag_in(id, ?) ORDER BY id").pluck().all(store.handle(check)),
      rows: db.prepare(`SELECT id FROM businesses WHERE ${sql.where} ORDER BY id`).pluck().all(...sql.params),
    };
  });
}

/** Each business's frequent agent (its code; 0: none) by the copy and by the rows. */
function agents(db: Database.Database) {
  const store = currentTagStore(db)!;
  const ids = db.prepare("SELECT id FROM businesses ORDER BY id").pluck().all() as number[];
  const rows = db
    .prepare("SELECT coalesce(f.code, 0) FROM businesses b LEFT JOIN frequent_agents f ON f.name = b.agent_name ORDER BY b.id")
    .pluck()
    .all();
  return { copy: ids.map((id) => store.agentOf(id)), rows };
}

/** Each check's businesses of each frequent agent by the copy's lists, and by the rows. */
function byAgentLists(db: Database.Database) {
  const store = currentTagStore(db)!;
  const codes = db.prepare("SELECT code FROM frequent_agents ORDER BY code").pluck().all() as number[];
  return CHECKS.flatMap((check) =>
    codes.map((code) => {
      const sql = SQL_OF(check);
      return {
        what: `${JSON.stringify(check)} agent ${code}`,
        copy: store.agentPassing(code, store.handle(check)),
        firstFive: store.agentPassing(code, store.handle(check), 5),
        rows: db
          .prepare(`SELECT b.id FROM businesses b JOIN frequent_agents f ON f.name = b.agent_name AND f.code = ? WHERE ${sql.where} ORDER BY b.id`)
          .pluck()
          .all(code, ...sql.params),
      };
    }),
  );
}

function expectAgree(db: Database.Database) {
  const answers = both(db);
  const store = currentTagStore(db)!;
  const ids = db.prepare("SELECT id FROM businesses ORDER BY id").pluck().all() as number[];
  for (const a of answers) {
    expect(a.copy, JSON.stringify(a.check)).toEqual(a.rows);
    // The same check without a call an id, on a list with repeats (a business's several people).
    expect(store.passing(ids.flatMap((id) => [id, id]), store.handle(a.check)), JSON.stringify(a.check)).toEqual(a.rows);
    expect(store.passing(ids, store.handle(a.check), 5), JSON.stringify(a.check)).toEqual(a.rows.slice(0, 5));
  }
  for (const a of byAgentLists(db)) {
    expect(a.copy, a.what).toEqual(a.rows);
    expect(a.firstFive, a.what).toEqual(a.rows.slice(0, 5));
  }
  const byAgent = agents(db);
  expect(byAgent.copy).toEqual(byAgent.rows);
  return answers;
}

/** Reads as a large registry is read (in steps of 40), on a new connection to the test's file. */
const STEPS = { atOnce: 0, step: 40 };
async function inSteps(test: (db: Database.Database) => Promise<void>) {
  const saved = { ...TAG_STORE_READS };
  Object.assign(TAG_STORE_READS, STEPS);
  const db = new Database(path.join(dir, "registry.db"));
  try {
    await test(db);
  } finally {
    Object.assign(TAG_STORE_READS, saved);
    db.close();
  }
}

const entries = (db: Database.Database) => db.prepare("SELECT business_id FROM business_tag_changes ORDER BY seq").pluck().all();

describe("the search's copy of status, type and claimed", { timeout: 60_000 }, () => {
  const file = path.join(dir, "cordata0.txt");
  writeCordata(file, records(300));
  const dbFile = path.join(dir, "registry.db");

  it("matches the rows after a load, and follows another connection's changes", async () => {
    const db = openDatabase(dbFile).$client;
    await importRegistryFiles(db, [file], { mode: "rebuild", verificationCode: () => "1234567" });
    // A load leaves one entry: every business may have changed.
    expect(entries(db)).toEqual([0]);
    const first = expectAgree(db);
    expect(first.find((a) => a.check.status === "ACTIVE")!.rows.length).toBe(200);
    // The load chose both agents; the copy read their businesses from people_fts.
    expect(db.prepare("SELECT code, name FROM frequent_agents ORDER BY code").raw().all()).toEqual([
      [1, "C T CORPORATION SYSTEM"],
      [2, "REGISTERED AGENTS INC."],
    ]);
    expect(agents(db).copy.filter((code) => code === 1).length).toBe(100);

    const other = new Database(dbFile);
    try {
      other.prepare("UPDATE businesses SET status = 'REVOKED', is_claimed = 1 WHERE id IN (3, 4)").run();
      other.prepare("UPDATE businesses SET filing_type = 'CORP' WHERE id = 10").run();
      // A ZIP changed, one removed, one that is no ZIP.
      other.prepare("UPDATE businesses SET zip = '99999' WHERE id = 13").run();
      other.prepare("UPDATE businesses SET zip = NULL WHERE id = 14").run();
      other.prepare("UPDATE businesses SET zip = '3A101' WHERE id = 16").run();
      // A street changed (its first characters), one removed, one starting with a character the tag does not keep.
      other.prepare("UPDATE businesses SET address1 = 'MAIN ST 9' WHERE id = 17").run();
      other.prepare("UPDATE businesses SET address1 = NULL WHERE id = 18").run();
      other.prepare("UPDATE businesses SET address1 = '#12 OAK ST' WHERE id = 19").run();
      // A number whose first character changes.
      other.prepare("UPDATE businesses SET document_number = 'Q' || substr(document_number, 2) WHERE id IN (7, 8)").run();
      // A change of another column, or of a number's later characters, writes no entry.
      const before = entries(db).length;
      other.prepare("UPDATE businesses SET name = 'RENAMED LLC', status = status, document_number = document_number || 'X' WHERE id = 11").run();
      expect(entries(db).length).toBe(before);
      // An agent that becomes a frequent one, one that stops being, and a frequent one changed for the other.
      other.prepare("UPDATE businesses SET agent_name = 'C T CORPORATION SYSTEM' WHERE id = 2").run();
      other.prepare("UPDATE businesses SET agent_name = 'SOMEONE, ELSE' WHERE id = 4").run();
      other.prepare("UPDATE businesses SET agent_name = 'REGISTERED AGENTS INC.' WHERE id = 7").run();
      other.prepare("DELETE FROM businesses WHERE id = 12").run();
      other
        .prepare("INSERT INTO businesses (name, document_number, filing_type, status, is_claimed) VALUES ('NEW ONE LLC', 'N1', 'LLC', 'ACTIVE', 0)")
        .run();
      // Beyond the copy's arrays, with a frequent agent: the arrays grow and the agent's list is made again.
      other
        .prepare("INSERT INTO businesses (id, name, document_number, filing_type, status, zip, address1, agent_name) VALUES (5000, 'FAR ID INC', 'N2', 'CORP', 'REVOKED', '33101', '12 FAR RD', 'C T CORPORATION SYSTEM')")
        .run();
    } finally {
      other.close();
    }
    const after = expectAgree(db);
    expect(after.find((a) => a.check.status === "REVOKED")!.copy).toEqual([3, 4, 5000]);
    expect(after.find((a) => a.check.claimed === true)!.copy).toEqual([3, 4]);
    expect(after.find((a) => a.check.doc === "Q")!.copy).toEqual([7]);
    expect(after.find((a) => a.check.doc === "N")!.copy.length).toBe(2);
    expect([2, 4, 7].map((id) => currentTagStore(db)!.agentOf(id))).toEqual([1, 0, 2]);
    const inZip = (zip: string) => after.find((a) => a.check.zip === zip && !a.check.status)?.copy ?? [];
    expect([inZip("9").includes(13), inZip("3").includes(14), inZip("3").includes(16), inZip("331").includes(16)]).toEqual([true, false, true, false]);
    // A frequent agent's business whose ZIP and status change, alone (no agent changes with it, so
    // the agents' lists are not made again): its entry in its agent's list follows.
    const agentBusiness = db.prepare("SELECT id FROM businesses WHERE agent_name = 'C T CORPORATION SYSTEM' AND zip LIKE '33%' ORDER BY id LIMIT 1").pluck().get();
    const third = new Database(dbFile);
    third.prepare("UPDATE businesses SET zip = '90210', status = 'REVOKED', address1 = 'MAPLE AVE' WHERE id = ?").run(agentBusiness);
    third.close();
    const last = expectAgree(db);
    expect(last.find((a) => a.check.zip === "9" && !a.check.status)!.copy).toContain(agentBusiness);
    expect(last.find((a) => a.check.address === "M")!.copy).toEqual(expect.arrayContaining([17, agentBusiness]));
    db.close();
  });

  it("is not used inside a transaction, whose changes may be rolled back (their entries' numbers then given to others)", () => {
    const db = openDatabase(dbFile).$client;
    expectAgree(db);
    db.exec("BEGIN");
    db.prepare("UPDATE businesses SET status = 'WITHDRAWN' WHERE id = 30").run();
    expect(currentTagStore(db)).toBeNull();
    db.exec("ROLLBACK");
    // A change made after the rollback takes the number the rolled-back entry had.
    db.prepare("UPDATE businesses SET status = 'DISSOLVED' WHERE id = 31").run();
    expect(db.prepare("SELECT tag_in(31, ?), tag_in(30, ?)").raw().get(currentTagStore(db)!.handle({ status: "DISSOLVED" }), currentTagStore(db)!.handle({ status: "WITHDRAWN" }))).toEqual([1, 0]);
    expectAgree(db);
    db.close();
  });

  it("forgets the filters asked once there are many of them, when a search asks for the copy, and answers the same after", () => {
    const db = openDatabase(dbFile).$client;
    const store = currentTagStore(db)!;
    const zipHandle = store.handle({ zip: "331" });
    for (let i = 0; store.handle({ zip: String(10_000 + i) }) < MOST_FILTERS; i++);
    // Within a search its handles hold; the next search starts the handles again.
    expect(store.handle({ zip: "331" })).toBe(zipHandle);
    const again = currentTagStore(db)!;
    expect(again.handle({ status: "ACTIVE" })).toBe(0);
    expectAgree(db);
    db.close();
  });

  it("reads itself again whole when its last seen change was trimmed away, or the registry was loaded again", async () => {
    const db = openDatabase(dbFile).$client;
    expectAgree(db);
    // More changes than kept, made by another connection: the importer's trim leaves a gap.
    const other = new Database(dbFile);
    other.exec(`WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${TAG_CHANGES_KEPT + 5})
      INSERT INTO business_tag_changes (business_id) SELECT 1 FROM n`);
    other.prepare("UPDATE businesses SET status = 'WITHDRAWN' WHERE id = 20").run();
    trimTagChanges(other);
    expect(entries(db).length).toBe(TAG_CHANGES_KEPT);
    expect(expectAgree(db).find((a) => a.check.status === "ACTIVE")!.rows).not.toContain(20);
    expect(db.prepare("SELECT tag_in(20, ?)").pluck().get(currentTagStore(db)!.handle({ status: "WITHDRAWN" }))).toBe(1);
    // A load again (entry 0), the rows changed under it without entries of their own.
    other.exec("DROP TRIGGER businesses_tags_au");
    other.prepare("UPDATE businesses SET status = 'DISSOLVED' WHERE id = 21").run();
    other.exec("INSERT INTO business_tag_changes (business_id) VALUES (0)");
    other.close();
    expect(db.prepare("SELECT tag_in(21, ?)").pluck().get(currentTagStore(db)!.handle({ status: "DISSOLVED" }))).toBe(1);
    expectAgree(db);
    db.close();
  });

  it("reads a large registry in steps, leaving the searches on the rows until it is done, and catches up with changes made meanwhile", () =>
    inSteps(async (db) => {
      expect(currentTagStore(db)).toBeNull();
      expect(currentTagStore(db)).toBeNull();
      // Between the steps, another connection changes a business the read has not reached yet.
      const other = new Database(dbFile);
      await new Promise((resolve) => setImmediate(resolve));
      other.prepare("UPDATE businesses SET status = 'PENDING' WHERE id = (SELECT max(id) FROM businesses WHERE filing_type = 'LLC' AND id < 5000)").run();
      other.close();
      await readTagStore(db);
      const answers = expectAgree(db);
      expect(answers.find((a) => a.check.type === "LLC")!.copy.length).toBeGreaterThan(40);
    }));

  it("is one copy per connection for the whole process, whichever copy of the module read it (the server's build, its start script)", () =>
    inSteps(async (db) => {
      await readTagStore(db);
      vi.resetModules();
      const again = await import("~/models/search/tag-store.server");
      Object.assign(again.TAG_STORE_READS, STEPS);
      expect(again.currentTagStore(db)).not.toBeNull();
    }));
});
