/**
 * Loads the state's corporate data files (cordata, app/lib/cordata.ts) into the businesses table:
 * `npm run registry:import -- FILE...` and `npm run registry:import-dir -- DIR` (docs/registry.md).
 *
 * - Streaming: a file is read in 1 MB chunks and parsed line by line; nothing holds the file.
 * - Upsert by document number: only the registry columns are written (REGISTRY_SET below); the
 *   product's own columns (claim, owner, counts, code, payments, subscription, uploads, category)
 *   are set on insert to their defaults and never touched again.
 * - Transactions (decision 0023): into an empty registry ("rebuild") a file (or zip member) is one
 *   transaction, so a crash leaves the registry as before it; into a registry that has rows
 *   ("triggers") the records that change it are written in transactions of at most 40 ms with a
 *   pause between them, so the server's writes go on, and a killed run resumes after its last
 *   committed line (registry_import_progress). The record of the import is written in the file's
 *   last transaction.
 * - Idempotent: a file whose SHA-256 was already applied is skipped; within a file, a record whose
 *   line hashes like the one last imported for that document number is "unchanged" (no write).
 * - Index upkeep: with `mode: "triggers"` the FTS triggers of 0001-0005 index every row as it is
 *   written; with `mode: "rebuild"` (chosen automatically for an empty registry) the triggers and
 *   secondary indexes are dropped inside the transaction and rebuilt once at its end. The
 *   registry_version counter moves either way, so every cached answer starts over at the commit.
 */
import { agentDocumentSql, ftsDocumentSql, peopleDocumentSql } from "~/lib/search-tags";
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Readable } from "node:stream";
import type Database from "better-sqlite3";
import { AgentSample, writeFrequentAgents, type FrequentAgent } from "~/models/search/frequent-agents.server";
import { EVERY_BUSINESS, trimTagChanges } from "~/models/search/tag-store.server";
import yauzl from "yauzl";
import { PeopleIndexBuilder, type PeopleIndexSql } from "./people-index-builder.server";
import {
  KNOWN_FILING_CODES,
  parseCordataLine,
  productFilingType,
  productStatus,
  whyNotCordata,
  type CordataRecord,
} from "~/lib/cordata";

export type ImportMode = "triggers" | "rebuild";

export type ImportSummary = {
  file: string;
  sha256: string;
  /** Set when the file was not applied (already imported). */
  skipped: string | null;
  read: number;
  inserted: number;
  updated: number;
  unchanged: number;
  rejected: number;
  /** Filing codes not in the layout's list, each with how many records carried it. */
  unknownCodes: Record<string, number>;
  seconds: number;
  perSecond: number;
  mode: ImportMode | null;
  /** How a rebuild wrote: "rollback" with the file to itself, "wal" beside other connections (rollbackJournalForRebuild). */
  journal?: "rollback" | "wal";
  /** The rejects report (summary and every rejected line), when written. */
  reportFile: string | null;
};

export type ImportProgress = { file: string; bytes: number; totalBytes: number; records: number };

export type ImportOptions = {
  /** "auto" (default): rebuild when the registry is empty, triggers otherwise. */
  mode?: ImportMode | "auto";
  /** Where the reports go (default: `imports/` beside the database file). */
  reportDir?: string;
  onProgress?: (progress: ImportProgress) => void;
  log?: (message: string) => void;
  /** The claim code of a business the import adds (default: random 7 digits; the demo seed fixes them). */
  verificationCode?: (documentNumber: string) => string;
  /** Tests only: stop (and wait to be killed) after this many lines of a file. */
  faultAfterLines?: number;
  /** How "triggers" mode shares the write lock (CHUNK's defaults); tests make chunks small. */
  chunk?: Partial<typeof CHUNK>;
  /**
   * Who fills people_fts in a first load that has the file to itself: "auto" (default) a worker
   * on another core for a file of PEOPLE_WORKER_BYTES or more, "worker" always, "sql" the importer.
   */
  peopleIndex?: "auto" | "worker" | "sql";
};

/**
 * The smallest file whose first load builds people_fts on another core (people-index-builder):
 * below it (35,000 records) starting the worker costs more than the few seconds it saves.
 */
export const PEOPLE_WORKER_BYTES = 50_000_000;

/** A file that is not in the state's layout at all: refused before anything is written. */
export class NotCordataError extends Error {}

type Source = { name: string; size: number; open: () => Promise<Readable>; close?: () => void };

// ---------------------------------------------------------------------------------------------
// Sources: plain files, or the .txt members of a zip (cordata.zip holds cordata0..9.txt).

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) => (error ? reject(error) : resolve(zip))),
  );
}

async function zipSources(file: string): Promise<Source[]> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    throw new NotCordataError(`${path.basename(file)} is not a readable zip archive (${(error as Error).message})`);
  }
  const entries: yauzl.Entry[] = await new Promise((resolve, reject) => {
    const found: yauzl.Entry[] = [];
    zip.on("entry", (entry: yauzl.Entry) => {
      if (/\.txt$/i.test(entry.fileName) && !entry.fileName.endsWith("/")) found.push(entry);
      zip.readEntry();
    });
    zip.on("end", () => resolve(found));
    zip.on("error", reject);
    zip.readEntry();
  });
  if (entries.length === 0) {
    zip.close();
    throw new NotCordataError(`${path.basename(file)} holds no .txt file: it is not the state's cordata.zip`);
  }
  entries.sort((a, b) => a.fileName.localeCompare(b.fileName, "en", { numeric: true }));
  return entries.map((entry, i) => ({
    name: `${path.basename(file)}:${entry.fileName}`,
    size: entry.uncompressedSize,
    open: () =>
      new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, stream) => (error ? reject(error) : resolve(stream))),
      ),
    close: i === entries.length - 1 ? () => zip.close() : undefined,
  }));
}

