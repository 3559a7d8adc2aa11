/**
 * Issue 43 item 2 on the real production server (`npm run build` first): /resources/metrics for
 * a bearer of METRICS_TOKEN only, the metrics' names, types and labels, values read from the
 * database and the backup folder, series that do not grow with the paths asked for, and
 * `promtool check metrics` on a real scrape (when Debian's prometheus package is installed).
 */
import { execFileSync, spawnSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { jobs } from "~/jobs/index.server";
import { resetEnvCache } from "~/utils/env.server";
import { createBackup } from "../../server/ops/backup";
import { createBusiness } from "../support/factories";
import { serverDir, startProdServer, type ProdServer } from "../support/prod-server";

const TOKEN = crypto.randomBytes(24).toString("hex");

type Series = { name: string; labels: Record<string, string>; value: number };

/** The exposition format's samples, and each family's TYPE. */
function parse(text: string): { series: Series[]; types: Map<string, string> } {
  const series: Series[] = [];
  const types = new Map<string, string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) types.set(type[1], type[2]);
    if (!line || line.startsWith("#")) continue;
    const m = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]] = l[2];
    series.push({ name: m[1], labels, value: Number(m[3]) });
  }
  return { series, types };
}

function promtool(): string | undefined {
  const found = spawnSync("sh", ["-c", "command -v promtool"], { encoding: "utf8" });
  return found.status === 0 ? found.stdout.trim() : undefined;
}

