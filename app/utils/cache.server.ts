/**
 * The app's two caches, behind one interface, with ONE invalidation rule.
 *
 * 1. The answer cache (`rememberWhileRegistryUnchanged`): search and suggestion answers computed
 *    from the businesses table, kept per connection under the value of `registry_version`.
 * 2. The page cache (`pageCacheKey`, `cachedPage`, `rememberRenderedPage`, `rememberPage`): rendered HTML of anonymous
 *    pages that opt in, with the CSP nonce spliced back in per request.
 *
 * THE INVALIDATION RULE (the only place it is written; tests/integration/cache.test.ts checks it):
 *   A cached thing is valid exactly while the data it was derived from is unchanged.
 *   - Answers derive from `businesses` only. Triggers (drizzle/0003) bump `registry_version` on
 *     every INSERT, UPDATE or DELETE of a business row, from any process or connection (the
 *     app, the importer running plain SQL, sqlite3 by hand). A different version starts the
 *     answers over; nothing else does.
 *   - Pages derive from their loaders' data: the loaders run on every request (answered by the
 *     answer cache) and the digest of their data is part of the page key, so a page changes
 *     exactly when its data does; a stale page is never served. Entries also expire after TTL_MS.
 *   So, for the writes the product makes:
 *   - a claim sets the business's owner (an UPDATE of its row): version bump, answers start over;
 *   - a payment recorded (a new payments row, the receipt): bump; a duplicate report of one
 *     already recorded writes nothing, does not bump and flushes nothing;
 *   - an import writes business rows (plain SQL): bump. SQLite fires AFTER UPDATE triggers even
 *     when the values are the same, so an importer should skip rows that did not change;
 *   - users, sessions and subscriptions alone never touch the caches.
 *
 * The switch: SEARCH_CACHE=off (environment) turns both caches off; every answer is computed
 * and every page rendered. Read per call, so tests can flip it.
 */
