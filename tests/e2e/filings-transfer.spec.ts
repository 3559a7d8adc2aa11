/**
 * A transfer on sale (issue 40), with JavaScript on and off: the seller of a business holding
 * this year's receipt starts the transfer (through the model), pays its fee on /filings/{id}/fee
 * through the payment UI (the inline card form with JavaScript, Stripe's hosted checkout without;
 * the Stripe double either way), submits, an administrator approves, and the buyer sees the
 * business as theirs on the dashboard. Fresh rows per project: both share one database.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, BrowserContext } from "@playwright/test";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { decideFiling } from "~/models/filings/decision.server";
import { addDocument, createFiling, filingView, getFilingRow, saveAnswers, submitFiling } from "~/models/filings/filings.server";
import { receiptYears } from "~/models/receipt.server";
import { createSession } from "~/utils/session.server";
import { createBusiness, createUser, getBusiness, unique } from "../support/factories";
import { storedPdf } from "../support/filings";
import { expect, expectToast, test } from "./fixtures";
import { serveStripeJs, stripeDoubleUrl } from "./stripe-page";

/** Serious or critical axe violations of `pathname`, scanned (with JavaScript, as axe needs) in a context that shares `context`'s cookies. */
async function axeViolations(browser: Browser, context: BrowserContext, baseURL: string, pathname: string) {
  const scan = await browser.newContext({ baseURL, javaScriptEnabled: true, storageState: await context.storageState() });
  try {
    const page = await scan.newPage();
    await page.goto(pathname);
    const results = await new AxeBuilder({ page }).analyze();
    return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`);
  } finally {
    await scan.close();
  }
}

test.describe("transfer on sale", () => {
  test.beforeEach(async ({ page }) => {
    await serveStripeJs(page);
  });

  test("the seller pays the transfer fee, submits, the town approves, and the buyer owns the business", async ({ page, browser, context, baseURL, loginAs, jsEnabled }) => {
    test.slow(); // a whole journey, two browsers and an axe scan
    const [seller, buyer, admin] = [await createUser(), await createUser(), await createUser({ isAdmin: true, role: "admin", username: unique("admin_") })];
    // $100 + 3 × $5 + 2 × $10 = $135 of tax: the fee is $13.50.
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: seller.id, hasPaidBTR: true, employeeCount: 3, vehicleCount: 2 });
    const years = receiptYears(business.id);
    const filing = createFiling(seller, "transfer", business.id);
    expect(saveAnswers(seller, filing, { buyer: buyer.username }).errors).toEqual({});
    await addDocument(getFilingRow(filing.id)!, "bill-of-sale", storedPdf("bill-of-sale.pdf"));
    expect(() => submitFiling(seller, getFilingRow(filing.id)!)).toThrow("Pay the transfer fee before submitting");

    await loginAs(seller);
    await page.goto(`/filings/${filing.id}/fee`);
    await expect(page.getByRole("heading", { level: 1, name: "Pay the transfer fee" })).toBeVisible();
    await expect(page.getByTestId("fee-amount")).toHaveText("$13.50");
    await expect(page.getByText("10% of this year's tax, at least $3 and at most $25")).toBeVisible();
    await expect(page.getByText("Demo payments: no real card is charged")).toBeVisible();
    expect(await axeViolations(browser, context, baseURL!, `/filings/${filing.id}/fee`)).toEqual([]);

    await page.getByRole("button", { name: "Continue to Payment" }).click();
    if (jsEnabled) {
      await page.getByLabel("Card number").fill("4242424242424242");
      await page.getByRole("button", { name: "Pay $13.50" }).click();
    } else {
      await expect(page).toHaveURL(new RegExp(`^${stripeDoubleUrl()}/checkout/cs_test_`));
      await expect(page.getByText("$13.50").first()).toBeVisible();
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Pay" }).click();
    }
    await expect(page).toHaveURL(`/filings/${filing.id}/review`);
    await expectToast(page, "Transfer fee paid");

    // One payment, no receipt; the fee's history line; the business's receipts unchanged.
    const fees = getDb().select().from(payments).where(eq(payments.filingId, filing.id)).all();
    expect(fees).toHaveLength(1);
    expect(fees[0]).toMatchObject({ amount: 13_50, kind: "transfer_fee", receiptNumber: null, userId: seller.id, businessId: business.id });
    expect(filingView(getFilingRow(filing.id)!)).toMatchObject({ feePaid: true });
    expect(receiptYears(business.id)).toEqual(years);

    // Paid: the fee page says so and links back; a second payment is not offered.
    await page.goto(`/filings/${filing.id}/fee`);
    await expect(page.getByRole("heading", { name: "Transfer fee paid" })).toBeVisible();
    await expect(page.getByTestId("fee-paid-amount")).toHaveText("$13.50");
    await expect(page.getByRole("button", { name: "Continue to Payment" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Back to the review" })).toHaveAttribute("href", `/filings/${filing.id}/review`);
    // The fee has no receipt page.
    expect((await page.request.get(`/receipt/${fees[0].id}`)).status()).toBe(404);

    // Submitted and approved (through the model), the business and its receipt are the buyer's.
    expect(submitFiling(seller, getFilingRow(filing.id)!).status).toBe("submitted");
    await decideFiling(admin, filing.id, "approve", null);
    expect(getBusiness(business.id)).toMatchObject({ ownerId: buyer.id, hasPaidBTR: true });

    // The buyer, in a browser of their own (the seller's pages stay the seller's for the axe scan).
    const buyerContext = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
    try {
      const [pair] = (await createSession(buyer.id, false)).split(";");
      const [name, ...rest] = pair.split("=");
      await buyerContext.addCookies([{ name, value: rest.join("="), url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
      const buyerPage = await buyerContext.newPage();
      await buyerPage.goto("/dashboard");
      // Listed (the buyer never paid for it: it is there because it is theirs), paid, with its receipt.
      const row = buyerPage.getByTestId(`business-row-${business.id}`);
      await expect(row.getByRole("link", { name: business.name, exact: true })).toBeVisible();
      await expect(row.getByText("Paid", { exact: true })).toBeVisible();
      await expect(buyerPage.getByTestId(`standing-${business.id}`)).toContainText("Holds the receipt for");
      // Theirs to manage: the business page's owner panel.
      await buyerPage.goto(`/business/${business.id}`);
      await expect(buyerPage.getByTestId("claim-card")).toContainText("You have claimed this business.");
    } finally {
      await buyerContext.close();
    }
    // And no longer the seller's: the fee page is read only now.
    await page.goto(`/filings/${filing.id}/fee`);
    await expect(page.getByRole("link", { name: "Back to the filing" })).toHaveAttribute("href", `/filings/${filing.id}`);
  });

  test("someone else's filing has no fee page", async ({ page, loginAs }) => {
    const seller = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: seller.id, hasPaidBTR: true });
    const filing = createFiling(seller, "transfer", business.id);
    await loginAs(await createUser());
    const response = await page.goto(`/filings/${filing.id}/fee`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Filing Not Found" })).toBeVisible();
  });
});
