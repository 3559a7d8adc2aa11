/**
 * Admin report memory check: `npm run bench:report [-- --n 3500000] [--rate 5] [--gzip-rate 1]
 * [--port 3198] [--skip-gzip]`. Not part of `npm test` (it takes minutes at 3.5M rows).
 *
 * 1. Reuses (or generates, with bench:search's generator) bench/registry-<N>.db.
 * 2. Makes an administrator in it with the app's own registration code and signs it in with the
 *    app's own session code (a real session row and signed cookie).
 * 3. Starts the production build with remix-serve on that database (`npx remix build` first),
 *    the same stack as production, compression middleware included.
 * 4. Downloads GET /api/admin/reports/businesses with: a fast client; a client throttled to
 *    --rate MB/s; and (unless --skip-gzip) a gzip client throttled to --gzip-rate MB/s on the
 *    wire (the CSV compresses ~5x, so a faster wire rate would not hold the server back).
 *    Meanwhile the server's RSS (VmRSS of /proc/<pid>/status) is sampled every 200 ms.
 * Prints baseline (at rest) RSS, peak RSS, growth, bytes, lines (header + N rows) and seconds
 * per download, and writes bench/report-<N>-<timestamp>.json.
 */
import { once } from "node:events";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import zlib from "node:zlib";
import { benchDir, benchRegistryPath, ensureBenchRegistry } from "./lib/bench-registry";
import { serveBenchBuild, waitForServer } from "./lib/bench-server";

const args = process.argv.slice(2);
const flag = (name: string) => args.includes(`--${name}`);
const option = (name: string, fallback: number) => {
  const i = args.indexOf(`--${name}`);
  const value = i >= 0 ? Number(args[i + 1]?.replace(/[_,]/g, "")) : NaN;
  return Number.isFinite(value) && value > 0 ? value : fallback;
};
const N = Math.trunc(option("n", 3_500_000));
// The throttles must be below what the server produces (~15 MB/s of CSV on the 2-core bench
// machine; gzip shrinks it ~4x) or the "slow" client would not hold the server back at all.
const RATE = option("rate", 5); // MB/s, the throttled client
const GZIP_RATE = option("gzip-rate", 1); // MB/s of gzip on the wire
const PORT = Math.trunc(option("port", 3198));
const MB = 1024 * 1024;
const SAMPLE_MS = 200;
const GROWTH_LIMIT_MB = 100;

fs.mkdirSync(benchDir, { recursive: true });
const dbFile = benchRegistryPath(N);
process.env.DATABASE_PATH = dbFile;
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";

const { resetEnvCache } = await import("~/utils/env.server");
resetEnvCache();

const log = (msg: string) => console.log(`[bench] ${msg}`);

if (!fs.existsSync("build/index.js")) throw new Error("build/index.js missing: run `npx remix build` first");
const writerSource = fs.readFileSync(path.resolve("node_modules/@remix-run/node/dist/stream.js"), "utf8");
const writerPatched = writerSource.includes("patches/@remix-run+node+");
log(`Remix's body writer: ${writerPatched ? "patched (waits for 'drain')" : "NOT patched (run `npx patch-package`)"}`);

// ---------------------------------------------------------------------------------------------
// 1. The registry, 2. an administrator and a session
// ---------------------------------------------------------------------------------------------
await ensureBenchRegistry(dbFile, N, { regen: flag("regen"), log });

const { registerUser } = await import("~/models/user.server");
const { setAdminRole } = await import("~/models/admin/users.server");
const { createSession } = await import("~/utils/session.server");
const { getDb } = await import("~/db/client.server");

const ADMIN = "bench_admin";
const password = crypto.randomBytes(18).toString("base64url"); // never used: the session is minted below
const registered = await registerUser({
  username: ADMIN,
  email: `${ADMIN}@bench.example`,
  password,
  confirmPassword: password,
  firstName: "Bench",
  lastName: "Admin",
});
if (!registered.ok && !registered.fieldErrors.username) throw new Error(`could not create ${ADMIN}: ${JSON.stringify(registered.fieldErrors)}`);
const admin = setAdminRole(ADMIN, true);
if (!admin) throw new Error(`${ADMIN} missing after registration`);
const cookie = (await createSession(admin.id, false)).split(";")[0];
getDb().$client.close();
global.__db = undefined;
log(`signed in as administrator ${ADMIN} (id ${admin.id})`);

