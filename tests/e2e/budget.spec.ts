import zlib from "node:zlib";
import { expect, test } from "./fixtures";

/** First-load JavaScript budgets, gzipped, all scripts of the page together. */
// 145 KB since translations (decision 0027): i18next is needed before the first render.
const BUDGETS_KB: Record<string, number> = { "/": 145 };

test.describe("performance budget @js-only", () => {
  for (const [path, budgetKb] of Object.entries(BUDGETS_KB)) {
    test(`${path} ships at most ${budgetKb} KB of JavaScript (gzipped) on first load`, async ({ page }) => {
      const scripts = new Map<string, number>();
      page.on("response", async (response) => {
        const url = response.url();
        if (!url.endsWith(".js")) return;
        const body = await response.body().catch(() => null);
        if (body) scripts.set(url, zlib.gzipSync(body, { level: 9 }).length);
      });
      await page.goto(path, { waitUntil: "networkidle" });
      const totalKb = [...scripts.values()].reduce((a, b) => a + b, 0) / 1024;
      expect(scripts.size).toBeGreaterThan(0);
      expect(totalKb, `scripts: ${[...scripts.keys()].join(", ")}`).toBeLessThanOrEqual(budgetKb);
    });
  }
});

test("documents carry the security headers", async ({ request }) => {
  const response = await request.get("/");
  const csp = response.headers()["content-security-policy"];
  expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+' https:\/\/js\.stripe\.com/);
  expect(csp).toContain("frame-ancestors 'none'");
  expect(response.headers()["x-content-type-options"]).toBe("nosniff");
  expect(response.headers()["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const html = await response.text();
  const nonce = /'nonce-([^']+)'/.exec(csp)![1];
  // Every inline script carries this response's nonce.
  const scripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  const asset = /\/build\/[^"]+\.js/.exec(html)![0];
  const assetResponse = await request.get(asset);
  expect(assetResponse.headers()["cache-control"]).toContain("immutable");
});
