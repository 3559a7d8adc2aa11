/**
 * Issue 43 item 1 on the real production server (`npm run build` first): who the client is, and
 * whether it came over HTTPS, from the socket and TRUSTED_PROXIES, never from a header an
 * untrusted sender wrote. The sign-in lockout per address (10 failures in 15 minutes) holds
 * against a forged X-Forwarded-For, and without any header the socket's address counts.
 */
import crypto from "node:crypto";
import os from "node:os";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_FAILURES } from "~/models/login-attempt.server";
import { startProdServer, startWith, type ProdServer } from "../support/prod-server";

const fakeAddress = () => `203.0.113.${crypto.randomInt(1, 255)}`;

/** A failed sign-in (a username that does not exist) through POST /api/login: its status. */
async function failedSignIn(server: ProdServer, headers: Record<string, string> = {}, origin = server.url) {
  const response = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: JSON.stringify({ username: `nobody-${crypto.randomBytes(4).toString("hex")}`, password: "wrong-password-1" }),
  });
  await response.arrayBuffer();
  return response.status;
}

/** The client address and protocol the server logged for the request with this id. */
async function logged(server: ProdServer, requestId: string) {
  for (let i = 0; i < 50; i++) {
    const line = server.logLines().find((l) => l.reqId === requestId && l.msg === "request");
    if (line) return { clientAddress: line.clientAddress, protocol: line.protocol };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no log line for ${requestId}`);
}

async function get(server: ProdServer, pathname: string, headers: Record<string, string> = {}, origin = server.url) {
  const requestId = `test-${crypto.randomBytes(8).toString("hex")}`;
  const response = await fetch(`${origin}${pathname}`, { headers: { "X-Request-Id": requestId, ...headers }, redirect: "manual" });
  const body = await response.text();
  return { response, body, seen: await logged(server, requestId) };
}

/** The origin the /developers page shows in its curl examples: the URL Remix built for the request. */
const pageOrigin = (body: string) => /(https?:\/\/[^\s'"<]+)\/api\/login/.exec(body)?.[1];

/** An address of this machine that is not loopback (a socket from it is not a trusted proxy by default). */
function outsideAddress(): string | undefined {
  for (const list of Object.values(os.networkInterfaces())) {
    for (const a of list ?? []) if (a.family === "IPv4" && !a.internal) return a.address;
  }
  return undefined;
}

async function stop(server: ProdServer | undefined) {
  if (!server) return;
  server.child.kill("SIGTERM");
  await server.exited;
}

describe("behind a trusted proxy (TRUSTED_PROXIES unset: loopback, so this test is the proxy)", () => {
  let server: ProdServer;
  beforeAll(async () => {
    server = await startProdServer({ env: { APP_URL: undefined, TRUSTED_PROXIES: undefined } });
  });
  afterAll(() => stop(server));

  it("the client is the right-most X-Forwarded-For entry that is not a trusted proxy", async () => {
    expect((await get(server, "/resources/healthz", { "X-Forwarded-For": "198.51.100.7" })).seen.clientAddress).toBe("198.51.100.7");
    // A made-up first entry, then what the proxy appended (nginx's $proxy_add_x_forwarded_for).
    expect((await get(server, "/resources/healthz", { "X-Forwarded-For": "6.6.6.6, 198.51.100.8" })).seen.clientAddress).toBe(
      "198.51.100.8",
    );
    // A chain of trusted proxies is walked through.
    expect((await get(server, "/resources/healthz", { "X-Forwarded-For": "198.51.100.9, 127.0.0.1" })).seen.clientAddress).toBe(
      "198.51.100.9",
    );
    expect((await get(server, "/resources/healthz")).seen.clientAddress).toBe("127.0.0.1");
  });

  it("the lockout per address holds against a made-up first entry: every attempt counts for the real address", async () => {
    const real = "198.51.100.20";
    for (let i = 0; i < MAX_FAILURES; i++) {
      expect(await failedSignIn(server, { "X-Forwarded-For": `${fakeAddress()}, ${real}` })).toBe(401);
    }
    expect(await failedSignIn(server, { "X-Forwarded-For": `${fakeAddress()}, ${real}` })).toBe(429);
    expect(await failedSignIn(server, { "X-Forwarded-For": real })).toBe(429);
    // Another client is not locked out by it.
    expect(await failedSignIn(server, { "X-Forwarded-For": `${real}, 198.51.100.21` })).toBe(401);
  });

  it("believes X-Forwarded-Proto from it: the URL the app sees is https, and cookies are Secure", async () => {
    const https = await get(server, "/developers", { "X-Forwarded-For": "198.51.100.30", "X-Forwarded-Proto": "https" });
    expect(https.seen.protocol).toBe("https");
    expect(pageOrigin(https.body)).toBe(`https://localhost:${server.port}`);
    const plain = await get(server, "/developers", { "X-Forwarded-For": "198.51.100.30" });
    expect(plain.seen.protocol).toBe("http");
    expect(pageOrigin(plain.body)).toBe(`http://localhost:${server.port}`);

    // A signed-out visit to the dashboard: a redirect to /login with a toast cookie.
    const toastHttps = await get(server, "/dashboard", { "X-Forwarded-Proto": "https" });
    expect(toastHttps.response.status).toBe(302);
    expect(toastHttps.response.headers.get("Set-Cookie")).toMatch(/__toast=[^;]+;.*\bSecure\b/i);
    const toastPlain = await get(server, "/dashboard");
    expect(toastPlain.response.headers.get("Set-Cookie")).toMatch(/__toast=/);
    expect(toastPlain.response.headers.get("Set-Cookie")).not.toMatch(/\bSecure\b/i);
  });

  it("from a socket that is not a trusted proxy (this machine's own non-loopback address), the headers are ignored", async (ctx) => {
    const address = outsideAddress();
    if (!address) return ctx.skip("this machine has no non-loopback IPv4 address to connect from");
    const origin = `http://${address}:${server.port}`;
    const seen = (await get(server, "/developers", { "X-Forwarded-For": "6.6.6.6", "X-Forwarded-Proto": "https" }, origin)).seen;
    expect(seen).toEqual({ clientAddress: address, protocol: "http" });
  });

  // Last: it locks this machine's loopback address out of sign-in on this server.
  it("without any header, the socket's address counts for the lockout", async () => {
    for (let i = 0; i < MAX_FAILURES; i++) expect(await failedSignIn(server)).toBe(401);
    expect(await failedSignIn(server)).toBe(429);
  });
});

