/**
 * Warm-up: right after a start (a deploy, a restart, a machine whose page cache is cold) a
 * search's first touch of an index page reads it from disk. The server reads the pages its
 * searches use into the OS's page cache in the background, in a thread of its own
 * (warm-worker.mjs), before it calls itself ready: `/resources/readyz` answers 503 `warming` until
 * then (`/resources/healthz` stays 200). First the full-text indexes' segments, then the B-tree
 * indexes of the registry, then the businesses' and officers' rows, until WARM_MEMORY_SHARE of the machine's
 * memory is read; then the search's copy of the status, type and claimed columns
 * (tag-store.server.ts). After a registry import, the same pages are read again (they moved), with
 * readiness left on. WARM_ON_START=off turns it off.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";
import type Database from "better-sqlite3";
import { readTagStore } from "~/models/search/tag-store.server";

/** What warm-worker.mjs is given, and what it says. */
type WarmRequest = { file: string; btrees: string[]; budgetBytes: number };
type WarmMessage =
  | { kind: "btree"; name: string; pages: number; bytes: number }
  | { kind: "done"; pages: number; bytes: number; stoppedAtBudget: boolean };

export type WarmResult = { pages: number; bytes: number; ms: number; stoppedAtBudget: boolean; btrees: string[] };

// globalThis.__warmUp (declared in app/utils/readiness.server.ts) is what readiness reads: the
// server and the Remix build are two module graphs.

/** The B-trees a search reads, in the order they are worth warming. */
export function warmTargets(sqlite: Database.Database): string[] {
  const names = (sql: string) => (sqlite.prepare(sql).pluck().all() as string[]).filter(Boolean);
  const fts = names(
    `SELECT name FROM sqlite_schema WHERE type = 'table' AND name GLOB '*_fts_*' AND name NOT GLOB '*_config'
      ORDER BY name GLOB '*_data' DESC, name`,
  );
  const indexes = names(
    `SELECT name FROM sqlite_schema WHERE type = 'index' AND tbl_name IN ('businesses', 'business_officers') ORDER BY tbl_name, name`,
  );
  // The rows last, the officers' after the businesses': a common person is checked on its
  // businesses' agents and officers (decision 0031).
  return [...fts, ...indexes, "businesses", "business_officers"];
}

/** Bytes the warm-up may read: a share (0-1) of the machine's memory. */
export function warmBudget(share: number, totalMemory = os.totalmem()): number {
  return Math.floor(Math.max(0, Math.min(1, share)) * totalMemory);
}

export type WarmUp = { done: Promise<WarmResult | null>; stop: () => Promise<void> };

/**
 * Reads `btrees` of `file` in a worker thread, at most `budgetBytes`. `done` resolves with what
 * was read, or null when stopped first; `stop` ends the thread (at shutdown).
 */
export function warmUp(file: string, btrees: string[], budgetBytes: number): WarmUp {
  const started = performance.now();
  const worker = new Worker(new URL("./warm-worker.mjs", import.meta.url), {
    workerData: { file, btrees, budgetBytes } satisfies WarmRequest,
  });
  const read: string[] = [];
  const done = new Promise<WarmResult | null>((resolve, reject) => {
    worker.on("message", (message: WarmMessage) => {
      if (message.kind === "btree") read.push(message.name);
      else resolve({ pages: message.pages, bytes: message.bytes, stoppedAtBudget: message.stoppedAtBudget, btrees: read, ms: Math.round(performance.now() - started) });
    });
    worker.once("error", reject);
    worker.once("exit", () => resolve(null));
  });
  return {
    done,
    stop: async () => {
      await worker.terminate();
    },
  };
}

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * The server's warm-ups: one at start that holds readiness back, and one after each registry
 * import (a new row in registry_imports, looked for every `checkEveryMs`) that does not.
 */
export function startWarmUps({
  sqlite,
  file,
  share,
  logger,
  checkEveryMs = 30_000,
}: {
  sqlite: () => Database.Database;
  file: string;
  share: number;
  logger: Log;
  checkEveryMs?: number;
}): { stop: () => Promise<void> } {
  let current: WarmUp | null = null;
  let stopped = false;
  const lastImport = () => sqlite().prepare("SELECT max(id) FROM registry_imports").pluck().get() as number | null;
  let seenImport = lastImport();

  // The search's copy of status, type and claimed (decision 0030), read once the pages are in
  // memory (it reads an index the warm-up brought in); a failure leaves the searches on the rows.
  const readTheCopy = async (): Promise<number | null> => {
    const started = performance.now();
    try {
      await readTagStore(sqlite());
      return Math.round(performance.now() - started);
    } catch (err) {
      logger.error({ job: "warm-up", err }, "could not read the search's copy of status, type and claimed; searches read the rows");
      return null;
    }
  };

  const run = (reason: "start" | "import") => {
    globalThis.__warmUp = { state: "warming", blocksReadiness: reason === "start" };
    const budget = warmBudget(share);
    current = warmUp(file, warmTargets(sqlite()), budget);
    current.done.then(
      async (result) => {
        current = null;
        if (!result) return;
        const copyMs = await readTheCopy();
        globalThis.__warmUp = { state: "warm", blocksReadiness: false };
        const mb = (result.bytes / 2 ** 20).toFixed(1);
        const note = result.stoppedAtBudget ? `, stopped at WARM_MEMORY_SHARE (${(budget / 2 ** 20).toFixed(0)} MB)` : "";
        const copy = copyMs === null ? "" : `; the search's copy of status, type and claimed in ${copyMs} ms`;
        logger.info(
          { job: "warm-up", reason, ...result, tagCopyMs: copyMs },
          `warm-up (${reason}) read ${mb} MB (${result.pages} pages of ${result.btrees.length} B-trees) in ${result.ms} ms${note}${copy}`,
        );
      },
      (err) => {
        current = null;
        // A warm-up that fails leaves the server cold, not unready: searches read from disk.
        globalThis.__warmUp = { state: "warm", blocksReadiness: false };
        logger.error({ job: "warm-up", reason, err }, "warm-up failed; the server is ready without it");
      },
    );
  };

  run("start");
  const timer = setInterval(() => {
    if (stopped || current) return;
    try {
      const latest = lastImport();
      if (latest !== seenImport) {
        seenImport = latest;
        run("import");
      }
    } catch (err) {
      logger.error({ job: "warm-up", err }, "could not look for a new registry import");
    }
  }, checkEveryMs);
  timer.unref();
  return {
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      await (current as WarmUp | null)?.stop();
    },
  };
}
