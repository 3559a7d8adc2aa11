import fs from "node:fs";
import type { Page } from "@playwright/test";
import { and, asc, count, eq, gt, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { createBusiness, createUser, unique } from "../support/factories";
import { expect, test } from "./fixtures";

const ADMIN = { id: 1 };
const DEMO_USER = { id: 2 };

async function downloadCsv(page: Page, linkName: string | RegExp) {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  const raw = fs.readFileSync((await download.path())!);
  return { filename: download.suggestedFilename(), raw, rows: parseCsv(raw.toString("utf8")) };
}

const tabs = (page: Page) => page.getByRole("navigation", { name: "Admin sections" });

test.describe("admin dashboard", () => {
  test("the demo user is sent to / from /admin", async ({ page, loginAs }) => {
    await loginAs(DEMO_USER);
    await page.goto("/admin");
    await expect(page).toHaveURL("/");
  });

  test("a signed-out visitor is sent to /", async ({ page }) => {
    await page.goto("/admin?tab=payments");
    await expect(page).toHaveURL("/");
  });

  test("the demo admin sees the figures, the users and pages through the businesses", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    const summary = page.getByTestId("admin-summary");
    await expect(summary).toContainText("Businesses");
    await expect(summary).toContainText(/Revenue, fiscal year \d{4}-\d{4}/);

    // Users (the default tab).
    await expect(tabs(page).getByRole("link", { name: "Users" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByTestId("user-row-1")).toContainText("admin");
    await expect(page.getByTestId("user-row-2")).toContainText("demo");
    await expect(page.getByRole("table", { name: "Users", exact: true })).not.toContainText("scrypt");

    // Businesses: 10 a page, Next goes to page 2, and page numbers are links.
    await tabs(page).getByRole("link", { name: "Businesses", exact: true }).click();
    await expect(page).toHaveURL(/tab=businesses/);
    await expect(page.locator("tbody tr")).toHaveCount(10);
    await expect(page.getByTestId("showing")).toContainText("Showing 1 to 10 of");
    await expect(page.getByTestId("business-row-1")).toContainText("Pembroke Park Demo Bakery LLC");
    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Next" }).click();
    await expect(page).toHaveURL(/tab=businesses&page=2/);
    await expect(page.getByTestId("showing")).toContainText("Showing 11 to 20 of");
    await expect(page.getByRole("navigation", { name: "Pagination" }).getByText("2", { exact: true })).toHaveAttribute("aria-current", "page");

  });

  test("the claimed businesses and payments tabs", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.goto("/admin?tab=businesses");
    // Claimed businesses: the demo user's two, with their owner.
    await tabs(page).getByRole("link", { name: "Claimed Businesses" }).click();
    await expect(page).toHaveURL(/tab=claimed-businesses$/);
    await expect(page.getByTestId("business-row-2")).toContainText("Sunshine Auto Repair Inc");
    await expect(page.getByTestId("business-row-2")).toContainText("demo (#2)");
    await expect(page.getByTestId("business-row-3")).toContainText("Gulfstream Logistics LLC");

    // Payments: the seeded Gulfstream payment, on the page where the newest-first list puts it
    // (other tests running beside this one add payments that come before it).
    await tabs(page).getByRole("link", { name: "Payments" }).click();
    await expect(page).toHaveURL(/tab=payments$/);
    const seeded = getDb().select().from(payments).where(eq(payments.businessId, 3)).orderBy(asc(payments.id)).get()!;
    const newer = getDb()
      .select({ n: count() })
      .from(payments)
      .where(or(gt(payments.createdAt, seeded.createdAt), and(eq(payments.createdAt, seeded.createdAt), gt(payments.id, seeded.id))))
      .get()!.n;
    await page.goto(`/admin?tab=payments&page=${Math.floor(newer / 10) + 1}`);
    const gulfstream = page.getByTestId(`payment-row-${seeded.id}`);
    await expect(gulfstream).toContainText("$130.00");
    await expect(gulfstream).toContainText("Oct 5, 2026");

    // An administrator may open any payer's receipt.
    await gulfstream.getByRole("link", { name: /^Receipt / }).click();
    await expect(page.getByRole("heading", { name: "Local Business Tax Receipt" })).toBeVisible();
    await expect(page.getByText("Gulfstream Logistics LLC").first()).toBeVisible();
  });

  test("the licenses tab links the protected licence route", async ({ page, loginAs }) => {
    // A licence of our own, so the tab has a row to show (claimed "tomorrow": first in the list).
    const owner = await createUser();
    const licensed = createBusiness({
      name: `Licensed ${unique()} LLC`,
      isClaimed: true,
      canBeClaimed: false,
      ownerId: owner.id,
      claimedAt: new Date(Date.now() + 86_400_000),
      driversLicenseUrl: "licenses/never-shown.png",
    });
    await loginAs(ADMIN);
    await page.goto("/admin?tab=payments");
    await tabs(page).getByRole("link", { name: "Licenses" }).click();
    await expect(page).toHaveURL(/tab=licenses$/);
    const row = page.getByTestId(`license-row-${licensed.id}`);
    await expect(row).toContainText(licensed.name);
    await expect(row).toContainText(licensed.documentNumber);
    await expect(row).toContainText(String(owner.id));
    await expect(row.getByRole("link", { name: /View license/ })).toHaveAttribute("href", `/resources/licenses/${licensed.id}`);
    await expect(page.locator("main, body").first()).not.toContainText("never-shown.png");
  });

  test("searching businesses by name and by document number", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.goto("/admin?tab=businesses");
    await page.getByLabel("Business name").fill("Gulfstream Logistics");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/tab=businesses&name=Gulfstream\+Logistics/);
    await expect(page.getByTestId("business-row-3")).toBeVisible();
    await expect(page.getByLabel("Business name")).toHaveValue("Gulfstream Logistics");

    await page.getByRole("link", { name: "Clear search" }).click();
    await expect(page).toHaveURL(/\/admin\?tab=businesses$/);
    await expect(page.getByLabel("Business name")).toHaveValue("");
    await page.getByLabel("Document number").fill("P24000000002");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.getByTestId("business-row-2")).toContainText("Sunshine Auto Repair Inc");
  });

  test("searching claimed businesses", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.goto("/admin?tab=claimed-businesses");
    await page.getByLabel("Business name").fill("Sunshine Auto");
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/tab=claimed-businesses&name=Sunshine/);
    await expect(page.getByTestId("business-row-2")).toBeVisible();
    await expect(page.getByTestId("business-row-3")).toHaveCount(0);
  });

  test("both reports download and parse back to the database's rows", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.goto("/admin");

    const businesses = await downloadCsv(page, "Download businesses report (CSV)");
    expect(businesses.filename).toBe("businesses.csv");
    expect([...businesses.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = businesses.rows;
    expect(header.slice(0, 5)).toEqual(["ID", "Name", "Document Number", "Filing Type", "Status"]);
    expect(rows.length).toBeGreaterThanOrEqual(2503);
    expect(rows.slice(0, 3).map((r) => [r[0], r[1], r[2], r[12], r[13], r[15]])).toEqual([
      ["1", "Pembroke Park Demo Bakery LLC", "L24000000001", "No", "No", ""],
      ["2", "Sunshine Auto Repair Inc", "P24000000002", "Yes", expect.stringMatching(/^(Yes|No)$/), "demo"],
      ["3", "Gulfstream Logistics LLC", "L24000000003", "Yes", "Yes", "demo"],
    ]);
    expect(businesses.raw.toString("utf8")).not.toContain("1234567"); // verification codes stay private

    const payments = await downloadCsv(page, "Download payments report (CSV)");
    expect(payments.filename).toBe("payments.csv");
    const seeded = payments.rows.find((r) => r[12] === "pi_demo_seed_gulfstream");
    expect(seeded).toEqual([expect.any(String), "2026-10-05T14:30:00.000Z", "2", "demo", "3", "Gulfstream Logistics LLC", "L24000000003", "130.00", "USD", "Business Tax Receipt", "btr", "2026-2027", "pi_demo_seed_gulfstream"]);

    // The businesses tab's search narrows the report.
    await page.goto("/admin?tab=businesses&name=Gulfstream+Logistics");
    const filtered = await downloadCsv(page, "Download businesses report (CSV, this search)");
    expect(filtered.rows.length).toBeGreaterThan(1);
    expect(filtered.rows.length).toBeLessThan(rows.length);
    expect(filtered.rows.slice(1).map((r) => r[0])).toContain("3");
  });

  test("the JSON endpoints answer through the router, by role", async ({ page, loginAs }) => {
    const paths = [
      "/api/admin/users",
      "/api/admin/businesses",
      "/api/admin/businesses/claimed",
      "/api/admin/payments",
      "/api/admin/drivers-licenses",
      "/api/admin/reports/payments",
    ];
    for (const path of paths) expect((await page.request.get(path)).status(), path).toBe(401);
    await loginAs(DEMO_USER);
    for (const path of paths) expect((await page.request.get(path)).status(), path).toBe(403);
    await loginAs(ADMIN);
    const claimed = await (await page.request.get("/api/admin/businesses/claimed?limit=100")).json();
    expect(claimed.businesses.length).toBeGreaterThanOrEqual(2);
    for (const b of claimed.businesses) expect(b.isClaimed).toBe(true);
    const all = await (await page.request.get("/api/admin/businesses")).json();
    expect(all.pagination).toMatchObject({ page: 1, limit: 10 });
    expect(all.pagination.total).toBeGreaterThanOrEqual(2503);
    expect((await page.request.get("/api/admin/users?limit=101")).status()).toBe(400);
    const users = await page.request.get("/api/admin/users");
    expect(await users.text()).not.toMatch(/password|scrypt/i);
  });

  test("a failed report download shows the spec's alert @js-only", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.route("**/api/admin/reports/businesses", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.route("**/api/admin/reports/payments", (route) => route.abort());
    await page.goto("/admin");
    await page.getByRole("link", { name: "Download businesses report (CSV)" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to download businesses report. Please try again." })).toBeVisible();
    await page.getByRole("link", { name: "Download payments report (CSV)" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to download payments report. Please try again." })).toBeVisible();
  });
});
