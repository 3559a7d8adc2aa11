import { expect, test } from "./fixtures";

/**
 * The tour's overlay and popover code is not part of the home page's first load: it arrives in
 * its own chunk only when a tour starts. "data-tour-root" is a string only that module contains.
 */
const TOUR_MODULE_MARKER = "data-tour-root";

test("the home page's first load ships no tour code; starting a tour fetches it @js-only", async ({ page }) => {
  const scripts: { url: string; body: string }[] = [];
  page.on("response", async (response) => {
    if (!response.url().endsWith(".js")) return;
    const body = await response.text().catch(() => "");
    scripts.push({ url: response.url(), body });
  });

  await page.goto("/", { waitUntil: "networkidle" });
  expect(scripts.length).toBeGreaterThan(0);
  const firstLoad = scripts.map((s) => s.url);
  expect(
    scripts.filter((s) => s.body.includes(TOUR_MODULE_MARKER)).map((s) => s.url),
    `first-load scripts: ${firstLoad.join(", ")}`
  ).toEqual([]);
  // Nor is it preloaded for later.
  await expect(page.locator('link[rel="modulepreload"][href*="guided-tour"]')).toHaveCount(0);

  const tourChunk = page.waitForResponse(async (response) => {
    if (!response.url().endsWith(".js")) return false;
    return (await response.text().catch(() => "")).includes(TOUR_MODULE_MARKER);
  });
  await page.getByLabel("Help menu").click();
  await page.getByRole("button", { name: "Start Interactive Tour" }).click();
  const chunk = await tourChunk;
  expect(firstLoad).not.toContain(chunk.url());
  await expect(page.getByRole("dialog")).toBeVisible();
});