/** The sources of the given paths, in order: each file, or each .txt member of a .zip. */
export async function sourcesOf(files: string[]): Promise<Source[]> {
  const sources: Source[] = [];
  for (const file of files) {
    if (!fs.existsSync(file)) throw new NotCordataError(`${file}: no such file`);
    if (/\.zip$/i.test(file)) sources.push(...(await zipSources(file)));
    else
      sources.push({
        name: path.basename(file),
        size: fs.statSync(file).size,
        open: async () => fs.createReadStream(file, { highWaterMark: 1 << 20 }),
      });
  }
  return sources;
}

/** The first `bytes` of a source. */
async function headOf(source: Source, bytes = 64 * 1024): Promise<Buffer> {
  const stream = await source.open();
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    chunks.push(chunk as Buffer);
    length += (chunk as Buffer).length;
    if (length >= bytes) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, bytes);
}

async function sha256Of(source: Source): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of await source.open()) hash.update(chunk as Buffer);
  return hash.digest("hex");
}

/**
 * Lines of a source (Latin-1, CRLF or LF), with their 1-based numbers and the bytes read so far.
 * Latin-1 is one byte per character, so a chunk can be decoded on its own.
 */
async function* linesOf(stream: Readable): AsyncGenerator<{ lines: string[]; firstLine: number; bytes: number }> {
  let rest = "";
  let lineNo = 1;
  let bytes = 0;
  for await (const chunk of stream) {
    bytes += (chunk as Buffer).length;
    // Buffer's own latin1 decoder: the same mapping as iconv-lite's, native and ~10x faster.
    const text = rest + (chunk as Buffer).toString("latin1");
    const lines = text.split("\n");
    rest = lines.pop() ?? "";
    for (let i = 0; i < lines.length; i++) if (lines[i].endsWith("\r")) lines[i] = lines[i].slice(0, -1);
    yield { lines, firstLine: lineNo, bytes };
    lineNo += lines.length;
  }
  if (rest.endsWith("\r")) rest = rest.slice(0, -1);
  if (rest !== "") yield { lines: [rest], firstLine: lineNo, bytes };
}

// ---------------------------------------------------------------------------------------------
// Writing.

/** The registry columns an import writes (in this order); nothing else is ever updated. */
const REGISTRY_COLUMNS = [
  "name",
  "filing_type",
  "status",
  "address1",
  "address2",
  "city",
  "state",
  "zip",
  "country",
  "registered_on",
  "state_status",
  "state_filing_type",
  "mail_address1",
  "mail_address2",
  "mail_city",
  "mail_state",
  "mail_zip",
  "mail_country",
  "fei",
  "more_officers",
  "last_transaction_on",
  "formation_state",
  "agent_name",
  "agent_type",
  "agent_address",
  "agent_city",
  "agent_state",
  "agent_zip",
  "registry_hash",
] as const;

function registryValues(r: CordataRecord, hash: string): unknown[] {
  return [
    r.name,
    productFilingType(r.stateFilingType),
    productStatus(r.stateStatus),
    r.principal.address1,
    r.principal.address2,
    r.principal.city,
    r.principal.state,
    r.principal.zip,
    r.principal.country,
    r.fileDate,
    r.stateStatus,
    r.stateFilingType,
    r.mailing.address1,
    r.mailing.address2,
    r.mailing.city,
    r.mailing.state,
    r.mailing.zip,
    r.mailing.country,
    r.fei,
    r.moreThanSixOfficers ? 1 : 0,
    r.lastTransactionDate,
    r.formationState,
    r.agent.name,
    r.agent.type,
    r.agent.address,
    r.agent.city,
    r.agent.state,
    r.agent.zip,
    hash,
  ];
}

/** Triggers that keep indexes and the change counter; dropped and rebuilt in "rebuild" mode. */
const MAINTENANCE_TRIGGERS = /^(businesses_fts_|businesses_version_|businesses_tags_|businesses_agent_people_|business_officers_people_)/;
const KEPT_INDEXES = new Set(["businesses_document_number_unique"]);
function statementsFor(db: Database.Database) {
  const marks = REGISTRY_COLUMNS.map(() => "?").join(", ");
  return {
    find: db.prepare("SELECT id, registry_hash AS hash FROM businesses WHERE document_number = ?"),
    insert: db.prepare(
      `INSERT INTO businesses (document_number, verification_code, ${REGISTRY_COLUMNS.join(", ")}) VALUES (?, ?, ${marks})`,
    ),
    update: db.prepare(`UPDATE businesses SET ${REGISTRY_COLUMNS.map((c) => `${c} = ?`).join(", ")} WHERE id = ?`),
    deleteOfficers: db.prepare("DELETE FROM business_officers WHERE business_id = ?"),
    deleteReports: db.prepare("DELETE FROM business_annual_reports WHERE business_id = ?"),
    // One statement per row count (1..6 officers, 1..3 reports): a record's rows go in one call,
    // not one each (the calls into SQLite, not the rows, were most of the insert time).
    insertOfficers: rowsStatements(
      db,
      "INSERT INTO business_officers (business_id, position, title, type, name, address, city, state, zip) VALUES ",
      9,
      6,
    ),
    insertReports: rowsStatements(db, "INSERT INTO business_annual_reports (business_id, position, year, flag, filed_on) VALUES ", 5, 3),
    recordImport: db.prepare(
      "INSERT INTO registry_imports (file_name, sha256, started_at, finished_at, summary) VALUES (?, ?, ?, ?, ?)",
    ),
    findProgress: db.prepare("SELECT line, counts, started_at AS startedAt FROM registry_import_progress WHERE sha256 = ?"),
    saveProgress: db.prepare(
      `INSERT INTO registry_import_progress (sha256, file_name, started_at, line, counts, updated_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (sha256) DO UPDATE SET line = excluded.line, counts = excluded.counts, updated_at = excluded.updated_at`,
    ),
    dropProgress: db.prepare("DELETE FROM registry_import_progress WHERE sha256 = ?"),
  };
}

/** statements[k] inserts k rows of `columns` values each (index 0 unused). */
function rowsStatements(db: Database.Database, head: string, columns: number, most: number): Database.Statement[] {
  const row = `(${Array.from({ length: columns }, () => "?").join(", ")})`;
  const statements: Database.Statement[] = [];
  for (let k = 1; k <= most; k++) statements[k] = db.prepare(head + Array.from({ length: k }, () => row).join(", "));
  return statements;
}

