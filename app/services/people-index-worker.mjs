/**
 * The worker thread of people-index-builder.server.ts: fills a scratch database's people_fts
 * from the batches of businesses and people the importer posts while it writes the rows, on a
 * core of its own. Plain JavaScript so that it starts under any runner (tsx, vitest); every SQL
 * statement comes from the builder, so this file knows nothing of the schema.
 *
 * workerData: { driver, file, setup[], insertBusiness, insertOfficer, fill, clear[], finish[] }
 * messages in: { kind: "rows", businesses: unknown[][], officers: unknown[][] } | { kind: "end" }
 * messages out: { kind: "ack" } after each batch | { kind: "done" } once the index is complete
 */
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const Database = createRequire(import.meta.url)(workerData.driver);
const db = new Database(workerData.file);
for (const sql of workerData.setup) db.exec(sql);
const insertBusiness = db.prepare(workerData.insertBusiness);
const insertOfficer = db.prepare(workerData.insertOfficer);
const fill = db.prepare(workerData.fill);

const batch = db.transaction((businesses, officers) => {
  for (const row of businesses) insertBusiness.run(row);
  for (const row of officers) insertOfficer.run(row);
  fill.run();
  for (const sql of workerData.clear) db.exec(sql);
});

parentPort.on("message", (message) => {
  if (message.kind === "rows") {
    batch(message.businesses, message.officers);
    parentPort.postMessage({ kind: "ack" });
  } else if (message.kind === "end") {
    for (const sql of workerData.finish) db.exec(sql);
    db.close();
    parentPort.postMessage({ kind: "done" });
  }
});
