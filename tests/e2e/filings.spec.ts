/**
 * Filings (issue 40), the applicant's side, with JavaScript on and off: a new application through
 * every step with a PDF upload to its submission and the dashboard's Documents tab; a closing
 * started from the business page's "Close" link, approved by a clerk, after which the reminders
 * job sends that business nothing (while an open one in the same state gets its notice); a draft's pages (a refused upload, what is
 * missing, a transfer's fee); the guards. Every page visited is scanned with axe (fixtures.ts);
 * the drafts stay drafts so their step pages are scanned as the applicant sees them.
 */
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { runJob } from "~/jobs/registry.server";
import { remindersJob } from "~/jobs/reminders.server";
import { createFiling, getFilingRow, saveAnswers } from "~/models/filings/filings.server";
import { remindersFor } from "~/models/reminders.server";
import { createBusiness, createReceipt, createUser, getBusiness, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { waitForMail } from "./mail";

const fixture = (name: string) => path.resolve("tests/fixtures", name);

/** The serious or critical axe violations of the page as it is now (JS on only: axe runs as page script). */
async function expectAxeClean(page: Page, jsEnabled: boolean) {
  if (!jsEnabled) return;
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.filter((v) => v.impact === "serious" || v.impact === "critical").map((v) => `${v.id}: ${v.help}`)).toEqual([]);
}

const filingIdOf = (page: Page) => Number(new URL(page.url()).pathname.split("/")[2]);