type Deferred = { type: string; name: string; sql: string };

/** Drops the maintenance triggers and secondary indexes (inside the open transaction). */
function dropForRebuild(db: Database.Database): Deferred[] {
  const all = db
    .prepare(
      `SELECT type, name, sql FROM sqlite_master
        WHERE tbl_name IN ('businesses', 'business_officers') AND type IN ('index', 'trigger') AND sql IS NOT NULL`,
    )
    .all() as Deferred[];
  const deferred = all.filter((d) => (d.type === "trigger" ? MAINTENANCE_TRIGGERS.test(d.name) : !KEPT_INDEXES.has(d.name)));
  for (const d of deferred) db.exec(`DROP ${d.type === "trigger" ? "TRIGGER" : "INDEX"} "${d.name}"`);
  return deferred;
}

/** The rows of the name index's one-time fill, in rowid order (see rebuild). */
export const BUSINESSES_FTS_ROWS = `SELECT b.id, ${ftsDocumentSql("b")} FROM businesses b ORDER BY b.id`;

/**
 * The people of the businesses table `b` as people_fts holds them: each registered agent (rowid
 * id * 8; a frequent one as its token, from the table `frequent_agents`) and each officer (id * 8 +
 * position), every one with its business's tags; `upTo`: of
 * the businesses up to that id (an SQL expression) only. Both fills use these, the importer's own
 * (people_fts below) and the worker's (people-index-builder).
 */
const peopleAgentRows = (upTo?: string) =>
  `SELECT b.id * 8 AS rowid, ${agentDocumentSql("b.agent_name", "b")} AS doc FROM businesses b
    WHERE b.agent_name IS NOT NULL${upTo ? ` AND b.id <= ${upTo}` : ""}`;
const peopleOfficerRows = (upTo?: string) =>
  `SELECT o.business_id * 8 + o.position AS rowid, ${peopleDocumentSql("o.name", "b")} AS doc
    FROM business_officers o JOIN businesses b ON b.id = o.business_id${upTo ? ` WHERE o.business_id <= ${upTo}` : ""}`;

// FTS5 writes a segment each time its pending terms pass `hashsize` (1 MB by default) and merges
// segments as it goes (`automerge`, 4 by default). For the bulk fill: a 16 MB buffer (fewer
// segments, about a tenth less CPU than 1 MB; 64 MB measured no faster: the three fills
// took 46-48 s at 1M, 31-47 s with 16 MB) and no merging along the way, since the 'optimize'
// merges everything into one segment anyway (another sixth less CPU for the name index: 28 s
// instead of 34 s per million rows). Both are set back to the defaults after the fill, so daily
// imports and the server's own writes behave as before.
const FTS_BULK = { hashsize: 16 << 20, automerge: 0 };
const FTS_DEFAULT = { hashsize: 1 << 20, automerge: 4 };
const ftsSettings = (fts: string, settings: Record<string, number>) =>
  Object.entries(settings).map(([key, value]) => `INSERT INTO ${fts}(${fts}, rank) VALUES ('${key}', ${value})`);

/** The columns of the worker's scratch tables, in the order peopleScratchRow and writeRecord give them. */
const SCRATCH_BUSINESS_COLUMNS = ["id", "agent_name", "city", "status", "filing_type", "is_claimed", "document_number", "zip", "address1"];
const SCRATCH_OFFICER_COLUMNS = ["business_id", "position", "name"];

/**
 * A scratch table of `table`'s `columns`, each with its type in the registry, so that a value
 * is stored (and indexed: `' _k' || is_claimed`) as the registry stores it.
 */
function scratchTable(db: Database.Database, table: string, columns: string[], key: string): string {
  const types = new Map((db.pragma(`table_info(${table})`) as { name: string; type: string }[]).map((c) => [c.name, c.type]));
  return `CREATE TABLE ${table} (${columns.map((c) => `${c} ${types.get(c)}`).join(", ")}, PRIMARY KEY (${key}))`;
}

/** Businesses whose people the worker indexes in one statement. */
const PEOPLE_CHUNK = 5_000;

/** What the worker of people-index-builder runs: the importer's own people fill, in chunks. */
export function peopleIndexSql(db: Database.Database): PeopleIndexSql {
  const { sql: peopleFts } = db.prepare("SELECT sql FROM sqlite_master WHERE name = 'people_fts'").get() as { sql: string };
  const marks = (columns: string[]) => columns.map(() => "?").join(", ");
  return {
    setup: [
      "PRAGMA journal_mode = OFF",
      "PRAGMA synchronous = OFF",
      scratchTable(db, "businesses", SCRATCH_BUSINESS_COLUMNS, "id"),
      scratchTable(db, "business_officers", SCRATCH_OFFICER_COLUMNS, "business_id, position"),
      db.prepare("SELECT sql FROM sqlite_master WHERE name = 'frequent_agents'").pluck().get() as string,
      peopleFts,
      ...ftsSettings("people_fts", FTS_BULK),
    ],
    insertBusiness: `INSERT INTO businesses VALUES (${marks(SCRATCH_BUSINESS_COLUMNS)})`,
    insertOfficer: `INSERT INTO business_officers VALUES (${marks(SCRATCH_OFFICER_COLUMNS)})`,
    insertAgent: "INSERT INTO frequent_agents (code, name) VALUES (?, ?)",
    // Chunks of PEOPLE_CHUNK businesses, each one statement in rowid order: agents and officers
    // of a chunk interleave (see rebuild).
    nextChunk: `SELECT max(id) FROM (SELECT id FROM businesses ORDER BY id LIMIT ${PEOPLE_CHUNK})`,
    fill: `INSERT INTO people_fts(rowid, name) SELECT rowid, doc FROM (${peopleAgentRows(":upTo")} UNION ALL ${peopleOfficerRows(":upTo")}) ORDER BY rowid`,
    clear: ["DELETE FROM business_officers WHERE business_id <= :upTo", "DELETE FROM businesses WHERE id <= :upTo"],
    finish: ["INSERT INTO people_fts(people_fts) VALUES ('optimize')", ...ftsSettings("people_fts", FTS_DEFAULT)],
  };
}

