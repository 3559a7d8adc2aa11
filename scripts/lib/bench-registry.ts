/**
 * The benchmarks' registry database, bench/registry-<N>.db: N generated businesses
 * (scripts/lib/registry-generator.ts) written in the state's cordata layout and loaded by the
 * importer (`registry:import`), built once and reused by `npm run bench:search` and
 * `npm run bench:report`. The import's figures are kept in bench/registry-<N>.import.json.
 */
import fs from "node:fs";
import path from "node:path";
import { performance } from "node:perf_hooks";
import Database from "better-sqlite3";
import { writeCordataFile } from "./registry-generator";

/**
 * Which file layout of the registry this builds: bump it when the generator's distributions or
 * the FTS document change, so an older bench/registry-<N>.db is rebuilt, not reused (3: people
 * named as in a real registry, scripts/lib/registry-distributions.ts).
 */
export const BENCH_REGISTRY_FORMAT = 3;

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
  {
    regen = false,
    keepSource = false,
    peopleIndex,
    log = console.log,
  }: { regen?: boolean; keepSource?: boolean; peopleIndex?: "auto" | "worker" | "sql"; log?: (message: string) => void } = {},
): Promise<number | null> {
  if (!regen && rowCount(file) === n) {
    log(`reusing ${file} (${n.toLocaleString("en-US")} rows)`);
    return null;
  }
  const { openDatabase } = await import("~/db/client.server");
  const { importRegistryFiles, summaryLines } = await import("~/services/registry-import.server");
  fs.mkdirSync(path.dirname(file), { recursive: true });
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(file + suffix, { force: true });
  const started = performance.now();
  // The registry is built as an operator builds it: the state's file, written in its layout by
  // the generator, loaded by `registry:import` (so every benchmark run measures the import too).
  const source = file.replace(/\.db$/, ".cordata.txt");
  // --keep-source keeps the generated file (and its stamp) for the next run, which then loads
  // it again without generating it (8 minutes at 10.3M).
  const stamp = `${source}.complete`;
  const kept = fs.existsSync(stamp) && fs.readFileSync(stamp, "utf8") === `${BENCH_REGISTRY_FORMAT} ${n}`;
  if (kept) log(`reusing ${source}, kept by an earlier --keep-source run; importing`);
  else {
    fs.rmSync(stamp, { force: true });
    // Cities by their weights (registry-distributions.ts): Pembroke Park holds ~0.08%.
    await writeCordataFile(source, 0, n, () => false);
    log(`wrote ${n.toLocaleString("en-US")} records in the state's layout in ${((performance.now() - started) / 1000).toFixed(1)} s; importing`);
  }
  const db = openDatabase(file).$client; // creates the schema through the real migrations
  const cpuBefore = process.cpuUsage();
  const callStarted = performance.now();
  const [summary] = await importRegistryFiles(db, [source], { mode: "rebuild", peopleIndex, log });
  // The whole call: the file's SHA-256 first, the load, and the WAL's checkpoint when it used one.
  const callSeconds = +((performance.now() - callStarted) / 1000).toFixed(1);
  const walBytesAtCommit = fs.existsSync(`${file}-wal`) ? fs.statSync(`${file}-wal`).size : 0;
  const cpu = process.cpuUsage(cpuBefore);
  for (const line of summaryLines(summary)) log(line);
  const importFigures = {
    records: summary.read,
    seconds: summary.seconds,
    recordsPerSecond: summary.perSecond,
    cpuSeconds: +((cpu.user + cpu.system) / 1e6).toFixed(1),
    peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    mode: summary.mode,
    journal: summary.journal,
    walBytesAtCommit,
    callSeconds,
    databaseBytes: fs.statSync(file).size,
  };
  fs.writeFileSync(file.replace(/\.db$/, ".import.json"), `${JSON.stringify(importFigures, null, 2)}\n`);
  log(`import: ${JSON.stringify(importFigures)}`);
  db.pragma(`user_version = ${BENCH_REGISTRY_FORMAT}`);
  db.close();
  if (keepSource) fs.writeFileSync(stamp, `${BENCH_REGISTRY_FORMAT} ${n}`);
  else for (const f of [source, stamp]) fs.rmSync(f, { force: true });
  const seconds = (performance.now() - started) / 1000;
  log(`generated ${n.toLocaleString("en-US")} businesses in ${seconds.toFixed(1)} s -> ${file}`);
  return seconds;
}
