/**
 * The tax year on July 1, 2027 (issue 21), against the second e2e server (project "july",
 * tests/support/e2e-servers.ts: its own database, Stripe double and clock E2E_JULY_NOW). FY2027
 * (October 1, 2026 - September 30, 2027) is current; FY2028's receipts go on sale today.
 *
 * The journeys share one thing, the town's FY2028 fee schedule, which the first FY2028 sale
 * freezes. So they run in order, in one worker: the admin changes FY2028's schedule (JS on, then
 * JS off) and next year's payment page shows each new amount; then owners whose FY2027 is paid buy
 * FY2028 at the last figures (JS on: inline card; JS off: hosted checkout), the business shows
 * FY2028 as held, and buying it again is refused; last, the schedule of a year with receipts sold
 * can no longer be changed.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { createBusiness, createReceipt, createUser } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { payOnPage, serveStripeJs } from "./stripe-page";

test.describe.configure({ mode: "serial" });

const createAdmin = () => createUser({ role: "admin", isAdmin: true });

/** An owner whose business holds this year's receipt (FY2027, bought last August). */
async function ownerWithThisYearPaid(counts: { employeeCount: number; vehicleCount: number }) {
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, ...counts });
  createReceipt(business.id, { fiscalYear: 2027, userId: owner.id, amount: 100_00, paidAt: new Date("2026-08-20T12:00:00-04:00") });
  return { owner, business };
}

/** Sets FY2028's amounts on the admin page and saves them. */
async function saveFy2028Amounts(page: Page, jsEnabled: boolean, amounts: { base: string; perEmployee: string; perVehicle: string }) {
  await page.goto("/admin/fee-schedule");
  await expect(page.getByRole("heading", { level: 2, name: "FY2028" })).toBeVisible();
  await expect(page.getByText("Valid October 1, 2027 through September 30, 2028")).toBeVisible();
  await expect(page.getByText("On sale from July 1, 2027; auto-renewals charge on September 1, 2027; due by September 30, 2027.")).toBeVisible();
  await expect(page.getByRole("link", { name: "FY2027 (current)" })).toBeVisible();
  const base = page.getByLabel("Base fee");
  // Not already these figures: the save below is what changes them.
  await expect(base).not.toHaveValue(amounts.base);
  // A wrong amount first: refused (by the browser with JS, by the server without), said at the field.
  await base.fill("12O");
  await page.getByRole("button", { name: "Save FY2028 schedule" }).click();
  await expect(page.getByText("Base fee must be an amount in dollars, e.g. 100.00")).toBeVisible();
  await expect(page.getByLabel("Base fee")).toHaveAttribute("aria-invalid", "true");
  if (jsEnabled) {
    // The error state is a state of the page the visited-pages scan (a fresh GET) never sees.
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => v.id)).toEqual([]);
  }
  await base.fill(amounts.base);
  await page.getByLabel("Per employee").fill(amounts.perEmployee);
  await page.getByLabel("Per vehicle").fill(amounts.perVehicle);
  await page.getByRole("button", { name: "Save FY2028 schedule" }).click();
  await expectToast(page, "Fee Schedule Saved");
  await expect(page.getByTestId("toaster")).toContainText("The fee schedule for FY2028 has been saved.");
  await expect(page).toHaveURL("/admin/fee-schedule?year=2028");
  await expect(page.getByTestId("schedule-source")).toContainText("Saved schedule. Receipts sold: 0.");
  await expect(page.getByLabel("Base fee")).toHaveValue(amounts.base);
}

