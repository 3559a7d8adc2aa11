import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cachedPage, rememberPage } from "~/utils/cache.server";

/** Streams `html` through the cache's pass-through, as the render does, and returns what came out. */
async function render(key: string, html: string | Buffer, nonce: string, failed = false) {
  const out: Buffer[] = [];
  const tap = rememberPage(key, nonce, () => failed);
  tap.on("data", (chunk: Buffer) => out.push(chunk));
  const body = typeof html === "string" ? Buffer.from(html) : html;
  // Several chunks, cut through the nonce, as a socket might deliver them.
  const chunks = [body.subarray(0, 7), body.subarray(7, 20), body.subarray(20)];
  await pipeline(Readable.from(chunks), tap);
  return Buffer.concat(out).toString("utf8");
}

let n = 0;
const key = () => `test ${++n}`;
const text = (bytes: Uint8Array | null) => (bytes === null ? null : Buffer.from(bytes).toString("utf8"));

afterEach(() => vi.useRealTimers());

describe("page cache", () => {
  it("passes the page through untouched and gives it back with another nonce everywhere", async () => {
    const k = key();
    const html = `<script nonce="AAAA+/==">x</script><p>Café ☕</p><script nonce="AAAA+/==">y</script>`;
    expect(await render(k, html, "AAAA+/==")).toBe(html);
    expect(text(cachedPage(k, "BBBB"))).toBe(`<script nonce="BBBB">x</script><p>Café ☕</p><script nonce="BBBB">y</script>`);
  });

  it("keeps nothing from a failed render or a page over 256 KB", async () => {
    const failed = key();
    await render(failed, "<p>half a page", "N", true);
    expect(cachedPage(failed, "M")).toBeNull();
    const huge = key();
    const big = "x".repeat(256 * 1024 + 1);
    expect(await render(huge, big, "N")).toHaveLength(big.length);
    expect(cachedPage(huge, "M")).toBeNull();
  });

  it("forgets a page after a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const k = key();
    await render(k, "<p>fresh</p>", "N");
    vi.setSystemTime(Date.now() + 59_000);
    expect(text(cachedPage(k, "N"))).toBe("<p>fresh</p>");
    vi.setSystemTime(Date.now() + 2_000);
    expect(cachedPage(k, "N")).toBeNull();
  });

  it("drops the least recently used pages past 16 MB in all", async () => {
    const page = "y".repeat(200 * 1024);
    const keys: string[] = [];
    for (let i = 0; i < 90; i++) keys.push(key()); // 90 x 200 KB = 17.6 MB
    await render(keys[0], page, "N");
    await render(keys[1], page, "N");
    for (const k of keys.slice(2)) {
      cachedPage(keys[0], "N"); // keeps the first one in use
      await render(k, page, "N");
    }
    expect(cachedPage(keys[0], "N")).not.toBeNull();
    expect(cachedPage(keys[1], "N")).toBeNull();
    expect(cachedPage(keys[89], "N")).not.toBeNull();
  });
});
