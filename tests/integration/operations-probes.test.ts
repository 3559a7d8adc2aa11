/**
 * Issue 24 on the real production server (`npm run build` first): bad configuration refused
 * at start-up with one clear line each; /resources/readyz failing and recovering; a read-only
 * database or uploads folder during a request answered with a clear page that carries the
 * request id (and logged); one JSON log line per request, with no secret in the whole log.
 */
import { secretsIn } from "../support/e2e-log-check";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/utils/env.server";
import { createBusiness } from "../support/factories";
import { makeUnwritable, serverDir, startProdServer, startWith, type ProdServer } from "../support/prod-server";

describe("start-up refuses bad configuration, one clear line each", () => {
  const cases: [string, Record<string, string | undefined>, RegExp][] = [
    [
      "production with a real Stripe key and no SESSION_SECRET",
      { SESSION_SECRET: undefined, STRIPE_SECRET_KEY: "sk_live_0123456789abcdef" },
      /SESSION_SECRET: SESSION_SECRET is required in production/,
    ],
    ["a short SESSION_SECRET", { SESSION_SECRET: "short" }, /SESSION_SECRET: SESSION_SECRET must be at least 16 characters long/],
    ["a malformed Stripe key", { STRIPE_SECRET_KEY: "garbage" }, /STRIPE_SECRET_KEY: STRIPE_SECRET_KEY must be a Stripe secret key/],
    ["a publishable key where the secret key goes", { STRIPE_SECRET_KEY: "pk_test_0123456789abcdef" }, /STRIPE_SECRET_KEY must be a Stripe secret key/],
    ["an APP_URL that is not a URL", { APP_URL: "btr.example.gov" }, /APP_URL: APP_URL must be the site's full address/],
  ];
  it.each(cases)("%s", async (_name, env, message) => {
    const result = await startWith(env);
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toMatch(/^\s+at /m); // no stack
    fs.rmSync(result.dir, { recursive: true, force: true });
  });

  it("a database path it cannot write (a folder that is a file)", async () => {
    const dir = serverDir("fbr-refuse-");
    fs.writeFileSync(path.join(dir, "not-a-folder"), "x");
    const result = await startWith({ DATABASE_PATH: path.join(dir, "not-a-folder", "app.db") });
    expect(result.code).toBe(1);
    expect(result.stderr).toMatch(/DATABASE_PATH .*app\.db cannot be written \(E[A-Z]+\)/);
    expect(result.stderr.trim().split("\n").filter((l) => !l.startsWith("npm warn"))).toHaveLength(1);
  });

  it("a database file it cannot write (read-only)", async () => {
    const dir = serverDir("fbr-refuse-");
    const file = path.join(dir, "app.db");
    fs.writeFileSync(file, "");
    const undo = makeUnwritable(file);
    try {
      const result = await startWith({ DATABASE_PATH: file });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/DATABASE_PATH .*app\.db cannot be written/);
    } finally {
      undo();
    }
  });
});

