import { expect, test } from "./fixtures";

test.describe("the API reference for developers", () => {
  test("the footer links to /developers, which documents the conventions and every endpoint with an example", async ({ page }) => {
    // A long page: the fixture's axe scan of it alone takes tens of seconds on a busy machine.
    test.slow();
    // The footer (the same on every page) links here; one page visited keeps the axe scans short.
    await page.goto("/developers");
    await expect(page.getByRole("contentinfo").getByRole("link", { name: "API for developers" })).toHaveAttribute("href", "/developers");
    await expect(page).toHaveTitle("API Reference for Developers | Florida Business Registry");
    const main = page.locator("main");
    await expect(main.getByRole("heading", { level: 1, name: "API Reference" })).toBeVisible();
    for (const heading of ["Authentication", "Money in cents", "Pagination and the count cap", "Errors", "Payments", "Administration"]) {
      await expect(main.getByRole("heading", { level: 2, name: heading })).toBeVisible();
    }
    await expect(main).toContainText("__session");
    await expect(main).toContainText("13500 is $135.00");
    await expect(main).toContainText("Searches stop counting at 10,000 matches");
    await expect(main).toContainText('"fieldErrors"');

    // One endpoint in full: parameters, an example request and its answer, the statuses.
    const payments = main.locator("details#listMyPayments");
    await expect(payments.getByRole("heading", { level: 3 })).toHaveText(/GET\s*\/api\/payments/);
    await expect(payments.getByRole("table", { name: "Answers" })).toBeHidden();
    await payments.locator("summary").click();
    await expect(payments).toContainText("curl");
    await expect(payments).toContainText('"businessName": "Gulfstream Logistics LLC"');
    await expect(payments.getByRole("table", { name: "Answers" })).toContainText("401");
    const claim = main.locator("details#claimBusiness");
    await claim.locator("summary").click();
    await expect(claim.getByRole("table", { name: "Body (multipart/form-data)" })).toContainText("verificationCode");
    await expect(claim).toContainText("-F driversLicenseFile=@license.png");

    // The machine-readable document is linked and is OpenAPI 3.1.
    const href = await main.getByRole("link", { name: "OpenAPI 3.1 document" }).getAttribute("href");
    expect(href).toBe("/api/openapi.json");
    const response = await page.request.get(href!);
    expect(response.status()).toBe(200);
    expect(((await response.json()) as { openapi: string }).openapi).toBe("3.1.0");
  });
});
