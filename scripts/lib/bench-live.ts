/**
 * `npm run bench:registry -- --live [--n 100000] [--seconds 30] [--rate 20]`: the registry's
 * imports beside live traffic. The production server (scripts/start.ts) serves a copy of the
 * bench registry while a steady mix of requests goes to it (searches, business pages, sign-ins
 * and claims: reads and writes) through three phases: idle, (a) a daily file of 50,000 changed
 * records, (b) a full load (the whole registry, a tenth of it changed), each applied by the import
 * command in its own process as the scheduled job does. For each phase and request class: the
 * count, p50 / p95 / p99 and errors, and at the end every write that was answered as saved is
 * looked for in the database (lost writes). Figures go to bench/live-<N>.json and
 * docs/performance.md ("Imports beside live traffic").
 */
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { benchDir, benchRegistryPath, ensureBenchRegistry } from "./bench-registry";
import { freePort, waitForServer } from "./bench-server";
import { generateCordataRecord } from "./registry-generator";

type ClassName = "search" | "page" | "sign-in" | "claim";
const MIX: [ClassName, number][] = [
  ["search", 0.5],
  ["page", 0.3],
  ["sign-in", 0.1],
  ["claim", 0.1],
];
const PASSWORD = "bench-live-password";
const DAILY_RECORDS = 50_000;

type Sample = { cls: ClassName; ms: number; ok: boolean; status: number };
type Phase = { name: string; samples: Sample[]; seconds: number; import?: { records: number; seconds: number; perSecond: number } };

const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] : NaN);

/** A changed copy of record `i`: another status and street, as a day's amendments do. */
function changedRecord(i: number, round: number) {
  const r = generateCordataRecord(i, false);
  return { ...r, status: r.status === "A" ? "I" : "A", principal: { ...r.principal, address1: `${100 + round} CHANGED ST ${i % 1000}` } };
}

async function writeFile(file: string, indexes: Iterable<number>, record: (i: number) => ReturnType<typeof generateCordataRecord>) {
  const { formatCordataLine } = await import("~/lib/cordata-writer");
  const { default: iconv } = await import("iconv-lite");
  const out = fs.openSync(file, "w");
  let batch: string[] = [];
  for (const i of indexes) {
    batch.push(`${formatCordataLine(record(i))}\r\n`);
    if (batch.length === 2000) {
      fs.writeSync(out, iconv.encode(batch.join(""), "latin1"));
      batch = [];
    }
  }
  if (batch.length) fs.writeSync(out, iconv.encode(batch.join(""), "latin1"));
  fs.closeSync(out);
}

