/**
 * Issue 43: Caddy (Debian's package, installed by .ci/run) in front of the real production
 * server, as deploy/Caddyfile has it, on loopback with Caddy's internal CA instead of Let's
 * Encrypt (`npm run build` first). Pages come over HTTPS; the app sees the client's own address
 * (not Caddy's, not one the client wrote into X-Forwarded-For) and that it came over https; the
 * session cookie is `Secure`; the lockout per address holds against forged headers.
 *
 * The client connects from 127.0.0.2 and 127.0.0.3 (all of 127/8 is this machine), Caddy from
 * 127.0.0.1, so the address the app logs tells them apart. APP_URL is left unset, so a `Secure`
 * cookie can only come from the app believing Caddy's X-Forwarded-Proto.
 */
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import http from "node:http";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resetEnvCache } from "~/utils/env.server";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { freePort, serverDir, startProdServer, type ProdServer } from "../support/prod-server";

const hasCaddy = spawnSync("caddy", ["version"]).status === 0;
if (!hasCaddy) console.warn("deploy-caddy: `caddy` is not installed (.ci/install-deploy-tools installs it): skipped");

/**
 * deploy/Caddyfile for this machine: its global options (the ACME e-mail) replaced by the
 * internal CA, free ports on loopback only, no admin endpoint and storage in `dir`; the town's host by localhost;
 * the app's port by `appPort`. The site block's directives stay as shipped.
 */
function adaptCaddyfile(source: string, { dir, httpPort, httpsPort, appPort }: { dir: string; httpPort: number; httpsPort: number; appPort: number }) {
  const global = /^\{\n[\s\S]*?\n\}\n/m;
  expect(source).toMatch(global);
  expect(source).toContain("btr.pembrokepark.example {");
  expect(source).toContain("reverse_proxy 127.0.0.1:3000");
  return source
    .replace(
      global,
      [
        "{",
        "\tadmin off",
        "\tdefault_bind 127.0.0.1",
        "\tlocal_certs",
        "\tskip_install_trust",
        `\thttp_port ${httpPort}`,
        `\thttps_port ${httpsPort}`,
        `\tstorage file_system ${path.join(dir, "storage")}`,
        "}",
        "",
      ].join("\n"),
    )
    .replace("btr.pembrokepark.example {", "localhost {")
    .replace("reverse_proxy 127.0.0.1:3000", `reverse_proxy 127.0.0.1:${appPort}`);
}

type Answer = { status: number; headers: http.IncomingHttpHeaders; body: string };

let dir: string;
let server: ProdServer;
let caddy: ChildProcess | undefined;
let caddyLog = "";
let httpPort: number;
let httpsPort: number;
let ca: Buffer;
let username: string;

