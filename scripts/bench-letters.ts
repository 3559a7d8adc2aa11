/**
 * Letter batch speed and memory: `npm run bench:letters [-- --n 5000]`. Not part of `npm test`.
 *
 * Makes a fresh database with N unclaimed town businesses, creates one batch of N letters with
 * the app's own model (one transaction, fresh codes), then streams the batch PDF and the mail
 * house CSV through the same code the download routes use, reading them as a client would.
 * RSS and heap are sampled every 50 ms. Prints seconds, bytes and peak memory over the baseline.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

const args = process.argv.slice(2);
const i = args.indexOf("--n");
const N = i >= 0 ? Math.trunc(Number(args[i + 1])) : 5000;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "bench-letters-"));
process.env.DATABASE_PATH = path.join(dir, "bench.db");
process.env.NODE_ENV = "production";
process.env.SESSION_SECRET ??= "bench-session-secret-0123456789";
process.env.APP_URL ??= "https://btr.example.gov";

const { resetEnvCache } = await import("~/utils/env.server");
resetEnvCache();
const { getDb } = await import("~/db/client.server");
const { businesses, users } = await import("~/db/schema");
const { createLetterBatch, getLetterBatch, letterBatchCsv, letterBatchPdf } = await import("~/models/letters.server");
const { chunkStream } = await import("~/services/letter-pdf.server");
const { getTownContact } = await import("~/models/town.server");

const MB = 1024 * 1024;
const db = getDb();
const admin = db.insert(users).values({ username: "bench_admin", email: "bench@example.com", passwordHash: "x", isAdmin: true, role: "admin" }).returning().get();
const town = getTownContact().name;
db.transaction((tx) => {
  for (let n = 0; n < N; n++) {
    tx.insert(businesses)
      .values({
        name: `Bench Business ${n} Holdings LLC`,
        documentNumber: `B${String(n).padStart(11, "0")}`,
        filingType: "LLC",
        status: "ACTIVE",
        address1: `${1000 + n} SW 52nd Ave`,
        address2: n % 3 === 0 ? `Suite ${n}` : null,
        city: town,
        state: "FL",
        zip: "33023",
      })
      .run();
  }
});

global.gc?.();
let peakRss = 0;
let peakHeap = 0;
const baseRss = process.memoryUsage().rss;
const baseHeap = process.memoryUsage().heapUsed;
const sampler = setInterval(() => {
  const m = process.memoryUsage();
  peakRss = Math.max(peakRss, m.rss);
  peakHeap = Math.max(peakHeap, m.heapUsed);
}, 50);

const t0 = performance.now();
const batch = createLetterBatch({ id: admin.id, username: admin.username }, town, { unclaimed: true, mailed: "never" }, "2026-2027");
const t1 = performance.now();

async function drain(response: Response) {
  let bytes = 0;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return bytes;
    bytes += value.length;
  }
}
// The same streams the download routes answer with.
const row = getLetterBatch(batch.id)!;
const pdfBytes = await drain(new Response(chunkStream(letterBatchPdf(row))));
const t2 = performance.now();
const csvBytes = await drain(new Response(letterBatchCsv(row)));
const t3 = performance.now();
clearInterval(sampler);

const fmt = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
console.log(`[bench:letters] ${batch.count} letters`);
console.log(`  create batch (one transaction, fresh codes): ${fmt(t1 - t0)}`);
console.log(`  PDF streamed: ${fmt(t2 - t1)}, ${(pdfBytes / MB).toFixed(1)} MB (${Math.round(pdfBytes / batch.count)} bytes a letter)`);
console.log(`  CSV streamed: ${fmt(t3 - t2)}, ${(csvBytes / MB).toFixed(2)} MB`);
console.log(`  total: ${fmt(t3 - t0)}`);
console.log(`  RSS: baseline ${(baseRss / MB).toFixed(0)} MB, peak ${(peakRss / MB).toFixed(0)} MB (+${((peakRss - baseRss) / MB).toFixed(0)} MB)`);
console.log(`  heap: baseline ${(baseHeap / MB).toFixed(0)} MB, peak ${(peakHeap / MB).toFixed(0)} MB (+${((peakHeap - baseHeap) / MB).toFixed(0)} MB)`);
db.$client.close();
fs.rmSync(dir, { recursive: true, force: true });
