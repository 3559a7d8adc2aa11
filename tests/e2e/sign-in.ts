/** Signing in through the /login form, as a person does (for the second factor's specs). */
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { TEST_PASSWORD } from "../support/factories";

/** A made-up client address, so parallel tests never share a sign-in lockout bucket. */
export const clientAddress = () => `192.0.2.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}`;

/** Fills and sends the login form with the test password; where it lands is the caller's to check. */
export async function signInWithPassword(page: Page, username: string) {
  await page.goto("/login");
  const form = page.locator("#login-form");
  await form.getByLabel("Username").fill(username);
  await form.getByLabel("Password").fill(TEST_PASSWORD);
  await form.getByRole("button", { name: "Sign in" }).click();
}
