/**
 * The authenticator app end to end (issue 41), with JavaScript on and off: set up on
 * /profile/security (the secret read from the page, codes computed from it as a phone would),
 * ten recovery codes shown once; then signing in asks for a code on /login/two-factor after the
 * password; a recovery code works once; turning the app off.
 */
import type { Page } from "@playwright/test";
import { createUser, TEST_PASSWORD } from "../support/factories";
import { totpCode } from "../support/mfa";
import { expect, expectToast, test } from "./fixtures";
import { clientAddress, signInWithPassword } from "./sign-in";

const STEP_MS = 30_000;

// Each test signs in from its own client address, so the lockout buckets of parallel tests never meet.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
});

async function secondStep(page: Page, code: string) {
  await page.getByLabel("Authentication code").fill(code);
  await page.getByRole("button", { name: "Verify" }).click();
}

async function signOut(page: Page) {
  await page.getByTestId("header-account").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("header-account").getByRole("button", { name: "Logout" })).toHaveCount(0);
}

/** A code is accepted once per 30-second step: waits until the step after `usedAt`'s. */
async function waitForNextStep(page: Page, usedAt: number) {
  const next = (Math.floor(usedAt / STEP_MS) + 1) * STEP_MS;
  const wait = next - Date.now();
  if (wait > 0) await page.waitForTimeout(wait + 250);
}

test.describe("authenticator app", () => {
  test("set up on /profile/security, then sign in with a code; a recovery code works once", async ({ page, loginAs }) => {
    test.slow(); // waits up to one 30-second step for a fresh code
    const user = await createUser({ firstName: "Tia" });
    await loginAs(user);

    await page.goto("/profile?tab=password");
    await page.getByRole("link", { name: "Manage sign-in security and sessions" }).click();
    await expect(page).toHaveURL("/profile/security");
    await expect(page.getByRole("heading", { name: "Sign-in security", level: 1 })).toBeVisible();
    const section = page.getByRole("region", { name: "Authenticator app" });
    await expect(section).toContainText("Status: Off");
    await section.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expectToast(page, "Authenticator setup started");

    await expect(section.getByRole("img", { name: /QR code to add .* to an authenticator app/ })).toBeVisible();
    const shown = (await page.getByTestId("totp-secret").textContent()) ?? "";
    expect(shown).toMatch(/^([A-Z2-7]{4} ){7}[A-Z2-7]{4}$/);
    const secret = shown.replace(/\s+/g, "");
    // A reload shows the same setup, not a new secret.
    await page.goto("/profile/security");
    await expect(page.getByTestId("totp-secret")).toHaveText(shown);

    await section.getByLabel("Enter the 6-digit code your app shows").fill("12345");
    await section.getByRole("button", { name: "Turn on" }).click();
    await expect(section.getByText("Enter the 6-digit code your app shows").last()).toBeVisible();
    const enrolledAt = Date.now();
    await section.getByLabel("Enter the 6-digit code your app shows").fill(totpCode(secret, enrolledAt));
    await section.getByRole("button", { name: "Turn on" }).click();
    await expectToast(page, "Authenticator app turned on");
    await expect(section).toContainText("Status: On");
    const codes = page.getByTestId("recovery-codes").getByRole("listitem");
    await expect(codes).toHaveCount(10);
    const recoveryCodes = (await codes.allTextContents()).map((c) => c.trim());
    for (const code of recoveryCodes) expect(code).toMatch(/^[a-z0-9]{5}-[a-z0-9]{5}$/);
    const download = section.getByRole("link", { name: "Download as text" });
    await expect(download).toHaveAttribute("download", /recovery-codes\.txt$/);
    expect(decodeURIComponent((await download.getAttribute("href")) ?? "")).toContain(recoveryCodes[9]);

    // Shown once: a new visit counts them but never shows them.
    await page.goto("/profile/security");
    await expect(section).toContainText("Recovery codes left: 10 of 10");
    await expect(page.getByTestId("recovery-codes")).toHaveCount(0);
    await expect(page.getByText(recoveryCodes[0])).toHaveCount(0);

    // The password alone no longer signs in: a recovery code does, once.
    await signOut(page);
    await signInWithPassword(page, user.username);
    await expect(page).toHaveURL("/login/two-factor");
    await expect(page.getByRole("heading", { name: "Verify it's you" })).toBeVisible();
    await secondStep(page, recoveryCodes[0]);
    await expect(page).toHaveURL("/dashboard");
    await expectToast(page, "Login successful");

    await signOut(page);
    await signInWithPassword(page, user.username);
    await expect(page).toHaveURL("/login/two-factor");
    await secondStep(page, recoveryCodes[0]);
    await expect(page.getByRole("alert")).toContainText("That code is not right");
    await expect(page).toHaveURL("/login/two-factor");

    // A fresh code from the app: the one used at setup is spent for its 30-second step.
    await waitForNextStep(page, enrolledAt);
    await secondStep(page, totpCode(secret));
    await expect(page).toHaveURL("/dashboard");
    await expectToast(page, "Login successful");

    // Turning it off takes the password and a code (a recovery code here).
    await page.goto("/profile/security");
    await expect(section).toContainText("Recovery codes left: 9 of 10");
    const turnOff = page.locator("#totp-disable-form");
    await turnOff.getByLabel("Password").fill(TEST_PASSWORD);
    await turnOff.getByLabel("Authentication code").fill(recoveryCodes[1]);
    await turnOff.getByRole("button", { name: "Turn off" }).click();
    await expectToast(page, "Authenticator app turned off");
    await expect(section).toContainText("Status: Off");
  });
});