/** A new business as a scratch row (SCRATCH_BUSINESS_COLUMNS), from the values registryValues gave its insert. */
const valueAt = new Map<string, number>(REGISTRY_COLUMNS.map((c, i) => [c, i]));
function peopleScratchRow(id: number, documentNumber: string, values: unknown[]): unknown[] {
  const own: Record<string, unknown> = { id, is_claimed: 0, document_number: documentNumber };
  return SCRATCH_BUSINESS_COLUMNS.map((c) => (c in own ? own[c] : values[valueAt.get(c) as number]));
}

/**
 * Rebuilds what dropForRebuild dropped: indexes, both full-text indexes, triggers, the counter.
 * `people`: the worker building people_fts beside the rows, if any (people-index-builder).
 */
async function rebuild(db: Database.Database, deferred: Deferred[], changed: boolean, people: PeopleIndexBuilder | null) {
  const timed = (what: string, work: string | (() => void)) => {
    const t = performance.now();
    const cpu = process.cpuUsage();
    if (typeof work === "string") db.exec(work);
    else work();
    if (process.env.IMPORT_TIMINGS) {
      const used = process.cpuUsage(cpu);
      console.error(`${what}: ${Math.round(performance.now() - t)} ms wall, ${Math.round((used.user + used.system) / 1000)} ms CPU`);
    }
  };
  // The importer fills people_fts itself when no worker does, or the worker's index was abandoned
  // (the worker failed, or a document number repeated in the file). people_fts is not touched
  // otherwise before the copy (see people-index-builder on FTS5's cached structure).
  const fillPeople = () => {
    for (const sql of ftsSettings("people_fts", FTS_BULK)) db.exec(sql);
    timed("people delete-all", "INSERT INTO people_fts(people_fts) VALUES ('delete-all')");
    // In rowid order through the tables' own keys (not the computed rowid, which would be sorted).
    timed("people_fts agents", `INSERT INTO people_fts(rowid, name) ${peopleAgentRows()} ORDER BY b.id`);
    timed("people_fts officers", `INSERT INTO people_fts(rowid, name) ${peopleOfficerRows()} ORDER BY o.business_id, o.position`);
    timed("people optimize", "INSERT INTO people_fts(people_fts) VALUES ('optimize')");
    for (const sql of ftsSettings("people_fts", FTS_DEFAULT)) db.exec(sql);
  };
  const worker = people?.abandoned === null ? people : null;
  for (const sql of ftsSettings("businesses_fts", FTS_BULK)) db.exec(sql);
  timed("fts delete-all", "INSERT INTO businesses_fts(businesses_fts) VALUES ('delete-all')");
  // Both fills hand FTS5 their rows in rowid order (the people's in two runs: agents, then
  // officers in their primary key's order). FTS5 writes its pending terms out as a new segment
  // whenever a rowid is not above the previous one, so rows in any other order (the planner's
  // choice for the names without ORDER BY: a covering index, in city and name order) make a
  // segment almost per row: the name index took 97 s instead of ~16 s at 3.5M businesses.
  timed("businesses_fts", `INSERT INTO businesses_fts(rowid, name) ${BUSINESSES_FTS_ROWS}`);
  timed("optimize", "INSERT INTO businesses_fts(businesses_fts) VALUES ('optimize')");
  for (const sql of ftsSettings("businesses_fts", FTS_DEFAULT)) db.exec(sql);
  if (!worker) fillPeople();
  // The B-tree indexes last: 'optimize' writes each index's merged segment and frees the segments
  // it merged, and the index builds then fill those free pages instead of growing the file (at 1M
  // businesses 195 MB of free pages were left at the end of the file when they were built first).
  for (const d of deferred.filter((x) => x.type === "index")) timed(d.name, d.sql);
  // The worker's index, once it is done (it worked beside the rows, the name index and the
  // B-tree indexes), copied in; if it was abandoned meanwhile, the importer's own fill after all.
  if (worker) {
    const t = performance.now();
    const finished = await worker.finish();
    if (process.env.IMPORT_TIMINGS) console.error(`people_fts worker: waited ${Math.round(performance.now() - t)} ms`);
    if (finished) timed("people_fts copy", () => worker.copyInto(db));
    else fillPeople();
  }
  // The planner's statistics of the rebuilt indexes (sqlite_stat1), for the queries SQLite plans
  // on its own: the search benchmark has always measured with them (it ran ANALYZE after loading),
  // so a registry loaded for the town now gets the plans that were measured. 12 s at 3.5M
  // businesses. Daily imports keep them (a day changes too few rows to move them).
  timed("analyze", "ANALYZE");
  for (const d of deferred.filter((x) => x.type === "trigger")) db.exec(d.sql);
  // As the triggers would have: the counter moves when a business changed, not otherwise; and the
  // search's copies of the tag columns are told that every business may have changed.
  if (changed) {
    db.exec("UPDATE registry_version SET version = version + 1 WHERE id = 1");
    db.exec(`DELETE FROM business_tag_changes; INSERT INTO business_tag_changes (business_id) VALUES (${EVERY_BUSINESS})`);
  }
}

/**
 * "rebuild" into an empty registry (the first load, before the town opens): rebuilding every
 * index once at the end is far cheaper than indexing row by row (docs/registry.md), and it holds
 * the write lock for the whole file. "triggers" otherwise, whatever the file's size: the daily
 * files, and the quarterly full load into a live registry, applied in short transactions so
 * that the server's writes go on between them (decision 0023).
 */
function autoMode(db: Database.Database): ImportMode {
  return db.prepare("SELECT 1 FROM businesses LIMIT 1").get() === undefined ? "rebuild" : "triggers";
}

const verificationCode = () => String(crypto.randomInt(1_000_000, 10_000_000));
// crypto.hash (Node >= 20.12: one call, no Hash object) gives the same digest as
// createHash().update().digest(), a third of the cost per line.
const lineHash: (line: string) => string =
  typeof crypto.hash === "function"
    ? (line) => crypto.hash("sha1", line.trimEnd(), "base64")
    : (line) => crypto.createHash("sha1").update(line.trimEnd()).digest("base64");

