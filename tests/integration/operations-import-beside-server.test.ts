/**
 * The registry importer beside the production server (decision 0023): a write waits for the
 * importer's lock without holding up anything else (healthz, searches), a write told it
 * succeeded survives a kill -9 of the importer or of the server, and a write that cannot get the
 * lock in its budget is a 503 with Retry-After and the product's words, with nothing written.
 * Needs `npm run build` first (as `npm test` does).
 */
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import type { CordataInput } from "~/lib/cordata-writer";
import { writeCordata } from "../support/cordata-files";
import { serverDir, startProdServer, type ProdServer } from "../support/prod-server";

const BUSY_WORDS = "The service is busy saving other changes, and your request was not saved.";
const dir = serverDir("fbr-import-live-");
const dbFile = path.join(dir, "app.db");
const running: ChildProcess[] = [];
afterAll(() => {
  for (const child of running) child.kill("SIGKILL");
  fs.rmSync(dir, { recursive: true, force: true });
});

const records = (n: number, suffix: string): CordataInput[] =>
  Array.from({ length: n }, (_, i) => ({
    documentNumber: `L26${String(i).padStart(9, "0")}`,
    name: `LIVE TEST ${i} ${suffix} LLC`,
    status: "A",
    filingType: "FLAL",
    officers: [{ title: "MGR", type: "P", name: `OFFICER${i}, ${suffix}` }],
  }));

const importEnv = { ...process.env, DATABASE_PATH: dbFile, NODE_ENV: "test" as const };

/** The import command in its own process (node itself, so that kill -9 hits the importer). */
function startImport(file: string, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", file], { env: { ...importEnv, ...env } });
  running.push(child);
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  child.stdout!.resume();
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) => child.once("exit", (code, signal) => resolve(signal ?? code)));
  const reached = (text: string) =>
    new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (stderr.includes(text)) {
          clearInterval(timer);
          resolve();
        } else if (child.exitCode !== null) {
          clearInterval(timer);
          reject(new Error(`importer exited (${child.exitCode}): ${stderr}`));
        }
      }, 20);
    });
  return { child, exited, reached };
}

async function timed(url: string) {
  const started = performance.now();
  const response = await fetch(url);
  await response.text();
  return { status: response.status, ms: performance.now() - started };
}