import type Database from "better-sqlite3";
import crypto from "node:crypto";
import { Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";
import { fiscalYearOf } from "~/lib/tax-year";
import { now } from "~/utils/clock.server";
import { countPageCache } from "~/utils/metrics.server";

/** False when SEARCH_CACHE=off: no answer is remembered, no page is kept or served. */
export function cacheEnabled(): boolean {
  return (process.env.SEARCH_CACHE ?? "").trim().toLowerCase() !== "off";
}

/* THE ANSWER CACHE. */

const versionStatements = new WeakMap<Database.Database, Database.Statement>();

/** The registry's change counter on this connection (one primary-key lookup). */
export function registryVersion(client: Database.Database): number {
  let statement = versionStatements.get(client);
  if (!statement) {
    statement = client.prepare("SELECT version FROM registry_version WHERE id = 1").pluck();
    versionStatements.set(client, statement);
  }
  return statement.get() as number;
}

/**
 * `compute`, remembered per argument (keyed by its JSON) while the registry is unchanged; at most
 * `max` answers per connection, the least recently used dropped first. The version is read
 * *before* computing, so an answer is never labelled newer than its data. Callers share the
 * remembered objects, so they must not modify them.
 */
export function rememberWhileRegistryUnchanged<Args, Result>(
  compute: (client: Database.Database, args: Args) => Result,
  max = 1000,
): (client: Database.Database, args: Args) => Result {
  const memos = new WeakMap<Database.Database, { version: string; answers: Map<string, Result> }>();
  return (client, args) => {
    if (!cacheEnabled()) return compute(client, args);
    // The fiscal year too: "paid" (a receipt for the current year) changes on October 1 by itself.
    const version = `${registryVersion(client)}:${fiscalYearOf(now())}`;
    let memo = memos.get(client);
    if (!memo || memo.version !== version) memos.set(client, (memo = { version, answers: new Map() }));
    const key = JSON.stringify(args);
    const known = memo.answers.get(key);
    if (known !== undefined) {
      // Map keeps insertion order: re-inserting marks the entry as most recently used.
      memo.answers.delete(key);
      memo.answers.set(key, known);
      return known;
    }
    const answer = compute(client, args);
    memo.answers.set(key, answer);
    if (memo.answers.size > max) memo.answers.delete(memo.answers.keys().next().value as string);
    return answer;
  };
}

/*
 * THE PAGE CACHE.
 * Rendered pages for anonymous visitors, remembered so a popular search is not rendered by React
 * again for every visitor who asks for it.
 *
 * A page is reused only when all of these hold, so it is byte for byte what a fresh render would
 * give (apart from the CSP nonce, which is swapped for the request's own):
 * - its route (the deepest one matched) opts in with `export const handle = { pageCache: true }`,
 *   vouching for every loader above it too (root's reads only cookies), and all return plain
 *   JSON data;
 * - the request is a GET without any cookie (no session, no toast, no theme choice) and the
 *   loaders set none, answered 200 without errors;
 * - same URL, same kind of client (bots get the whole document at once), and the same loader
 *   data: the loaders still run on every request (the search model remembers its own answers),
 *   and their data's digest is part of the key. Only React's render is skipped.
 * Entries live a minute at most; the least recently used are dropped beyond MAX_PAGES pages or
 * MAX_TOTAL_BYTES in all (a search page is ~35 KB).
 */
const TTL_MS = 60_000;
const MAX_PAGES = 300;
const MAX_PAGE_BYTES = 256 * 1024;
const MAX_TOTAL_BYTES = 16 * 1024 * 1024;

/** The page's bytes split at each occurrence of the nonce it was rendered with. */
type Page = { parts: Buffer[]; bytes: number; expires: number };
const pages = new Map<string, Page>();
let totalBytes = 0;

function forget(key: string) {
  const page = pages.get(key);
  if (!page) return;
  pages.delete(key);
  totalBytes -= page.bytes;
}

export type PageCacheHandle = { pageCache?: boolean };

/** The cache key for this render, or null when the page must be rendered for this request. */
export function pageCacheKey(
  request: Request,
  status: number,
  headers: Headers,
  context: EntryContext,
  variant: string,
): string | null {
  if (!cacheEnabled() || request.method !== "GET" || status !== 200) return null;
  if (request.headers.has("cookie") || headers.has("set-cookie")) return null;
  const { matches, loaderData, errors } = context.staticHandlerContext;
  if (errors) return null;
  const leaf = matches[matches.length - 1];
  const handle = leaf ? (context.routeModules[leaf.route.id]?.handle as PageCacheHandle | undefined) : undefined;
  if (!handle?.pageCache) return null;
  const url = new URL(request.url);
  const digest = crypto.createHash("sha1").update(JSON.stringify(loaderData)).digest("base64");
  return `${variant} ${url.pathname}${url.search} ${digest}`;
}

/** The remembered page for `key`, carrying `nonce`, or null. */
export function cachedPage(key: string, nonce: string): Uint8Array<ArrayBuffer> | null {
  if (!cacheEnabled()) return null;
  const page = pages.get(key);
  if (!page) return miss();
  forget(key);
  if (page.expires <= Date.now()) return miss();
  remember(key, page); // most recently used last
  countPageCache("hit");
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
}

function miss(): null {
  countPageCache("miss");
  return null;
}

function remember(key: string, page: Page) {
  forget(key);
  pages.set(key, page);
  totalBytes += page.bytes;
  while (pages.size > MAX_PAGES || totalBytes > MAX_TOTAL_BYTES) forget(pages.keys().next().value as string);
}

/** `bytes` cut at every occurrence of `separator`. */
function split(bytes: Buffer, separator: Buffer): Buffer[] {
  const parts: Buffer[] = [];
  let start = 0;
  for (let at = bytes.indexOf(separator); at !== -1; at = bytes.indexOf(separator, start)) {
    parts.push(bytes.subarray(start, at));
    start = at + separator.length;
  }
  parts.push(bytes.subarray(start));
  return parts;
}

/**
 * A pass-through for the rendered HTML that remembers it under `key` once it has all gone by,
 * unless `failed()` says the render went wrong or the page is too large to keep.
 */
export function rememberPage(key: string, nonce: string, failed: () => boolean): Transform {
  const chunks: Buffer[] = [];
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      if (bytes <= MAX_PAGE_BYTES) chunks.push(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (!failed() && bytes <= MAX_PAGE_BYTES) rememberRenderedPage(key, nonce, Buffer.concat(chunks));
      callback();
    },
  });
}

/** Remembers a whole rendered page under `key` (unless it is too large to keep). */
export function rememberRenderedPage(key: string, nonce: string, html: Buffer) {
  if (!cacheEnabled() || html.length > MAX_PAGE_BYTES) return;
  remember(key, { parts: split(html, Buffer.from(nonce)), bytes: html.length + key.length, expires: Date.now() + TTL_MS });
}