async function stop(server: ProdServer | undefined) {
  if (!server) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

describe("metrics without METRICS_TOKEN", () => {
  let server: ProdServer;
  beforeAll(async () => {
    server = await startProdServer({ env: { METRICS_TOKEN: undefined } });
  });
  afterAll(() => stop(server));

  it("are not served: 404, with or without a token", async () => {
    expect((await fetch(`${server.url}/resources/metrics`)).status).toBe(404);
    expect((await fetch(`${server.url}/resources/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } })).status).toBe(404);
  });
});

describe("metrics with METRICS_TOKEN", () => {
  let server: ProdServer;
  const scrape = async () => {
    const response = await fetch(`${server.url}/resources/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    return response.text();
  };
  const fbrSeries = (text: string) => parse(text).series.filter((s) => s.name.startsWith("fbr_"));
  const one = (text: string, name: string, labels: Record<string, string> = {}) =>
    parse(text).series.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));

  beforeAll(async () => {
    const dir = serverDir("fbr-metrics-");
    // What the gauges read, in the server's database (migrated by this process first).
    process.env.DATABASE_PATH = path.join(dir, "app.db");
    resetEnvCache();
    createBusiness({ hasPaidBTR: true });
    const client = getDb().$client;
    const now = Date.now();
    client
      .prepare(
        "INSERT INTO job_runs (name, last_started_at, last_finished_at, last_error, last_succeeded_at, failures) VALUES ('send-mail', ?, ?, 'SMTP down', ?, 2)",
      )
      .run(now - 60_000, now - 59_000, now - 3_600_000);
    client
      .prepare("INSERT INTO registry_imports (file_name, sha256, started_at, finished_at, summary) VALUES ('20261125c.txt', 'abc', ?, ?, ?)")
      .run(now - 120_000, now - 100_000, JSON.stringify({ read: 100, inserted: 90, updated: 5, unchanged: 3, rejected: 2 }));
    const outbox = client.prepare(
      "INSERT INTO outbox (kind, to_address, subject, html, text, message_id, status, next_attempt_at, created_at) VALUES ('test', 'a@example.com', 's', 'h', 't', ?, ?, ?, ?)",
    );
    outbox.run("<1@test>", "pending", now, now - 600_000);
    outbox.run("<2@test>", "failed", now, now - 900_000);
    const paymentId = client.prepare("SELECT id FROM payments LIMIT 1").pluck().get() as number;
    client.prepare("INSERT INTO refunds (payment_id, amount, reason, status) VALUES (?, 100, 'test', 'failed')").run(paymentId);
    global.__db?.db.$client.close();
    global.__db = undefined;
    const backups = path.join(dir, "backups");
    await createBackup({ dbFile: path.join(dir, "app.db"), uploadsDir: path.join(dir, "uploads"), destination: backups });
    server = await startProdServer({ dir, env: { METRICS_TOKEN: TOKEN, BACKUP_DIR: backups } });
  });
  afterAll(async () => {
    await stop(server);
    if (server) fs.rmSync(server.dir, { recursive: true, force: true });
  });

  it("answer 401 without the right bearer token", async () => {
    const url = `${server.url}/resources/metrics`;
    for (const authorization of [undefined, `Bearer wrong-${TOKEN}`, `Bearer ${TOKEN.slice(0, -1)}`, `Basic ${TOKEN}`, TOKEN]) {
      const response = await fetch(url, { headers: authorization ? { Authorization: authorization } : {} });
      expect(response.status, String(authorization)).toBe(401);
      expect(response.headers.get("WWW-Authenticate")).toMatch(/^Bearer/);
      expect(await response.text()).not.toContain("fbr_");
    }
    const response = await fetch(url, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });

  it("name every family with its type and a fixed set of labels", async () => {
    // Something for each per-request metric to count.
    await (await fetch(`${server.url}/business/999999`)).text();
    await (await fetch(`${server.url}/api/businesses/search?name=acme`)).text();
    await (await fetch(`${server.url}/api/businesses/search?name=ac&suggest=1`)).text();
    await (await fetch(`${server.url}/search?name=acme&type=LLC`)).text();
    for (let i = 0; i < 2; i++) expect((await fetch(`${server.url}/search?person=smith`)).headers.get("X-Page-Cache")).toBe(i ? "hit" : "miss");
    await (
      await fetch(`${server.url}/api/login`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ username: "nobody", password: "wrong-password-1" }),
      })
    ).text();

    const text = await scrape();
    const { series, types } = parse(text);
    const expected: Record<string, [string, string[]]> = {
      fbr_http_request_duration_seconds: ["histogram", ["route", "method", "status_class"]],
      fbr_search_duration_seconds: ["histogram", ["shape"]],
      fbr_page_cache_lookups_total: ["counter", ["result"]],
      fbr_signin_attempts_total: ["counter", ["outcome"]],
      fbr_outbox_messages: ["gauge", ["status"]],
      fbr_outbox_oldest_unsent_age_seconds: ["gauge", []],
      fbr_job_last_run_timestamp_seconds: ["gauge", ["scheduled_job"]],
      fbr_job_last_run_failed: ["gauge", ["scheduled_job"]],
      fbr_job_last_success_timestamp_seconds: ["gauge", ["scheduled_job"]],
      fbr_job_failures_total: ["counter", ["scheduled_job"]],
      fbr_registry_import_last_timestamp_seconds: ["gauge", []],
      fbr_registry_import_last_records: ["gauge", ["result"]],
      fbr_payments: ["gauge", ["method", "outcome"]],
      fbr_payments_amount_dollars: ["gauge", ["method", "outcome"]],
      fbr_refunds: ["gauge", ["outcome"]],
      fbr_backup_last_timestamp_seconds: ["gauge", []],
      fbr_backup_last_size_bytes: ["gauge", []],
      fbr_backups: ["gauge", []],
    };
    for (const [name, [type, labels]] of Object.entries(expected)) {
      expect(types.get(name), name).toBe(type);
      const samples = series.filter((s) => s.name === name || s.name.startsWith(`${name}_`) || (type === "counter" && s.name === name));
      expect(samples.length, `${name} has samples`).toBeGreaterThan(0);
      for (const s of samples) expect(Object.keys(s.labels).filter((l) => l !== "le").sort(), name).toEqual([...labels].sort());
    }
    expect([...types.keys()].filter((n) => n.startsWith("fbr_")).sort()).toEqual(Object.keys(expected).sort());

    // Route patterns, never the path typed.
    const routes = new Set(series.filter((s) => s.name === "fbr_http_request_duration_seconds_count").map((s) => s.labels.route));
    expect(routes).toContain("/business/:id");
    expect(routes).toContain("/api/businesses/search");
    expect([...routes].filter((r) => /\/\d+/.test(r))).toEqual([]);
    expect(one(text, "fbr_http_request_duration_seconds_count", { route: "/business/:id", method: "GET", status_class: "4xx" })?.value).toBe(1);

    expect(one(text, "fbr_search_duration_seconds_count", { shape: "name" })?.value).toBe(1);
    expect(one(text, "fbr_search_duration_seconds_count", { shape: "suggest" })?.value).toBe(1);
    expect(one(text, "fbr_search_duration_seconds_count", { shape: "name+filters" })?.value).toBe(1);
    expect(one(text, "fbr_search_duration_seconds_count", { shape: "person" })?.value).toBe(2);
    expect(one(text, "fbr_page_cache_lookups_total", { result: "hit" })?.value).toBeGreaterThanOrEqual(1);
    expect(one(text, "fbr_page_cache_lookups_total", { result: "miss" })?.value).toBeGreaterThanOrEqual(1);
    expect(one(text, "fbr_signin_attempts_total", { outcome: "failure" })?.value).toBe(1);
    expect(one(text, "fbr_signin_attempts_total", { outcome: "locked" })?.value).toBe(0);

    // Node's default metrics, without the gauges named ..._total.
    expect(types.get("process_cpu_seconds_total")).toBe("counter");
    expect(types.get("nodejs_heap_size_used_bytes")).toBe("gauge");
    expect(types.has("nodejs_active_handles_total")).toBe(false);
  });

  it("read the outbox, the jobs, the last import, payments, refunds and the last backup when scraped", async () => {
    const text = await scrape();
    const now = Date.now() / 1000;
    expect(one(text, "fbr_outbox_messages", { status: "pending" })?.value).toBe(1);
    expect(one(text, "fbr_outbox_messages", { status: "failed" })?.value).toBe(1);
    expect(one(text, "fbr_outbox_messages", { status: "sent" })?.value).toBe(0);
    expect(one(text, "fbr_outbox_oldest_unsent_age_seconds")?.value).toBeGreaterThanOrEqual(600);
    expect(one(text, "fbr_job_failures_total", { scheduled_job: "send-mail" })?.value).toBe(2);
    expect(one(text, "fbr_job_last_run_failed", { scheduled_job: "send-mail" })?.value).toBe(1);
    expect(one(text, "fbr_job_last_success_timestamp_seconds", { scheduled_job: "send-mail" })?.value).toBeCloseTo(now - 3600, -2);
    expect(one(text, "fbr_registry_import_last_timestamp_seconds")?.value).toBeCloseTo(now - 100, -2);
    expect(one(text, "fbr_registry_import_last_records", { result: "read" })?.value).toBe(100);
    expect(one(text, "fbr_registry_import_last_records", { result: "rejected" })?.value).toBe(2);
    expect(one(text, "fbr_payments", { method: "card", outcome: "paid" })?.value).toBe(1);
    expect(one(text, "fbr_payments_amount_dollars", { method: "card", outcome: "paid" })?.value).toBeGreaterThan(0);
    expect(one(text, "fbr_refunds", { outcome: "failed" })?.value).toBe(1);
    expect(one(text, "fbr_backups")?.value).toBe(1);
    expect(one(text, "fbr_backup_last_timestamp_seconds")?.value).toBeCloseTo(now, -2);
    expect(one(text, "fbr_backup_last_size_bytes")?.value).toBeGreaterThan(4096);
  });

  it("keep the number of series flat however many different paths are asked for", async () => {
    const ask = async (pathname: string, init?: RequestInit) => void (await (await fetch(`${server.url}${pathname}`, init)).arrayBuffer());
    // Every kind of request once, so each label combination exists...
    const round = async (n: number) => {
      await ask(`/business/${n}`);
      await ask(`/no-such-page-${n}/${crypto.randomBytes(4).toString("hex")}`);
      await ask(`/build/missing-${n}.js`);
      await ask(`/api/businesses/${n}`);
      await ask(`/business/${n}`, { method: "HEAD" });
      await ask(`/resources/healthz?n=${n}`, { method: "OPTIONS" });
      await ask(`/search?name=n${n}`);
    };
    // A scheduled job's series appear with its first run, whenever the scheduler gets to it: one
    // set per job, never per path, so they are checked against the jobs' names instead.
    const job = (s: Series) => s.name.startsWith("fbr_job_");
    const requestSeries = async () => fbrSeries(await scrape()).filter((s) => !job(s));
    await round(0); // not found
    await round(1); // the one business there is
    await scrape(); // the scrape's own series, once it has been answered
    const beforeSeries = await requestSeries();
    const before = beforeSeries.length;
    // ...then many more paths, all different.
    for (let n = 2; n <= 200; n++) await round(n);
    const after = await requestSeries();
    const key = (s: Series) => `${s.name}${JSON.stringify(s.labels)}`;
    const known = new Set(beforeSeries.map(key));
    expect(after.filter((s) => !known.has(key(s))).map(key)).toEqual([]);
    expect(after.length).toBe(before);
    const names = new Set(jobs.map((j) => j.name));
    expect(fbrSeries(await scrape()).filter((s) => job(s) && !names.has(s.labels.scheduled_job)).map(key)).toEqual([]);
    expect(one(await scrape(), "fbr_http_request_duration_seconds_count", { route: "/business/:id", method: "GET" })?.value).toBeGreaterThanOrEqual(200);
  }, 120_000);

  const tool = promtool();
  it.skipIf(!tool)(
    tool ? "pass `promtool check metrics` on a real scrape" : "pass `promtool check metrics` (SKIPPED: promtool is not installed; apt-get install prometheus)",
    async () => {
      const text = await scrape();
      let output = "";
      try {
        output = execFileSync(tool!, ["check", "metrics"], { input: text, encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
      } catch (error) {
        const e = error as { stdout?: string; stderr?: string };
        throw new Error(`promtool check metrics failed:\n${e.stdout ?? ""}${e.stderr ?? ""}`);
      }
      expect(output.trim()).toBe("");
    },
  );
});
