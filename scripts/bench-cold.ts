/**
 * `npm run bench:cold -- --n 10300000 [--per-class 8] [--warm on|off|both]`: the first requests
 * after a start on a cold machine (issue 44). For each way asked (`both`: the warm-up on, then
 * off), it empties the OS page cache (`sync; echo 3 > /proc/sys/vm/drop_caches`, as root),
 * starts the production server (scripts/start.ts) on bench/registry-<N>.db with SEARCH_CACHE=off,
 * and measures:
 * - when it listens (`/resources/healthz` 200) and when it is ready (`/resources/readyz` 200),
 *   with healthz asked all along (it must stay 200), and what the warm-up's log line says;
 * - then the searches a visitor could type (scripts/lib/search-shapes.ts: names, cities,
 *   filters, people, ZIPs, addresses, document numbers, deep pages; not the staff's claimed
 *   tabs), each asked once over HTTP, one after the other: p50 / p95 / p99 / max per class and
 *   in all, against the targets (p95 <= 40 ms, p99 <= 80 ms).
 * Build first (`npx remix build`). Writes bench/cold-<N>-<timestamp>.json.
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { searchQueryString } from "~/lib/search-params";
import { benchDir, benchRegistryPath, rowCount } from "./lib/bench-registry";
import { freePort } from "./lib/bench-server";
import { percentiles } from "./lib/percentiles";
import { buildShapes } from "./lib/search-shapes";

const args = process.argv.slice(2);
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback;
};
const n = Math.trunc(Number(option("n", "3500000").replace(/[_,]/g, "")));
const perClass = Math.trunc(Number(option("per-class", "8")));
const modes = ({ on: ["on"], off: ["off"], both: ["on", "off"] } as Record<string, ("on" | "off")[]>)[option("warm", "both")];
if (!modes) throw new Error("--warm must be on, off or both");
const dbFile = benchRegistryPath(n);
if (rowCount(dbFile) !== n) throw new Error(`${dbFile} does not hold ${n} businesses: run \`npm run bench:registry -- --n ${n}\` first`);
if (!fs.existsSync("build/index.js")) throw new Error("build/index.js missing: run `npx remix build` first");
const log = (message: string) => console.log(`[bench:cold] ${message}`);

/** A visitor's searches: every class but the staff's, each query its URL (asked once). */
const searches = (() => {
  const seen = new Set<string>();
  const out: { kind: string; url: string }[] = [];
  for (const shape of buildShapes(n, perClass)) {
    if (shape.claimed !== undefined) continue;
    const { kind, page, limit: _limit, claimed: _claimed, ...filters } = shape;
    const given = Object.fromEntries(Object.entries(filters).filter(([, value]) => typeof value === "string")) as Record<string, string>;
    const url = `/search${searchQueryString(given, page ?? 1)}`;
    if (seen.has(url)) continue;
    seen.add(url);
    out.push({ kind, url });
  }
  return out;
})();

function dropPageCache(): boolean {
  spawnSync("sync");
  try {
    fs.writeFileSync("/proc/sys/vm/drop_caches", "3");
    return true;
  } catch {
    return false;
  }
}


