/**
 * The town's counter (issue 22): a clerk records a check for a business and it gets its receipt;
 * an administrator refunds part of it, then the rest, and the receipt says it is void. JS on and off.
 */
import { createBusiness, createUser, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";

test("a clerk records a check; an admin refunds it in two steps and the receipt is void", async ({ page, loginAs }) => {
  const business = createBusiness({ name: `${unique("Counter")} Florist LLC`, employeeCount: 2, vehicleCount: 0 });
  await loginAs(await createUser({ role: "clerk", username: unique("clerk_") }));
  await page.goto(`/admin/businesses/${business.id}`);
  await expect(page.getByRole("heading", { name: "Record a payment at the counter" })).toBeVisible();
  const year = page.getByRole("radio", { name: /^FY2027: \$/ });
  await expect(year).toBeChecked();
  const amount = /: (\$[\d,.]+)/.exec((await year.locator("xpath=..").textContent())!)![1];
  await page.getByRole("radio", { name: "Check" }).check();
  await page.getByRole("button", { name: "Record payment and issue receipt" }).click();
  await expect(page.getByText("Give the check number")).toBeVisible();
  await page.getByRole("radio", { name: "Check" }).check();
  await page.getByLabel("Check number (for a check)").fill("1042");
  await page.getByRole("button", { name: "Record payment and issue receipt" }).click();
  await expectToast(page, "Payment recorded");
  const receipt = page.getByRole("link", { name: /^Receipt 2027-\d{6}$/ });
  await expect(receipt).toBeVisible();
  await expect(page.getByText(`Check (at the town's counter)`)).toHaveCount(0); // the list says "Check no. 1042"
  await expect(page.getByTestId(/^payment-\d+$/)).toContainText(`${amount} · Check no. 1042`);
  // A clerk is offered no refund.
  await expect(page.getByRole("button", { name: "Refund" })).toHaveCount(0);

  await loginAs({ id: 1 });
  await page.goto(`/admin/businesses/${business.id}`);
  await page.getByLabel("Refund amount ($)").fill("5");
  await page.getByLabel("Reason").fill("Overcounted an employee");
  await page.getByRole("button", { name: "Refund" }).click();
  await expectToast(page, "Refund made");
  await expect(page.getByText("$5.00 refunded on 2026-11-16: Overcounted an employee")).toBeVisible();
  // The rest (the field offers what is left).
  await page.getByLabel("Reason").fill("Business moved out of town");
  await page.getByRole("button", { name: "Refund" }).click();
  await expectToast(page, "Refund made");
  await expect(page.getByText("Refunded in full: the receipt is void.")).toBeVisible();
  await page.getByRole("link", { name: /^Receipt 2027-\d{6}$/ }).click();
  await expect(page.getByTestId("receipt-refund")).toHaveText(`Refunded in full (${amount}): this receipt is void.`);
});
