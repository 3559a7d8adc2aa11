import crypto from "node:crypto";
import { verifyLogin } from "~/models/user.server";
import { getUser } from "~/utils/session.server";
import { createUser, sessionCookieFor, TEST_PASSWORD, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { linkPath, waitForMail } from "./mail";

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}` });
});

const signedIn = async (cookie: string) => getUser(new Request("http://localhost/", { headers: { Cookie: cookie } }));

test.describe("password reset by email", () => {
  test("forgot password -> link from the email -> new password -> signed in; old password and other sessions stop working", async ({ page }) => {
    const user = await createUser({ username: unique("Reset_") });
    const otherDevice = await sessionCookieFor(user.id);
    expect((await signedIn(otherDevice))?.id).toBe(user.id);

    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await page.getByLabel("Username or email").fill(user.email.toUpperCase());
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account matches what you entered");

    const [message] = await waitForMail(user.email, { subject: "Reset your password" });
    await page.goto(linkPath(message, "/reset-password/"));
    await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
    await expect(page.getByText(user.username)).toBeVisible();

    const form = page.locator("#reset-password-form");
    await form.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await form.getByLabel("Confirm new password").fill("brand-new-2");
    await form.getByRole("button", { name: "Set new password" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();

    await form.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await form.getByLabel("Confirm new password").fill("brand-new-1");
    await form.getByRole("button", { name: "Set new password" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expectToast(page, "Password changed");

    expect(await signedIn(otherDevice)).toBeNull();
    expect(await verifyLogin(user.username, TEST_PASSWORD)).toBeNull();
    expect((await verifyLogin(user.username, "brand-new-1"))?.id).toBe(user.id);

    // The link worked once.
    await page.goto(linkPath(message, "/reset-password/"));
    await expect(page.getByRole("heading", { name: "Link expired" })).toBeVisible();
  });

  test("an unknown name gets the same answer and no mail", async ({ page }) => {
    await page.goto("/forgot-password");
    await page.getByLabel("Username or email").fill(unique("nobody_"));
    await page.getByRole("button", { name: "Send reset link" }).click();
    await expect(page.getByRole("status")).toContainText("If an account matches what you entered");
  });
});