/** Next year's payment page (the dashboard's "Buy FY2028" link) with its fee lines. */
async function expectFy2028PaymentPage(page: Page, lines: { base: string; employees: string; vehicles: string; total: string }) {
  await expect(page.getByTestId("pay-fiscal-year")).toHaveText("FY2028");
  await expect(page.getByText("Valid October 1, 2027 through September 30, 2028")).toBeVisible();
  await expect(page.getByTestId("pay-standing")).toHaveText("Renewal open");
  const fee = page.getByTestId("fee-breakdown");
  await expect(fee).toContainText(`Base fee${lines.base}`);
  await expect(fee).toContainText(lines.employees);
  await expect(fee).toContainText(lines.vehicles);
  await expect(page.getByTestId("penalty-amount")).toHaveCount(0);
  await expect(page.getByTestId("total-amount")).toHaveText(lines.total);
  await expect(page.getByTestId("penalty-note")).toHaveText(
    "Due by September 30, 2027: from October 1, 2027 a late penalty of 10% of the tax applies (F.S. 205.053).",
  );
}

/** The figures the last admin journey saves, which the owners then pay. */
const FY2028 = { base: "125.00", perEmployee: "7.00", perVehicle: "13.00" };

async function adminChangesNextYear(
  page: Page,
  { loginAs, jsEnabled }: { loginAs: (user: { id: number }) => Promise<void>; jsEnabled: boolean },
  amounts: typeof FY2028,
  expected: { employees: string; vehicles: string; total: string },
) {
  const { owner, business } = await ownerWithThisYearPaid({ employeeCount: 2, vehicleCount: 1 });
  await loginAs(await createAdmin());
  await saveFy2028Amounts(page, jsEnabled, amounts);

  await loginAs(owner);
  await page.goto(`/payment/${business.id}?year=2028`);
  await expectFy2028PaymentPage(page, { base: `$${amounts.base}`, ...expected });
}

async function ownerBuysNextYear(page: Page, loginAs: (user: { id: number }) => Promise<void>, jsEnabled: boolean) {
  // 3 employees, no vehicle: $125 + 3 x $7 = $146 at the admin's FY2028 figures.
  const { owner, business } = await ownerWithThisYearPaid({ employeeCount: 3, vehicleCount: 0 });
  await loginAs(owner);

  await page.goto("/dashboard");
  const standing = page.getByTestId(`standing-${business.id}`);
  await expect(standing).toContainText("Standing: Renewal open.");
  await expect(standing).toContainText("Holds the receipt for FY2027 (valid October 1, 2026 through September 30, 2027).");
  await expect(standing).toContainText("FY2028 receipts are on sale: $146.00, due by September 30, 2027.");
  await expect(page.getByTestId(`business-row-${business.id}`).getByText("Paid", { exact: true })).toBeVisible();

  await page.getByRole("link", { name: `Buy FY2028 for ${business.name}` }).click();
  await expect(page).toHaveURL(`/payment/${business.id}?year=2028`);
  await expectFy2028PaymentPage(page, { base: "$125.00", employees: "Employees (3 × $7.00)$21.00", vehicles: "Vehicles (0 × $13.00)$0.00", total: "$146.00" });

  await payOnPage(page, jsEnabled, "$146.00");
  await expect(page.getByTestId("paid-fiscal-year")).toHaveText("FY2028 (Valid October 1, 2027 through September 30, 2028)");
  const rows = getDb().select().from(payments).where(eq(payments.businessId, business.id)).all();
  expect(rows.map((r) => r.taxYear).sort()).toEqual([2027, 2028]);
  expect(rows.find((r) => r.taxYear === 2028)).toMatchObject({ amount: 146_00, taxCents: 146_00, penaltyCents: 0, userId: owner.id });

  await page.getByRole("link", { name: "View Receipt" }).click();
  await expect(page.getByTestId("receipt-fiscal-year")).toHaveText("Fiscal year FY2028");
  await expect(page.getByTestId("receipt-validity")).toHaveText("Valid October 1, 2027 through September 30, 2028");
  await expect(page.getByTestId("receipt-number")).toHaveText(/^2028-\d{6}$/);
  await expect(page.getByTestId("receipt-total")).toHaveText("$146.00");
  await expect(page.getByText("July 1, 2027")).toBeVisible();

  // The business now holds next year's receipt too.
  await page.goto("/dashboard");
  const after = page.getByTestId(`standing-${business.id}`);
  await expect(after).toContainText("Standing: Current.");
  await expect(after).toContainText("Also holds the receipt for FY2028 (valid October 1, 2027 through September 30, 2028).");
  await expect(page.getByRole("link", { name: `Buy FY2028 for ${business.name}` })).toHaveCount(0);

  // The same year again: refused, with what is held.
  await page.goto(`/payment/${business.id}?year=2028`);
  await expect(page).toHaveURL(`/business/${business.id}`);
  await expectToast(page, "BTR Already Paid");
  await expect(page.getByTestId("toaster")).toContainText(
    "This business already holds its Business Tax Receipt for FY2028 (valid October 1, 2027 through September 30, 2028).",
  );
}