describe("probes, failures during requests, and the log", () => {
  let server: ProdServer;
  let businessId: number;
  const password = "ops-Secret-pass-4711";
  const code = "7654321";
  let cookie = "";

  beforeAll(async () => {
    const dir = serverDir();
    // The business to claim, in the server's database (migrated by this process first).
    process.env.DATABASE_PATH = path.join(dir, "app.db");
    resetEnvCache();
    businessId = createBusiness({ verificationCode: code }).id;
    global.__db?.db.$client.close();
    global.__db = undefined;
    server = await startProdServer({ dir });
  });
  afterAll(async () => {
    server?.child.kill("SIGTERM");
    await server?.exited;
    if (server) fs.rmSync(server.dir, { recursive: true, force: true });
  });

  async function register(username: string) {
    return fetch(`${server.url}/api/register`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        firstName: "Ops",
        lastName: "Tester",
        email: `${username}@example.com`,
        username,
        password,
        confirmPassword: password,
      }),
    });
  }

  it("database not writable (the server's first use of it): readyz 503; a form post gets a clear page with the request id, not a stack; then it recovers", async () => {
    // The write-ahead log too, made first if missing: a connection the server opened with the
    // file writable would otherwise create it and commit there, never touching the database file.
    const wal = `${server.dbFile}-wal`;
    if (!fs.existsSync(wal)) fs.writeFileSync(wal, "");
    const undo = makeUnwritable(server.dbFile, wal);
    let page: Response;
    let html: string;
    try {
      const ready = await fetch(`${server.url}/resources/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, checks: { database: { ok: false } } });
      // Registration through the page (no JavaScript): the write fails.
      page = await fetch(`${server.url}/register`, {
        method: "POST",
        body: new URLSearchParams({
          firstName: "Ro",
          lastName: "Disk",
          email: "rodisk@example.com",
          username: "rodisk",
          password,
          confirmPassword: password,
          terms: "on",
        }),
        redirect: "manual",
      });
      html = await page.text();
    } finally {
      undo();
    }
    expect(page.status).toBe(500);
    const id = page.headers.get("x-request-id")!;
    expect(html).toContain("Something went wrong");
    expect(html).toContain(id);
    expect(html).not.toMatch(/SqliteError|SQLITE_|at .*\.js:\d+/);
    const after = await fetch(`${server.url}/resources/readyz`);
    expect(after.status).toBe(200);
    // And the same registration now goes through: nothing half-written was left in the way.
    expect((await register("rodisk")).status).toBe(201);
  });

  it("readyz is 200 when all is well, healthz stays 200", async () => {
    const ready = await fetch(`${server.url}/resources/readyz`);
    expect(ready.status).toBe(200);
    expect(await ready.json()).toMatchObject({ ready: true });
    expect((await fetch(`${server.url}/resources/healthz`)).status).toBe(200);
  });

  it("signs in; each request gets an X-Request-Id and a log line with the user", async () => {
    expect((await register("opsuser")).status).toBe(201);
    const login = await fetch(`${server.url}/api/login`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "client-chosen-id-0001" },
      body: JSON.stringify({ username: "opsuser", password }),
    });
    expect(login.status).toBe(200);
    expect(login.headers.get("x-request-id")).toBe("client-chosen-id-0001");
    cookie = login.headers.get("set-cookie")!.split(";")[0];
    const page = await fetch(`${server.url}/business/${businessId}`, { headers: { Cookie: cookie } });
    expect(page.status).toBe(200);
    const id = page.headers.get("x-request-id");
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    await new Promise((r) => setTimeout(r, 100));
    const line = server.logLines().find((l) => l.reqId === id)!;
    expect(line).toMatchObject({ method: "GET", route: "/business/:id", routeId: "routes/business.$id", status: 200 });
    expect(typeof line.durationMs).toBe("number");
    expect(typeof line.userId).toBe("number");
    expect(typeof line.time).toBe("string");
  });

  it("uploads folder not writable: readyz 503; a claim is a logged server error with the request id; then it recovers", async () => {
    fs.mkdirSync(server.uploads, { recursive: true });
    const undo = makeUnwritable(server.uploads);
    let claim: Response;
    try {
      const ready = await fetch(`${server.url}/resources/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ ready: false, checks: { uploads: { ok: false } } });
      const form = new FormData();
      form.set("employeeCount", "3");
      form.set("vehicleCount", "1");
      form.set("verificationCode", code);
      form.set("driversLicenseFile", new File([fs.readFileSync("tests/fixtures/license.png")], "license.png", { type: "image/png" }));
      claim = await fetch(`${server.url}/api/businesses/${businessId}/claim`, { method: "POST", body: form, headers: { Cookie: cookie } });
    } finally {
      undo();
    }
    expect(claim.status).toBe(500);
    const id = claim.headers.get("x-request-id");
    const body = (await claim.json()) as { error: { message: string; requestId: string } };
    expect(body.error.requestId).toBe(id);
    expect(body.error.message).not.toMatch(/form data could not be read/);
    await new Promise((r) => setTimeout(r, 100));
    const errorLine = server.logLines().find((l) => l.reqId === id && l.level === 50 && l.err);
    expect(JSON.stringify(errorLine)).toMatch(/could not be stored/);
    expect((await fetch(`${server.url}/resources/readyz`)).status).toBe(200);
    // Nothing half-done: the business is still unclaimed, and no file was left behind.
    const page = await fetch(`${server.url}/api/businesses/${businessId}`);
    expect(((await page.json()) as { claimedBy?: unknown; isClaimed?: unknown }).isClaimed ?? false).toBeFalsy();
    expect(fs.readdirSync(server.uploads)).toEqual([]);
  });

  it("no password, session cookie or verification code anywhere in the log", async () => {
    const log = fs.readFileSync(server.logFile, "utf8");
    expect(log.length).toBeGreaterThan(0);
    const cookieValue = cookie.split("=")[1];
    for (const secret of [password, cookieValue, decodeURIComponent(cookieValue), code, "4242424242424242"]) {
      expect(log).not.toContain(secret);
    }
    for (const line of log.split("\n").filter(Boolean)) expect(() => JSON.parse(line)).not.toThrow();
  });
});

/**
 * The log of the last end-to-end run (tests/support/e2e-server.ts writes it). The e2e suite
 * checks its own run's log at its end (tests/support/e2e-log-check.ts, Playwright's global
 * teardown); here, the check itself must catch a secret.
 */
describe("the log check of the end-to-end run", () => {
  it("finds typed secrets and link tokens, and passes a clean log", () => {
    expect(secretsIn(`{"msg":"request","path":"/login","route":"/login"}`)).toEqual([]);
    expect(secretsIn(`{"msg":"request","body":"password=demo-user-1"}`)).toEqual(["demo-user-1"]);
    expect(secretsIn(`{"msg":"request","path":"/reset-password/Zq3v9Xr2pLk8Tn4Wm6Yb1Hc5"}`)).toEqual([
      "/reset-password/Zq3v9Xr2pLk8Tn4Wm6Yb1Hc5",
    ]);
    expect(secretsIn(`{"msg":"request","path":"/reset-password/:token"}`)).toEqual([]);
  });
});