test.describe("filings, the applicant's side", () => {
  test("a new applicant applies through every step with a PDF, submits, and sees it on the Documents tab", async ({ page, loginAs, jsEnabled }) => {
    test.slow(); // every step of an application and an upload: a long journey on a busy machine
    const user = await createUser();
    const name = `Sunny Side Café ${unique()}`;
    await loginAs(user);

    await page.goto("/dashboard?tab=documents");
    await expect(page.getByTestId("filings-empty")).toContainText("No filings yet.");
    await page.getByTestId("filings-empty").getByRole("link", { name: "Start a filing" }).click();
    await expect(page).toHaveURL("/filings/new");
    await expect(page.getByRole("heading", { level: 1, name: "Start a filing" })).toBeVisible();
    // The whole checklist before starting.
    const card = page.getByTestId("kind-new-business");
    await expect(card).toContainText("Lease or proof of the location");
    await expect(card).toContainText("For a storefront, office or other premises (not a home-based business)");
    await expect(page.getByTestId("kind-close-business")).toContainText("find it in the registry");
    await card.getByRole("button", { name: "Start new receipt application" }).click();

    await expect(page).toHaveURL(/\/filings\/\d+\/business$/);
    const id = filingIdOf(page);
    await expect(page.getByRole("heading", { level: 1, name: "Applicant and business" })).toBeVisible();
    await expect(page.getByText("Step 1 of 5: Applicant and business")).toBeVisible();
    await expect(page.locator("progress")).toHaveAttribute("value", "1");
    await expect(page.getByLabel("Email")).toHaveValue(user.email);
    await page.getByLabel("Legal name of the business").fill(name);
    await page.getByLabel("Sole proprietor").check();
    await page.getByLabel("Phone number").fill("(954) 555-0100");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(`/filings/${id}/location`);
    await expect(page.getByText("Step 2 of 5: Location in town")).toBeVisible();
    await expect(page.locator("progress")).toHaveAttribute("value", "2");
    await page.getByLabel("Street address").fill("3150 SW 52nd Ave");
    await page.getByLabel("City").fill("Miami");
    await page.getByLabel("ZIP code").fill("33023");
    await page.getByLabel("Yes, from my home").check();
    await page.getByRole("button", { name: "Save and continue" }).click();
    // Refused with a field error; everything typed stays.
    await expect(page.getByText("The business must be located in Pembroke Park")).toBeVisible();
    await expect(page.getByLabel("City")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Street address")).toHaveValue("3150 SW 52nd Ave");
    await expect(page.getByLabel("ZIP code")).toHaveValue("33023");
    await expect(page.getByLabel("Yes, from my home")).toBeChecked();
    await expectAxeClean(page, jsEnabled);
    await page.getByLabel("City").fill("Pembroke Park");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(`/filings/${id}/activity`);
    await page.getByLabel("Activity", { exact: true }).selectOption({ label: "Restaurant or food service" });
    await page.getByLabel("Number of employees").fill("2");
    await page.getByLabel("Number of vehicles").fill("0");
    // Back saves this step and shows the last one as it was saved.
    await page.getByRole("button", { name: "Back" }).click();
    await expect(page).toHaveURL(`/filings/${id}/location`);
    await expect(page.getByLabel("City")).toHaveValue("Pembroke Park");
    await page.getByRole("button", { name: "Save and continue" }).click();
    await expect(page).toHaveURL(`/filings/${id}/activity`);
    await expect(page.getByLabel("Number of employees")).toHaveValue("2");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(`/filings/${id}/documents`);
    await expect(page.getByText("Step 4 of 5: Documents")).toBeVisible();
    const lease = page.getByTestId("document-proof-of-location");
    await expect(lease).toContainText("Required");
    await lease.getByLabel("Choose the file for Lease or proof of the location").setInputFiles(fixture("lease.pdf"));
    await lease.getByRole("button", { name: "Upload Lease or proof of the location" }).click();
    await expectToast(page, "Document uploaded");
    await expect(page.getByTestId("uploaded-proof-of-location")).toContainText("lease.pdf");
    const href = await page.getByTestId("uploaded-proof-of-location").getByRole("link", { name: "lease.pdf" }).getAttribute("href");
    const served = await page.request.get(href!);
    expect(served.status()).toBe(200);
    expect(served.headers()["content-type"]).toBe("application/pdf");
    expect(served.headers()["x-content-type-options"]).toBe("nosniff");
    await page.getByRole("button", { name: "Continue", exact: true }).click();

    await expect(page).toHaveURL(`/filings/${id}/review`);
    await expect(page.getByText("Step 5 of 5: Review and submit")).toBeVisible();
    await expect(page.getByText("Everything the town needs is here.")).toBeVisible();
    await expect(page.locator('[data-answer="ownership"]')).toHaveText("Sole proprietor");
    await expect(page.locator('[data-answer="category"]')).toHaveText("Restaurant or food service");
    await expect(page.locator('[data-answer="homeBased"]')).toHaveText("Yes");
    await page.getByRole("button", { name: "Submit filing" }).click();

    await expect(page).toHaveURL(`/filings/${id}`);
    await expectToast(page, "Filing submitted");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.locator('[data-status="submitted"]')).toHaveText("Submitted");
    await expect(page.getByText("Submitted: the town reviews it")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save and continue" })).toHaveCount(0);
    expect(getFilingRow(id)!.status).toBe("submitted");
    // A step of a submitted filing is read only: back to its page.
    await page.goto(`/filings/${id}/business`);
    await expect(page).toHaveURL(`/filings/${id}`);

    await page.getByRole("link", { name: "← Back to my documents" }).click();
    await expect(page).toHaveURL("/dashboard?tab=documents");
    await expect(page.getByRole("link", { name: /Documents/ })).toHaveAttribute("aria-current", "page");
    const row = page.getByTestId(`filing-row-${id}`);
    await expect(row).toContainText(name);
    await expect(row).toContainText("New receipt application");
    await expect(row).toContainText("Submitted");
    await expect(row).toContainText("Waiting for the town's review");
  });

  test("the owner closes a business from its page's Close link, staff approve, and no reminder or notice goes to it any more (an open one is told)", async ({ page, loginAs }) => {
    test.slow(); // several steps and pages, a staff decision, the reminders job and the outbox's next send
    // Owners whose reminders would go: a confirmed address, reminders not stopped.
    const confirmed = { emailVerifiedAt: new Date("2026-01-01T00:00:00Z") };
    const user = await createUser(confirmed);
    const business = createBusiness({ name: `Closing Shop ${unique()} LLC`, isClaimed: true, canBeClaimed: false, ownerId: user.id, employeeCount: 2, vehicleCount: 1 });
    // The control: someone else's open business, like it in every other way.
    const otherOwner = await createUser(confirmed);
    const open = createBusiness({ name: `Open Shop ${unique()} LLC`, isClaimed: true, canBeClaimed: false, ownerId: otherOwner.id, employeeCount: 2, vehicleCount: 1 });
    const clerk = await createUser({ role: "clerk" });
    await loginAs(user);

    await page.goto(`/business/${business.id}`);
    const links = page.getByTestId("owner-filings");
    await expect(links.getByRole("link", { name: "Change location" })).toHaveAttribute("href", `/filings/new?kind=change-location&businessId=${business.id}`);
    await expect(links).toContainText("Transfer (once this year's receipt is paid)");
    await links.getByRole("link", { name: "Close" }).click();

    await expect(page).toHaveURL(`/filings/new?kind=close-business&businessId=${business.id}`);
    await expect(page.getByRole("heading", { level: 1, name: "Closing the business" })).toBeVisible();
    await expect(page.getByRole("combobox", { name: "Business" })).toHaveValue(String(business.id));
    await page.getByRole("button", { name: "Start closing the business" }).click();

    await expect(page).toHaveURL(/\/filings\/\d+\/closing$/);
    const id = filingIdOf(page);
    await expect(page.getByText("Step 1 of 2: Closing date")).toBeVisible();
    await page.getByLabel("Date the business stopped operating").fill("2026-11-01");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await expect(page).toHaveURL(`/filings/${id}/review`);
    await expect(page.locator('[data-answer="closedOn"]')).toHaveText("November 1, 2026");
    await page.getByRole("button", { name: "Submit filing" }).click();
    await expect(page).toHaveURL(`/filings/${id}`);
    await expectToast(page, "Filing submitted");
    await expect(page.locator('[data-status="submitted"]')).toHaveText("Submitted");

    await page.goto("/dashboard?tab=documents");
    const row = page.getByTestId(`filing-row-${id}`);
    await expect(row).toContainText(business.name);
    await expect(row).toContainText("Closing the business");
    await expect(row).toContainText("Waiting for the town's review");

    // A clerk approves the closing on the filing's staff page.
    await loginAs(clerk);
    await page.goto(`/admin/filings/${id}`);
    const main = page.locator("#main");
    await expect(main.getByRole("heading", { level: 1, name: `Closing the business #${id}` })).toBeVisible();
    await expect(main.getByText("The business is closed from the date given: no more reminders, notices or letters")).toBeVisible();
    await main.getByRole("button", { name: "Approve" }).click();
    await expectToast(page, "Filing approved");
    await expect(main.getByTestId("no-decision")).toHaveText("This filing has been decided.");
    expect(getFilingRow(id)!.status).toBe("approved");
    expect(getBusiness(business.id)!.closedOn).toBe("2026-11-01");

    // The owner's business page says it is closed and offers no more filings about it.
    await loginAs(user);
    await page.goto(`/business/${business.id}`);
    await expect(page.getByTestId("owner-filings")).toHaveText("Closed on November 1, 2026. If it operates again, contact the town.");
    await expect(page.getByTestId("owner-filings").getByRole("link")).toHaveCount(0);
    await page.goto("/dashboard?tab=documents");
    await expect(page.getByTestId(`filing-row-${id}`)).toContainText("Approved");
    await waitForMail(user.email, { subject: `Approved: Closing the business for ${business.name}` });

    // Both businesses held last year's receipt and not this year's: delinquent, a notice due this
    // month. (Made only now, so that the server's own hourly reminders run cannot have sent the
    // closing shop one while its closing was still waiting for the town.)
    for (const b of [business, open]) createReceipt(b.id, { fiscalYear: 2026, userId: b.ownerId });
    // The reminders job, run here against the e2e server's database as its schedule runs it
    // (again if the server's own run holds the job's lease at this moment).
    await expect.poll(async () => (await runJob(remindersJob)).status, { timeout: 30_000 }).toBe("ran");
    expect(remindersFor(open.id)).toEqual([{ kind: "delinquency", key: `delinquency:${open.id}:2026-11` }]);
    expect(remindersFor(business.id)).toEqual([]);
    // The server's mail job sends the outbox every minute: the open shop's notice arrives, and
    // nothing of the kind went to the closed shop's owner in the same send.
    await waitForMail(otherOwner.email, { subject: `Delinquent: the Business Tax Receipt of ${open.name} is unpaid (November 2026)`, timeout: 90_000 });
    const toOwner = (await waitForMail(user.email)).map((m) => m.subject ?? "");
    expect(toOwner).toContain(`Approved: Closing the business for ${business.name}`);
    expect(toOwner.filter((subject) => /^(Delinquent|Renew|Two weeks left)|will be charged/.test(subject))).toEqual([]);
  });

  test("a draft: a refused upload, what is missing with links to its steps, withdrawing from the dashboard", async ({ page, loginAs }) => {
    test.slow(); // several steps and pages, each scanned by axe afterwards
    const user = await createUser();
    const filing = createFiling(user, "new-business");
    saveAnswers(user, filing, { businessName: `Draft Bakery ${unique()}`, ownership: "llc", phone: "(954) 555-0100" });
    await loginAs(user);

    await page.goto(`/filings/${filing.id}`);
    await expect(page.locator('[data-status="draft"]')).toHaveText("Draft");
    await expect(page.locator('[data-step="business"]')).toContainText("Done");
    await expect(page.locator('[data-step="location"]')).toContainText("Still needed");
    await page.getByRole("link", { name: "Continue: Location in town" }).click();
    await expect(page).toHaveURL(`/filings/${filing.id}/location`);

    await page.goto(`/filings/${filing.id}/documents`);
    const lease = page.getByTestId("document-proof-of-location");
    // An executable named .pdf: refused by its bytes.
    await lease.getByLabel("Choose the file for Lease or proof of the location").setInputFiles({
      name: "x.pdf",
      mimeType: "application/pdf",
      buffer: Buffer.concat([Buffer.from("MZ\x90\x00\x03\x00\x00\x00"), Buffer.alloc(4096, 0x41)]),
    });
    await lease.getByRole("button", { name: "Upload Lease or proof of the location" }).click();
    await expect(lease.getByText("File must be a PDF, JPEG or PNG")).toBeVisible();
    await expect(lease.getByLabel("Choose the file for Lease or proof of the location")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("uploaded-proof-of-location")).toHaveCount(0);

    await page.goto(`/filings/${filing.id}/review`);
    const missing = page.getByTestId("missing-list");
    await expect(missing).toContainText("Street address is required");
    await page.getByRole("button", { name: "Submit filing" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Some answers or documents are still missing" })).toBeVisible();
    await page.getByRole("alert").getByRole("link", { name: "Lease or proof of the location is required" }).click();
    await expect(page).toHaveURL(`/filings/${filing.id}/documents`);
    expect(getFilingRow(filing.id)!.status).toBe("draft");

    await page.goto("/dashboard?tab=documents");
    const row = page.getByTestId(`filing-row-${filing.id}`);
    await expect(row.getByRole("link", { name: /Continue: Location in town/ })).toHaveAttribute("href", `/filings/${filing.id}/location`);
    await row.getByRole("button", { name: /Withdraw/ }).click();
    await expectToast(page, "Filing withdrawn");
    await expect(page.getByTestId(`filing-row-${filing.id}`)).toContainText("Withdrawn");
    expect(getFilingRow(filing.id)!.status).toBe("withdrawn");
  });

  test("a transfer's review shows its fee, to be paid before submitting", async ({ page, loginAs }) => {
    const seller = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: seller.id });
    createReceipt(business.id, { userId: seller.id });
    const filing = createFiling(seller, "transfer", business.id);
    await loginAs(seller);
    await page.goto(`/filings/${filing.id}/review`);
    const fee = page.getByTestId("transfer-fee");
    await expect(fee).toContainText("$10.00");
    await expect(fee).toContainText("It must be paid by card before the transfer can be submitted.");
    await expect(fee.getByRole("link", { name: "Pay the transfer fee" })).toHaveAttribute("href", `/filings/${filing.id}/fee`);
  });

  test("signed out: the login page; someone else's filing: not found", async ({ page, loginAs }) => {
    await page.goto("/filings/new");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Ffilings%2Fnew/);
    const owner = await createUser();
    const filing = createFiling(owner, "new-business");
    await loginAs(await createUser());
    const response = await page.goto(`/filings/${filing.id}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Filing Not Found" })).toBeVisible();
  });
});
