/**
 * The staff area as the filings queue joins it (issue 40): one navigation on every staff page (a
 * side bar on wide screens, a menu on phones, the current page marked, a clerk's without the
 * administrators' pages), the overview's charts on /admin with their figures in tables, and the
 * round help button, which never covers text. JS on and off (both projects); every page visited
 * is scanned with axe afterwards (fixtures.ts).
 */
import type { Locator, Page } from "@playwright/test";
import { receiptsByMonth } from "~/models/admin/overview.server";
import { createUser, unique } from "../support/factories";
import { expect, test } from "./fixtures";

const ADMIN_ENTRIES = ["Overview", "Filings", "Businesses", "Payments", "Letters", "Remittance", "Tax years", "Fee schedule", "Imports", "Mail", "Audit", "Users"];
const CLERK_ENTRIES = ["Overview", "Filings", "Businesses", "Payments", "Letters", "Remittance", "Audit", "Users"];

const staffNav = (page: Page) => page.getByRole("navigation", { name: "Staff" });
/** The entries' names as shown (Filings without its count). */
const entryNames = async (nav: Locator) => (await nav.getByRole("link").allInnerTexts()).map((t) => t.split("\n")[0].trim());

test.describe("the staff navigation", () => {
  test("an administrator's lists every staff page in order and marks the current one", async ({ page, loginAs }) => {
    test.slow(); // several staff pages, each scanned by axe afterwards
    const admin = await createUser({ isAdmin: true, role: "admin", username: unique("navadmin_") });
    await loginAs(admin);
    await page.goto("/admin");
    const nav = staffNav(page);
    await expect(nav).toBeVisible();
    expect(await entryNames(nav)).toEqual(ADMIN_ENTRIES);
    await expect(nav.getByRole("link", { name: "Overview" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current]")).toHaveCount(1);
    // Filings carries the count of filings waiting.
    const filings = nav.getByRole("link", { name: /^Filings \d[\d,]* waiting$/ });
    await expect(filings).toHaveAttribute("href", "/admin/filings");
    await expect(filings.getByTestId("filings-waiting")).toHaveText(/^\d[\d,]* waiting$/);
    // The tab list of /admin keeps its own name.
    await expect(page.getByRole("navigation", { name: "Admin sections" })).toBeVisible();

    await nav.getByRole("link", { name: "Letters" }).click();
    await expect(page).toHaveURL("/admin/letters");
    await expect(page.getByRole("heading", { level: 1, name: "Claim letters" })).toBeVisible();
    await expect(staffNav(page).getByRole("link", { name: "Letters" })).toHaveAttribute("aria-current", "page");
    await expect(staffNav(page).getByRole("link", { name: "Overview" })).not.toHaveAttribute("aria-current", /.*/);

    await staffNav(page).getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL("/admin?tab=payments");
    await expect(staffNav(page).getByRole("link", { name: "Payments" })).toHaveAttribute("aria-current", "page");
    // No overview on a list's own address: the list is the page.
    await expect(page.getByTestId("admin-overview")).toHaveCount(0);

    await staffNav(page).getByRole("link", { name: "Tax years" }).click();
    await expect(page).toHaveURL("/admin/tax-years");
    await expect(page.getByRole("heading", { level: 1, name: "Tax years" })).toBeVisible();
    await expect(staffNav(page).getByRole("link", { name: "Tax years" })).toHaveAttribute("aria-current", "page");

    // A page within a section marks its entry (aria-current="true").
    await page.goto("/admin/businesses/2");
    await expect(page.getByRole("heading", { level: 1, name: "Sunshine Auto Repair Inc" })).toBeVisible();
    await expect(staffNav(page).getByRole("link", { name: "Businesses" })).toHaveAttribute("aria-current", "true");
  });

  test("a clerk's does not show the pages only administrators may open", async ({ page, loginAs }) => {
    const clerk = await createUser({ role: "clerk", username: unique("navclerk_") });
    await loginAs(clerk);
    await page.goto("/admin/audit");
    const nav = staffNav(page);
    expect(await entryNames(nav)).toEqual(CLERK_ENTRIES);
    await expect(nav.getByRole("link", { name: "Audit" })).toHaveAttribute("aria-current", "page");
    for (const name of ["Tax years", "Fee schedule", "Imports", "Mail"]) await expect(nav.getByRole("link", { name })).toHaveCount(0);
    // Every entry shown opens for the clerk.
    await nav.getByRole("link", { name: "Remittance" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Remittance to the town" })).toBeVisible();
  });

  test("signed in without a staff role, no staff navigation anywhere", async ({ page, loginAs }) => {
    await loginAs(await createUser());
    await page.goto("/dashboard");
    await expect(staffNav(page)).toHaveCount(0);
  });

  test("on a phone it is a menu that opens and closes, no side bar", async ({ page, loginAs }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await loginAs({ id: 1 });
    await page.goto("/admin/remittance");
    await expect(page.getByTestId("staff-sidebar")).toBeHidden();
    const menu = page.getByTestId("staff-menu");
    await expect(staffNav(page)).toBeHidden();
    await menu.getByText("Staff menu").click();
    await expect(staffNav(page)).toBeVisible();
    expect(await entryNames(staffNav(page))).toEqual(ADMIN_ENTRIES);
    await expect(staffNav(page).getByRole("link", { name: "Remittance" })).toHaveAttribute("aria-current", "page");
    await staffNav(page).getByRole("link", { name: "Audit" }).click();
    await expect(page).toHaveURL("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(staffNav(page)).toBeHidden();
    await expect(menu.locator("summary")).toContainText("Staff menu: Audit");
    // Nothing on the page is wider than the phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  });
});

test.describe("the overview", () => {
  test("four charts drawn on the server, each an image with a name, its figures in a table", async ({ page, loginAs }) => {
    await loginAs({ id: 1 });
    await page.goto("/admin");
    const overview = page.getByRole("region", { name: "Overview" });
    await expect(overview).toBeVisible();
    const charts = [
      { card: "Receipts sold per month", name: "Receipts sold per month, FY2027 beside FY2026", table: "Receipts sold per month", headers: ["Month", "FY2026", "FY2027"] },
      {
        card: "Claims after each letter batch",
        name: "Claim rate of each letter batch by days after mailing",
        table: "Claim rate of each letter batch by days after mailing",
        headers: ["Batch", "Mailed", "Letters", "Day 7", "Day 14", "Day 30", "Day 60", "Day 90"],
      },
      { card: "Businesses current, due and delinquent", name: "Businesses current, due and delinquent", table: "Businesses current, due and delinquent", headers: ["Standing", "Businesses"] },
      { card: "Filings waiting, by age", name: "Filings waiting, by days since submitted", table: "Filings waiting, by age", headers: ["Waiting", "Filings"] },
    ];
    for (const chart of charts) {
      const card = overview.getByRole("region", { name: chart.card, exact: true });
      const image = card.getByRole("img", { name: chart.name, exact: true });
      await expect(image).toBeVisible();
      // Drawn as SVG in the server's HTML (no script needed), with a description of its figures.
      expect(await image.evaluate((el) => el.tagName.toLowerCase())).toBe("svg");
      await expect(image).toHaveAccessibleDescription(/\w.{10,}/);
      const table = card.getByRole("table", { name: chart.table, exact: true });
      await expect(table).toBeHidden();
      await card.locator("summary").click();
      await expect(table).toBeVisible();
      await expect(table.getByRole("columnheader")).toHaveText(chart.headers);
    }
    const receipts = overview.getByRole("table", { name: "Receipts sold per month" });
    await expect(receipts.getByRole("row")).toHaveCount(13);
    // October's figures are the receipts sold in October of each year (a month past: no other test changes it).
    const october = receiptsByMonth().months[0];
    const octoberRow = receipts.getByRole("row", { name: /^Oct / });
    await expect(octoberRow.getByRole("rowheader")).toHaveText("Oct");
    await expect(octoberRow.getByRole("cell")).toHaveText([october.previous.toLocaleString("en-US"), (october.current ?? 0).toLocaleString("en-US")]);
    // Months to come have no figure yet.
    await expect(receipts.getByRole("row", { name: /^Sep / }).getByRole("cell").last()).toHaveText("—");
    const standing = overview.getByRole("table", { name: "Businesses current, due and delinquent" });
    await expect(standing.getByRole("rowheader")).toHaveText(["Current", "Due", "Delinquent"]);
    await expect(overview.getByRole("table", { name: "Filings waiting, by age" }).getByRole("rowheader")).toHaveText([
      "Under 2 days",
      "2–7 days",
      "8–30 days",
      "Over 30 days",
    ]);
  });
});

/** The boxes of the text of `target` (one per line), in viewport coordinates. */
async function textBoxes(target: Locator) {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return [...range.getClientRects()].filter((r) => r.width > 0).map((r) => ({ x: r.x, y: r.y, width: r.width, height: r.height }));
  });
}

/** Whether every sampled point of the text of `target` is `target` (or inside it) on top, i.e. nothing covers it. */
async function textIsUncovered(target: Locator) {
  return target.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    const misses: string[] = [];
    for (const r of range.getClientRects()) {
      if (r.width === 0 || r.bottom <= 0 || r.top >= window.innerHeight) continue;
      for (const fx of [0.02, 0.25, 0.5, 0.75, 0.98])
        for (const fy of [0.2, 0.5, 0.8]) {
          const x = r.left + r.width * fx;
          const y = r.top + r.height * fy;
          if (y < 0 || y >= window.innerHeight || x < 0 || x >= window.innerWidth) continue;
          const top = document.elementFromPoint(x, y);
          if (!top || !(top === el || el.contains(top))) misses.push(`${Math.round(x)},${Math.round(y)}: ${top?.tagName ?? "nothing"}`);
        }
    }
    return misses;
  });
}

const intersects = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test.describe("the help button never covers text", () => {
  test("on a phone, the first search result's name", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto("/search");
    const name = page.getByTestId("business-card").first().getByRole("heading");
    await expect(name).toBeVisible();
    const help = page.getByLabel("Help menu");
    // As the page opens, and scrolled so that the name sits at the bottom of the screen, where a
    // floating button would be.
    for (const place of ["as loaded", "at the bottom"]) {
      if (place === "at the bottom") {
        await name.evaluate((el) => window.scrollTo(0, window.scrollY + el.getBoundingClientRect().bottom - window.innerHeight + 8));
      }
      expect(await textIsUncovered(name), place).toEqual([]);
      const button = await help.boundingBox();
      for (const box of await textBoxes(name)) expect(button && intersects(button, box), place).toBeFalsy();
    }
    // The button is still there, at the page's end.
    await help.scrollIntoViewIfNeeded();
    await expect(help).toBeVisible();
  });

  test("on a wide screen, the footer's ©", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto("/search");
    const copyright = page.locator("footer").getByText(/^© \d{4} Florida Business Registry/);
    await copyright.scrollIntoViewIfNeeded();
    expect(await textIsUncovered(copyright)).toEqual([]);
    const button = await page.getByLabel("Help menu").boundingBox();
    for (const box of await textBoxes(copyright)) expect(button && intersects(button, box)).toBeFalsy();
    // And it opens its menu in place.
    await page.getByLabel("Help menu").click();
    await expect(page.getByTestId("help-menu").getByRole("link", { name: "View Help Center" })).toBeVisible();
  });
});
