/**
 * The benchmarks' registry database, bench/registry-<N>.db: N generated businesses
 * (scripts/lib/registry-generator.ts), built once and reused by `npm run bench:search` and
 * `npm run bench:report`.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { generateBusiness } from "./registry-generator";

/**
 * Which file layout of the registry this builds: bump it when the generator's distributions or
 * the FTS document change, so an older bench/registry-<N>.db is rebuilt, not reused.
 */
export const BENCH_REGISTRY_FORMAT = 2;

export const benchDir = path.resolve("bench");

/** bench/registry-<N>.db */
export function benchRegistryPath(n: number): string {
  return path.join(benchDir, `registry-${n}.db`);
}

/** How many migrations the app has (drizzle's journal). */
function migrationCount(): number {
  const journal = JSON.parse(fs.readFileSync(path.resolve("drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
  return journal.entries.length;
}

/**
 * Businesses in the file, or -1 when it is missing, unreadable or built by older migrations
 * (a stale file would otherwise be migrated, slowly, by the first server that opens it).
 */
export function rowCount(file: string): number {
  if (!fs.existsSync(file)) return -1;
  try {
    const db = new Database(file, { readonly: true });
    const applied = (db.prepare("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n;
    const n = (db.prepare("SELECT count(*) AS n FROM businesses").get() as { n: number }).n;
    const format = db.pragma("user_version", { simple: true }) as number;
    db.close();
    return applied === migrationCount() && format === BENCH_REGISTRY_FORMAT ? n : -1;
  } catch {
    return -1;
  }
}

/**
 * Makes sure `file` holds exactly `n` generated businesses: reuses it when it does (unless
 * `regen`), else rebuilds it through the real migrations. Returns the generation time in
 * seconds, or null when the file was reused.
 */
export async function ensureBenchRegistry(
  file: string,
  n: number,
  { regen = false, log = console.log }: { regen?: boolean; log?: (message: string) => void } = {},
): Promise<number | null> {
  if (!regen && rowCount(file) === n) {
    log(`reusing ${file} (${n.toLocaleString("en-US")} rows)`);
    return null;
  }
  const { openDatabase } = await import("~/db/client.server");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const started = performance.now();
  const db = openDatabase(file).$client; // creates the schema through the real migrations
  db.pragma("journal_mode = OFF");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -262144");
  db.pragma("temp_store = MEMORY");
  // Bulk load first, then build the secondary indexes, the FTS index and its triggers once.
  const deferred = db
    .prepare(
      "SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'businesses' AND type IN ('index','trigger') AND sql IS NOT NULL",
    )
    .all() as { type: string; name: string; sql: string }[];
  for (const d of deferred) db.exec(`DROP ${d.type.toUpperCase()} "${d.name}"`);
  const insert = db.prepare(
    `INSERT INTO businesses (id, name, document_number, filing_type, status, address1, address2, city, state, zip,
       registered_on, category, verification_code) VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < n; i++) {
      // Cities by their weights (registry-distributions.ts): Pembroke Park holds ~0.08%.
      const b = generateBusiness(i, false);
      insert.run(i + 1, b.name, b.documentNumber, b.filingType, b.status, b.address1, b.address2, b.city, b.state, b.zip,
        b.registeredOn, b.category, b.verificationCode);
      if ((i + 1) % 500_000 === 0) log(`inserted ${(i + 1).toLocaleString("en-US")} rows`);
    }
  })();
  const inserted = performance.now();
  log(`rows inserted in ${((inserted - started) / 1000).toFixed(1)} s; building indexes`);
  for (const d of deferred.filter((x) => x.type === "index")) db.exec(d.sql);
  const indexed = performance.now();
  log(`b-tree indexes in ${((indexed - inserted) / 1000).toFixed(1)} s; building the FTS index`);
  db.exec(
    // The same document as the triggers of drizzle/0009: the normalised name and the filter tags.
    `INSERT INTO businesses_fts(rowid, name)
       SELECT id, replace(replace(replace(replace(replace(name, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')
         || ' _c' || hex(coalesce(city, '')) || ' _s' || hex(status) || ' _t' || hex(filing_type) || ' _k' || is_claimed
       FROM businesses`,
  );
  db.exec("INSERT INTO businesses_fts(businesses_fts) VALUES ('optimize')");
  for (const d of deferred.filter((x) => x.type === "trigger")) db.exec(d.sql);
  db.exec("ANALYZE");
  db.pragma(`user_version = ${BENCH_REGISTRY_FORMAT}`);
  db.pragma("journal_mode = WAL");
  db.close();
  const seconds = (performance.now() - started) / 1000;
  log(`generated ${n.toLocaleString("en-US")} businesses in ${seconds.toFixed(1)} s -> ${file}`);
  return seconds;
}
