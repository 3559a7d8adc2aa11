// The warm-up's thread (server/ops/warm-up.ts), plain JavaScript so that a worker thread loads
// it without a TypeScript loader. Reads the pages of the given B-trees through a read-only
// connection of its own, one B-tree after the other, until `budgetBytes` are read. SQLite's
// dbstat table walks a B-tree page by page (its overflow pages too), which brings each page into
// the OS's page cache, where the server's memory-mapped connection finds it. Reports each B-tree
// as it finishes ({ kind: "btree", name, pages, bytes }), and the total at the end
// ({ kind: "done", pages, bytes, stoppedAtBudget }).
import { parentPort, workerData } from "node:worker_threads";
import Database from "better-sqlite3";

const { file, btrees, budgetBytes } = workerData;
const db = new Database(file, { readonly: true, fileMustExist: true });
// Pages go to the OS's cache, not to a page cache of this connection's that dies with it.
db.pragma("cache_size = -2048");
const pagesOf = db.prepare("SELECT pgsize FROM dbstat WHERE name = ?").pluck();

let pages = 0;
let bytes = 0;
let stoppedAtBudget = false;
for (const name of btrees) {
  let btreePages = 0;
  let btreeBytes = 0;
  for (const size of pagesOf.iterate(name)) {
    if (bytes + size > budgetBytes) {
      stoppedAtBudget = true;
      break;
    }
    btreePages++;
    btreeBytes += size;
    pages++;
    bytes += size;
  }
  parentPort.postMessage({ kind: "btree", name, pages: btreePages, bytes: btreeBytes });
  if (stoppedAtBudget) break;
}
db.close();
parentPort.postMessage({ kind: "done", pages, bytes, stoppedAtBudget });
