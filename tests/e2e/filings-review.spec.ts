/**
 * The staff review of filings (issue 40), with JavaScript on and off: a clerk finds an
 * application in the queue with its filters, opens it and asks for a change; the applicant, in a
 * browser of their own, reads the town's note, fixes the answer on the step's page and sends the
 * filing again from its review; an administrator approves; the new business is the applicant's,
 * who pays its receipt by card at once and opens it. Then the town's activities (administrators
 * only) and reopening a closed business. Fresh rows per test: both projects share one database.
 */
import crypto from "node:crypto";
import type { Browser } from "@playwright/test";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { filingCategories, payments } from "~/db/schema";
import { getFilingRow } from "~/models/filings/filings.server";
import { createSession } from "~/utils/session.server";
import { submittedApplication as submitted } from "../support/filings";
import { createBusiness, createUser, getBusiness, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { payOnPage, serveStripeJs } from "./stripe-page";

/** A browser context of its own, signed in as `user` (as the loginAs fixture signs in the test's own). */
async function signedInContext(browser: Browser, user: { id: number }, baseURL: string, jsEnabled: boolean) {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled });
  const [pair] = (await createSession(user.id, false)).split(";");
  const [cookie, ...value] = pair.split("=");
  await context.addCookies([{ name: cookie, value: value.join("="), url: baseURL, httpOnly: true, sameSite: "Lax" }]);
  return context;
}

/** A home-based new receipt application, submitted by a fresh applicant. */
async function submittedApplication(businessName: string) {
  const applicant = await createUser();
  const { filing } = await submitted(applicant, { businessName, email: applicant.email, category: "home-occupation", employeeCount: "1" });
  return { applicant, filing };
}

