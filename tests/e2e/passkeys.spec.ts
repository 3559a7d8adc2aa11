/**
 * Passkeys end to end (issue 41) with Chromium's virtual authenticator (DevTools protocol
 * WebAuthn.addVirtualAuthenticator: a platform authenticator that holds discoverable
 * credentials and verifies the user at once). With JavaScript: a passkey added and renamed on
 * /profile/security, then signing in with it alone on /login; the second step after a password
 * passed with it; a clerk's /step-up passed with it. Without JavaScript the pages say the
 * authenticator app is the way and offer no passkey button.
 */
import type { Page } from "@playwright/test";
import { createUser } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { clientAddress, signInWithPassword } from "./sign-in";

test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": clientAddress() });
});

async function addVirtualAuthenticator(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { credentials: async () => (await cdp.send("WebAuthn.getCredentials", { authenticatorId })).credentials };
}

/** Adds a passkey named `name` on /profile/security (signed in). */
async function addPasskey(page: Page, name: string) {
  await page.goto("/profile/security");
  const section = page.getByRole("region", { name: "Passkeys" });
  await expect(section).toContainText("You have no passkeys yet.");
  await section.getByLabel("Passkey name").fill(name);
  await section.getByRole("button", { name: "Add a passkey" }).click();
  await expect(section.getByRole("status")).toHaveText(`Passkey "${name}" added.`);
  await expect(section.getByTestId("passkey-row")).toHaveCount(1);
  await expect(section.getByTestId("passkey-row")).toContainText(name);
  return section;
}

async function signOut(page: Page) {
  await page.getByTestId("header-account").getByRole("button", { name: "Logout" }).click();
  await expect(page.getByTestId("header-account").getByRole("button", { name: "Logout" })).toHaveCount(0);
}

test.describe("passkeys", () => {
  test("added and renamed on /profile/security, then signing in with it and no password", async ({ page, loginAs, jsEnabled }) => {
    test.skip(!jsEnabled, "passkeys need JavaScript");
    const authenticator = await addVirtualAuthenticator(page);
    const user = await createUser({ firstName: "Pia" });
    await loginAs(user);

    const section = await addPasskey(page, "Work laptop");
    await expect(section.getByTestId("passkey-row")).toContainText("Never used");
    const [credential] = await authenticator.credentials();
    expect(credential.isResidentCredential).toBe(true);
    expect(credential.rpId).toBe("localhost");

    // A second passkey cannot share the name (checked before the authenticator makes anything).
    await section.getByLabel("Passkey name").fill("work LAPTOP");
    await section.getByRole("button", { name: "Add a passkey" }).click();
    await expect(section.getByRole("alert")).toHaveText("You already have a passkey with that name");
    expect(await authenticator.credentials()).toHaveLength(1);

    // Rename: a plain form.
    await section.locator("summary", { hasText: "Rename" }).click();
    await section.getByLabel("New name").fill("Home laptop");
    await section.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "Passkey renamed");
    await expect(page.getByRole("region", { name: "Passkeys" }).getByTestId("passkey-row")).toContainText("Home laptop");

    await signOut(page);
    await page.goto("/login?redirectTo=/profile/security");
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page).toHaveURL("/profile/security");
    await expectToast(page, "Login successful");
    await expect(page.getByText("Welcome back, Pia!")).toBeVisible();
    await expect(page.getByRole("region", { name: "Passkeys" }).getByTestId("passkey-row")).toContainText("Last used");
  });

  test("an account with a password and a passkey passes the second step with the passkey", async ({ page, loginAs, jsEnabled }) => {
    test.skip(!jsEnabled, "passkeys need JavaScript");
    await addVirtualAuthenticator(page);
    const user = await createUser({ firstName: "Rafa" });
    await loginAs(user);
    await addPasskey(page, "Phone");
    await signOut(page);

    await signInWithPassword(page, user.username);
    await expect(page).toHaveURL("/login/two-factor");
    await expect(page.getByRole("heading", { name: "Verify it's you" })).toBeVisible();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL("/dashboard");
    await expectToast(page, "Login successful");
    await expect(page.getByTestId("header-account").getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("a clerk confirms it's them on /step-up with a passkey", async ({ page, loginAs, jsEnabled }) => {
    test.skip(!jsEnabled, "passkeys need JavaScript");
    await addVirtualAuthenticator(page);
    const clerk = await createUser({ role: "clerk" });
    await loginAs(clerk);
    await addPasskey(page, "Desk key");

    await page.goto("/step-up?redirectTo=/admin/remittance");
    await expect(page.getByRole("heading", { name: "Confirm it's you", level: 1 })).toBeVisible();
    await page.getByRole("button", { name: "Use a passkey" }).click();
    await expect(page).toHaveURL("/admin/remittance");
    await expectToast(page, "Identity confirmed");
  });

  test("without JavaScript the pages say the authenticator app is the way", async ({ page, loginAs, jsEnabled }) => {
    test.skip(jsEnabled, "what a browser without JavaScript is told");
    const user = await createUser();
    await loginAs(user);
    await page.goto("/profile/security");
    const section = page.getByRole("region", { name: "Passkeys" });
    await expect(section).toContainText("Adding a passkey needs JavaScript; you can use an authenticator app instead.");
    await expect(section.getByRole("button", { name: "Add a passkey" })).toHaveCount(0);

    await signOut(page);
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign in" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  });
});