// ---------------------------------------------------------------------------------------------
// 3. remix-serve on the bench database
// ---------------------------------------------------------------------------------------------
const base = `http://127.0.0.1:${PORT}`;
if (await fetch(`${base}/resources/healthz`).then(() => true, () => false)) {
  throw new Error(`port ${PORT} is already in use (a previous run's server still stopping?): pass --port`);
}
const server = serveBenchBuild(dbFile, PORT);
const stopServer = () => server.kill("SIGTERM");
process.on("exit", stopServer);
let stopping = false;
server.on("exit", (code, signal) => {
  if (!stopping) console.error(`[bench] remix-serve exited during the run (code ${code}, signal ${signal})`);
});

/** Resident memory of the server process in bytes (VmRSS), or null once it is gone. */
function serverRss(): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB/m.exec(fs.readFileSync(`/proc/${server.pid}/status`, "utf8"));
    return match ? Number(match[1]) * 1024 : null;
  } catch {
    return null;
  }
}


// ---------------------------------------------------------------------------------------------
// 4. Downloads
// ---------------------------------------------------------------------------------------------
type Download = {
  label: string;
  gzip: boolean;
  rateMBps: number | null;
  status: number;
  contentEncoding: string | null;
  /** Bytes on the wire (gzip when compressed) and of the CSV itself. */
  wireBytes: number;
  csvBytes: number;
  lines: number;
  linesOk: boolean;
  seconds: number;
  rssStartMB: number;
  rssPeakMB: number;
  /** Peak during this download minus the server's RSS at rest (before any download). */
  growthMB: number;
};

/** Counts LF bytes fast. */
function countLines(buf: Buffer): number {
  let n = 0;
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) n++;
  return n;
}

function download(label: string, { gzip, rateMBps }: { gzip: boolean; rateMBps: number | null }, baselineRss: number): Promise<Download> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const rssStart = serverRss() ?? 0;
    let peak = rssStart;
    const sampler = setInterval(() => {
      peak = Math.max(peak, serverRss() ?? 0);
    }, SAMPLE_MS);
    const req = http.get(
      `${base}/api/admin/reports/businesses`,
      // A connection of its own per download, like separate clients (no keep-alive reuse).
      { agent: false, headers: { Cookie: cookie, "Accept-Encoding": gzip ? "gzip" : "identity" } },
      (res) => {
        let wireBytes = 0;
        let csvBytes = 0;
        let lines = 0;
        const encoding = res.headers["content-encoding"] ?? null;
        const body = encoding === "gzip" ? res.pipe(zlib.createGunzip()) : res;
        body.on("data", (chunk: Buffer) => {
          csvBytes += chunk.length;
          lines += countLines(chunk);
        });
        res.on("data", (chunk: Buffer) => {
          wireBytes += chunk.length;
          if (rateMBps === null) return;
          // Throttle: when ahead of rateMBps, stop reading until the schedule catches up.
          const dueMs = (wireBytes / (rateMBps * MB)) * 1000;
          const aheadMs = dueMs - (performance.now() - started);
          if (aheadMs > 5) {
            res.pause();
            setTimeout(() => res.resume(), aheadMs);
          }
        });
        body.on("end", () => {
          clearInterval(sampler);
          peak = Math.max(peak, serverRss() ?? 0);
          resolve({
            label,
            gzip,
            rateMBps,
            status: res.statusCode ?? 0,
            contentEncoding: encoding,
            wireBytes,
            csvBytes,
            lines,
            linesOk: lines === N + 1,
            seconds: +((performance.now() - started) / 1000).toFixed(1),
            rssStartMB: +(rssStart / MB).toFixed(1),
            rssPeakMB: +(peak / MB).toFixed(1),
            growthMB: +((peak - baselineRss) / MB).toFixed(1),
          });
        });
        const fail = (error: Error) => {
          clearInterval(sampler);
          const seconds = ((performance.now() - started) / 1000).toFixed(1);
          reject(new Error(`${label}: ${error.message} after ${seconds} s and ${wireBytes} bytes (server ${server.exitCode === null && server.signalCode === null ? "running" : `gone: ${server.exitCode ?? server.signalCode}`})`));
        };
        body.on("error", fail);
        res.on("error", fail);
      },
    );
    req.on("error", (error) => {
      clearInterval(sampler);
      reject(error);
    });
  });
}

