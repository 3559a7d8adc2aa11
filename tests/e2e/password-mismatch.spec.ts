import { createUser } from "../support/factories";
import { expect, test } from "./fixtures";

// 'Passwords do not match' used to appear only once every other field was valid.
test.describe("'Passwords do not match' shows together with the other mistakes", () => {
  test("register: several fields wrong and the two passwords different", async ({ page }) => {
    await page.goto("/register");
    const form = page.locator("#register-form");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByLabel("Username").fill("a!");
    await form.getByLabel("Password", { exact: true }).fill("e2e-pass-1");
    await form.getByLabel("Confirm password").fill("e2e-pass-2");
    await form.getByRole("button", { name: "Register" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Please enter a valid email address",
      "Username must be at least 3 characters",
      "You must accept the terms and conditions",
      "Passwords do not match",
    ]) {
      await expect(form.getByText(message)).toBeVisible();
    }
    await expect(page).toHaveURL("/register");
  });

  test("password change: current password missing and the new ones different", async ({ page, loginAs }) => {
    await loginAs(await createUser());
    await page.goto("/profile?tab=password");
    const form = page.locator("#password-form");
    await form.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await form.getByLabel("Confirm new password").fill("brand-new-2");
    await form.getByRole("button", { name: "Update Password" }).click();
    await expect(form.getByText("Current password is required")).toBeVisible();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
  });
});
