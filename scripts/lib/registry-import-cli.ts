/**
 * The shared body of `npm run registry:import -- FILE...` and `npm run registry:import-dir -- DIR`:
 * opens DATABASE_PATH (migrations applied first), shows progress (a bar on a terminal, plain
 * lines otherwise) and prints the summaries. Exit codes: 0 done, 1 failed, 2 usage or refused
 * file, 130 interrupted (a file applied in one transaction is left out entirely; one applied in
 * short transactions keeps what was committed and resumes there on the next run).
 *
 * `--json` also prints the summaries as one JSON line at the end (the scheduled job reads it);
 * IMPORT_PARENT_PID makes the command stop, as if interrupted, once that process is gone.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import type Database from "better-sqlite3";
import cliProgress from "cli-progress";
import type { ImportMode, ImportOptions, ImportProgress, ImportSummary } from "~/services/registry-import.server";
import { loadDotEnv } from "./load-env";

export async function runImportCommand(
  usage: string,
  run: (db: Database.Database, args: string[], options: ImportOptions) => Promise<ImportSummary[]>,
): Promise<number> {
  loadDotEnv();
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: {
        mode: { type: "string", default: "auto" },
        "report-dir": { type: "string" },
        json: { type: "boolean", default: false },
        help: { type: "boolean", short: "h", default: false },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length === 0 || !["auto", "triggers", "rebuild"].includes(values.mode ?? "")) {
    console.error(usage);
    return 2;
  }
  const { getEnv } = await import("~/utils/env.server");
  const { openDatabase } = await import("~/db/client.server");
  const { NotCordataError } = await import("~/services/registry-import.server");
  const env = getEnv();
  const db = openDatabase(env.DATABASE_PATH).$client;

  const interactive = Boolean(process.stdout.isTTY);
  let bar: cliProgress.SingleBar | null = null;
  let barFile = "";
  let lastLine = 0;
  const onProgress = (p: ImportProgress) => {
    if (interactive) {
      if (barFile !== p.file) {
        bar?.stop();
        barFile = p.file;
        bar = new cliProgress.SingleBar(
          {
            format: `${p.file} [{bar}] {percentage}% | {records} records | {rate} rec/s | ETA {eta_formatted}`,
            hideCursor: true,
          },
          cliProgress.Presets.shades_classic,
        );
        bar.start(Math.max(1, p.totalBytes), 0, { records: 0, rate: 0 });
        (bar as unknown as { startedAt: number }).startedAt = performance.now();
      }
      const elapsed = (performance.now() - (bar as unknown as { startedAt: number }).startedAt) / 1000;
      bar?.update(p.bytes, { records: p.records.toLocaleString("en-US"), rate: Math.round(p.records / Math.max(elapsed, 0.001)).toLocaleString("en-US") });
    } else if (performance.now() - lastLine > 5000 || p.bytes === p.totalBytes) {
      lastLine = performance.now();
      const percent = p.totalBytes ? Math.floor((p.bytes / p.totalBytes) * 100) : 100;
      console.log(`${p.file}: ${percent}% (${p.records.toLocaleString("en-US")} records)`);
    }
  };
  const onSignal = () => {
    bar?.stop();
    // Exiting with a transaction open rolls it back (SQLite); what was committed stays.
    console.error("\nInterrupted: the file being imported was not finished; run the command again to complete it.");
    process.exit(130);
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  const parent = Number(process.env.IMPORT_PARENT_PID);
  if (parent > 0) {
    setInterval(() => {
      if (process.ppid !== parent) onSignal();
    }, 1000).unref();
  }

  const fault = process.env.IMPORT_FAULT_AFTER_LINES;
  try {
    const summaries = await run(db, positionals, {
      mode: values.mode as ImportMode | "auto",
      reportDir: values["report-dir"] ?? path.join(path.dirname(path.resolve(env.DATABASE_PATH)), "imports"),
      onProgress,
      log: (message) => {
        if (bar) {
          (bar as cliProgress.SingleBar).stop();
          bar = null;
          barFile = "";
        }
        console.log(message);
      },
      faultAfterLines: fault ? Number(fault) : undefined,
      // Tests: chunks of a few records, so that a kill finds some committed and one open.
      chunk: process.env.IMPORT_CHUNK_RECORDS ? { chunkRecords: Number(process.env.IMPORT_CHUNK_RECORDS) } : undefined,
      // Tests: the people index's worker for a file of a few records (ImportOptions.peopleIndex).
      peopleIndex: process.env.IMPORT_PEOPLE_INDEX === "worker" ? "worker" : undefined,
    });
    const usage = process.resourceUsage();
    const peak = Math.round(usage.maxRSS / 1024);
    const cpu = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
    if (values.json) console.log(JSON.stringify({ summaries }));
    const applied = summaries.filter((s) => !s.skipped).length;
    const records = summaries.reduce((n, s) => n + s.read, 0);
    console.log(
      `${applied} file(s) applied, ${summaries.length - applied} already imported; peak memory ${peak} MB; CPU ${cpu.toFixed(1)} s (${Math.round(records / Math.max(cpu, 0.001)).toLocaleString("en-US")} records per CPU second)`,
    );
    return 0;
  } catch (error) {
    (bar as cliProgress.SingleBar | null)?.stop();
    if (error instanceof NotCordataError) {
      console.error(`Refused: ${error.message}. Nothing was imported.`);
      return 2;
    }
    console.error(`Import failed: ${(error as Error).stack ?? error}`);
    return 1;
  } finally {
    db.close();
  }
}