test.describe("July 1: next year's receipts", () => {
  test.beforeEach(async ({ page }) => {
    await serveStripeJs(page);
  });

  test.describe("JS on", () => {
    test.use({ javaScriptEnabled: true });

    test("the admin changes next year's fee schedule, and next year's payment page shows the new amount", async ({ page, loginAs, jsEnabled }) => {
      await adminChangesNextYear(page, { loginAs, jsEnabled }, { base: "120.00", perEmployee: "6.00", perVehicle: "12.00" }, {
        employees: "Employees (2 × $6.00)$12.00",
        vehicles: "Vehicles (1 × $12.00)$12.00",
        total: "$144.00",
      });
    });
  });

  test.describe("JS off", () => {
    test.use({ javaScriptEnabled: false });

    test("the admin changes next year's fee schedule, and next year's payment page shows the new amount", async ({ page, loginAs, jsEnabled }) => {
      await adminChangesNextYear(page, { loginAs, jsEnabled }, FY2028, {
        employees: "Employees (2 × $7.00)$14.00",
        vehicles: "Vehicles (1 × $13.00)$13.00",
        total: "$152.00",
      });
    });
  });

  test.describe("JS on", () => {
    test.use({ javaScriptEnabled: true });

    test("an owner with this year paid buys next year's receipt at the new fee, once", async ({ page, loginAs }) => {
      await ownerBuysNextYear(page, loginAs, true);
    });
  });

  test.describe("JS off", () => {
    test.use({ javaScriptEnabled: false });

    test("an owner with this year paid buys next year's receipt at the new fee, once", async ({ page, loginAs }) => {
      await ownerBuysNextYear(page, loginAs, false);
    });

    test("next year's schedule can no longer be changed once its receipts sell", async ({ page, loginAs }) => {
      await loginAs(await createAdmin());
      await page.goto("/admin/fee-schedule?year=2028");
      await expect(page.getByTestId("schedule-locked")).toHaveText(
        "Receipts for FY2028 have already been sold: its fee schedule can no longer be changed.",
      );
      await expect(page.getByLabel("Base fee")).toBeDisabled();
      await expect(page.getByLabel("Base fee")).toHaveValue(FY2028.base);
      await expect(page.getByRole("button", { name: /^Save/ })).toHaveCount(0);
      // A post anyway (a stale tab): refused, the figures unchanged.
      const response = await page.request.post("/admin/fee-schedule", {
        form: {
          fiscalYear: "2028",
          base: "1.00",
          perEmployee: "1.00",
          perVehicle: "1.00",
          firstMonthPenaltyPercent: "10",
          furtherMonthPenaltyPercent: "5",
          penaltyCapPercent: "25",
          neverReceiptedPenaltyPercent: "25",
          renewalOpens: "07-01",
          dueDay: "09-30",
          renewalCharge: "09-01",
        },
      });
      expect(response.status()).toBe(409);
      await page.reload();
      await expect(page.getByLabel("Base fee")).toHaveValue(FY2028.base);
    });
  });
});