test.describe("staff review of filings", () => {
  test("a clerk asks for a change, the applicant fixes it, an administrator approves, the applicant can pay", async ({ page, browser, baseURL, jsEnabled, loginAs }) => {
    test.slow(); // three people, a dozen pages and a card payment: a long journey on a busy machine
    const marker = unique("Review");
    const name = `${marker} Bookkeeping`;
    const { applicant, filing } = await submittedApplication(name);
    const clerk = await createUser({ role: "clerk" });
    const admin = await createUser({ isAdmin: true });
    const main = page.locator("#main");

    // The clerk's queue: submitted filings by default; filter by kind and name.
    await loginAs(clerk);
    await page.goto("/admin/filings");
    await expect(main.getByRole("heading", { level: 1, name: "Filings" })).toBeVisible();
    await expect(main.getByLabel("Status")).toHaveValue("submitted");
    await expect(main.getByRole("link", { name: "Business activities" })).toHaveCount(0);
    await main.getByLabel("Kind").selectOption({ label: "New receipt application" });
    await main.getByLabel("Business name").fill(marker);
    await main.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]kind=new-business/);
    await expect(page).toHaveURL(new RegExp(`[?&]q=${marker}`));
    const row = main.getByTestId(`filing-row-${filing.id}`);
    await expect(main.getByTestId("filings-queue").locator("tbody tr")).toHaveCount(1);
    await expect(row).toContainText("New receipt application");
    await expect(row).toContainText(name);
    await expect(row).toContainText(applicant.username);
    await expect(row).toContainText("Submitted");
    await expect(main.getByRole("link", { name: "Download (CSV)" })).toHaveAttribute("href", `/api/admin/filings.csv?status=submitted&kind=new-business&q=${marker}`);

    // The filing: answers, the document (it opens for staff), nothing missing, history.
    await row.getByRole("link").click();
    await expect(page).toHaveURL(`/admin/filings/${filing.id}`);
    await expect(main.getByRole("heading", { level: 1, name: `New receipt application #${filing.id}` })).toBeVisible();
    await expect(main.getByTestId("filing-answers")).toContainText(name);
    await expect(main.getByTestId("filing-answers")).toContainText("Home occupation");
    await expect(main.getByTestId("filing-answers")).toContainText("Sole proprietor");
    const documentLink = main.getByTestId("filing-documents").getByRole("link", { name: /lease\.pdf/ });
    const href = await documentLink.getAttribute("href");
    expect(href).toMatch(new RegExp(`^/filings/${filing.id}/documents/\\d+$`));
    const document = await page.request.get(href!);
    expect(document.status()).toBe(200);
    expect(document.headers()["content-type"]).toBe("application/pdf");
    await expect(main.getByText("Nothing: every answer and document the rules ask for is here.")).toBeVisible();
    await expect(main.getByTestId("filing-history")).toContainText("Submitted");

    // Request changes, with a message.
    await main.getByLabel("Message to the applicant").fill("Please give the unit number of the office.");
    await main.getByRole("button", { name: "Request changes" }).click();
    await expectToast(page, "Changes requested");
    await expect(main.locator('[data-status="changes-requested"]').first()).toBeVisible();
    await expect(main.getByTestId("no-decision")).toHaveText("Waiting for the applicant to change the filing and send it again.");
    await expect(main.getByTestId("filing-history")).toContainText("Please give the unit number of the office.");
    expect(getFilingRow(filing.id)).toMatchObject({ status: "changes-requested", decisionMessage: "Please give the unit number of the office." });

    // The applicant, in a browser of their own (this one stays the staff's, for the
    // accessibility scans of the staff pages), reads what the town asked on the filing's page,
    // opens the step through its link, fixes the answer and sends the filing again.
    const applicantContext = await signedInContext(browser, applicant, baseURL!, jsEnabled);
    try {
      const applicantPage = await applicantContext.newPage();
      await serveStripeJs(applicantPage);
      const mine = applicantPage.locator("#main");
      await applicantPage.goto(`/filings/${filing.id}`);
      await expect(mine.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(mine.locator('[data-status="changes-requested"]')).toHaveText("Changes requested");
      const note = mine.getByRole("note");
      await expect(note).toContainText("The town asked for changes");
      await expect(note).toContainText("Please give the unit number of the office.");
      await expect(mine.getByRole("region", { name: "History" })).toContainText("Please give the unit number of the office.");
      await mine.getByRole("link", { name: "Change location in town" }).click();

      await expect(applicantPage).toHaveURL(`/filings/${filing.id}/location`);
      await expect(mine.getByRole("heading", { level: 1, name: "Location in town" })).toBeVisible();
      await expect(mine.getByRole("note")).toContainText("Please give the unit number of the office.");
      await expect(mine.getByLabel("Street address")).toHaveValue("3150 SW 52nd Ave");
      await mine.getByLabel("Unit, suite or floor (optional)").fill("Unit 4");
      await mine.getByRole("button", { name: "Save and continue" }).click();
      await expect(applicantPage).toHaveURL(`/filings/${filing.id}/activity`);
      await mine.getByRole("navigation", { name: "Steps of this filing" }).getByRole("link", { name: "5. Review and submit" }).click();

      await expect(applicantPage).toHaveURL(`/filings/${filing.id}/review`);
      await expect(mine.getByText("Everything the town needs is here.")).toBeVisible();
      await expect(mine.locator('[data-answer="address2"]')).toHaveText("Unit 4");
      await mine.getByRole("button", { name: "Submit filing" }).click();
      await expect(applicantPage).toHaveURL(`/filings/${filing.id}`);
      await expectToast(applicantPage, "Filing submitted");
      await expect(mine.locator('[data-status="submitted"]')).toHaveText("Submitted");
      await expect(mine.getByRole("note")).toHaveCount(0);
      expect(getFilingRow(filing.id)).toMatchObject({ status: "submitted" });

      // An administrator approves it.
      await loginAs(admin);
      await page.goto(`/admin/filings?q=${marker}`);
      await expect(main.getByRole("link", { name: "Business activities" })).toBeVisible();
      await main.getByTestId(`filing-row-${filing.id}`).getByRole("link").click();
      await expect(main.getByTestId("filing-answers")).toContainText("Unit 4");
      await expect(main.getByTestId("filing-history")).toContainText("Submitted again");
      await main.getByRole("button", { name: "Approve" }).click();
      await expectToast(page, "Filing approved");
      await expect(main.locator('[data-status="approved"]').first()).toBeVisible();
      const approved = getFilingRow(filing.id)!;
      expect(approved.status).toBe("approved");
      const business = getBusiness(approved.businessId!)!;
      expect(business).toMatchObject({ name, ownerId: applicant.id, isClaimed: true, origin: "town", address2: "Unit 4", employeeCount: 1 });
      await expect(main.getByRole("link", { name: `${name} (${business.documentNumber})` })).toHaveAttribute("href", `/admin/businesses/${business.id}`);

      // The applicant pays the new business's receipt from the filing's page, $100 + 1 × $5, as
      // an owner pays (tests/e2e/payment.spec.ts): the inline card form with JavaScript, the
      // Stripe double's hosted checkout without; and opens the receipt.
      await applicantPage.goto(`/filings/${filing.id}`);
      await expect(mine.locator('[data-status="approved"]')).toHaveText("Approved");
      await expect(mine.getByText("Approved by the town.")).toBeVisible();
      await mine.getByRole("link", { name: "pay its receipt" }).click();
      await expect(applicantPage).toHaveURL(`/payment/${business.id}`);
      await expect(applicantPage.getByRole("heading", { name: "Pay Business Tax Receipt" })).toBeVisible();
      await expect(applicantPage.getByTestId("total-amount")).toHaveText("$105.00");
      await payOnPage(applicantPage, jsEnabled, "$105.00");
      await expect(applicantPage).toHaveURL(new RegExp(`/payment/${business.id}\\?paid=\\d+$`));
      await expect(applicantPage.getByTestId("payment-id")).toHaveText(/^pi_/);
      const paid = getDb().select().from(payments).where(eq(payments.businessId, business.id)).all();
      expect(paid).toEqual([expect.objectContaining({ amount: 10500, userId: applicant.id })]);
      expect(getBusiness(business.id)!.hasPaidBTR).toBe(true);

      await applicantPage.getByRole("link", { name: "View Receipt" }).click();
      await expect(applicantPage).toHaveURL(`/receipt/${paid[0].id}`);
      await expect(applicantPage.getByRole("heading", { name: "Local Business Tax Receipt" })).toBeVisible();
      await expect(applicantPage.getByText(name)).toBeVisible();
      await expect(applicantPage.getByText("Credit Card (Stripe)")).toBeVisible();
      await expect(applicantPage.getByTestId("receipt-number")).toHaveText(/^\d{4}-\d{6}$/);
    } finally {
      await applicantContext.close();
    }
  });

  test("a message is required to deny, and a decided filing offers no decision", async ({ page, loginAs, jsEnabled }) => {
    const marker = unique("Deny");
    const { filing } = await submittedApplication(`${marker} Studio`);
    await loginAs(await createUser({ role: "clerk" }));
    const main = page.locator("#main");
    await page.goto(`/admin/filings/${filing.id}`);
    const reason = main.getByLabel("Reason for the denial");
    if (jsEnabled) {
      // With JavaScript the form says what is missing before sending anything.
      await main.getByRole("button", { name: "Deny" }).click();
      await expect(main.getByText("Write a message for the applicant")).toBeVisible();
      await expect(reason).toHaveAttribute("aria-invalid", "true");
    } else {
      // Without it, the browser's own check holds the form back.
      await expect(reason).toHaveAttribute("required", "");
    }
    expect(getFilingRow(filing.id)!.status).toBe("submitted");
    await reason.fill("The address is a parking lot.");
    await main.getByRole("button", { name: "Deny" }).click();
    await expectToast(page, "Filing denied");
    await expect(main.getByTestId("no-decision")).toHaveText("This filing has been decided.");
    await expect(main.getByRole("button", { name: "Approve" })).toHaveCount(0);
    expect(getFilingRow(filing.id)).toMatchObject({ status: "denied", decisionMessage: "The address is a parking lot." });
  });

  test("an administrator adds and changes one of the town's activities", async ({ page, loginAs }) => {
    const code = `e2e-${crypto.randomBytes(4).toString("hex")}`;
    await loginAs(await createUser({ isAdmin: true }));
    const main = page.locator("#main");
    await page.goto("/admin/filings/categories");
    await expect(main.getByRole("heading", { level: 1, name: "Business activities" })).toBeVisible();
    const add = main.locator("#category-new");
    await add.getByLabel("Code").fill(code);
    await add.getByLabel("Name").fill("Food truck — crêpes");
    await add.getByLabel("Needs a state licence").check();
    await add.getByRole("button", { name: "Add activity" }).click();
    await expectToast(page, "Activity added");
    const item = main.getByTestId(`category-${code}`);
    await expect(item.getByLabel("Name")).toHaveValue("Food truck — crêpes");
    await expect(item.getByLabel("Needs a state licence")).toBeChecked();

    // The same code again is refused, saying why.
    await add.getByLabel("Code").fill(code);
    await add.getByLabel("Name").fill("Duplicate");
    await add.getByRole("button", { name: "Add activity" }).click();
    await expect(add.getByText("An activity with this code already exists: change it in the list below")).toBeVisible();

    // Changed in the list: no longer offered to applicants.
    await item.getByLabel("Name").fill("Food truck");
    await item.getByLabel("Offered to applicants").uncheck();
    await item.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Activity saved");
    await expect(item.getByLabel("Name")).toHaveValue("Food truck");
    expect(getDb().select().from(filingCategories).where(eq(filingCategories.code, code)).all()).toEqual([
      expect.objectContaining({ name: "Food truck", needsStateLicense: true, active: false }),
    ]);
  });

  test("a clerk reopens a closed business", async ({ page, loginAs }) => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, closedOn: "2026-10-15" });
    await loginAs(await createUser({ role: "clerk" }));
    await page.goto(`/admin/businesses/${business.id}`);
    await expect(page.getByTestId("closed-on")).toHaveText("Closed on October 15, 2026");
    await page.getByRole("button", { name: "Reopen" }).click();
    await expectToast(page, "Business reopened");
    await expect(page.getByTestId("closed-on")).toHaveCount(0);
    expect(getBusiness(business.id)!.closedOn).toBeNull();
  });
});