describe("with no trusted proxy in front (TRUSTED_PROXIES=10.0.0.0/8: the loopback socket is not one)", () => {
  let server: ProdServer;
  beforeAll(async () => {
    server = await startProdServer({ env: { APP_URL: undefined, TRUSTED_PROXIES: "10.0.0.0/8" } });
  });
  afterAll(() => stop(server));

  it("a forged X-Forwarded-For is ignored: the client is the socket", async () => {
    expect((await get(server, "/resources/healthz", { "X-Forwarded-For": "198.51.100.7" })).seen.clientAddress).toBe("127.0.0.1");
    expect((await get(server, "/resources/healthz", { "X-Forwarded-For": "10.1.1.1" })).seen.clientAddress).toBe("127.0.0.1");
  });

  it("a new made-up X-Forwarded-For on every attempt still counts for the socket's address", async () => {
    for (let i = 0; i < MAX_FAILURES; i++) expect(await failedSignIn(server, { "X-Forwarded-For": fakeAddress() })).toBe(401);
    expect(await failedSignIn(server, { "X-Forwarded-For": fakeAddress() })).toBe(429);
  });

  it("X-Forwarded-Proto is ignored: plain http, cookies not Secure", async () => {
    const page = await get(server, "/developers", { "X-Forwarded-Proto": "https" });
    expect(page.seen.protocol).toBe("http");
    expect(pageOrigin(page.body)).toBe(`http://localhost:${server.port}`);
    const toast = await get(server, "/dashboard", { "X-Forwarded-Proto": "https" });
    expect(toast.response.headers.get("Set-Cookie")).toMatch(/__toast=/);
    expect(toast.response.headers.get("Set-Cookie")).not.toMatch(/\bSecure\b/i);
  });
});

it("a bad TRUSTED_PROXIES entry stops the start with a readable line", async () => {
  const result = await startWith({ TRUSTED_PROXIES: "loopback, 10.0.0.0/33" });
  expect(result.code).toBe(1);
  expect(result.stderr).toContain('TRUSTED_PROXIES: "10.0.0.0/33" is not an address, a CIDR range');
});