function request(
  url: string,
  { method = "GET", headers = {}, body, from = "127.0.0.2" }: { method?: string; headers?: Record<string, string>; body?: string; from?: string } = {},
): Promise<Answer> {
  const target = new URL(url);
  const send = target.protocol === "https:" ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(
      target,
      // IPv4, from a 127/8 address: "localhost" may resolve to ::1 first. The certificate is for
      // "localhost" (SNI and Host as in the URL).
      { method, headers, localAddress: from, family: 4, ca, servername: "localhost", agent: false },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (d: string) => (text += d));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

const site = (p: string) => `https://localhost:${httpsPort}${p}`;

function signIn(user: string, password: string, options: { from?: string; forwardedFor?: string } = {}) {
  const headers: Record<string, string> = { "Content-Type": "application/json", Accept: "application/json" };
  if (options.forwardedFor) headers["X-Forwarded-For"] = options.forwardedFor;
  return request(site("/api/login"), { method: "POST", headers, body: JSON.stringify({ username: user, password }), from: options.from });
}

async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, ms = 30_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      const value = await probe();
      if (value !== undefined) return value;
    } catch {
      // not yet
    }
    if (caddy && caddy.exitCode !== null) throw new Error(`caddy exited (${caddy.exitCode}): ${caddyLog}`);
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}: ${caddyLog.slice(-2000)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(!hasCaddy)("Caddy in front of the production server (deploy/Caddyfile)", () => {
  beforeAll(async () => {
    dir = serverDir("fbr-caddy-");
    process.env.DATABASE_PATH = path.join(dir, "app.db");
    resetEnvCache();
    username = (await createUser()).username;
    global.__db?.db.$client.close();
    global.__db = undefined;

    // TRUSTED_PROXIES unset: the default, loopback, is where Caddy is.
    server = await startProdServer({ dir, env: { APP_URL: undefined, TRUSTED_PROXIES: undefined } });
    [httpPort, httpsPort] = [await freePort(), await freePort()];
    const caddyDir = path.join(dir, "caddy");
    fs.mkdirSync(caddyDir);
    const config = path.join(caddyDir, "Caddyfile");
    fs.writeFileSync(
      config,
      adaptCaddyfile(fs.readFileSync("deploy/Caddyfile", "utf8"), { dir: caddyDir, httpPort, httpsPort, appPort: server.port }),
    );
    const env = {
      PATH: process.env.PATH,
      HOME: caddyDir,
      XDG_DATA_HOME: path.join(caddyDir, "data"),
      XDG_CONFIG_HOME: path.join(caddyDir, "config"),
    } as unknown as NodeJS.ProcessEnv;
    const child = spawn("caddy", ["run", "--config", config, "--adapter", "caddyfile"], { env, stdio: ["ignore", "pipe", "pipe"] });
    caddy = child;
    child.stdout.on("data", (d: Buffer) => (caddyLog += d));
    child.stderr.on("data", (d: Buffer) => (caddyLog += d));
    const root = path.join(caddyDir, "storage/pki/authorities/local/root.crt");
    ca = await waitFor("Caddy's internal CA", () => (fs.existsSync(root) ? fs.readFileSync(root) : undefined));
    await waitFor("Caddy to serve https", async () => ((await request(site("/resources/healthz"))).status === 200 ? true : undefined));
  }, 90_000);

  afterAll(async () => {
    const child = caddy;
    if (child && child.exitCode === null) {
      const gone = new Promise((r) => child.once("exit", r));
      child.kill("SIGTERM");
      await gone;
    }
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it("serves the pages over HTTPS with a certificate from Caddy's CA, and sends plain http to https", async () => {
    const home = await request(site("/"));
    expect(home.status).toBe(200);
    expect(home.headers["content-type"]).toMatch(/text\/html/);
    expect(home.body).toContain("<html");
    expect(home.headers["strict-transport-security"]).toBe("max-age=31536000");
    expect(home.headers["x-request-id"]).toBeTruthy();

    const ready = await request(site("/resources/readyz"));
    expect(ready.status, ready.body).toBe(200);

    // Without Caddy's root the certificate is not trusted: this really is Caddy's CA.
    const untrusted = await new Promise<string>((resolve) => {
      https
        .get(site("/"), { agent: false, family: 4 }, () => resolve("trusted"))
        .on("error", (e: NodeJS.ErrnoException) => resolve(e.code ?? e.message));
    });
    expect(untrusted).toMatch(/UNABLE_TO_VERIFY_LEAF_SIGNATURE|SELF_SIGNED_CERT_IN_CHAIN|UNABLE_TO_GET_ISSUER_CERT_LOCALLY/);

    const plain = await request(`http://localhost:${httpPort}/search?q=x`);
    expect(plain.status).toBe(308);
    // Caddy 2.6 leaves a https port other than 443 out of the redirect; on the town's server it
    // is 443, so the address is https://host/search?q=x.
    expect(plain.headers.location).toMatch(new RegExp(`^https://localhost(:${httpsPort})?/search\\?q=x$`));
  });

  it("the app logs the client's own address and https, whatever X-Forwarded-For the client sends", async () => {
    const forged = await request(site("/help?probe=forged"), { headers: { "X-Forwarded-For": "203.0.113.7" }, from: "127.0.0.2" });
    const plain = await request(site("/help?probe=plain"), { from: "127.0.0.3" });
    const lines = await waitFor("the request log lines", () => {
      const byId = new Map(server.logLines().map((l) => [l.reqId, l]));
      const a = byId.get(forged.headers["x-request-id"]);
      const b = byId.get(plain.headers["x-request-id"]);
      return a && b ? { forged: a, plain: b } : undefined;
    });
    expect(lines.forged).toMatchObject({ path: "/help", clientAddress: "127.0.0.2", protocol: "https" });
    expect(lines.plain).toMatchObject({ path: "/help", clientAddress: "127.0.0.3", protocol: "https" });
    expect(JSON.stringify(server.logLines())).not.toContain("203.0.113.7");
  });

  it("signs in over HTTPS with a Secure, HttpOnly session cookie", async () => {
    const answer = await signIn(username, TEST_PASSWORD);
    expect(answer.status, answer.body).toBe(200);
    const cookies = answer.headers["set-cookie"] ?? [];
    const session = cookies.find((c) => c.startsWith("__session="));
    expect(session, cookies.join("\n")).toBeTruthy();
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    for (const cookie of cookies) expect(cookie, cookie).toMatch(/;\s*Secure/i);

    // The cookie signs the client in (sent back over HTTPS, as a browser would).
    const me = await request(site("/api/user"), { headers: { Cookie: session!.split(";")[0], Accept: "application/json" } });
    expect(me.status, me.body).toBe(200);
    expect(JSON.parse(me.body)).toMatchObject({ username });
  });

  it("the lockout counts per client address behind Caddy, and a forged X-Forwarded-For does not dodge it", async () => {
    // Ten failed sign-ins for ten usernames from 127.0.0.4, each claiming another address.
    for (let i = 0; i < 10; i++) {
      const answer = await signIn(`nobody-${i}`, "wrong-password", { from: "127.0.0.4", forwardedFor: `198.51.100.${i}` });
      expect(answer.status, answer.body).toBe(401);
    }
    const eleventh = await signIn("nobody-10", "wrong-password", { from: "127.0.0.4", forwardedFor: "198.51.100.99" });
    expect(eleventh.status, eleventh.body).toBe(429);
    expect(eleventh.headers["retry-after"]).toBeTruthy();
    // Another machine is not locked out by that.
    const other = await signIn("nobody-11", "wrong-password", { from: "127.0.0.5" });
    expect(other.status, other.body).toBe(401);

    const db = new Database(server.dbFile, { readonly: true });
    try {
      const rows = db.prepare("SELECT ip, count(*) AS n FROM login_attempts WHERE username LIKE 'nobody-%' GROUP BY ip ORDER BY ip").all();
      expect(rows).toEqual([
        { ip: "127.0.0.4", n: 10 },
        { ip: "127.0.0.5", n: 1 },
      ]);
    } finally {
      db.close();
    }
  });
});

// Caddy's own checks of the file as shipped (no certificate is asked for: adapt only).
describe.skipIf(!hasCaddy)("deploy/Caddyfile as shipped", () => {
  it("adapts and is formatted as `caddy fmt` writes it", () => {
    const json = JSON.parse(execFileSync("caddy", ["adapt", "--config", "deploy/Caddyfile", "--adapter", "caddyfile"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
    const server0 = Object.values(json.apps.http.servers as Record<string, { routes: unknown[] }>)[0];
    const text = JSON.stringify(server0);
    expect(text).toContain("btr.pembrokepark.example");
    expect(text).toContain('"dial":"127.0.0.1:3000"');
    const formatted = execFileSync("caddy", ["fmt", "deploy/Caddyfile"], { encoding: "utf8" });
    expect(formatted).toBe(fs.readFileSync("deploy/Caddyfile", "utf8"));
  });
});
