/**
 * The businesses report streams: downloading a large registry over HTTP, through the same
 * writer Remix's node adapter uses, must not grow the server's memory by anything like the
 * size of the file.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { loader as reportBusinesses } from "~/routes/api.admin.reports.businesses";
import { generateBusiness } from "../../scripts/lib/registry-generator";
import { callRoute, createUser, sessionCookieFor } from "../support/factories";

// 150k rows (~19 MB of CSV) keeps the test near 40 s on a shared 2-core machine; REPORT_ROWS raises it.
const ROWS = Number(process.env.REPORT_ROWS ?? 150_000);
const MB = 1024 * 1024;

let server: http.Server;
let baseUrl: string;
let cookie: string;

beforeAll(async () => {
  const client = getDb().$client;
  const insert = client.prepare(
    `INSERT INTO businesses (name, document_number, filing_type, status, address1, address2, city, state, zip, registered_on, category, verification_code)
     VALUES (@name, @documentNumber, @filingType, @status, @address1, @address2, @city, @state, @zip, @registeredOn, @category, @verificationCode)`,
  );
  // A throwaway database: the report reads no search index, so skip the triggers that feed it
  // while loading (it keeps the load well inside the test's time budget).
  const triggers = client.prepare("SELECT name FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'businesses'").pluck().all() as string[];
  for (const name of triggers) client.exec(`DROP TRIGGER "${name.replace(/"/g, '""')}"`);
  client.transaction(() => {
    for (let i = 0; i < ROWS; i++) insert.run(generateBusiness(i, i % 5 === 0));
  })();
  const admin = await createUser({ isAdmin: true });
  cookie = await sessionCookieFor(admin.id);

  // A server that answers like remix-serve: the loader's Response, written by Remix's own writer.
  server = http.createServer(async (req, res) => {
    const request = new Request(new URL(req.url!, "http://localhost"), { headers: { Cookie: String(req.headers.cookie ?? "") } });
    const response = await callRoute(reportBusinesses, request);
    res.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) await writeReadableStreamToWritable(response.body, res);
    else res.end();
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}, 120_000);

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it(`streams ${ROWS.toLocaleString()} businesses without the memory growing with the file`, async () => {
  // Warm up: the first report opens its reader connection, the HTTP client and server pools.
  const warm = await fetch(`${baseUrl}/api/admin/reports/businesses?doc=L99`, { headers: { Cookie: cookie } });
  await warm.arrayBuffer();
  (globalThis as { gc?: () => void }).gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);

  const started = Date.now();
  const response = await fetch(`${baseUrl}/api/admin/reports/businesses`, { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  let bytes = 0;
  let records = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    for (let i = 0; i < value.length; i++) if (value[i] === 0x0a) records++;
    peak = Math.max(peak, process.memoryUsage().rss);
  }
  clearInterval(sampler);
  const growth = (peak - baseline) / MB;
  console.log(`report: ${(bytes / MB).toFixed(1)} MB, ${records} lines in ${Date.now() - started} ms; RSS growth ${growth.toFixed(1)} MB`);

  expect(records).toBe(ROWS + 1); // header + every row (generated names and addresses hold no newlines)
  expect(bytes).toBeGreaterThan(15 * MB);
  // A buffered report (rows read with .all(), then joined) grows RSS by ~400 MB at this size;
  // the stream holds a 64 KB chunk, plus a constant ~20-30 MB of allocator and cache noise.
  expect(growth).toBeLessThan(60);
}, 120_000);
