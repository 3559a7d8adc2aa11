/**
 * The sessions list (issue 41), with JavaScript on and off: two browsers signed in as the same
 * person through /login; the first ends the second's session on /profile/security, and the
 * second's next page asks it to sign in again. "Sign out all other sessions" does the same.
 */
import type { Browser, Page } from "@playwright/test";
import { createUser } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { clientAddress, signInWithPassword } from "./sign-in";

const IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function signIn(page: Page, username: string) {
  await signInWithPassword(page, username);
  await expect(page).toHaveURL("/dashboard");
}

/** A second browser (an iPhone's Safari), with the project's JavaScript setting. */
async function phoneBrowser(browser: Browser, baseURL: string, jsEnabled: boolean) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: jsEnabled,
    userAgent: IPHONE,
    extraHTTPHeaders: { "X-Forwarded-For": clientAddress() },
  });
  return { context, page: await context.newPage() };
}

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
});

test.describe("sessions", () => {
  test("one browser ends the other's session; that browser is signed out", async ({ page, browser, baseURL, jsEnabled }) => {
    test.slow(); // two browsers, four sign-ins through the password form
    const user = await createUser();
    await signIn(page, user.username);
    const phone = await phoneBrowser(browser, baseURL!, jsEnabled);
    try {
      await signIn(phone.page, user.username);

      await page.goto("/profile/security");
      const sessions = page.getByTestId("session");
      await expect(sessions).toHaveCount(2);
      await expect(sessions.first()).toContainText("Chrome on Windows");
      await expect(sessions.first()).toContainText("This device");
      await expect(sessions.first()).toContainText("Last used in the last 5 minutes");
      await expect(sessions.first().getByRole("button")).toHaveCount(0);
      await expect(sessions.nth(1)).toContainText("Safari on iOS");
      await expect(sessions.nth(1)).not.toContainText("This device");

      await sessions.nth(1).getByRole("button", { name: /^End the session on Safari on iOS/ }).click();
      await expectToast(page, "Session ended");
      await expect(page.getByTestId("toaster")).toContainText("Safari on iOS is signed out.");
      await expect(sessions).toHaveCount(1);
      await expect(page.getByText("You are signed in on this browser only.")).toBeVisible();

      await phone.page.goto("/dashboard");
      await expect(phone.page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/dashboard")}`);

      // Signed in again, then every other session at once.
      await signIn(phone.page, user.username);
      await page.goto("/profile/security");
      await expect(sessions).toHaveCount(2);
      await page.getByRole("button", { name: "Sign out all other sessions" }).click();
      await expectToast(page, "Other sessions signed out");
      await expect(sessions).toHaveCount(1);
      await phone.page.goto("/profile/security");
      await expect(phone.page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/profile/security")}`);

      // This browser is still signed in.
      await page.goto("/dashboard");
      await expect(page).toHaveURL("/dashboard");
    } finally {
      await phone.context.close();
    }
  });
});
