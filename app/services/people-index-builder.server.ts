/**
 * The people full-text index of a registry's first load, built on the second core while the
 * importer writes the rows (decision 0029). Filling people_fts is a third of a full load's time
 * (600 of 1,665 s at 10.3M records) and FTS5 fills an index on one thread; here a worker
 * (people-index-worker.mjs) fills a scratch database's people_fts from the batches the importer
 * posts, with the same SQL as the importer's own fill, and the importer copies the finished
 * index's shadow tables into its transaction at the end.
 *
 * Three rules of SQLite and FTS5 shape it (the third, defensive mode, is at copyInto):
 * - ATTACH is refused inside a transaction, and BEGIN IMMEDIATE takes a lock on every attached
 *   database: the scratch file is attached before the load's transaction, which then begins
 *   deferred (the load has the file to itself: rollbackJournalForRebuild), so the worker can
 *   write it until the copy reads it.
 * - FTS5 keeps a table's segment structure cached per connection and reads it again only after
 *   another connection committed or a rollback: after the copy, a savepoint rolled back makes
 *   the importer's connection read the copied structure (`reload`).
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";

/** What the worker runs (all from the importer, so that both fills are the same SQL). */
export type PeopleIndexSql = {
  /** Pragmas, the scratch tables `businesses`, `business_officers` and `frequent_agents`, people_fts, its bulk settings. */
  setup: string[];
  /** Inserts one scratch business: id, agent_name, city, status, filing_type, is_claimed, document_number, zip, address1. */
  insertBusiness: string;
  /** Inserts one scratch officer: business_id, position, name. */
  insertOfficer: string;
  /** Inserts one frequent agent: code, name (the scratch copy of `frequent_agents`). */
  insertAgent: string;
  /** The last id of the next chunk of stored businesses to index (null when none is left). */
  nextChunk: string;
  /** Indexes the people of the stored businesses up to an id (`:upTo`), in rowid order. */
  fill: string;
  /** Deletes the stored rows up to an id (`:upTo`) once indexed. */
  clear: string[];
  /** Merges the index and puts its settings back. */
  finish: string[];
};

/** The shadow tables a FTS5 table's contents live in (fts5: data, idx, docsize, config). */
const SHADOW_TABLES = ["data", "idx", "docsize", "config"] as const;
const SCHEMA = "people_scratch";
/**
 * Businesses per batch posted to the worker, and batches posted ahead of its acknowledgements
 * (it acknowledges a batch once stored, before indexing it: people-index-worker.mjs).
 */
const BATCH_BUSINESSES = 5_000;
const BATCHES_AHEAD = 4;

export class PeopleIndexBuilder {
  private businesses: unknown[][] = [];
  private officers: unknown[][] = [];
  private unacknowledged = 0;
  private waiting: (() => void) | null = null;
  private done: Promise<void>;
  private failure: string | null = null;
  private completed = false;
  private ended = false;
  /** Whether the worker has the frequent agents (it indexes nothing before). */
  private agentsSent = false;

  private constructor(
    private readonly worker: Worker,
    private readonly file: string,
  ) {
    this.done = new Promise<void>((resolve) => {
      worker.on("message", (message: { kind: string }) => {
        if (message.kind === "ack") {
          this.unacknowledged--;
          this.wake();
        } else if (message.kind === "done") {
          this.completed = true;
          resolve();
        }
      });
      worker.on("error", (error) => {
        this.abandon(`the worker failed: ${error.message}`);
        resolve();
      });
      worker.on("exit", () => {
        if (!this.completed) this.abandon("the worker stopped before the index was complete");
        resolve();
      });
    });
  }

  /**
   * Starts the worker on `file` (a scratch database beside the registry, made anew) and attaches
   * that file to `db`. Call before the load's transaction begins.
   */
  static start(db: Database.Database, file: string, sql: PeopleIndexSql): PeopleIndexBuilder {
    fs.rmSync(file, { force: true });
    db.prepare(`ATTACH DATABASE ? AS ${SCHEMA}`).run(file);
    const driver = createRequire(import.meta.url).resolve("better-sqlite3");
    const worker = new Worker(new URL("./people-index-worker.mjs", import.meta.url), { workerData: { driver, file, ...sql } });
    return new PeopleIndexBuilder(worker, file);
  }