/** A file's summary before any record is read (and, for a file imported before, its whole summary). */
function emptySummary(file: string, sha256: string, extra: { mode?: ImportMode; skipped?: string }): ImportSummary {
  return {
    file,
    sha256,
    skipped: extra.skipped ?? null,
    read: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    unknownCodes: {},
    seconds: 0,
    perSecond: 0,
    mode: extra.mode ?? null,
    reportFile: null,
  };
}

type Statements = ReturnType<typeof statementsFor>;
type Existing = { id: number; hash: string | null } | undefined;

/**
 * What one line means for the registry: a reject (with its reason), a record that is already
 * there as it is, or a record to write (with what the registry holds for its number now).
 * Reads only: in "triggers" mode it runs outside the write lock.
 */
function classify(s: Statements, line: string, summary: ImportSummary, lookup: boolean) {
  const parsed = parseCordataLine(line);
  if (!parsed.ok) return { kind: "reject" as const, reason: parsed.reason };
  const r = parsed.record;
  const code = r.stateFilingType ?? "(blank)";
  if (!KNOWN_FILING_CODES.has(code)) summary.unknownCodes[code] = (summary.unknownCodes[code] ?? 0) + 1;
  const hash = lineHash(line);
  const existing = lookup ? (s.find.get(r.documentNumber) as Existing) : undefined;
  if (existing && existing.hash === hash) return { kind: "unchanged" as const };
  return { kind: "write" as const, record: r, hash, existing };
}

/**
 * Writes one record and its officers and annual reports (inside the caller's transaction).
 * Into an empty registry (`fresh`) a record is inserted without being looked up first, and looked
 * up only when its document number is already there (a file that repeats one).
 */
function writeRecord(
  s: Statements,
  r: CordataRecord,
  hash: string,
  existing: Existing,
  fresh: boolean,
  codeFor: (doc: string) => string,
  summary: ImportSummary,
  people: PeopleIndexBuilder | null = null,
) {
  let id = 0;
  const registry = registryValues(r, hash);
  if (fresh && !existing) {
    try {
      id = Number(s.insert.run(r.documentNumber, codeFor(r.documentNumber), ...registry).lastInsertRowid);
    } catch (error) {
      if ((error as { code?: string }).code !== "SQLITE_CONSTRAINT_UNIQUE") throw error;
      existing = s.find.get(r.documentNumber) as Existing;
      if (existing?.hash === hash) return void summary.unchanged++;
    }
  }
  if (existing) {
    id = existing.id;
    s.update.run(...registry, id);
    s.deleteOfficers.run(id);
    s.deleteReports.run(id);
    summary.updated++;
    // The worker has this business's earlier people; the importer indexes them itself instead.
    people?.abandon(`document number ${r.documentNumber} repeats in the file`);
  } else {
    if (!fresh) id = Number(s.insert.run(r.documentNumber, codeFor(r.documentNumber), ...registry).lastInsertRowid);
    summary.inserted++;
    people?.add(
      peopleScratchRow(id, r.documentNumber, registry),
      r.officers.map((o) => [id, o.position, o.name]),
    );
  }
  if (r.officers.length) {
    const values: unknown[] = [];
    for (const o of r.officers) values.push(id, o.position, o.title, o.type, o.name, o.address, o.city, o.state, o.zip);
    s.insertOfficers[r.officers.length].run(values);
  }
  if (r.annualReports.length) {
    const values: unknown[] = [];
    for (const a of r.annualReports) values.push(id, a.position, a.year, a.flag, a.filedOn);
    s.insertReports[r.annualReports.length].run(values);
  }
}

/**
 * How an import in "triggers" mode shares the database with the server: a transaction is
 * committed once it has written for `chunkMs` (or `chunkRecords` records), and before the
 * importer waits for more of the file; then the importer pauses `pauseMs`, so that a server write
 * waiting for the lock gets it (SQLite's busy handler polls at most 25 ms apart; the server's
 * statements wait 80 ms). With its commit (the full-text indexes' new segments: 14 ms median,
 * 43 ms p99 at 100,000 businesses) a transaction holds the lock ~45 ms. Measured beside live
 * traffic in docs/performance.md ("Imports beside live traffic"); IMPORT_TIMINGS prints the holds.
 */
export const CHUNK = { chunkMs: 25, pauseMs: 30, chunkRecords: Number.POSITIVE_INFINITY };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The fault point of the tests (IMPORT_FAULT_AFTER_LINES): past it, the importer waits to be killed. */
async function faultCheck(options: ImportOptions, lineNo: number) {
  if (options.faultAfterLines !== undefined && lineNo > options.faultAfterLines) await waitToBeKilled(lineNo - 1);
}

/**
 * A rebuild is one transaction as large as the registry. Through the WAL every page it writes
 * goes to the WAL (12 GB at 10.3M records) and is copied into the file again at the checkpoint,
 * and every page it reads back (each index build and each full-text fill reads the whole table)
 * is first looked up in the WAL's index, whose cost grows with the WAL: the load's cost per
 * record almost doubled from 3.5M to 10.3M. With a rollback journal the pages go straight to
 * the file, and only the few pages the empty registry already had are journaled: a crash still
 * rolls the load back whole (the next connection finds the hot journal). Leaving WAL needs the
 * file to itself, so with another connection open (a running server) the rebuild stays in WAL,
 * without waiting. `restore` puts the file back in WAL, as every connection of the app expects
 * (and opens it: openDatabase sets WAL).
 */
function rollbackJournalForRebuild(db: Database.Database): { used: "rollback" | "wal"; restore: () => void } {
  const stay = { used: "wal" as const, restore: () => {} };
  if (db.pragma("journal_mode", { simple: true }) !== "wal") return stay;
  const timeout = db.pragma("busy_timeout", { simple: true }) as number;
  db.pragma("busy_timeout = 0");
  try {
    if (db.pragma("journal_mode = DELETE", { simple: true }) !== "delete") return stay;
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith("SQLITE_BUSY")) return stay;
    throw error;
  } finally {
    db.pragma(`busy_timeout = ${timeout}`);
  }
  return { used: "rollback", restore: () => void db.pragma("journal_mode = WAL") };
}

