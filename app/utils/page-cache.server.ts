/**
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
import crypto from "node:crypto";
import { Transform } from "node:stream";
import type { EntryContext } from "@remix-run/node";

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
  if (request.method !== "GET" || status !== 200) return null;
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
  const page = pages.get(key);
  if (!page) return null;
  forget(key);
  if (page.expires <= Date.now()) return null;
  remember(key, page); // most recently used last
  const nonceBytes = Buffer.from(nonce);
  return Buffer.concat(page.parts.flatMap((part, i) => (i === 0 ? [part] : [nonceBytes, part])));
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
      if (!failed() && bytes <= MAX_PAGE_BYTES) {
        const parts = split(Buffer.concat(chunks), Buffer.from(nonce));
        remember(key, { parts, bytes: bytes + key.length, expires: Date.now() + TTL_MS });
      }
      callback();
    },
  });
}
