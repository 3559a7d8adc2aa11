import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const TOWN = { name: "Pembroke Park", email: "btr@pembrokepark.example", phone: "(954) 966-4600" };

test.describe("help menu and help pages", () => {
  test("the help menu's links open the help center, FAQ and contact pages in new tabs", async ({
    page,
    context,
    jsEnabled,
  }) => {
    await page.goto("/search");
    await page.getByLabel("Help menu").click();
    const menu = page.getByTestId("help-menu");
    // The tour item needs JavaScript; without it only the three links are offered.
    await expect(menu.getByRole("button", { name: "Start Interactive Tour" })).toHaveCount(jsEnabled ? 1 : 0);
    for (const [name, href, heading] of [
      ["View Help Center", "/help", "Help Center"],
      ["Frequently Asked Questions", "/faq", "Frequently Asked Questions"],
      ["Contact Support", "/contact", "Contact Support"],
    ] as const) {
      const link = menu.getByRole("link", { name });
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      if (!(await link.isVisible())) await page.getByLabel("Help menu").click();
      const [tab] = await Promise.all([context.waitForEvent("page"), link.click()]);
      await tab.waitForLoadState();
      expect(new URL(tab.url()).pathname).toBe(href);
      await expect(tab.getByRole("heading", { level: 1, name: heading })).toBeVisible();
      await tab.close();
    }
  });

  test("the help center explains searching, claiming, the fee, paying, receipts and renewal", async ({ page }) => {
    await page.goto("/help");
    await expect(page).toHaveTitle("Help Center | Florida Business Registry");
    const main = page.locator("main");
    for (const heading of [
      "Searching for a business",
      "Claiming your business",
      "What the Business Tax Receipt costs",
      "Paying by card",
      "Receipts",
      "Renewal and the BTR year",
      "Reaching the town",
    ]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(main).toContainText("7-digit verification code");
    await expect(main).toContainText("$100.00 plus $5.00 per employee plus $10.00 per business vehicle");
    await expect(main).toContainText("$100.00 + $15.00 + $20.00 = $135.00");
    await expect(main).toContainText("October 1 to September 30");
    await expect(main).toContainText("due by September 30");
    await expect(main).toContainText("10% for October plus 5% for each further month, up to 25%");
    await expect(main.getByRole("link", { name: TOWN.email })).toHaveAttribute("href", `mailto:${TOWN.email}`);
    await expect(main.getByRole("link", { name: TOWN.phone })).toHaveAttribute("href", "tel:+19549664600");
    // The table of contents jumps to a section.
    await main.getByRole("link", { name: "Renewal and the BTR year" }).click();
    await expect(page).toHaveURL(/\/help#renewal$/);
  });

  test("the FAQ answers open and close without JavaScript", async ({ page }) => {
    await page.goto("/faq");
    const question = page.locator("details").filter({ hasText: "Where do I find my verification code?" });
    const answer = question.getByText(/It is 7 digits long/);
    await expect(answer).toBeHidden();
    await question.getByText("Where do I find my verification code?").click();
    await expect(answer).toBeVisible();
    await expect(question.getByRole("link", { name: TOWN.email })).toBeVisible();
    const renew = page.locator("details").filter({ hasText: "What happens if I renew late?" });
    await renew.locator("summary").click();
    await expect(renew).toContainText("10% for October plus 5% for each further month, up to 25%");
  });

  test("the contact page shows how to reach the town", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact Support" })).toBeVisible();
    await expect(page.locator("main")).toContainText(`The ${TOWN.name}, FL Business Tax Receipt office`);
    await expect(page.getByTestId("support-email")).toHaveAttribute("href", `mailto:${TOWN.email}`);
    await expect(page.getByTestId("support-phone")).toHaveText(TOWN.phone);
    await page.getByRole("navigation", { name: "Help pages" }).getByRole("link", { name: "FAQ" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Frequently Asked Questions" })).toBeVisible();
  });
});

test.describe("toasts, tooltips and theme @js-only", () => {
  async function showToast(page: Page) {
    // A client toast: the tour item on a page without a tour.
    await page.getByLabel("Help menu").click();
    await page.getByRole("button", { name: "Start Interactive Tour" }).click();
    const toast = page.getByTestId("toast");
    await expect(toast).toContainText("Tour Not Available");
    return toast;
  }

  test("a toast swiped right past 50 px is dismissed; a shorter swipe snaps back", async ({ page }) => {
    await page.goto("/help");
    const toast = await showToast(page);
    const box = (await toast.boundingBox())!;
    const y = box.y + box.height / 2;
    const x = box.x + 20;

    // 30 px: below the threshold, the toast stays.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.move(x + 15, y);
    await page.mouse.move(x + 30, y);
    await expect(toast).toHaveAttribute("data-swipe", "move");
    await page.mouse.up();
    await expect(toast).toBeVisible();
    await expect(toast).not.toHaveAttribute("data-swipe", "move");

    // 80 px: dismissed at once (well before its 5 s are up; hovering pauses that clock anyway).
    await page.mouse.down();
    await page.mouse.move(x + 40, y);
    await page.mouse.move(x + 80, y);
    await page.mouse.up();
    await expect(toast).toHaveCount(0, { timeout: 1_000 });
  });

  test("a toast disappears by itself after 5 seconds, and only one is shown at a time", async ({ page }) => {
    await page.goto("/help");
    const toast = await showToast(page);
    await page.mouse.move(600, 50); // keep the pointer off the toast (hover pauses it)
    await showToast(page);
    await expect(toast).toHaveCount(1);
    await page.mouse.move(600, 50);
    await page.waitForTimeout(3_500);
    await expect(toast).toBeVisible();
    await expect(toast).toHaveCount(0, { timeout: 4_000 });
  });

  test("F8 moves focus to the notifications area", async ({ page }) => {
    await page.goto("/help");
    await page.locator("body").click({ position: { x: 600, y: 300 } });
    await page.keyboard.press("F8");
    await expect(page.getByRole("region", { name: "Notifications (F8)" })).toBeFocused();
  });

  test("tooltips open after a delay, and the next one at once right after", async ({ page }) => {
    await page.goto("/help");
    // Timings measured in the page: from the pointer entering a button to its tooltip appearing.
    await page.evaluate(() => {
      const log: { event: string; name: string; at: number }[] = [];
      (window as unknown as { tooltipLog: typeof log }).tooltipLog = log;
      document.addEventListener(
        "pointerover",
        (e) => log.push({ event: "enter", name: (e.target as HTMLElement).textContent ?? "", at: performance.now() }),
        true
      );
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of r.addedNodes)
            if (node instanceof HTMLElement && node.getAttribute("role") === "tooltip")
              log.push({ event: "open", name: node.textContent ?? "", at: performance.now() });
      }).observe(document.body, { childList: true });
    });
    const lightHint = page.getByRole("tooltip", { name: "Always use the light theme" });
    const darkHint = page.getByRole("tooltip", { name: "Always use the dark theme" });
    await page.getByRole("button", { name: "Light" }).hover();
    await expect(lightHint).toBeVisible();
    await expect(page.getByRole("button", { name: "Light" })).toHaveAccessibleDescription("Always use the light theme");
    // Moving straight to the next button: it skips the 700 ms delay.
    await page.getByRole("button", { name: "Dark" }).hover();
    await expect(lightHint).toHaveCount(0);
    await expect(darkHint).toBeVisible();
    await page.mouse.move(600, 50);
    await expect(darkHint).toHaveCount(0);

    const log = await page.evaluate(
      () => (window as unknown as { tooltipLog: { event: string; name: string; at: number }[] }).tooltipLog
    );
    const delay = (button: string, hint: string) => {
      const enter = log.find((e) => e.event === "enter" && e.name === button)!;
      const open = log.find((e) => e.event === "open" && e.name === hint)!;
      return open.at - enter.at;
    };
    expect(delay("Light", "Always use the light theme")).toBeGreaterThanOrEqual(700);
    expect(delay("Dark", "Always use the dark theme")).toBeLessThan(300);

    await page.getByLabel("Help menu").hover();
    await expect(page.getByRole("tooltip", { name: "Help, tour and support" })).toBeVisible();
  });

  test("a theme change in one tab applies in the other open tab without a reload", async ({ context }) => {
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto("/help");
    await second.goto("/faq");
    await expect(second.locator("html")).toHaveClass(/light/);
    const marker = await second.evaluate(() => ((window as unknown as { __noReload: number }).__noReload = 42));

    await first.getByRole("button", { name: "Dark" }).click();
    await expect(first.locator("html")).toHaveClass(/dark/);
    expect(await first.evaluate(() => window.localStorage.getItem("theme"))).toBe("dark");
    await expect(second.locator("html")).toHaveClass(/dark/);
    await expect(second.getByRole("button", { name: "Dark" })).toHaveAttribute("aria-pressed", "true");
    expect(await second.evaluate(() => (window as unknown as { __noReload: number }).__noReload)).toBe(marker);

    await second.getByRole("button", { name: "Light" }).click();
    await expect(first.locator("html")).toHaveClass(/light/);
    await expect(first.locator("html")).not.toHaveClass(/dark/);
    // The cookie carries it too: a fresh load renders the chosen theme on the server (no flash).
    await expect
      .poll(async () => (await (await context.request.get("/faq")).text()).match(/<html lang="en" class="(\w*)"/)?.[1])
      .toBe("light");
  });
});