/** Applies one source: in one transaction ("rebuild"), or in short ones ("triggers"). */
async function applySource(db: Database.Database, source: Source, sha256: string, options: ImportOptions): Promise<ImportSummary> {
  const mode: ImportMode = options.mode && options.mode !== "auto" ? options.mode : autoMode(db);
  const t0 = performance.now();
  // The rows an import adds to business_officers and business_annual_reports belong to the
  // business it has just written, so their foreign-key checks (a lookup per row) prove nothing;
  // the pragma only takes effect outside a transaction, and is put back in `finally`.
  const foreignKeys = db.pragma("foreign_keys", { simple: true }) as number;
  db.pragma("foreign_keys = OFF");
  const journal = mode === "rebuild" ? rollbackJournalForRebuild(db) : null;
  let summary: ImportSummary;
  try {
    summary =
      mode === "rebuild" ? await applyWhole(db, source, sha256, options, journal?.used === "rollback") : await applyInChunks(db, source, sha256, options);
    if (journal) summary.journal = journal.used;
  } finally {
    journal?.restore();
    if (foreignKeys) db.pragma("foreign_keys = ON");
  }
  options.onProgress?.({ file: source.name, bytes: source.size, totalBytes: source.size, records: summary.read });
  if (process.env.IMPORT_TIMINGS) {
    const m = process.memoryUsage();
    console.error(`${source.name}: ${Math.round(performance.now() - t0)} ms wall, RSS ${m.rss >> 20} MB, peak ${process.resourceUsage().maxRSS >> 10} MB`);
  }
  return summary;
}

/** Reports progress at most every 200 ms, and at the file's end. */
function progressReporter(options: ImportOptions, source: Source) {
  let last = 0;
  return (bytes: number, records: number) => {
    if (!options.onProgress || (bytes !== source.size && performance.now() - last <= 200)) return;
    last = performance.now();
    options.onProgress({ file: source.name, bytes, totalBytes: source.size, records });
  };
}

/**
 * Ends a file in the open transaction: its counts and timing, its report written, its
 * registry_imports row inserted, committed.
 */
function finish(db: Database.Database, s: Statements, options: ImportOptions, summary: ImportSummary, rejects: string[], started: number, seconds: number) {
  summary.seconds = round(seconds, 2);
  summary.perSecond = summary.seconds > 0 ? Math.round(summary.read / summary.seconds) : summary.read;
  summary.reportFile = writeReport(options, summary, rejects);
  s.recordImport.run(summary.file, summary.sha256, started, Date.now(), JSON.stringify(publicSummary(summary)));
  s.dropProgress.run(summary.sha256);
  trimTagChanges(db);
  db.exec("COMMIT");
}

/** Runs `work`; if it throws, the transaction it left open is rolled back. */
async function rollbackOnError<T>(db: Database.Database, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (db.inTransaction) db.exec("ROLLBACK");
    throw error;
  }
}

/** "rebuild": the whole file in one transaction, the indexes and triggers rebuilt at its end. */
async function applyWhole(db: Database.Database, source: Source, sha256: string, options: ImportOptions, alone: boolean): Promise<ImportSummary> {
  const started = Date.now();
  const t0 = performance.now();
  const summary = emptySummary(source.name, sha256, { mode: "rebuild" });
  const rejects: string[] = [];
  const s = statementsFor(db);
  const codeFor = options.verificationCode ?? verificationCode;
  const progress = progressReporter(options, source);
  const fresh = db.prepare("SELECT 1 FROM businesses LIMIT 1").get() === undefined;
  const people = fresh && alone && peopleWorkerWanted(db, source, options) ? PeopleIndexBuilder.start(db, `${db.name}.people-index`, peopleIndexSql(db)) : null;
  if (process.env.IMPORT_TIMINGS) console.error(`people_fts: ${people ? "a worker fills it beside the rows" : "filled by the importer"}`);
  // With the worker's scratch file attached, BEGIN IMMEDIATE would lock that file too (see
  // people-index-builder); the load has the registry to itself, so a deferred BEGIN is as good.
  db.exec(people ? "BEGIN" : "BEGIN IMMEDIATE");
  try {
    await rollbackOnError(db, async () => {
      const deferred = dropForRebuild(db);
      // The frequent agents, from the first records, before any person is indexed: the worker
      // stores the batches before them and indexes none until it has them (frequent-agents.server.ts).
      const sample = new AgentSample();
      let agents: FrequentAgent[] | null = null;
      const decide = () => {
        agents = sample.decide();
        writeFrequentAgents(db, agents);
        people?.useAgents(agents.map((a) => [a.code, a.name]));
      };
      for await (const { lines, firstLine, bytes } of linesOf(await source.open())) {
        for (let i = 0; i < lines.length; i++) {
          await faultCheck(options, firstLine + i);
          if (lines[i] === "") continue; // a blank line (e.g. at the end) is not a record
          summary.read++;
          const what = classify(s, lines[i], summary, !fresh);
          if (what.kind === "reject") {
            summary.rejected++;
            rejects.push(`${source.name}\t${firstLine + i}\t${what.reason}\t${lines[i]}`);
          } else if (what.kind === "unchanged") summary.unchanged++;
          else {
            writeRecord(s, what.record, what.hash, what.existing, fresh, codeFor, summary, people);
            if (!agents && sample.add(what.record.agent.name)) decide();
          }
        }
        progress(bytes, summary.read);
        await people?.flush();
      }
      if (!agents) decide();
      // The worker indexes the people still waiting and merges its index while the importer
      // builds the others.
      await people?.end();
      if (process.env.IMPORT_TIMINGS) console.error(`rows: ${Math.round(performance.now() - t0)} ms wall`);
      await rebuild(db, deferred, summary.inserted + summary.updated > 0, people);
      finish(db, s, options, summary, rejects, started, (performance.now() - t0) / 1000);
    });
  } finally {
    await people?.close(db);
  }
  if (people?.abandoned) options.log?.(`the people index was filled by the importer: ${people.abandoned}`);
  return summary;
}

