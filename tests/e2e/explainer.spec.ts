import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const STEPS = ["We send a letter", "Claim your listing", "Pay your BTR online", "The town receives it"];

/**
 * Scrolls so that `fraction` of the explainer is in view: entering at the bottom of the viewport
 * when the page allows, otherwise leaving at its top (0: just out of view).
 */
async function showFraction(page: Page, fraction: number) {
  await page.getByTestId("process-explainer").evaluate((section, f) => {
    const rect = section.getBoundingClientRect();
    const top = rect.top + window.scrollY;
    const entering = top - window.innerHeight + rect.height * f;
    const leaving = top + rect.height * (1 - f);
    window.scrollTo(0, entering >= 0 ? entering : leaving);
  }, fraction);
}

test("the explainer's four steps are plainly visible in the server's HTML", async ({ page, jsEnabled }) => {
  await page.goto("/");
  const section = page.getByTestId("process-explainer");
  await expect(section.getByRole("heading", { level: 2, name: "How to get your Business Tax Receipt" })).toBeVisible();
  const steps = section.getByRole("listitem");
  await expect(steps).toHaveCount(4);
  for (const [i, title] of STEPS.entries()) {
    await section.scrollIntoViewIfNeeded();
    await expect(steps.nth(i).getByRole("heading", { level: 3, name: title })).toBeVisible();
    await expect(steps.nth(i)).toContainText(String(i + 1));
  }
  if (!jsEnabled) {
    await expect(section).toHaveAttribute("data-animating", "false");
    await expect(section.locator('[data-state="still"]')).toHaveCount(4);
  }
});

test.describe("explainer animation @js-only", () => {
  test("starts at 30% visibility, replays every 6 s while visible and stops when scrolled away", async ({ page }) => {
    await page.goto("/");
    const section = page.getByTestId("process-explainer");
    await showFraction(page, 0);
    await page.waitForTimeout(500);
    await expect(section).toHaveAttribute("data-animating", "false");

    // 15% in view: not yet.
    await showFraction(page, 0.15);
    await page.waitForTimeout(1_000);
    await expect(section).toHaveAttribute("data-animating", "false");
    await expect(section).toHaveAttribute("data-plays", "0");

    // Half in view: the steps light up one after the other.
    await showFraction(page, 0.5);
    await expect(section).toHaveAttribute("data-animating", "true");
    await expect(section).toHaveAttribute("data-plays", "1");
    await expect(section.locator('[data-step="1"]')).toHaveAttribute("data-state", /current|done/);
    await expect(section.locator('[data-step="4"]')).toHaveAttribute("data-state", "current", { timeout: 5_000 });
    const firstPlay = Date.now();

    // And again about 6 s after the first play began.
    await expect(section).toHaveAttribute("data-plays", "2", { timeout: 9_000 });
    const elapsed = Date.now() - firstPlay;
    expect(elapsed).toBeGreaterThan(2_000); // the 4th step lit up ~2.7 s into the first play
    expect(elapsed).toBeLessThan(7_500);

    // Scrolled away: it stops and shows all four steps still.
    await showFraction(page, 0);
    await expect(section).toHaveAttribute("data-animating", "false");
    await expect(section.locator('[data-state="still"]')).toHaveCount(4);
    await page.waitForTimeout(6_500);
    await expect(section).toHaveAttribute("data-plays", "2");
  });

  test("stays still for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto("/");
    const section = page.getByTestId("process-explainer");
    await section.scrollIntoViewIfNeeded();
    await page.waitForTimeout(1_500);
    await expect(section).toHaveAttribute("data-animating", "false");
    await expect(section).toHaveAttribute("data-plays", "0");
    await expect(section.locator('[data-state="still"]')).toHaveCount(4);
  });
});
