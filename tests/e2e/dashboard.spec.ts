import fs from "node:fs";
import type { Download, Page } from "@playwright/test";
import { parseCsv } from "~/lib/csv";
import { createBusiness, createUser, unique } from "../support/factories";
import { createPayment } from "../support/reports";
import { expect, expectToast, test } from "./fixtures";

async function downloadCsv(page: Page, linkName: string): Promise<{ download: Download; rows: string[][]; raw: Buffer }> {
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: linkName }).click()]);
  const file = await download.path();
  const raw = fs.readFileSync(file!);
  return { download, raw, rows: parseCsv(raw.toString("utf8")) };
}

/**
 * A user of their own: one claimed unpaid business, one paid (its payment holds the FY2027
 * receipt, current on the e2e clock) with a renewal notice.
 */
async function ownerWithRecords() {
  const user = await createUser({ firstName: "Paula", lastName: "Payer" });
  const unpaid = createBusiness({ name: `Unpaid Bistro ${unique()} LLC`, isClaimed: true, canBeClaimed: false, ownerId: user.id, claimedAt: new Date(Date.UTC(2026, 9, 1)) });
  const paid = createBusiness({
    name: `Peña, "Paid" Café ${unique()} LLC`,
    isClaimed: true,
    canBeClaimed: false,
    ownerId: user.id,
    claimedAt: new Date(Date.UTC(2026, 9, 2)),
    subscriptionStatus: "active",
    autoRenew: true,
    renewalDate: new Date(Date.UTC(2027, 9, 1, 12)),
    renewalNotice: "Your card was declined. Update it before the renewal date.",
  });
  const payment = createPayment(user.id, paid.id, { amount: 12000, description: "Business Tax Receipt 2026" });
  return { user, unpaid, paid, payment };
}

