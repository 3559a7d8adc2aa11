/**
 * The town's side of a claim: a clerk makes a letter batch for one fresh business, downloads the
 * PDF, reads the letter's code from its text, and the owner claims the business with it.
 * JS on and off (each project makes its own business).
 */
import fs from "node:fs";
import { createBusiness, createUser, getBusiness, unique } from "../support/factories";
import { pdfPages } from "../support/letter-pdf";
import { expect, expectToast, test } from "./fixtures";


test.describe("claim letters", () => {
  test("a clerk makes a batch, the PDF's code claims the business", async ({ page, loginAs }) => {
    const marker = unique("Letterbox");
    const business = createBusiness({ name: `${marker} Bistro LLC` });
    const clerk = await createUser({ role: "clerk", username: unique("clerk_") });
    await loginAs(clerk);

    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Letters" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Claim letters" })).toBeVisible();
    await page.getByLabel("Name contains").fill(marker);
    await page.getByRole("button", { name: "Preview count" }).click();
    await expect(page.getByTestId("batch-preview")).toContainText("1 business matches these filters.");
    await page.getByRole("button", { name: "Create batch of 1 letters" }).click();
    await expect(page).toHaveURL(/\/admin\/letters\/\d+$/);
    await expectToast(page, "Letter batch created");
    await expect(page.getByRole("heading", { level: 1, name: /Letter batch \d+/ })).toBeVisible();
    await expect(page.getByRole("link", { name: `${marker} Bistro LLC` })).toBeVisible();

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download letters (PDF)" }).click()]);
    const bytes = new Uint8Array(fs.readFileSync((await download.path())!));
    const text = (await pdfPages(bytes)).join("\n\f\n");
    expect(text).toContain(`${marker} Bistro LLC`);
    expect(text).toContain(`/claim/${business.id}`);
    const code = /Your claim code\s+(\d{7})/.exec(text)?.[1];
    expect(code).toMatch(/^\d{7}$/);
    expect(code).toBe(getBusiness(business.id)!.verificationCode);

    // Mark the batch mailed.
    await page.getByLabel("Mailed on").fill("2026-11-20");
    await page.getByRole("button", { name: "Mark mailed" }).click();
    await expectToast(page, "Batch marked mailed");
    await expect(page.getByText(/letters, fiscal year \S+\. Mailed on 2026-11-20\./)).toBeVisible();

    // The owner claims with the letter's code.
    const owner = await createUser();
    await loginAs(owner);
    await page.goto(`/claim/${business.id}`);
    await page.getByRole("textbox", { name: "Verification Code" }).fill(code!);
    await page.getByRole("button", { name: "Claim Business" }).click();
    await expect(page).toHaveURL(`/business/${business.id}`);
    await expectToast(page, "Business Claimed Successfully");
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: true, ownerId: owner.id });

    // The audit log shows the claim and the batch to staff.
    await loginAs(clerk);
    await page.goto("/admin/audit");
    await expect(page.getByRole("heading", { level: 1, name: "Audit log" })).toBeVisible();
    await expect(page.locator("tbody")).toContainText("claim.create");
    await expect(page.locator("tbody")).toContainText("letter_batch.create");
  });

  test("a clerk cannot release a claim; an admin can", async ({ page, loginAs }) => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date() });
    await loginAs(await createUser({ role: "clerk", username: unique("clerk_") }));
    await page.goto(`/admin/businesses/${business.id}`);
    await expect(page.getByTestId("claim-state")).toContainText("Yes");
    await expect(page.getByRole("button", { name: "Release claim" })).toHaveCount(0);
    const forbidden = await page.request.post(`/admin/businesses/${business.id}`, { form: { intent: "release" } });
    expect(forbidden.status()).toBe(403);

    await loginAs({ id: 1 });
    await page.goto(`/admin/businesses/${business.id}`);
    await page.getByRole("button", { name: "Release claim" }).click();
    await expectToast(page, "Claim released");
    await expect(page.getByTestId("claim-state")).toHaveText("No");
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, ownerId: null });
  });
});