export async function benchLive({ n, seconds, rate, log }: { n: number; seconds: number; rate: number; log: (m: string) => void }) {
  const source = benchRegistryPath(n);
  await ensureBenchRegistry(source, n, { log });
  const dbFile = path.join(benchDir, `live-${n}.db`);
  for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(dbFile + suffix, { force: true });
  fs.copyFileSync(source, dbFile);

  // Accounts to sign in with, and businesses to claim (with their letters' codes).
  const { hashPassword } = await import("~/models/password.server");
  const db = new Database(dbFile);
  const hash = await hashPassword(PASSWORD);
  const users = Array.from({ length: 40 }, (_, i) => `bench_live_${i}`);
  const insertUser = db.prepare("INSERT INTO users (username, email, password_hash, first_name, last_name) VALUES (?, ?, ?, 'Bench', 'Live')");
  for (const u of users) insertUser.run(u, `${u}@example.com`, hash);
  const claimable = db
    .prepare("SELECT id, verification_code AS code FROM businesses WHERE is_claimed = 0 AND can_be_claimed = 1 ORDER BY random() LIMIT 5000")
    .all() as { id: number; code: string }[];
  const ids = (db.prepare("SELECT id FROM businesses ORDER BY random() LIMIT 5000").all() as { id: number }[]).map((r) => r.id);
  const words = (db.prepare("SELECT name FROM businesses ORDER BY random() LIMIT 2000").all() as { name: string }[])
    .map((r) => r.name.split(/\s+/)[0].replace(/[^A-Za-z]/g, ""))
    .filter((w) => w.length >= 3);
  db.close();

  // The files the phases import: a day's changes, then the quarterly full load.
  const daily = path.join(benchDir, `live-${n}-20261201c.txt`);
  const step = Math.max(1, Math.floor(n / DAILY_RECORDS));
  const dailyIndexes = Array.from({ length: Math.min(DAILY_RECORDS, n) }, (_, k) => (k * step) % n);
  await writeFile(daily, dailyIndexes, (i) => changedRecord(i, 1));
  const full = path.join(benchDir, `live-${n}-cordata0.txt`);
  await writeFile(
    full,
    (function* () {
      for (let i = 0; i < n; i++) yield i;
    })(),
    (i) => (i % 10 === 3 ? changedRecord(i, 2) : i % step === 0 && (i / step) < DAILY_RECORDS ? changedRecord(i, 1) : generateCordataRecord(i, false)),
  );

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const server = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      APP_URL: url,
      DATABASE_PATH: dbFile,
      SEED_DEMO: "false",
      JOBS_SCHEDULE: "false",
      LOG_LEVEL: "warn",
      STRIPE_RECONCILE_ON_START: "0",
      START_WATCH_LAUNCHER: "0",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  // Interrupted (Ctrl-C), the server and an import in progress go too.
  const children = new Set<ChildProcess>([server]);
  const stopAll = () => {
    for (const child of children) child.kill("SIGKILL");
    process.exit(130);
  };
  process.once("SIGINT", stopAll);
  process.once("SIGTERM", stopAll);
  try {
    await waitForServer(server, `${url}/resources/readyz`, 120_000);
    const claims: { businessId: number; username: string }[] = [];
    const sessions: string[] = [];
    const cookies = new Map<string, string>();
    let claimAt = 0;
    const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)];

    async function signIn(username: string) {
      const res = await fetch(`${url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username, password: PASSWORD }),
      });
      await res.text();
      const cookie = res.headers.get("set-cookie")?.split(";")[0];
      if (res.ok && cookie) {
        cookies.set(username, cookie);
        sessions.push(cookie);
      }
      return res.status;
    }
    for (const u of users) await signIn(u);

    const request: Record<ClassName, () => Promise<number>> = {
      search: async () => {
        const res = await fetch(`${url}/search?q=${encodeURIComponent(pick(words))}${Math.random() < 0.3 ? "&status=ACTIVE" : ""}`);
        await res.text();
        return res.status;
      },
      page: async () => {
        const res = await fetch(`${url}/business/${pick(ids)}`);
        await res.text();
        return res.status;
      },
      "sign-in": () => signIn(pick(users)),
      claim: async () => {
        const business = claimable[claimAt++ % claimable.length];
        const username = pick(users);
        const form = new FormData();
        form.set("verificationCode", business.code);
        form.set("employeeCount", "2");
        form.set("vehicleCount", "1");
        const res = await fetch(`${url}/api/businesses/${business.id}/claim`, { method: "POST", body: form, headers: { Cookie: cookies.get(username)! } });
        await res.text();
        if (res.ok) claims.push({ businessId: business.id, username });
        return res.status;
      },
    };

    /** The steady mix at `rate` requests a second until `until` resolves (at least `minSeconds`). */
    async function traffic(name: string, until: Promise<unknown>, minSeconds: number): Promise<Phase> {
      const samples: Sample[] = [];
      const inFlight = new Set<Promise<void>>();
      let done = false;
      void until.then(() => (done = true));
      const started = performance.now();
      const gap = 1000 / rate;
      let next = started;
      while (!done || performance.now() - started < minSeconds * 1000) {
        const r = Math.random();
        let acc = 0;
        const cls = MIX.find(([, w]) => (acc += w) >= r)?.[0] ?? "search";
        const t = performance.now();
        const p = request[cls]()
          .catch(() => 0)
          .then((status) => void samples.push({ cls, ms: performance.now() - t, ok: status >= 200 && status < 300, status }));
        inFlight.add(p);
        void p.finally(() => inFlight.delete(p));
        next += gap;
        await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - performance.now())));
      }
      await Promise.all(inFlight);
      return { name, samples, seconds: (performance.now() - started) / 1000 };
    }

    /** Runs the import command in its own process (as the scheduled job does); resolves with its summary. */
    function runImport(file: string) {
      return new Promise<{ records: number; seconds: number; perSecond: number }>((resolve, reject) => {
        const started = performance.now();
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", "--json", file], {
          env: { ...process.env, DATABASE_PATH: dbFile, NODE_ENV: "production" },
          stdio: ["ignore", "pipe", "inherit"],
        });
        children.add(child);
        let out = "";
        child.stdout!.on("data", (d: Buffer) => (out += d));
        child.once("exit", (code) => {
          children.delete(child);
          const line = out.split("\n").find((l) => l.startsWith('{"summaries":'));
          if (code !== 0 || !line) return reject(new Error(`import of ${file} exited ${code}`));
          const [s] = (JSON.parse(line) as { summaries: { read: number }[] }).summaries;
          const secs = (performance.now() - started) / 1000;
          resolve({ records: s.read, seconds: +secs.toFixed(1), perSecond: Math.round(s.read / secs) });
        });
      });
    }

    const phases: Phase[] = [];
    log(`idle: ${seconds} s of traffic at ${rate} requests/s`);
    phases.push(await traffic("idle", Promise.resolve(), seconds));
    for (const [name, file] of [
      ["daily file (50,000 changed records)", daily],
      ["full load (every record, a tenth changed)", full],
    ] as const) {
      log(`${name}: importing ${path.basename(file)} beside the traffic`);
      const imported = runImport(file);
      const phase = await traffic(name, imported, 5);
      phase.import = await imported;
      phases.push(phase);
    }

    // Every write that was answered as saved is there.
    const check = new Database(dbFile, { readonly: true });
    const owner = check.prepare("SELECT u.username FROM businesses b JOIN users u ON u.id = b.owner_id WHERE b.id = ? AND b.is_claimed = 1");
    const lostClaims = claims.filter((c) => (owner.get(c.businessId) as { username: string } | undefined)?.username !== c.username).length;
    check.close();
    let lostSessions = 0;
    for (const cookie of sessions) if ((await fetch(`${url}/api/user`, { headers: { Cookie: cookie } })).status !== 200) lostSessions++;

    const rows = phases.map((phase) => ({
      phase: phase.name,
      seconds: +phase.seconds.toFixed(1),
      import: phase.import,
      classes: Object.fromEntries(
        MIX.map(([cls]) => {
          const of = phase.samples.filter((s) => s.cls === cls);
          const ms = of.map((s) => s.ms).sort((a, b) => a - b);
          const failed = of.filter((s) => !s.ok);
          const statuses = [...new Set(failed.map((s) => s.status))].join(" ");
          return [cls, { count: of.length, errors: failed.length, statuses, p50: +pct(ms, 50).toFixed(1), p95: +pct(ms, 95).toFixed(1), p99: +pct(ms, 99).toFixed(1) }];
        }),
      ),
    }));
    const result = {
      date: new Date().toISOString(),
      n,
      rate,
      writes: { claims: claims.length, lostClaims, sessions: sessions.length, lostSessions },
      phases: rows,
    };
    fs.writeFileSync(path.join(benchDir, `live-${n}.json`), `${JSON.stringify(result, null, 2)}\n`);
    log(`| phase | class | count | errors | p50 ms | p95 ms | p99 ms | p99 / idle |`);
    log(`|---|---|---:|---:|---:|---:|---:|---:|`);
    for (const row of rows)
      for (const [cls, c] of Object.entries(row.classes)) {
        const idle = rows[0].classes[cls as ClassName].p99;
        log(`| ${row.phase} | ${cls} | ${c.count} | ${c.errors}${c.statuses ? ` (${c.statuses})` : ""} | ${c.p50} | ${c.p95} | ${c.p99} | ${(c.p99 / idle).toFixed(2)} |`);
      }
    for (const row of rows) if (row.import) log(`${row.phase}: ${row.import.records.toLocaleString("en-US")} records in ${row.import.seconds} s (${row.import.perSecond.toLocaleString("en-US")} records/s)`);
    log(`writes answered as saved: ${claims.length} claims (${lostClaims} lost), ${sessions.length} sign-ins (${lostSessions} lost)`);
    return result;
  } finally {
    server.kill("SIGTERM");
    await new Promise((resolve) => server.once("exit", resolve));
    spawnSync("rm", ["-f", daily, full]);
  }
}
