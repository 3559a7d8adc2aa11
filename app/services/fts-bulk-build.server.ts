/**
 * A full load's full-text indexes, built on the second core (README "Speed and memory",
 * decision 0015).
 *
 * Into an empty registry the importer writes the rows on the main thread and hands each
 * business's indexed text to a worker thread, which fills `businesses_fts` and `people_fts` of the
 * same definitions in a scratch database file beside the registry (no journal, no sync: it is
 * thrown away on any failure) and merges them there. While the worker builds, the main thread
 * goes on with the rows and then the B-tree indexes. Once both are done, the main thread copies
 * the finished indexes' shadow tables (FTS5's own pages, the same SQLite build on both sides)
 * into the registry inside the import's transaction, so the file is still applied whole or not
 * at all: a crash leaves the registry as it was, and only the scratch file behind, which the
 * next import removes.
 *
 * The text each index holds is worked out by the same SQL as the triggers' (ftsDocumentSql,
 * NAME_SQL), run by the worker over the values it is sent, so the two ways of indexing cannot
 * disagree.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/** The full-text indexes a full load builds this way, and FTS5's shadow tables of each that hold the index. */
const INDEXES = ["businesses_fts", "people_fts"] as const;
const SHADOW_TABLES = ["data", "idx", "docsize"] as const;

/** Records per message: large enough that messaging costs little, small enough to keep memory flat. */
const BATCH = 8192;
/** Messages the worker may have waiting before the main thread waits for it (memory stays flat). */
const MOST_WAITING = 4;

export type FtsBulkSql = {
  /** The FTS5 settings of the bulk fill (hashsize, automerge), applied to both indexes. */
  settings: Record<string, number>;
  /** The businesses_fts document of a row aliased `b` with columns name, city, status, filing_type, is_claimed. */
  businessDocument: string;
  /** The people_fts text of a column. */
  personName: (column: string) => string;
};

/**
 * The worker's code, plain JavaScript run with `eval` so that it loads the same way under tsx,
 * the tests and the server's bundle (none of which has to resolve a second module). It only
 * executes the SQL it is given.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const Database = require(workerData.driver);
let db;
try {
  db = new Database(workerData.file);
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -16384");
  for (const sql of workerData.schema) db.exec(sql);
  for (const sql of workerData.bulkSettings) db.exec(sql);
  const business = db.prepare(workerData.businessInsert);
  const person = db.prepare(workerData.personInsert);
  db.exec("BEGIN");
  parentPort.on("message", (message) => {
    try {
      if (message.type === "batch") {
        const b = message.businesses;
        for (let i = 0; i < b.length; i += 6) business.run(b[i], b[i + 1], b[i + 2], b[i + 3], b[i + 4], b[i + 5]);
        const p = message.people;
        for (let i = 0; i < p.length; i += 2) person.run(p[i], p[i + 1]);
        parentPort.postMessage({ type: "ack" });
      } else if (message.type === "finish") {
        for (const sql of workerData.finishing) db.exec(sql);
        db.exec("COMMIT");
        db.close();
        parentPort.postMessage({ type: "done" });
      }
    } catch (error) {
      parentPort.postMessage({ type: "error", message: String(error && error.stack || error) });
    }
  });
} catch (error) {
  parentPort.postMessage({ type: "error", message: String(error && error.stack || error) });
}
`;

/** The scratch file of the registry at `dbFile`. */
export const scratchFileOf = (dbFile: string) => `${dbFile}-fts-build`;

export class FtsBulkBuild {
  private readonly worker: Worker;
  private businesses: unknown[] = [];
  private people: unknown[] = [];
  private waiting = 0;
  private failure: Error | null = null;
  private wake: (() => void) | null = null;
  private done = false;

  private constructor(
    private readonly file: string,
    workerData: Record<string, unknown>,
  ) {
    this.worker = new Worker(WORKER_SOURCE, { eval: true, workerData });
    this.worker.on("message", (message: { type: string; message?: string }) => {
      if (message.type === "ack") this.waiting--;
      else if (message.type === "done") this.done = true;
      else if (message.type === "error") this.failure = new Error(`full-text index build: ${message.message}`);
      this.wake?.();
    });
    this.worker.on("error", (error) => {
      this.failure = new Error(`full-text index build: ${error.stack ?? error}`);
      this.wake?.();
    });
    this.worker.on("exit", (code) => {
      if (!this.done && !this.failure) this.failure = new Error(`full-text index build stopped (exit code ${code})`);
      this.wake?.();
    });
  }

