import crypto from "node:crypto";
import { createUser, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { waitForMail } from "./mail";

test.describe("Mail outbox and email preferences", () => {
  test("an administrator reads a sent message as its recipient sees it", async ({ page, loginAs }) => {
    // Three admin pages, each scanned by axe afterwards: more than the default 45 s on a busy machine.
    test.slow();
    const owner = await createUser({ username: unique("Mailed_") });
    // A reset request queues and sends a message (from this test's own client address).
    const response = await page.request.post("/forgot-password", {
      form: { identifier: owner.username },
      headers: { "X-Forwarded-For": `203.0.113.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}` },
    });
    expect(response.status()).toBe(200);
    await waitForMail(owner.email, { subject: "Reset your password" });

    const admin = await createUser({ isAdmin: true });
    await loginAs(admin);
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Mail" }).click();
    await expect(page).toHaveURL("/admin/mail");
    await expect(page.getByRole("heading", { name: "Mail outbox" })).toBeVisible();
    const row = page.getByTestId("outbox-row").filter({ hasText: owner.email });
    await expect(row).toContainText("Sent");
    // When it was queued and sent, on the town's clock.
    await expect(row.getByRole("cell").nth(1)).toHaveText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T$/);
    await expect(row).toContainText(/Sent [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M E[SD]T/);
    await row.getByRole("link", { name: "Reset your password" }).click();

    await expect(page.getByRole("heading", { name: "Reset your password", level: 1 })).toBeVisible();
    await expect(page.getByTestId("received-copies")).toHaveText("Received once by the local SMTP server");
    await expect(page.getByTestId("text-part")).toContainText(`account ${owner.username}`);
    await expect(page.getByTestId("text-part")).toContainText("/reset-password/");
    const frame = page.locator("iframe[title^='HTML part of']");
    await expect(frame).toHaveAttribute("sandbox", "");
    await expect(page.frameLocator("iframe[title^='HTML part of']").getByRole("heading", { name: "Reset your password" })).toBeVisible();
  });

  test("others cannot open the outbox", async ({ page, loginAs }) => {
    await loginAs(await createUser());
    await page.goto("/admin/mail");
    await expect(page).toHaveURL("/");
  });

  test("an owner turns reminders off and asks for a confirmation link", async ({ page, loginAs }) => {
    const owner = await createUser({ username: unique("Prefs_") });
    await loginAs(owner);
    await page.goto("/profile");
    const prefs = page.getByRole("region", { name: "Email" });
    await expect(prefs).toContainText("not confirmed yet");
    await prefs.getByRole("button", { name: "Send confirmation link" }).click();
    await expectToast(page, "Confirmation link sent");
    const [message] = await waitForMail(owner.email, { subject: "Confirm your email address" });
    const link = /https?:\/\/[^\s/]+(\/verify-email\/[^\s]+)/.exec(message.text ?? "")![1];

    await page.getByRole("region", { name: "Email" }).getByLabel("Don't send reminders").check();
    await page.getByRole("region", { name: "Email" }).getByRole("button", { name: "Save email preferences" }).click();
    await expectToast(page, "Email preferences saved");
    await expect(page.getByRole("region", { name: "Email" }).getByLabel("Don't send reminders")).toBeChecked();

    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Email address confirmed" })).toBeVisible();
    await page.goto("/profile");
    await expect(page.getByRole("region", { name: "Email" })).toContainText("confirmed");
    await expect(page.getByRole("region", { name: "Email" })).not.toContainText("not confirmed");
  });
});
