/**
 * The tax year (issue 21), on the e2e clock (tests/support/e2e-clock.ts: November 16, 2026, in
 * FY2027): an owner whose receipt expired on September 30 pays FY2027 with November's 15% late
 * penalty shown and charged, gets the FY2027 receipt, and the business shows current; paying the
 * same year again is refused. JS on pays inline, JS off through hosted checkout.
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { createBusiness, createReceipt, createUser } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { payOnPage, serveStripeJs } from "./stripe-page";

/** $150 of tax ($100 + 10 employees), last receipt FY2026 (expired September 30, 2026). */
async function lapsedOwner() {
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 10, vehicleCount: 0 });
  createReceipt(business.id, { fiscalYear: 2026, userId: owner.id, amount: 150_00, paidAt: new Date("2025-09-15T12:00:00-04:00") });
  return { owner, business };
}

test.describe("the tax year", () => {
  test.beforeEach(async ({ page }) => {
    await serveStripeJs(page);
  });

  test("an expired receipt is renewed with November's late penalty, and the business is current again", async ({ page, loginAs, jsEnabled }) => {
    const { owner, business } = await lapsedOwner();
    await loginAs(owner);

    await page.goto("/dashboard");
    const standing = page.getByTestId(`standing-${business.id}`);
    await expect(standing).toContainText("Standing: Delinquent.");
    await expect(standing).toContainText("$172.50 owed today for FY2027, including $22.50 of late penalty");

    await page.getByRole("link", { name: `Pay Taxes for ${business.name}` }).click();
    await expect(page.getByTestId("pay-fiscal-year")).toHaveText("FY2027");
    await expect(page.getByText("Valid October 1, 2026 through September 30, 2027")).toBeVisible();
    await expect(page.getByTestId("pay-standing")).toHaveText("Delinquent");
    await expect(page.getByTestId("penalty-label")).toHaveText("Late penalty (15%, 2 months late)");
    await expect(page.getByTestId("penalty-amount")).toHaveText("$22.50");
    await expect(page.getByTestId("total-amount")).toHaveText("$172.50");
    await expect(page.getByTestId("penalty-note")).toContainText("From December 1, 2026 the late penalty rises");

    await payOnPage(page, jsEnabled, "$172.50");
    await expect(page.getByTestId("paid-fiscal-year")).toHaveText("FY2027 (Valid October 1, 2026 through September 30, 2027)");
    const rows = getDb().select().from(payments).where(eq(payments.businessId, business.id)).all();
    expect(rows.find((r) => r.taxYear === 2027)).toMatchObject({ amount: 172_50, taxCents: 150_00, penaltyCents: 22_50, userId: owner.id });

    await page.getByRole("link", { name: "View Receipt" }).click();
    await expect(page.getByRole("heading", { name: "Local Business Tax Receipt" })).toBeVisible();
    await expect(page.getByTestId("receipt-fiscal-year")).toHaveText("Fiscal year FY2027");
    await expect(page.getByTestId("receipt-validity")).toHaveText("Valid October 1, 2026 through September 30, 2027");
    await expect(page.getByTestId("receipt-number")).toHaveText(/^2027-\d{6}$/);
    await expect(page.getByRole("rowheader", { name: "Late penalty (15%, 2 months late)" })).toBeVisible();
    await expect(page.getByTestId("receipt-total")).toHaveText("$172.50");
    await expect(page.getByText("November 16, 2026")).toBeVisible();
    await expect(page.getByRole("link", { name: "Download PDF" })).toHaveAttribute("href", /\/receipt\/\d+\/pdf$/);

    await page.goto("/dashboard");
    await expect(page.getByTestId(`standing-${business.id}`)).toContainText("Standing: Current.");
    await expect(page.getByTestId(`business-row-${business.id}`).getByText("Paid", { exact: true })).toBeVisible();

    // The same year again: refused, with what is held.
    await page.goto(`/payment/${business.id}`);
    await expect(page).toHaveURL(`/business/${business.id}`);
    await expectToast(page, "BTR Already Paid");
    await expect(page.getByTestId("toaster")).toContainText("This business already holds its Business Tax Receipt for FY2027");
  });

  test("the receipt PDF downloads for its payer", async ({ page, loginAs }) => {
    const { owner, business } = await lapsedOwner();
    const receipt = createReceipt(business.id, { fiscalYear: 2027, userId: owner.id, amount: 172_50, penaltyCents: 22_50 });
    await loginAs(owner);
    const response = await page.request.get(`/receipt/${receipt.id}/pdf`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/pdf");
    expect((await response.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});