  /** Why the index will not come from the worker (null while it can). */
  get abandoned(): string | null {
    return this.failure;
  }

  /** Gives up on the worker's index (the importer fills people_fts itself then). */
  abandon(why: string) {
    if (this.failure) return;
    this.failure = why;
    this.businesses = [];
    this.officers = [];
    void this.worker.terminate();
    this.wake();
  }

  /** Adds a business just inserted (in id order) and its officers (`[business_id, position, name]`). */
  add(business: unknown[], officers: unknown[][]) {
    if (this.failure) return;
    this.businesses.push(business);
    for (const officer of officers) this.officers.push(officer);
  }

  /** Gives the worker the load's frequent agents (`[code, name]`), which its people's documents need: it stores the batches, and indexes none before. */
  useAgents(agents: [number, string][]) {
    if (this.failure || this.agentsSent) return;
    this.worker.postMessage({ kind: "agents", agents });
    this.agentsSent = true;
  }

  /** Posts the batch once it is large enough (`force`: whatever it holds), waiting while the worker is far behind. */
  async flush(force = false) {
    if (this.failure || this.businesses.length === 0 || (!force && this.businesses.length < BATCH_BUSINESSES)) return;
    this.worker.postMessage({ kind: "rows", businesses: this.businesses, officers: this.officers });
    this.businesses = [];
    this.officers = [];
    this.unacknowledged++;
    while (this.unacknowledged > BATCHES_AHEAD && !this.failure) await new Promise<void>((resolve) => (this.waiting = resolve));
  }

  /** Posts what is left and says there is no more: the worker indexes the rest and merges the index meanwhile. */
  async end() {
    if (this.ended) return;
    this.ended = true;
    // Its documents would not be the ones the searches ask for.
    if (!this.agentsSent) this.abandon("the worker was not given the frequent agents");
    await this.flush(true);
    if (!this.failure) this.worker.postMessage({ kind: "end" });
  }

  /** Waits for the finished index (ending first if need be); false if the worker's index is abandoned. */
  async finish(): Promise<boolean> {
    await this.end();
    await this.done;
    return this.completed && this.failure === null;
  }

  /**
   * Replaces `db`'s people_fts (inside the load's transaction) with the worker's. SQLite's
   * defensive mode (better-sqlite3's default) refuses writes to shadow tables: it is off for
   * these statements only (better-sqlite3's unsafeMode).
   */
  copyInto(db: Database.Database) {
    db.unsafeMode(true);
    try {
      for (const shadow of SHADOW_TABLES) {
        db.exec(`DELETE FROM main.people_fts_${shadow}; INSERT INTO main.people_fts_${shadow} SELECT * FROM ${SCHEMA}.people_fts_${shadow}`);
      }
    } finally {
      db.unsafeMode(false);
    }
    reload(db);
  }

  /** Detaches and deletes the scratch file (after the transaction, whatever its outcome). */
  async close(db: Database.Database) {
    await this.worker.terminate();
    await this.done;
    db.exec(`DETACH DATABASE ${SCHEMA}`);
    fs.rmSync(this.file, { force: true });
  }

  private wake() {
    const waiting = this.waiting;
    this.waiting = null;
    waiting?.();
  }
}

/**
 * Makes `db`'s connection read people_fts's structure again: a write joins the table to the
 * transaction inside a savepoint, and rolling the savepoint back invalidates FTS5's cached copy
 * (fts5RollbackToMethod). The write itself (a setting, to its current value) is undone.
 */
function reload(db: Database.Database) {
  db.exec("SAVEPOINT people_fts_reload");
  db.exec("INSERT INTO people_fts(people_fts, rank) VALUES ('automerge', 4)");
  db.exec("ROLLBACK TO people_fts_reload");
  db.exec("RELEASE people_fts_reload");
}
