/**
 * The whole four-step process of the home page, as the town and a business live it (issue 22):
 * (1) a clerk makes a letter batch and the letter's code and QR target are read from the PDF,
 * (2) the owner opens the QR's address and claims with the code, (3) pays (JS on: the card
 * form on the page; JS off: Stripe's hosted checkout), (4) an administrator closes the month and
 * finds the payment in the statement with the right net amount (Stripe's fee taken off).
 *
 * Both projects share one database: whichever closes first carries both payments; each test
 * then follows its own payment to the statement that carries it.
 */
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { qrMatrix } from "~/services/letter-pdf.server";
import { createBusiness, createUser, getBusiness, unique } from "../support/factories";
import { contentStreams, drawnQr, pdfPages } from "../support/letter-pdf";
import { expect, expectToast, test } from "./fixtures";
import { serveStripeJs, stripeDoubleUrl } from "./stripe-page";

const dollars = (text: string) => Math.round(Number(text.replace(/[$,]/g, "")) * 100);
const formatCents = (cents: number) => `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;

test("letter, claim, payment and the town's statement", async ({ page, loginAs, jsEnabled }) => {
  test.setTimeout(90_000);
  await serveStripeJs(page);
  const marker = unique("Fourstep");
  const business = createBusiness({ name: `${marker} Bakery LLC` });
  const clerk = await createUser({ role: "clerk", username: unique("clerk_") });

  // 1. The letter.
  await loginAs(clerk);
  await page.goto("/admin/letters");
  await page.getByLabel("Name contains").fill(marker);
  await page.getByRole("button", { name: "Preview count" }).click();
  await page.getByRole("button", { name: "Create batch of 1 letters" }).click();
  await expectToast(page, "Letter batch created");
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download letters (PDF)" }).click()]);
  const bytes = fs.readFileSync((await download.path())!);
  const [letter] = await pdfPages(new Uint8Array(bytes));
  const code = /Your claim code\s+(\d{7})/.exec(letter)?.[1];
  expect(code).toMatch(/^\d{7}$/);
  const claimUrl = new RegExp(`https?://[^\\s]+/claim/${business.id}`).exec(letter)?.[0];
  expect(claimUrl).toBeTruthy();
  // The QR code drawn on the letter is exactly the claim address's (and carries no code).
  expect(drawnQr(contentStreams(bytes)[0])).toEqual(qrMatrix(claimUrl!));
  expect(claimUrl).not.toContain(code!);

  // 2. The owner scans the QR code and claims with the letter's code.
  const owner = await createUser();
  await loginAs(owner);
  await page.goto(claimUrl!);
  await page.getByRole("textbox", { name: "Verification Code" }).fill(code!);
  await page.getByRole("button", { name: "Claim Business" }).click();
  await expectToast(page, "Business Claimed Successfully");
  expect(getBusiness(business.id)).toMatchObject({ isClaimed: true, ownerId: owner.id });

  // 3. The owner pays.
  await page.goto(`/payment/${business.id}`);
  const total = dollars((await page.getByTestId("total-amount").textContent())!);
  expect(total).toBeGreaterThan(0);
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  if (jsEnabled) {
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByRole("button", { name: `Pay ${formatCents(total)}` }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`^${stripeDoubleUrl()}/checkout/cs_test_`));
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
  }
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  const payment = getDb().select().from(payments).where(eq(payments.businessId, business.id)).get()!;
  expect(payment.amount).toBe(total);

  // 4. The administrator closes the month up to today and sends the town its statement.
  await loginAs({ id: 1 });
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Remittance" }).click();
  await page.getByLabel("First day").fill("2026-11-01");
  await page.getByLabel("Last day").fill("2026-11-16");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("heading", { name: "To remit: November 1, 2026 to November 16, 2026" })).toBeVisible();
  const close = page.getByRole("button", { name: "Close period and keep the statement" });
  if (await close.count()) {
    await page.getByLabel("Transfer reference").fill(`ACH ${marker}`);
    await close.click();
    // Closed here, or (the other project closed the same days a moment before) nothing left to remit.
    await expect(
      page.getByRole("heading", { level: 1, name: /Remittance statement #\d+/ }).or(page.getByRole("alert").filter({ hasText: "There is nothing to remit up to 2026-11-16." })),
    ).toBeVisible();
  }
  // The payment's own page names the statement that carries it (this test's, or the other project's if it closed first).
  await page.goto(`/admin/businesses/${business.id}`);
  await page.getByRole("link", { name: /remitted in statement #\d+/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: /Remittance statement #\d+/ })).toBeVisible();
  const line = page.getByTestId(`line-${payment.receiptNumber}-payment`);
  await expect(line).toContainText(`${marker} Bakery LLC`);
  // Stripe's fee on the charge (its balance transaction: 2.9% + 30 cents) comes off the gross.
  const fee = Math.round(total * 0.029) + 30;
  await expect(line.getByTestId("line-net")).toHaveText(formatCents(total - fee));
  await expect(page.getByRole("link", { name: "Statement (PDF)" })).toBeVisible();
});