const downloads: Download[] = [];
let baselineRss = 0;
try {
  await waitForServer(server, `${base}/resources/healthz`);
  // Warm up: the first report opens the server's reader connection; a document-number search
  // keeps it small.
  const warm = await fetch(`${base}/api/admin/reports/businesses?doc=L99`, { headers: { Cookie: cookie } });
  if (warm.status !== 200) throw new Error(`report answered ${warm.status}: is ${ADMIN} an administrator?`);
  await warm.arrayBuffer();
  await new Promise((r) => setTimeout(r, 2_000));
  // At rest: the median of a few samples.
  const rest: number[] = [];
  for (let i = 0; i < 5; i++) {
    rest.push(serverRss() ?? 0);
    await new Promise((r) => setTimeout(r, SAMPLE_MS));
  }
  baselineRss = rest.sort((a, b) => a - b)[2];
  log(`server RSS at rest: ${(baselineRss / MB).toFixed(1)} MB`);

  const runs: [string, { gzip: boolean; rateMBps: number | null }][] = [
    ["fast client", { gzip: false, rateMBps: null }],
    [`throttled ${RATE} MB/s`, { gzip: false, rateMBps: RATE }],
  ];
  if (!flag("skip-gzip")) runs.push([`throttled ${GZIP_RATE} MB/s, gzip`, { gzip: true, rateMBps: GZIP_RATE }]);
  for (const [label, options] of runs) {
    log(`downloading: ${label}`);
    const result = await download(label, options, baselineRss);
    downloads.push(result);
    log(`${label}: ${(result.csvBytes / MB).toFixed(0)} MB, ${result.lines.toLocaleString("en-US")} lines in ${result.seconds} s; peak RSS ${result.rssPeakMB} MB (+${result.growthMB} MB)`);
  }
} finally {
  // Wait for it to go, so the next run can have the port.
  const exited = server.exitCode === null && server.signalCode === null ? once(server, "exit") : Promise.resolve();
  stopping = true;
  stopServer();
  const timer = setTimeout(() => server.kill("SIGKILL"), 10_000);
  await exited;
  clearTimeout(timer);
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
const report = {
  date: new Date().toISOString(),
  machine: {
    cpus: os.cpus().length,
    model: os.cpus()[0]?.model,
    memoryGb: +(os.totalmem() / 2 ** 30).toFixed(1),
    platform: `${os.platform()} ${os.release()}`,
    node: process.version,
    loadAverage: os.loadavg().map((x) => +x.toFixed(2)),
  },
  rows: N,
  dbMegabytes: +(fs.statSync(dbFile).size / MB).toFixed(0),
  writerPatched,
  baselineRssMB: +(baselineRss / MB).toFixed(1),
  growthLimitMB: GROWTH_LIMIT_MB,
  downloads,
  met: downloads.every((d) => d.status === 200 && d.linesOk && d.growthMB <= GROWTH_LIMIT_MB),
};

const lines = [
  `Admin report benchmark, ${N.toLocaleString("en-US")} businesses (${report.dbMegabytes} MB), ${report.date}`,
  `Machine: ${report.machine.cpus} CPUs (${report.machine.model}), ${report.machine.memoryGb} GB, ${report.machine.platform}, Node ${report.machine.node}, load ${report.machine.loadAverage.join(" ")}`,
  `remix-serve (production build, compression on); Remix's body writer ${writerPatched ? "patched" : "NOT patched"}; server RSS at rest ${report.baselineRssMB} MB`,
  "",
  "| download                     | encoding | CSV MB | wire MB | wire MB/s |     lines | s     | peak RSS MB | growth MB |",
  "|------------------------------|----------|-------:|--------:|----------:|----------:|------:|------------:|----------:|",
  ...downloads.map(
    (d) =>
      `| ${d.label.padEnd(28)} | ${(d.contentEncoding ?? "identity").padEnd(8)} | ${(d.csvBytes / MB).toFixed(0).padStart(6)} | ${(d.wireBytes / MB).toFixed(0).padStart(7)} | ${(d.wireBytes / MB / d.seconds).toFixed(1).padStart(9)} | ${d.lines.toLocaleString("en-US").padStart(9)} | ${String(d.seconds).padStart(5)} | ${d.rssPeakMB.toFixed(1).padStart(11)} | ${d.growthMB.toFixed(1).padStart(9)} |`,
  ),
  "",
  `Lines = header + ${N.toLocaleString("en-US")} rows: ${downloads.every((d) => d.linesOk) ? "yes" : "NO"}; growth <= ${GROWTH_LIMIT_MB} MB over rest: ${report.met ? "met" : "MISSED"}`,
];
console.log(lines.join("\n"));
const out = path.join(benchDir, `report-${N}-${report.date.replace(/[:.]/g, "-")}.json`);
fs.writeFileSync(out, JSON.stringify(report, null, 2));
log(`wrote ${out}`);
if (!report.met) process.exitCode = 1;
