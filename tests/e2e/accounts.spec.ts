import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { createUser, TEST_PASSWORD, unique } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { holdScripts, waitForHydration } from "./slow-scripts";

// Every test signs in from its own client address, so the lockout buckets of parallel tests
// (both projects share one server) never meet.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}` });
});

async function signIn(page: Page, username: string, password: string, { rememberMe = false } = {}) {
  const form = page.locator("#login-form");
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(password);
  if (rememberMe) await form.getByLabel("Remember me").check();
  await form.getByRole("button", { name: "Sign in" }).click();
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "__session" && c.value !== "");
}

test.describe("accounts", () => {
  test("register a new account, then land on /login keeping redirectTo", async ({ page }) => {
    const username = unique("E2e_");
    await page.goto("/register?redirectTo=%2Fprofile");
    await expect(page.getByRole("heading", { name: "Create an account" })).toBeVisible();
    const form = page.locator("#register-form");
    await form.getByLabel("First name").fill("Eva");
    await form.getByLabel("Last name").fill("Tester");
    await form.getByLabel("Email").fill(`${username}@example.com`);
    await form.getByLabel("Username").fill(username);
    await form.getByLabel("Password", { exact: true }).fill("e2e-pass-1");
    await form.getByLabel("Confirm password").fill("e2e-pass-1");
    await form.getByLabel("I accept the terms and conditions").check();
    await form.getByRole("button", { name: "Register" }).click();
    await expect(page).toHaveURL("/login?redirectTo=%2Fprofile");
    await expectToast(page, "Registration successful");
    await expect(page.getByTestId("toaster")).toContainText("Your account has been created. Please log in.");
    // The new account signs in and the redirectTo is honoured.
    await signIn(page, username.toLowerCase(), "e2e-pass-1");
    await expect(page).toHaveURL("/profile");
    await expectToast(page, "Login successful");
    await expect(page.getByTestId("toaster")).toContainText("Welcome back, Eva!");
  });

  test("registration shows the spec's messages and refuses a taken username", async ({ page }) => {
    const existing = await createUser({ username: unique("Taken_") });
    await page.goto("/register");
    const form = page.locator("#register-form");
    await form.getByRole("button", { name: "Register" }).click();
    for (const message of [
      "First name is required",
      "Last name is required",
      "Please enter a valid email address",
      "Username must be at least 3 characters",
      "Password must be at least 6 characters",
      "Please confirm your password",
      "You must accept the terms and conditions",
    ]) {
      await expect(form.getByText(message).first()).toBeVisible();
    }
    await expect(page).toHaveURL("/register");

    await form.getByLabel("First name").fill("Dup");
    await form.getByLabel("Last name").fill("User");
    await form.getByLabel("Email").fill(`${unique("dup")}@example.com`);
    await form.getByLabel("Username").fill(existing.username.toUpperCase());
    await form.getByLabel("Password", { exact: true }).fill("e2e-pass-1");
    await form.getByLabel("Confirm password").fill("e2e-pass-2");
    await form.getByLabel("I accept the terms and conditions").check();
    await form.getByRole("button", { name: "Register" }).click();
    await expect(form.getByText("Passwords do not match")).toBeVisible();
    await form.getByLabel("Password", { exact: true }).fill("e2e-pass-1");
    await form.getByLabel("Confirm password").fill("e2e-pass-1");
    await form.getByRole("button", { name: "Register" }).click();
    await expect(form.getByText("Username is already taken")).toBeVisible();
    await expect(form.getByLabel("Username")).toHaveValue(existing.username.toUpperCase());
  });

  test("sign in without Remember me: /dashboard, welcome toast, a browser-session cookie", async ({ page }) => {
    const user = await createUser({ firstName: "Noor" });
    await page.goto("/login");
    await signIn(page, user.username, TEST_PASSWORD);
    await expect(page).toHaveURL("/dashboard");
    await expectToast(page, "Login successful");
    await expect(page.getByTestId("toaster")).toContainText("Welcome back, Noor!");
    const cookie = await sessionCookie(page);
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.expires).toBe(-1);
  });

  test("sign in with Remember me: the cookie lasts 30 days", async ({ page }) => {
    const user = await createUser();
    await page.goto("/login");
    await signIn(page, user.username, TEST_PASSWORD, { rememberMe: true });
    await expect(page).toHaveURL("/dashboard");
    const cookie = await sessionCookie(page);
    const days = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.01);
  });

  test("the demo account signs in (read-only check)", async ({ page }) => {
    await page.goto("/login?redirectTo=%2Fforgot-password");
    await signIn(page, "demo", "demo-user-1");
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByTestId("header-account").getByRole("button", { name: "Logout" })).toBeVisible();
  });

  test("a protected page sends visitors to sign in and back (redirectTo round trip)", async ({ page }) => {
    const user = await createUser();
    await page.goto("/profile?tab=password");
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent("/profile?tab=password")}`);
    await expectToast(page, "Authentication Required");
    await signIn(page, user.username, TEST_PASSWORD);
    await expect(page).toHaveURL("/profile?tab=password");
    await expect(page.getByRole("heading", { name: "Password & Security" })).toBeVisible();
  });

  test("an off-site redirectTo is ignored", async ({ page }) => {
    const user = await createUser();
    await page.goto(`/login?redirectTo=${encodeURIComponent("//evil.example.com/steal")}`);
    await signIn(page, user.username, TEST_PASSWORD);
    await expect(page).toHaveURL("/dashboard");
  });

  test("a failed sign-in says 'Login failed', the same for an unknown username", async ({ page, jsEnabled }) => {
    const user = await createUser();
    await page.goto("/login");
    for (const username of [user.username, unique("nobody_")]) {
      await signIn(page, username, "wrong-password");
      const alert = page.getByRole("main").getByRole("alert");
      await expect(alert).toContainText("Login failed");
      await expect(alert).toContainText("Invalid username or password");
      if (jsEnabled) await expectToast(page, "Login failed");
      await expect(page).toHaveURL("/login");
      await expect(page.locator("#login-form").getByLabel("Password")).toHaveValue("");
    }
    expect(await sessionCookie(page)).toBeUndefined();
  });

  test("after a failed sign-in, a password typed before the page comes alive is kept @js-only", async ({ page }) => {
    const user = await createUser();
    const scripts = await holdScripts(page);
    await page.goto("/login", { waitUntil: "commit" });
    // Sent by the browser itself (no scripts yet): the answer is a new page with the error.
    await signIn(page, user.username, "wrong-password");
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Invalid username or password");
    await page.locator("#login-form").getByLabel("Password").fill(TEST_PASSWORD);
    scripts.release();
    await waitForHydration(page, "#login-form input[name=password]");
    await expect(page.locator("#login-form").getByLabel("Password")).toHaveValue(TEST_PASSWORD);
    await page.locator("#login-form").getByRole("button", { name: "Sign in" }).click();
    await expect(page).toHaveURL("/dashboard");
  });

  test("sign out ends the session", async ({ page }) => {
    const user = await createUser();
    await page.goto("/login?redirectTo=%2Fprofile");
    await signIn(page, user.username, TEST_PASSWORD);
    await expect(page).toHaveURL("/profile");
    await page.getByTestId("header-account").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await expectToast(page, "Logged out");
    await page.goto("/profile");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  });

  test("the forgot-password page also tells how to reach town support", async ({ page }) => {
    await page.goto("/login");
    await page.getByRole("link", { name: "Forgot password?" }).click();
    await expect(page).toHaveURL("/forgot-password");
    await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expect(page.getByRole("link", { name: "btr@pembrokepark.example" })).toHaveAttribute("href", "mailto:btr@pembrokepark.example");
  });
});

test.describe("profile", () => {
  test("edit the profile; tabs are links", async ({ page, loginAs }) => {
    const user = await createUser({ firstName: "Old" });
    await loginAs(user);
    await page.goto("/profile");
    await expect(page.getByRole("heading", { name: "My Profile" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Dashboard" })).toHaveAttribute("href", "/dashboard");
    const tabs = page.getByRole("navigation", { name: "Profile sections" });
    await expect(tabs.getByRole("link", { name: "Profile Information" })).toHaveAttribute("aria-current", "page");

    const form = page.locator("#profile-form");
    await expect(form.getByLabel("First name")).toHaveValue("Old");
    await form.getByLabel("Email").fill("not-an-email");
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expect(form.getByText("Please enter a valid email address")).toBeVisible();

    const email = `${unique("new")}@example.com`;
    await form.getByLabel("First name").fill("Fresh");
    await form.getByLabel("Last name").fill("Person");
    await form.getByLabel("Email").fill(email);
    await form.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Profile Updated");
    await page.reload();
    await expect(page.locator("#profile-form").getByLabel("First name")).toHaveValue("Fresh");
    await expect(page.locator("#profile-form").getByLabel("Email")).toHaveValue(email);

    await tabs.getByRole("link", { name: "Password & Security" }).click();
    await expect(page).toHaveURL("/profile?tab=password");
    await expect(page.locator("#password-form")).toBeVisible();
  });

  test("change the password: wrong current password fails, then the new one signs in", async ({ page, loginAs, jsEnabled }) => {
    const user = await createUser();
    await loginAs(user);
    await page.goto("/profile?tab=password");
    const form = page.locator("#password-form");
    await form.getByLabel("Current password").fill("not-my-password");
    await form.getByLabel("New password", { exact: true }).fill("brand-new-1");
    await form.getByLabel("Confirm new password").fill("brand-new-1");
    await form.getByRole("button", { name: "Update Password" }).click();
    await expect(form.getByText("Failed to update password. Please check your current password")).toBeVisible();
    if (jsEnabled) await expectToast(page, "Update Failed");

    await page.locator("#password-form").getByLabel("Current password").fill(TEST_PASSWORD);
    await page.locator("#password-form").getByLabel("New password", { exact: true }).fill("brand-new-1");
    await page.locator("#password-form").getByLabel("Confirm new password").fill("brand-new-1");
    await page.locator("#password-form").getByRole("button", { name: "Update Password" }).click();
    await expectToast(page, "Password Updated");
    await expect(page).toHaveURL("/profile?tab=password");
    await expect(page.locator("#password-form").getByLabel("Current password")).toHaveValue("");

    await page.getByTestId("header-account").getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL("/");
    await page.goto("/login?redirectTo=%2Fprofile");
    await signIn(page, user.username, TEST_PASSWORD);
    await expect(page.getByRole("main").getByRole("alert")).toContainText("Invalid username or password");
    await signIn(page, user.username, "brand-new-1");
    await expect(page).toHaveURL("/profile");
  });

  test("delete the account after confirming with the password", async ({ page, loginAs }) => {
    const user = await createUser();
    await loginAs(user);
    await page.goto("/profile");
    await page.getByRole("link", { name: "Delete Account" }).click();
    await expect(page).toHaveURL("/profile?tab=delete");
    await expect(page.getByText("Are you sure you want to delete your account?")).toBeVisible();
    const form = page.locator("#delete-account-form");
    await form.getByLabel("Enter your password to confirm").fill("wrong-password");
    await form.getByRole("button", { name: "Delete my account" }).click();
    await expect(form.getByText("Incorrect password")).toBeVisible();
    await page.locator("#delete-account-form").getByLabel("Enter your password to confirm").fill(TEST_PASSWORD);
    await page.locator("#delete-account-form").getByRole("button", { name: "Delete my account" }).click();
    await expect(page).toHaveURL("/");
    await expectToast(page, "Account deleted");
    await expect(page.getByTestId("header-account").getByRole("link", { name: "Sign in" })).toBeVisible();
  });
});

// The JSON endpoints through the real server (routing of the nested /api/user/* resource routes).
// No browser involved, so it runs once (in the js-on project).
test("the account JSON endpoints answer through the server @js-only", async ({ playwright, baseURL }) => {
  const api = await playwright.request.newContext({
    baseURL,
    extraHTTPHeaders: { "X-Forwarded-For": `192.0.2.250-${crypto.randomBytes(4).toString("hex")}` },
  });
  try {
    expect((await api.get("/api/user")).status()).toBe(401);
    const username = unique("Api_");
    const registered = await api.post("/api/register", {
      data: { username, email: `${username}@example.com`, firstName: "Api", lastName: "E2e", password: "api-pass-1", confirmPassword: "api-pass-1" },
    });
    expect(registered.status()).toBe(201);
    const bad = await api.post("/api/register", { data: { username: "x" } });
    expect(bad.status()).toBe(400);
    expect((await bad.json()).error.fieldErrors.username).toEqual(["Username must be at least 3 characters"]);

    expect((await api.post("/api/login", { data: { username, password: "nope-nope" } })).status()).toBe(401);
    const login = await api.post("/api/login", { data: { username: username.toLowerCase(), password: "api-pass-1", rememberMe: true } });
    expect(login.status()).toBe(200);
    expect(await login.json()).not.toHaveProperty("passwordHash");

    const me = await api.get("/api/user");
    expect(me.status()).toBe(200);
    expect((await me.json()).username).toBe(username);

    const profile = await api.patch("/api/user/profile", { data: { firstName: "Renamed", lastName: "E2e", email: `${username}@example.org` } });
    expect(profile.status()).toBe(200);
    expect((await profile.json()).firstName).toBe("Renamed");

    const password = await api.patch("/api/user/password", {
      data: { currentPassword: "api-pass-1", newPassword: "api-pass-2", confirmPassword: "api-pass-2" },
    });
    expect(password.status()).toBe(200);

    expect((await api.post("/api/logout")).status()).toBe(200);
    expect((await api.get("/api/user")).status()).toBe(401);
  } finally {
    await api.dispose();
  }
});
