/**
 * The worker thread of people-index-builder.server.ts: fills a scratch database's people_fts
 * from the batches of businesses and people the importer posts while it writes the rows, on a
 * core of its own. Plain JavaScript so that it starts under any runner (tsx, vitest); every SQL
 * statement comes from the builder, so this file knows nothing of the schema.
 *
 * A batch is stored at once (and acknowledged, so the importer never waits for the indexing);
 * the stored rows are indexed a chunk at a time, in id order, between messages: when the
 * importer writes rows faster than they can be indexed, the rest waits on disk, not in memory,
 * and is indexed while the importer builds its other indexes.
 *
 * workerData: { driver, file, setup[], insertBusiness, insertOfficer, insertAgent, nextChunk, fill, clear[], finish[] }
 * messages in: { kind: "agents", agents: [code, name][] } | { kind: "rows", businesses: unknown[][], officers: unknown[][] } | { kind: "end" }
 * The frequent agents come once the importer has counted the first records: the batches before
 * them are stored and wait, since an agent's document depends on them.
 * messages out: { kind: "ack" } after each batch | { kind: "done" } once the index is complete
 */
import { createRequire } from "node:module";
import { parentPort, workerData } from "node:worker_threads";

const Database = createRequire(import.meta.url)(workerData.driver);
const db = new Database(workerData.file);
for (const sql of workerData.setup) db.exec(sql);
const insertBusiness = db.prepare(workerData.insertBusiness);
const insertOfficer = db.prepare(workerData.insertOfficer);
const insertAgent = db.prepare(workerData.insertAgent);
const nextChunk = db.prepare(workerData.nextChunk).pluck();
const fill = db.prepare(workerData.fill);
const clear = workerData.clear.map((sql) => db.prepare(sql));

const store = db.transaction((businesses, officers) => {
  for (const row of businesses) insertBusiness.run(row);
  for (const row of officers) insertOfficer.run(row);
});
const indexUpTo = db.transaction((upTo) => {
  fill.run({ upTo });
  for (const statement of clear) statement.run({ upTo });
});

let agentsKnown = false;
let ending = false;
let scheduled = false;
const schedule = () => {
  if (!scheduled) {
    scheduled = true;
    setImmediate(indexChunk);
  }
};

/** Indexes the next chunk of stored rows; at the end, once none is left, merges and says done. */
function indexChunk() {
  scheduled = false;
  if (!agentsKnown) return;
  const upTo = nextChunk.get();
  if (upTo !== null && upTo !== undefined) {
    indexUpTo(upTo);
    schedule();
  } else if (ending) {
    for (const sql of workerData.finish) db.exec(sql);
    db.close();
    parentPort.postMessage({ kind: "done" });
  }
}

parentPort.on("message", (message) => {
  if (message.kind === "agents") {
    for (const agent of message.agents) insertAgent.run(agent);
    agentsKnown = true;
  } else if (message.kind === "rows") {
    store(message.businesses, message.officers);
    parentPort.postMessage({ kind: "ack" });
  } else if (message.kind === "end") ending = true;
  schedule();
});
