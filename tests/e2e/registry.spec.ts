/**
 * What the state's registry file adds (issue 19), on the demo data loaded through the importer
 * (data-seed/demo-cordata.txt): the business page's agent, officers, annual reports and mailing
 * address; search by an officer's name; the admin's record of imports. JS on and off.
 */
import { expect, test } from "./fixtures";

test.describe.configure({ timeout: 120_000 });

const ADMIN = { id: 1 };

test.describe("the state's registry data", () => {
  test("the business page shows the registered agent, officers, annual reports and mailing address", async ({ page }) => {
    await page.goto("/business/1");
    await expect(page.getByRole("heading", { level: 1, name: "Pembroke Park Demo Bakery LLC" })).toBeVisible();
    const agent = page.getByRole("region", { name: "Registered agent" });
    await expect(agent).toContainText("SUNSHINE REGISTERED AGENT LLC");
    await expect(agent).toContainText("1200 S PINE ISLAND RD");
    const officers = page.getByRole("region", { name: "Officers and managers" });
    await expect(officers.getByRole("listitem")).toHaveCount(2);
    await expect(officers.getByRole("listitem").first()).toContainText("Manager (MGR)");
    await expect(officers.getByRole("listitem").first()).toContainText("RIVERA, ANA M");
    await expect(officers).toContainText("O'CONNOR, SEAN");
    const reports = page.getByRole("region", { name: "Annual reports" });
    await expect(reports).toContainText("2026");
    await expect(reports).toContainText("Filed Feb 3, 2026");
    await expect(reports).toContainText("2025");
    await expect(page.getByRole("region", { name: "Mailing address" })).toContainText("P.O. BOX 841");
    await expect(page.getByText("FLAL (Florida limited liability company)")).toBeVisible();

    // The JSON API says the same (and nothing private).
    const api = await page.request.get("/api/businesses/1");
    const body = await api.json();
    expect(body.registeredAgent).toMatchObject({ name: "SUNSHINE REGISTERED AGENT LLC", type: "C" });
    expect(body.officers.map((o: { name: string }) => o.name)).toEqual(["RIVERA, ANA M", "O'CONNOR, SEAN"]);
    expect(body.annualReports[0]).toEqual({ year: 2026, filedOn: "2026-02-03" });
    expect(body.stateFilingType).toBe("FLAL");
    expect(body).not.toHaveProperty("verificationCode");
    expect(body).not.toHaveProperty("ownerId");
  });

  test("a search by an officer's name finds the business and says why", async ({ page }) => {
    await page.goto("/search");
    const filters = page.locator('[data-tour="search-filters"]');
    await filters.getByText("Advanced").click();
    await filters.getByLabel("Officer or Registered Agent").fill("Rivera Ana");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?person=Rivera\+Ana$/);
    const card = page.getByTestId("business-card");
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Pembroke Park Demo Bakery LLC");
    await expect(card.getByTestId("matched-by")).toHaveText("Officer: RIVERA, ANA M");
    // The disclosure stays open while one of its filters is in use.
    await expect(filters.getByLabel("Officer or Registered Agent")).toHaveValue("Rivera Ana");
  });

  test("a search by street address with a ZIP and a status finds the businesses there and says why", async ({ page }) => {
    await page.goto("/search");
    const filters = page.locator('[data-tour="search-filters"]');
    await filters.getByText("Advanced").click();
    await filters.getByLabel("Street Address").fill("3150 sw");
    await filters.getByLabel("ZIP Code").fill("33023");
    await filters.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?zip=33023&address=3150\+sw$/);
    // The demo business first (registry order); other tests add businesses at its address.
    const card = page.getByTestId("business-card").first();
    await expect(card).toContainText("Pembroke Park Demo Bakery LLC");
    await expect(card.getByTestId("matched-by").getByRole("listitem")).toHaveText(["ZIP: 33023", "Address: 3150 SW 52nd Ave"]);
    const found = page.getByTestId("business-card");
    for (let i = 0; i < (await found.count()); i++) {
      await expect(found.nth(i).getByTestId("matched-by").getByRole("listitem")).toHaveText([/^ZIP: 33023/, /^Address: 3150 SW/i]);
    }

    // A street's first character (a tag of the index, drizzle/0020) with the ZIP and a status:
    // every card is at such an address, in that ZIP, and active.
    await page.goto("/search?zip=33023&address=3&status=ACTIVE");
    const cards = page.getByTestId("business-card");
    await expect(cards.first()).toBeVisible();
    const count = await cards.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) {
      const reasons = cards.nth(i).getByTestId("matched-by").getByRole("listitem");
      await expect(reasons.nth(0)).toHaveText(/^ZIP: 33023/);
      await expect(reasons.nth(1)).toHaveText(/^Address: 3/);
      await expect(cards.nth(i).locator("[data-colour]")).toHaveText("ACTIVE"); // the status badge
    }
  });

  test("an administrator sees the imports and how current the registry is", async ({ page, loginAs }) => {
    await loginAs(ADMIN);
    await page.goto("/admin/imports");
    await expect(page.getByRole("heading", { level: 1, name: "Registry Imports" })).toBeVisible();
    await expect(page.getByTestId("registry-as-of")).toContainText("Registry as of");
    await expect(page.getByTestId("registry-as-of")).toContainText("demo-cordata.txt");
    await expect(page.getByTestId("import-row").first()).toContainText("demo-cordata.txt");
  });
});