/** Whether a first load's people_fts is built by a worker (ImportOptions.peopleIndex). */
function peopleWorkerWanted(db: Database.Database, source: Source, options: ImportOptions): boolean {
  const choice = options.peopleIndex ?? "auto";
  if (choice === "sql" || db.memory) return false;
  return choice === "worker" || source.size >= PEOPLE_WORKER_BYTES;
}

type Counts = Pick<ImportSummary, "read" | "inserted" | "updated" | "unchanged" | "rejected" | "unknownCodes">;
const countsOf = ({ read, inserted, updated, unchanged, rejected, unknownCodes }: ImportSummary): Counts => ({
  read,
  inserted,
  updated,
  unchanged,
  rejected,
  unknownCodes,
});

/**
 * "triggers": records are looked up outside the write lock, and only the ones that change the
 * registry are written, in transactions of at most CHUNK.chunkMs with a pause between them.
 * Each record is written whole (with its officers and reports); each chunk's transaction also
 * records the last line it covers, so a run that is killed resumes after it (a record applied
 * twice would be "unchanged" anyway: the line's hash is stored). The file counts as imported
 * (registry_imports) in the transaction of its last chunk.
 */
async function applyInChunks(db: Database.Database, source: Source, sha256: string, options: ImportOptions): Promise<ImportSummary> {
  const t0 = performance.now();
  const summary = emptySummary(source.name, sha256, { mode: "triggers" });
  const rejects: string[] = [];
  const s = statementsFor(db);
  const codeFor = options.verificationCode ?? verificationCode;
  const chunk = { ...CHUNK, ...options.chunk };
  const progress = progressReporter(options, source);
  const resumed = s.findProgress.get(sha256) as { line: number; counts: string; startedAt: number } | undefined;
  const started = resumed?.startedAt ?? Date.now();
  if (resumed) {
    Object.assign(summary, JSON.parse(resumed.counts) as Counts);
    options.log?.(`${source.name}: resuming after line ${resumed.line.toLocaleString("en-US")} (an earlier run stopped there)`);
  }
  const done = resumed?.line ?? 0;
  let open: { since: number; records: number } | null = null;
  const holds: number[] = [];
  const commit = (lineNo: number) => {
    const now = Date.now();
    s.saveProgress.run(sha256, source.name, started, lineNo, JSON.stringify(countsOf(summary)), now);
    db.exec("COMMIT");
    if (process.env.IMPORT_TIMINGS) holds.push(performance.now() - (open as { since: number }).since);
    open = null;
  };
  await rollbackOnError(db, async () => {
    for await (const { lines, firstLine, bytes } of linesOf(await source.open())) {
      for (let i = 0; i < lines.length; i++) {
        const lineNo = firstLine + i;
        const line = lines[i];
        if (lineNo <= done) {
          // Applied by the run that stopped: its counts are in the progress row; only its rejected
          // lines are found again, for the report.
          if (line !== "") {
            const parsed = parseCordataLine(line);
            if (!parsed.ok) rejects.push(`${source.name}\t${lineNo}\t${parsed.reason}\t${line}`);
          }
          continue;
        }
        await faultCheck(options, lineNo);
        if (line === "") continue;
        summary.read++;
        const what = classify(s, line, summary, true);
        if (what.kind === "reject") {
          summary.rejected++;
          rejects.push(`${source.name}\t${lineNo}\t${what.reason}\t${line}`);
          continue;
        }
        if (what.kind === "unchanged") {
          summary.unchanged++;
          continue;
        }
        if (!open) {
          db.exec("BEGIN IMMEDIATE");
          open = { since: performance.now(), records: 0 };
          // Looked up before the lock: read again under it, in case another importer wrote it since.
          what.existing = s.find.get(what.record.documentNumber) as Existing;
          if (what.existing?.hash === what.hash) {
            summary.unchanged++;
            continue;
          }
        }
        writeRecord(s, what.record, what.hash, what.existing, false, codeFor, summary);
        const current = open as { since: number; records: number };
        if (++current.records >= chunk.chunkRecords || performance.now() - current.since >= chunk.chunkMs) {
          commit(lineNo);
          await sleep(chunk.pauseMs);
        }
      }
      // Never hold the lock while waiting for the file's next megabyte.
      if (open) {
        commit(firstLine + lines.length - 1);
        await sleep(chunk.pauseMs);
      }
      progress(bytes, summary.read);
    }
    if (!open) db.exec("BEGIN IMMEDIATE");
    finish(db, s, options, summary, rejects, started, (performance.now() - t0) / 1000);
  });
  if (holds.length) {
    holds.sort((a, b) => a - b);
    const at = (p: number) => holds[Math.min(holds.length - 1, Math.floor(p * holds.length))].toFixed(1);
    console.error(`${source.name}: ${holds.length} transactions held the write lock p50 ${at(0.5)} / p99 ${at(0.99)} / max ${at(1)} ms`);
  }
  return summary;
}

const round = (n: number, digits: number) => Math.round(n * 10 ** digits) / 10 ** digits;

/** What registry_imports keeps (the report's path is local to the machine that ran it). */
function publicSummary(s: ImportSummary) {
  const { file: _file, sha256: _sha, reportFile: _report, skipped: _skipped, ...rest } = s;
  void _file;
  void _sha;
  void _report;
  void _skipped;
  return rest;
}

async function waitToBeKilled(lines: number): Promise<never> {
  process.stderr.write(`IMPORT FAULT POINT after ${lines} lines\n`);
  return new Promise<never>(() => {
    setInterval(() => {}, 1 << 30);
  });
}