async function status(url: string): Promise<number> {
  try {
    const res = await fetch(url);
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

type Run = {
  warm: "on" | "off";
  cacheDropped: boolean;
  listeningSeconds: number;
  readySeconds: number;
  healthzNot200WhileWarming: number;
  warmUpLog: string | null;
  errors: { url: string; status: number }[];
  classes: Record<string, ReturnType<typeof percentiles>>;
  all: ReturnType<typeof percentiles>;
};

async function coldRun(warm: "on" | "off"): Promise<Run> {
  const cacheDropped = dropPageCache();
  if (!cacheDropped) log("could not drop the page cache (needs root): these figures are not cold");
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let warmUpLog: string | null = null;
  const started = performance.now();
  const server: ChildProcess = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: base,
      DATABASE_PATH: dbFile,
      SEARCH_CACHE: "off",
      WARM_ON_START: warm,
      SEED_DEMO: "false",
      JOBS_SCHEDULE: "false",
      LOG_LEVEL: "info",
      STRIPE_RECONCILE_ON_START: "0",
      START_WATCH_LAUNCHER: "0",
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  server.stdout!.setEncoding("utf8");
  server.stdout!.on("data", (chunk: string) => {
    const line = chunk.split("\n").find((l) => l.includes("warm-up (start)"));
    if (!line) return;
    try {
      warmUpLog = (JSON.parse(line) as { msg: string }).msg;
    } catch {
      warmUpLog = line;
    }
  });
  try {
    let listeningSeconds = 0;
    let healthzNot200WhileWarming = 0;
    for (;;) {
      if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
      if ((performance.now() - started) / 1000 > 900) throw new Error("not ready after 900 s");
      const health = await status(`${base}/resources/healthz`);
      if (health === 200 && !listeningSeconds) listeningSeconds = (performance.now() - started) / 1000;
      if (listeningSeconds && health !== 200) healthzNot200WhileWarming++;
      if (listeningSeconds && (await status(`${base}/resources/readyz`)) === 200) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const readySeconds = (performance.now() - started) / 1000;
    log(`warm-up ${warm}: listening after ${listeningSeconds.toFixed(1)} s, ready after ${readySeconds.toFixed(1)} s${warmUpLog ? ` (${warmUpLog})` : ""}`);
    // The page's code, once (a 404 renders the shell and reads no registry page).
    await status(`${base}/bench-cold-no-such-page`);
    const times = new Map<string, number[]>();
    const all: number[] = [];
    const errors: Run["errors"] = [];
    for (const { kind, url } of searches) {
      const t = performance.now();
      const code = await status(base + url);
      const ms = performance.now() - t;
      if (code !== 200) errors.push({ url, status: code });
      if (!times.has(kind)) times.set(kind, []);
      times.get(kind)!.push(ms);
      all.push(ms);
    }
    const classes = Object.fromEntries([...times].map(([kind, samples]) => [kind, percentiles(samples, 1)]));
    return { warm, cacheDropped, listeningSeconds: +listeningSeconds.toFixed(1), readySeconds: +readySeconds.toFixed(1), healthzNot200WhileWarming, warmUpLog, errors, classes, all: percentiles(all, 1) };
  } finally {
    server.kill("SIGTERM");
    await new Promise((r) => server.once("exit", r));
  }
}

const date = new Date().toISOString();
const runs: Run[] = [];
for (const warm of modes) runs.push(await coldRun(warm));

const pad = (s: string | number, w: number) => String(s).padStart(w);
const lines = [
  `Cold start, ${n.toLocaleString("en-US")} businesses, ${date}`,
  `Machine: ${os.cpus().length} CPUs (${os.cpus()[0]?.model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`,
  `${searches.length} searches a visitor could type, each asked once over HTTP (SEARCH_CACHE=off); targets p95 <= 40 ms, p99 <= 80 ms`,
];
for (const run of runs) {
  lines.push(
    "",
    `WARM_ON_START=${run.warm}${run.cacheDropped ? ", page cache dropped" : ", PAGE CACHE NOT DROPPED"}: ready after ${run.readySeconds} s (listening after ${run.listeningSeconds} s; healthz not 200 while warming: ${run.healthzNot200WhileWarming}); errors ${run.errors.length}`,
    ...(run.warmUpLog ? [`  ${run.warmUpLog}`] : []),
    `  ${"class".padEnd(36)} ${pad("n", 4)} ${pad("p50", 7)} ${pad("p95", 7)} ${pad("p99", 7)} ${pad("max", 7)}`,
    ...Object.entries(run.classes).map(([kind, s]) => `  ${kind.padEnd(36)} ${pad(s.count, 4)} ${pad(s.p50, 7)} ${pad(s.p95, 7)} ${pad(s.p99, 7)} ${pad(s.max, 7)}`),
    `  ${"all".padEnd(36)} ${pad(run.all.count, 4)} ${pad(run.all.p50, 7)} ${pad(run.all.p95, 7)} ${pad(run.all.p99, 7)} ${pad(run.all.max, 7)}  ${run.all.p95 <= 40 && run.all.p99 <= 80 ? "met" : "not met"}`,
  );
}
console.log(lines.join("\n"));
const out = path.join(benchDir, `cold-${n}-${date.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(out, `${JSON.stringify({ date, rows: n, searches: searches.length, runs }, null, 2)}\n`);
log(`wrote ${out}`);