test.describe("owner's dashboard", () => {
  test("a signed-out visitor is sent to /login", async ({ page }) => {
    await page.goto("/dashboard");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard/);
  });

  test("the demo user sees Sunshine Auto Repair and Gulfstream Logistics in the right states", async ({ page, loginAs }) => {
    await loginAs({ id: 2 });
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
    const card = page.getByTestId("user-card");
    await expect(card).toContainText("Dana Demo");
    await expect(card.getByRole("link", { name: "Edit Profile" })).toHaveAttribute("href", "/profile");
    await expect(card.getByRole("link", { name: "Find Businesses" })).toHaveAttribute("href", "/search");

    const gulfstream = page.getByTestId("business-row-3");
    await expect(gulfstream).toContainText("Gulfstream Logistics LLC");
    await expect(gulfstream.getByText("Paid", { exact: true })).toBeVisible();
    // Business 2 is unpaid in the seed; another suite may pay it while this runs, so accept either state.
    const sunshine = page.getByTestId("business-row-2");
    await expect(sunshine).toContainText("Sunshine Auto Repair Inc");
    await expect(sunshine.getByRole("link", { name: "Pay Taxes for Sunshine Auto Repair Inc" }).or(sunshine.getByText("Paid", { exact: true }))).toBeVisible();
    if (await sunshine.getByRole("link", { name: /Pay Taxes/ }).count()) {
      await expect(sunshine.getByRole("link", { name: /Pay Taxes/ })).toHaveAttribute("href", "/payment/2");
    }

    await page.getByRole("link", { name: /Payment History/ }).click();
    await expect(page).toHaveURL(/tab=payments/);
    const row = page.getByRole("row", { name: /Gulfstream Logistics LLC/ }).first();
    await expect(row).toContainText("Oct 5, 2026");
    await expect(row).toContainText("$130.00");
    await expect(row.getByRole("link", { name: /View receipt/ })).toHaveAttribute("href", /^\/receipt\/\d+$/);
  });

  test("business rows show Paid / Pay Taxes, subscription state and renewal notice; payments tab lists the payment", async ({ page, loginAs }) => {
    const { user, unpaid, paid, payment } = await ownerWithRecords();
    await loginAs(user);
    await page.goto("/dashboard");
    await expect(page.getByRole("link", { name: /My Businesses/ })).toHaveAttribute("aria-current", "page");

    const unpaidRow = page.getByTestId(`business-row-${unpaid.id}`);
    await expect(unpaidRow.getByRole("link", { name: `Pay Taxes for ${unpaid.name}` })).toHaveAttribute("href", `/payment/${unpaid.id}`);
    await expect(unpaidRow.getByTestId("subscription-state")).toHaveCount(0);

    const paidRow = page.getByTestId(`business-row-${paid.id}`);
    await expect(paidRow.getByText("Paid", { exact: true })).toBeVisible();
    await expect(paidRow.getByTestId("subscription-state")).toContainText("your BTR will automatically renew on October 1, 2027");
    await expect(paidRow).toContainText("Your card was declined. Update it before the renewal date.");

    // Quick action: Pay Business Tax points at the unpaid business.
    await expect(page.getByRole("link", { name: `Pay for ${unpaid.name}` })).toHaveAttribute("href", `/payment/${unpaid.id}`);

    await page.getByRole("link", { name: /Payment History/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=payments$/);
    await expect(page.getByRole("link", { name: /Payment History/ })).toHaveAttribute("aria-current", "page");
    const row = page.getByTestId(`payment-row-${payment.id}`);
    await expect(row).toContainText("Oct 5, 2026");
    await expect(row).toContainText(paid.name);
    await expect(row).toContainText("$120.00");
    await expect(row).toContainText("Business Tax Receipt 2026");
    await expect(row.getByRole("link", { name: /View receipt/ })).toHaveAttribute("href", `/receipt/${payment.id}`);

    await page.getByRole("link", { name: /My Businesses/ }).click();
    await expect(page).toHaveURL(/\/dashboard\?tab=businesses$/);
    await expect(page.getByTestId(`business-row-${paid.id}`)).toBeVisible();
  });

  test("a new user gets empty states that say what to do next", async ({ page, loginAs }) => {
    const user = await createUser();
    await loginAs(user);
    await page.goto("/dashboard");
    await expect(page.getByTestId("businesses-empty")).toContainText("You haven't claimed a business yet.");
    await expect(page.getByTestId("businesses-empty").getByRole("link", { name: "Find your business" })).toHaveAttribute("href", "/search");
    await page.goto("/dashboard?tab=payments");
    await expect(page.getByTestId("payments-empty")).toContainText("No payments yet.");
  });

  test("both CSV downloads parse back to the user's rows", async ({ page, loginAs }) => {
    const { user, unpaid, paid, payment } = await ownerWithRecords();
    const other = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: (await createUser()).id });
    await loginAs(user);
    await page.goto("/dashboard");

    const businesses = await downloadCsv(page, "Export businesses (CSV)");
    expect(businesses.download.suggestedFilename()).toBe("my_businesses.csv");
    expect([...businesses.raw.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...rows] = businesses.rows;
    expect(header.slice(0, 3)).toEqual(["ID", "Name", "Document Number"]);
    expect(rows.map((r) => [r[0], r[1], r[13]])).toEqual([
      [String(unpaid.id), unpaid.name, "Unpaid"],
      [String(paid.id), paid.name, "Paid"],
    ]);
    expect(businesses.raw.toString("utf8")).not.toContain(other.name);

    const payments = await downloadCsv(page, "Export payments (CSV)");
    expect(payments.download.suggestedFilename()).toBe("my_payments.csv");
    expect(payments.rows.slice(1)).toEqual([
      [String(payment.id), "2026-10-05T14:30:00.000Z", String(paid.id), paid.name, paid.documentNumber, "120.00", "Business Tax Receipt 2026", "2026-2027", "btr", payment.stripePaymentId],
    ]);
  });

  test("a failed download shows the spec's alert @js-only", async ({ page, loginAs }) => {
    const user = await createUser();
    await loginAs(user);
    await page.route("**/api/user/export/businesses", (route) => route.fulfill({ status: 500, body: "boom" }));
    await page.route("**/api/user/export/payments", (route) => route.abort());
    await page.goto("/dashboard");
    await page.getByRole("link", { name: "Export businesses (CSV)" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to download businesses data. Please try again." })).toBeVisible();
    await expectToast(page, "Failed to download businesses data");
    await page.getByRole("link", { name: "Export payments (CSV)" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Failed to download payments data. Please try again." })).toBeVisible();
  });
});