  /** Starts the worker on a new scratch file beside the registry `db` (an older one is removed). */
  static start(db: Database.Database, sql: FtsBulkSql): FtsBulkBuild {
    const file = scratchFileOf(db.name);
    removeScratch(file);
    const schema = INDEXES.map((name) => {
      const row = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) as { sql: string } | undefined;
      if (!row) throw new Error(`${name} is missing: run the migrations first`);
      return row.sql;
    });
    const bulkSettings = INDEXES.flatMap((fts) =>
      Object.entries(sql.settings).map(([key, value]) => `INSERT INTO ${fts}(${fts}, rank) VALUES ('${key}', ${Number(value)})`),
    );
    return new FtsBulkBuild(file, {
      driver: createRequire(import.meta.url).resolve("better-sqlite3"),
      file,
      schema,
      bulkSettings,
      businessInsert: `INSERT INTO businesses_fts(rowid, name)
        SELECT ?, ${sql.businessDocument} FROM (SELECT ? AS name, ? AS city, ? AS status, ? AS filing_type, CAST(? AS INTEGER) AS is_claimed) b`,
      personInsert: `INSERT INTO people_fts(rowid, name) VALUES (?, ${sql.personName("?")})`,
      finishing: INDEXES.map((fts) => `INSERT INTO ${fts}(${fts}) VALUES ('optimize')`),
    });
  }

  /** A business row as the import wrote it. */
  addBusiness(id: number, name: string, city: string | null, status: string, filingType: string, isClaimed: number) {
    this.businesses.push(id, name, city, status, filingType, isClaimed);
  }

  /** A person of people_fts (rowid = business id x 8 + block). */
  addPerson(rowid: number, name: string) {
    this.people.push(rowid, name);
  }

  /** Sends what was added when a batch is full, waiting while the worker is behind. */
  async flush(force = false): Promise<void> {
    this.check();
    if (!force && this.businesses.length < BATCH * 6) return;
    if (this.businesses.length === 0 && this.people.length === 0) return;
    while (this.waiting >= MOST_WAITING) await this.next();
    this.worker.postMessage({ type: "batch", businesses: this.businesses, people: this.people });
    this.waiting++;
    this.businesses = [];
    this.people = [];
  }

  /** Sends the rest and waits for the worker to finish both indexes (merged into one segment each). */
  async finish(): Promise<void> {
    await this.flush(true);
    this.worker.postMessage({ type: "finish" });
    while (!this.done) await this.next();
  }

  /**
   * Copies the finished indexes into the registry, replacing what they held: inside the caller's
   * open transaction. FTS5 keeps its shadow tables read-only to SQL (SQLite's defensive mode), so
   * that is lifted for the copy alone.
   */
  copyInto(db: Database.Database) {
    if (!this.done) throw new Error("the full-text index build has not finished");
    db.prepare("ATTACH DATABASE ? AS fts_build").run(this.file);
    db.unsafeMode(true);
    try {
      for (const fts of INDEXES)
        for (const table of SHADOW_TABLES) {
          db.exec(`DELETE FROM main.${fts}_${table}`);
          db.exec(`INSERT INTO main.${fts}_${table} SELECT * FROM fts_build.${fts}_${table}`);
        }
    } finally {
      db.unsafeMode(false);
    }
  }

  /**
   * Stops the worker and removes the scratch file; after the import's commit or rollback (the
   * registry's connection holds the file attached until then).
   */
  async dispose(db: Database.Database) {
    await this.worker.terminate();
    const attached = (db.pragma("database_list") as { name: string }[]).some((d) => d.name === "fts_build");
    if (attached) db.exec("DETACH DATABASE fts_build");
    removeScratch(this.file);
  }

  private check() {
    if (this.failure) throw this.failure;
  }

  private async next(): Promise<void> {
    this.check();
    await new Promise<void>((resolve) => (this.wake = resolve));
    this.wake = null;
    this.check();
  }
}

function removeScratch(file: string) {
  for (const suffix of ["", "-journal", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
}
