import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectToast, test } from "./fixtures";

/**
 * The guided tour. Automated browsers (navigator.webdriver) never get the automatic first-visit
 * tour; these tests opt back in with localStorage 'tour-autostart' = 'force'.
 */
const HOME_STEPS = [
  "Welcome to the Florida Business Registry",
  "Search for a business",
  "How a Business Tax Receipt works",
  "Featured businesses",
  "Help is always here",
];

async function forceAutoStart(page: Page) {
  await page.addInitScript(() => window.localStorage.setItem("tour-autostart", "force"));
}

async function tourProgress(page: Page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("tour-progress") ?? "null"));
}

const popover = (page: Page) => page.getByRole("dialog");

test.describe("guided tour @js-only", () => {
  test("a first-time visitor gets the home tour and goes through it from start to finish", async ({ page }) => {
    await forceAutoStart(page);
    await page.goto("/");
    const dialog = popover(page);
    await expect(dialog).toBeVisible();
    // Above everything, in the tour's colour.
    await expect(page.locator("[data-tour-root]")).toHaveCSS("z-index", "10000");
    await expect(page.getByTestId("tour-spotlight")).toHaveCSS("box-shadow", /rgb\(49, 130, 206\)/);

    for (const [i, title] of HOME_STEPS.entries()) {
      await expect(dialog.getByRole("heading", { name: title })).toBeVisible();
      await expect(dialog).toContainText(`Step ${i + 1} of ${HOME_STEPS.length}`);
      // The popover is a labelled, described dialog and holds focus, so screen readers read it.
      await expect(dialog).toBeFocused();
      await expect(dialog).toHaveAccessibleName(title);
      await expect(dialog).toHaveAccessibleDescription(/.{20,}/);
      if (i === 0) {
        const results = await new AxeBuilder({ page }).include("[data-tour-root]").analyze();
        expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
      }
      await dialog.getByRole("button", { name: i === HOME_STEPS.length - 1 ? "Finish" : "Next" }).click();
    }

    await expect(dialog).toHaveCount(0);
    await expectToast(page, "Tour Completed");
    await expectToast(page, "You've completed the tour! Access more help anytime from the help menu.");
    expect(await tourProgress(page)).toEqual({ viewed: { home: true }, dismissed: false });
  });

  test("the search page's tour points at the filters, then the results", async ({ page }) => {
    await forceAutoStart(page);
    await page.goto("/search");
    const dialog = popover(page);
    await expect(dialog.getByRole("heading", { name: "Filter your search" })).toBeVisible();
    await expect(dialog).toContainText("Step 1 of 2");
    await expect(dialog).toBeFocused();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading", { name: "Your results" })).toBeVisible();
    await expect(dialog).toContainText("Step 2 of 2");
    await dialog.getByRole("button", { name: "Finish" }).click();
    await expect(dialog).toHaveCount(0);
    await expectToast(page, "Tour Completed");
    expect(await tourProgress(page)).toEqual({ viewed: { search: true }, dismissed: false });
  });

  test("Back returns to the previous step and Tab stays inside the popover", async ({ page }) => {
    await forceAutoStart(page);
    await page.goto("/");
    const dialog = popover(page);
    await expect(dialog.getByRole("heading", { name: HOME_STEPS[0] })).toBeVisible();
    await dialog.getByRole("button", { name: "Next" }).click();
    await expect(dialog.getByRole("heading", { name: HOME_STEPS[1] })).toBeVisible();
    await dialog.getByRole("button", { name: "Back" }).click();
    await expect(dialog.getByRole("heading", { name: HOME_STEPS[0] })).toBeVisible();
    for (let i = 0; i < 4; i++) {
      await page.keyboard.press("Tab");
      expect(await dialog.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    }
  });

  test("Escape skips the tour, and the viewed flag keeps it from starting again", async ({ page }) => {
    await forceAutoStart(page);
    await page.goto("/");
    await expect(popover(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(popover(page)).toHaveCount(0);
    await expectToast(page, "Tour Skipped");
    await expectToast(page, "You can restart the tour anytime from the help menu.");
    expect(await tourProgress(page)).toEqual({ viewed: { home: true }, dismissed: true });

    await page.reload();
    await expect(page.getByLabel("Help menu")).toBeVisible();
    await page.waitForTimeout(2_000); // longer than the automatic start's delay
    await expect(popover(page)).toHaveCount(0);
  });

  test("a click on the overlay closes the tour", async ({ page }) => {
    await forceAutoStart(page);
    await page.goto("/");
    await expect(popover(page)).toBeVisible();
    await page.getByTestId("tour-overlay").click({ position: { x: 5, y: 5 } });
    await expect(popover(page)).toHaveCount(0);
    await expectToast(page, "Tour Skipped");
  });

  test("automated browsers do not get the automatic tour unless they opt in", async ({ page }) => {
    await page.goto("/");
    await expect(page.getByLabel("Help menu")).toBeVisible();
    await page.waitForTimeout(2_000);
    await expect(popover(page)).toHaveCount(0);
    expect(await tourProgress(page)).toBeNull();
  });

  test("Start Interactive Tour resets and restarts a viewed tour, and focus returns to the help button", async ({
    page,
  }) => {
    await page.addInitScript(() =>
      window.localStorage.setItem("tour-progress", JSON.stringify({ viewed: { home: true }, dismissed: true }))
    );
    await page.goto("/");
    await page.getByLabel("Help menu").click();
    await page.getByRole("button", { name: "Start Interactive Tour" }).click();
    await expectToast(page, "Tour Started");
    await expectToast(page, "Starting the guided tour for this page.");
    const dialog = popover(page);
    await expect(dialog.getByRole("heading", { name: HOME_STEPS[0] })).toBeVisible();
    await expect(dialog).toBeFocused();
    expect(await tourProgress(page)).toEqual({ viewed: {}, dismissed: false });
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    await expect(page.getByLabel("Help menu")).toBeFocused();
  });

  test("'Tour Not Available' on a page without a tour", async ({ page }) => {
    await page.goto("/help");
    await page.getByLabel("Help menu").click();
    await page.getByRole("button", { name: "Start Interactive Tour" }).click();
    const toast = page.getByTestId("toaster").getByRole("alert");
    await expect(toast).toContainText("Tour Not Available");
    await expect(toast).toContainText("The tour feature is not available on this page.");
    await expect(toast).toHaveAttribute("data-variant", "destructive");
    await expect(popover(page)).toHaveCount(0);
  });
});
