/**
 * What the town sees of its tax years (issue 21), on the main e2e server (November 16, 2026, in
 * FY2027): /admin/tax-years shows receipts, tax, penalties and revenue per fiscal year, and the
 * delinquent businesses with the penalty owed today; it is for administrators only. Each project
 * books its receipts in a fiscal year of its own, so the two never count each other's.
 */
import { createBusiness, createReceipt, createUser } from "../support/factories";
import { expect, test } from "./fixtures";

test.describe("tax years for the town", () => {
  test("an administrator sees each year's receipts and revenue, and who is delinquent with the penalty owed today", async ({ page, loginAs }, testInfo) => {
    // A year nobody else books receipts in: 2013 for JS on, 2014 for JS off.
    const year = testInfo.project.name === "js-off" ? 2014 : 2013;
    for (const { taxCents, penaltyCents } of [
      { taxCents: 150_00, penaltyCents: 22_50 },
      { taxCents: 100_00, penaltyCents: 0 },
    ]) {
      const business = createBusiness({ employeeCount: 0, vehicleCount: 0 });
      createReceipt(business.id, { fiscalYear: year, amount: taxCents + penaltyCents, penaltyCents, paidAt: new Date(`${year - 1}-11-15T12:00:00-05:00`) });
      // Current again since: not in the delinquent list.
      createReceipt(business.id, { fiscalYear: 2027 });
    }
    // Last receipt FY2026 (expired September 30): delinquent, November's 15% on $5,100 of tax.
    const lapsed = createBusiness({ employeeCount: 1000, vehicleCount: 0 });
    createReceipt(lapsed.id, { fiscalYear: 2026, amount: 5_100_00, paidAt: new Date("2025-09-15T12:00:00-04:00") });

    await loginAs(await createUser({ role: "admin", isAdmin: true }));
    await page.goto("/admin/tax-years");
    await expect(page.getByRole("heading", { level: 1, name: "Tax years" })).toBeVisible();
    await expect(page.getByText("Current fiscal year FY2027: Valid October 1, 2026 through September 30, 2027.")).toBeVisible();

    const figures = page.getByTestId("tax-year-figures");
    const row = figures.getByRole("row", { name: new RegExp(`^FY${year} \\(${year - 1}-${year}\\)`) });
    await expect(row.getByRole("cell")).toHaveText(["2", "$250.00", "$22.50", "$272.50"]);
    await expect(figures.getByRole("rowheader", { name: /^FY2027 / })).toBeVisible();

    const owed = page.getByTestId("owed-businesses").getByRole("row").filter({ has: page.getByRole("link", { name: lapsed.name }) });
    await expect(owed.getByRole("cell")).toHaveText(["Delinquent", "FY2026", "FY2027", "$765.00", "$5,865.00"]);
    await expect(page.getByRole("link", { name: "Download (CSV)" })).toHaveCount(2);
  });

  test("a non-administrator is refused", async ({ page, loginAs }) => {
    await loginAs(await createUser());
    await page.goto("/admin/tax-years");
    await expect(page).toHaveURL("/");

    // A clerk is staff, but the town's figures are for administrators.
    await loginAs(await createUser({ role: "clerk" }));
    const response = await page.goto("/admin/tax-years");
    expect(response?.status()).toBe(403);
    await expect(page.getByTestId("tax-year-figures")).toHaveCount(0);
  });
});
