import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import type { ImportSummary } from "~/services/registry-import.server";
import { getEnv } from "~/utils/env.server";
import type { Job, JobContext } from "./registry.server";

declare global {
  /** The import processes this process started and has not seen end (stopped with the server). */
  var __registryImports: Set<ChildProcess> | undefined;
}

/** The script the import runs in (scripts/registry-import-dir.ts), from the app's folder. */
const IMPORT_SCRIPT = "scripts/registry-import-dir.ts";
const SUMMARIES_LINE = '{"summaries":';

/**
 * Runs `registry:import-dir --json DIR` in a process of its own, with its own connection: the
 * import never shares the server's connection or transaction (what the server writes meanwhile
 * commits on its own), and its CPU is another core's. Resolves with the summaries; rejects with
 * the command's error output when it fails. The process stops when this one goes.
 */
export function importInOwnProcess(dir: string, log: (message: string) => void): Promise<ImportSummary[]> {
  const child = spawn(process.execPath, ["--import", "tsx", path.resolve(IMPORT_SCRIPT), "--json", dir], {
    env: { ...process.env, IMPORT_PARENT_PID: String(process.pid) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const running = (global.__registryImports ??= new Set());
  running.add(child);
  let summaries: ImportSummary[] | null = null;
  let errors = "";
  let pending = "";
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    const lines = (pending + chunk).split("\n");
    pending = lines.pop() ?? "";
    for (const line of lines) {
      if (line.startsWith(SUMMARIES_LINE)) summaries = (JSON.parse(line) as { summaries: ImportSummary[] }).summaries;
      else if (line.trim()) log(line);
    }
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
    errors = (errors + chunk).slice(-4000);
  });
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      running.delete(child);
      reject(error);
    });
    child.once("close", (code, signal) => {
      running.delete(child);
      if (code === 0 && summaries) resolve(summaries);
      else reject(new Error(`the import process ended (${signal ?? `exit code ${code}`}): ${errors.trim() || "no error output"}`));
    });
  });
}

/** Stops the imports this process started (each keeps what it committed and resumes next time). */
export function stopRegistryImports() {
  for (const child of global.__registryImports ?? []) child.kill("SIGTERM");
}

/**
 * Keeps the registry current: every morning, the state's files dropped into REGISTRY_DROP_DIR
 * (the quarterly extract, the daily change files) that were not imported yet are imported,
 * quarterly files first, then the dailies in date order. A file already imported (same SHA-256)
 * is skipped. The import runs in its own process and holds the write lock only for short
 * moments, so the server's sign-ins, claims and payments go on (decision 0023); the answer cache
 * starts over as the registry changes (registry_version).
 */
export const registryImportJob: Job = {
  name: "registry-import",
  // 07:15 UTC: after the Division of Corporations publishes the night's daily file.
  schedule: "15 7 * * *",
  description: "Import new state registry files from REGISTRY_DROP_DIR",
  leaseMs: 2 * 60 * 60_000,
  run: async ({ log }: JobContext) => {
    const dir = getEnv().REGISTRY_DROP_DIR;
    if (!dir) return { skipped: "REGISTRY_DROP_DIR is not set" };
    const summaries = await importInOwnProcess(dir, log);
    return {
      files: summaries.map((s) => ({ file: s.file, skipped: s.skipped, inserted: s.inserted, updated: s.updated, rejected: s.rejected })),
    };
  },
};