const json = (body: unknown) => ({ method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const account = (name: string) => ({ firstName: "Live", lastName: "Writer", email: `${name}@example.com`, username: name, password: "secret123", confirmPassword: "secret123" });

function usernames(): string[] {
  const db = new Database(dbFile, { readonly: true });
  try {
    return (db.prepare("SELECT username FROM users ORDER BY username").all() as { username: string }[]).map((r) => r.username);
  } finally {
    db.close();
  }
}

describe("writes beside the registry importer", { timeout: 240_000 }, () => {
  let server: ProdServer;

  it("a write waits for the importer's open transaction without delaying healthz or a search, and is saved once the importer dies", async () => {
    // A registry with rows, so the next file is applied in short transactions.
    const first = path.join(dir, "20261201c.txt");
    writeCordata(first, records(40, "OLD"));
    const load = spawnSync(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", first], { env: importEnv, encoding: "utf8" });
    expect(load.status, load.stderr).toBe(0);
    server = await startProdServer({ dir, env: { JOBS_SCHEDULE: "false", WRITE_WAIT_MS: "30000" } });

    // The importer stops inside a transaction (lines 21-25 written, not committed): it holds the lock.
    const daily = path.join(dir, "20261202c.txt");
    writeCordata(daily, records(60, "NEW"));
    const importer = startImport(daily, { IMPORT_FAULT_AFTER_LINES: "25", IMPORT_CHUNK_RECORDS: "10" });
    await importer.reached("IMPORT FAULT POINT after 25 lines");

    let answered = false;
    const write = fetch(`${server.url}/api/register`, json(account("waiting_writer"))).then(async (r) => {
      answered = true;
      return { status: r.status, body: await r.text() };
    });
    await new Promise((r) => setTimeout(r, 300));
    const probes = [];
    for (let i = 0; i < 10; i++) probes.push(await timed(`${server.url}/resources/healthz`));
    probes.push(await timed(`${server.url}/search?q=live`));
    probes.push(await timed(`${server.url}/resources/readyz`));
    expect(probes.map((p) => p.status)).toEqual([...Array(10).fill(200), 200, 200]);
    expect(Math.max(...probes.slice(0, 10).map((p) => p.ms))).toBeLessThan(100);
    expect(answered).toBe(false); // still waiting for the lock

    importer.child.kill("SIGKILL");
    expect(await importer.exited).toBe("SIGKILL");
    const saved = await write;
    expect(saved.status, saved.body).toBe(201);
    expect(usernames()).toContain("waiting_writer");
  });

  it("writes made while an import runs are saved, and survive kill -9 of the importer and then of the server", async () => {
    // 10 records a transaction with the 30 ms pause: half a minute of import, longer than the 16
    // password-hashing requests below even on a busy machine (1,500 records once finished first).
    const big = path.join(dir, "20261203c.txt");
    writeCordata(big, records(5000, "BIG"));
    const importer = startImport(big, { IMPORT_CHUNK_RECORDS: "10" });
    const cookies: string[] = [];
    for (let i = 0; i < 8; i++) {
      const name = `during_import_${i}`;
      const registered = await fetch(`${server.url}/api/register`, json(account(name)));
      expect(registered.status).toBe(201);
      const login = await fetch(`${server.url}/api/login`, json({ username: name, password: "secret123" }));
      expect(login.status).toBe(200);
      cookies.push(login.headers.get("set-cookie")!.split(";")[0]);
    }
    expect(importer.child.exitCode).toBeNull(); // the import was running all along
    importer.child.kill("SIGKILL");
    expect(await importer.exited).toBe("SIGKILL");

    server.child.kill("SIGKILL");
    await server.exited;
    server = await startProdServer({ dir, env: { JOBS_SCHEDULE: "false" } });
    for (const cookie of cookies) {
      const me = await fetch(`${server.url}/api/user`, { headers: { Cookie: cookie } });
      expect(me.status).toBe(200);
    }
    expect(usernames().filter((u) => u.startsWith("during_import_"))).toHaveLength(8);

    // The killed import resumes where it stopped and completes.
    const rerun = spawnSync(process.execPath, ["--import", "tsx", "scripts/registry-import.ts", big], { env: importEnv, encoding: "utf8" });
    expect(rerun.status, rerun.stderr).toBe(0);
    expect(rerun.stdout).toMatch(/resuming after line/);
    expect(rerun.stdout).toMatch(/read 5,000,/);
    const db = new Database(dbFile, { readonly: true });
    expect(db.prepare("SELECT count(*) AS n FROM businesses WHERE name LIKE '%BIG LLC'").get()).toEqual({ n: 5000 });
    db.close();
  });

  it("a write that cannot get the lock within WRITE_WAIT_MS is a 503 with Retry-After and the product's words, and writes nothing", async () => {
    server.child.kill("SIGTERM");
    await server.exited;
    server = await startProdServer({ dir, env: { JOBS_SCHEDULE: "false", WRITE_WAIT_MS: "800" } });
    const other = new Database(dbFile);
    other.exec("BEGIN IMMEDIATE");
    try {
      const api = await fetch(`${server.url}/api/register`, json(account("too_late_api")));
      expect(api.status).toBe(503);
      expect(api.headers.get("retry-after")).toBe("5");
      expect(((await api.json()) as { error: { message: string } }).error.message).toContain(BUSY_WORDS);

      const form = new URLSearchParams({ username: "too_late_page", password: "secret123" });
      const page = await fetch(`${server.url}/login`, { method: "POST", body: form, redirect: "manual" });
      expect(page.status).toBe(503);
      expect(page.headers.get("retry-after")).toBe("5");
      const html = await page.text();
      expect(html).toContain("Please try again in a moment");
      expect(html).toContain(BUSY_WORDS);
      // Reads go on meanwhile.
      expect((await timed(`${server.url}/search?q=live`)).status).toBe(200);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(usernames()).not.toContain("too_late_api");
    const after = await fetch(`${server.url}/api/register`, json(account("in_time")));
    expect(after.status).toBe(201);
    server.child.kill("SIGTERM");
    await server.exited;
  });
});