/** The summary lines of a report (and of the command's output). */
export function summaryLines(s: ImportSummary): string[] {
  if (s.skipped) return [`${s.file}: ${s.skipped}`];
  const n = (x: number) => x.toLocaleString("en-US");
  const lines = [
    `${s.file}: read ${n(s.read)}, inserted ${n(s.inserted)}, updated ${n(s.updated)}, unchanged ${n(s.unchanged)}, rejected ${n(s.rejected)} in ${s.seconds} s (${n(s.perSecond)} records/s, ${s.mode}${s.journal === "rollback" ? ", rollback journal" : ""})`,
  ];
  const unknown = Object.entries(s.unknownCodes);
  if (unknown.length) {
    lines.push(`  unknown filing codes (imported as they are): ${unknown.map(([code, count]) => `${code} ${n(count)}`).join(", ")}`);
  }
  if (s.inserted + s.updated === 0 && s.rejected === 0) lines.push("  nothing changed: every record was already in the registry");
  if (s.reportFile) lines.push(`  report: ${s.reportFile}`);
  return lines;
}

function writeReport(options: ImportOptions, summary: ImportSummary, rejects: string[]): string | null {
  if (!options.reportDir) return null;
  fs.mkdirSync(options.reportDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/[:.]/g, "-");
  const file = path.join(options.reportDir, `${summary.file.replace(/[^\w.-]+/g, "_")}.${stamp}.report.txt`);
  const body = [
    ...summaryLines({ ...summary, reportFile: null }),
    `sha256 ${summary.sha256}`,
    "",
    `rejected lines (${rejects.length}): file, line number, reason, the line (tab-separated)`,
    ...rejects,
    "",
  ].join("\n");
  fs.writeFileSync(file, body, "latin1");
  return file;
}

// ---------------------------------------------------------------------------------------------
// The commands.

/** At most this many helper threads for the index builds' sorts (see prepareImportConnection). */
const MOST_SORT_THREADS = 3;

/**
 * Tunes the importer's connection: a 32 MB page cache (64 MB measured no faster and cost 25 MB
 * of peak RSS). Sorts for index builds stay in temporary files (temp_store FILE, SQLite's
 * default), which keeps the process's memory flat whatever the file's size (with temp_store
 * MEMORY a 1M-record rebuild peaked near 400 MB). Those sorts merge their runs on the machine's
 * other cores (`threads`, one helper per core but this one): at 10.3M businesses the city-name
 * index took 18 s instead of 28-34 s with one helper on 2 cores. Only a full load's rebuilt
 * indexes sort that much; a daily import's writes go through the indexes as they stand.
 */
export function prepareImportConnection(db: Database.Database) {
  db.pragma("cache_size = -32768");
  db.pragma("temp_store = FILE");
  db.pragma(`threads = ${sortThreads()}`);
}

/** Helper threads for SQLite's sorts: the cores beside this one, at most MOST_SORT_THREADS. */
export function sortThreads(cores = os.availableParallelism()): number {
  return Math.max(0, Math.min(MOST_SORT_THREADS, cores - 1));
}

/**
 * Imports the files in order. Every file is checked first (refused with NotCordataError before
 * anything is written when one is not in the layout); files already applied (same SHA-256) are
 * skipped and say so.
 */
export async function importRegistryFiles(
  db: Database.Database,
  files: string[],
  options: ImportOptions = {},
): Promise<ImportSummary[]> {
  const log = options.log ?? (() => {});
  const sources = await sourcesOf(files);
  try {
    for (const source of sources) {
      const why = whyNotCordata(await headOf(source), source.name);
      if (why) throw new NotCordataError(why);
    }
    prepareImportConnection(db);
    const summaries: ImportSummary[] = [];
    const applied = db.prepare("SELECT finished_at AS at FROM registry_imports WHERE sha256 = ? ORDER BY id DESC LIMIT 1");
    for (const source of sources) {
      const cpuBefore = process.cpuUsage();
      const sha = await sha256Of(source);
      if (process.env.IMPORT_TIMINGS) {
        const used = process.cpuUsage(cpuBefore);
        console.error(`SHA-256 of ${source.name}: ${Math.round((used.user + used.system) / 1000)} ms CPU, process CPU so far ${Math.round(process.cpuUsage().user / 1000 + process.cpuUsage().system / 1000)} ms`);
      }
      const before = applied.get(sha) as { at: number } | undefined;
      if (before) {
        const summary = emptySummary(source.name, sha, { skipped: `already imported on ${new Date(before.at).toISOString()} (same SHA-256): nothing changed` });
        summaries.push(summary);
        for (const line of summaryLines(summary)) log(line);
        continue;
      }
      const summary = await applySource(db, source, sha, options);
      summaries.push(summary);
      for (const line of summaryLines(summary)) log(line);
    }
    // Give the WAL back to the database file now rather than at the next reader's checkpoint
    // (a load through a rollback journal left none; right after going back to WAL, SQLite
    // refuses a checkpoint on this connection until its next write).
    if (!summaries.some((s) => s.journal === "rollback")) db.pragma("wal_checkpoint(PASSIVE)");
    return summaries;
  } finally {
    for (const source of sources) source.close?.();
  }
}

/** The state's file names: daily YYYYMMDDc.txt, quarterly cordataN.txt, cordata.zip. */
const STATE_FILE = /^(\d{8}c\.txt|cordata\d*\.txt|cordata\.zip)$/i;

/**
 * For a scheduled job: imports every state file in `dir` not yet applied (by SHA-256), quarterly
 * files first, then the daily files in date order. Returns the summaries (skipped files too).
 */
export async function importPendingFiles(
  db: Database.Database,
  dir: string,
  options: ImportOptions = {},
): Promise<ImportSummary[]> {
  const names = fs
    .readdirSync(dir)
    .filter((name) => STATE_FILE.test(name) && fs.statSync(path.join(dir, name)).isFile())
    .sort((a, b) => {
      const daily = (x: string) => (/^\d{8}c\.txt$/i.test(x) ? 1 : 0);
      return daily(a) - daily(b) || a.localeCompare(b, "en", { numeric: true });
    });
  if (names.length === 0) {
    options.log?.(`${dir}: no state files (cordata*.txt, cordata.zip, YYYYMMDDc.txt)`);
    return [];
  }
  return importRegistryFiles(
    db,
    names.map((name) => path.join(dir, name)),
    options,
  );
}
