/**
 * Step-up (issue 41): staff with an authenticator whose session has not passed it (the loginAs
 * fixture's sessions have not) are asked for a code before an action that moves money or power,
 * and the action then carries on with what they typed first. JS on and off, one database:
 * every test makes its own staff member, business and payment. The codes are computed from the
 * secret like the app on a phone would.
 */
import crypto from "node:crypto";
import { recordCounterPayment } from "~/models/counter-payment.server";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { eq } from "drizzle-orm";
import { createBusiness, createUser, unique } from "../support/factories";
import { enrolTotp, totpCode, wrongCode } from "../support/mfa";
import { expect, expectToast, test } from "./fixtures";
import { holdScripts, waitForHydration } from "./slow-scripts";

const WRONG_CODE = "That code is not right. Check your authenticator app and try again";

// Each test from its own client address: the wrong codes count in the sign-in lockout, whose
// per-address bucket the parallel tests (both projects share one server) must never share.
test.beforeEach(async ({ page }) => {
  await page.setExtraHTTPHeaders({ "X-Forwarded-For": `192.0.2.${crypto.randomInt(1, 255)}-${crypto.randomBytes(4).toString("hex")}` });
});

async function staffWithAuthenticator(role: "admin" | "clerk") {
  const user = await createUser({ role, isAdmin: role === "admin", username: unique(`${role}_`) });
  return { user, secret: enrolTotp(user.id).secret };
}

test("an administrator's refund asks for the step-up and completes after it, with the amount and reason typed first", async ({ page, loginAs }) => {
  const { user: admin, secret } = await staffWithAuthenticator("admin");
  const business = createBusiness({ name: `${unique("StepUp")} Bakery LLC`, employeeCount: 1, vehicleCount: 0 });
  recordCounterPayment(admin, { businessId: business.id, method: "check", checkNumber: "2001", key: crypto.randomUUID() });
  await loginAs(admin);

  await page.goto(`/admin/businesses/${business.id}`);
  await page.getByLabel("Refund amount ($)").fill("7.25");
  await page.getByLabel("Reason").fill("Counted a vehicle it does not have");
  await page.getByRole("button", { name: "Refund" }).click();

  const prompt = page.getByTestId("step-up");
  await expect(prompt.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await expect(prompt).toContainText("Nothing you typed is lost");
  const code = prompt.getByLabel("Authentication code");
  await expect(code).toHaveAttribute("autocomplete", "one-time-code");
  await code.fill(wrongCode(secret));
  await prompt.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: WRONG_CODE })).toBeVisible();
  await expect(page.getByText("refunded on")).toHaveCount(0);

  await page.getByLabel("Authentication code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expectToast(page, "Refund made");
  await expect(page.getByText("$7.25 refunded on 2026-11-16: Counted a vehicle it does not have")).toBeVisible();

  // The session passed its factor: the next refund is not asked again.
  await page.getByLabel("Reason").fill("The rest, the business closed");
  await page.getByRole("button", { name: "Refund" }).click();
  await expectToast(page, "Refund made");
  await expect(page.getByText("Refunded in full: the receipt is void.")).toBeVisible();
});

test("a clerk's counter payment asks for the step-up, and Cancel leaves nothing recorded", async ({ page, loginAs }) => {
  const { user: clerk, secret } = await staffWithAuthenticator("clerk");
  const business = createBusiness({ name: `${unique("StepUp")} Florist LLC`, employeeCount: 0, vehicleCount: 0 });
  await loginAs(clerk);

  await page.goto(`/admin/businesses/${business.id}`);
  await page.getByRole("radio", { name: "Check" }).check();
  await page.getByLabel("Check number (for a check)").fill("3003");
  await page.getByRole("button", { name: "Record payment and issue receipt" }).click();
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Record a payment at the counter" })).toBeVisible();
  await expect(page.getByText("No payments yet.")).toBeVisible();

  await page.getByRole("radio", { name: "Check" }).check();
  await page.getByLabel("Check number (for a check)").fill("3004");
  await page.getByRole("button", { name: "Record payment and issue receipt" }).click();
  await page.getByLabel("Authentication code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expectToast(page, "Payment recorded");
  await expect(page.getByTestId(/^payment-\d+$/)).toContainText("Check no. 3004");
});

test("a role change asks for the step-up on the role's page, then changes the role", async ({ page, loginAs }) => {
  const { user: admin, secret } = await staffWithAuthenticator("admin");
  const target = await createUser({ username: unique("newclerk_") });
  await loginAs(admin);

  await page.goto(`/admin/users/${target.id}/role`);
  await expect(page.getByRole("heading", { level: 1, name: `Role of ${target.username}` })).toBeVisible();
  await page.getByLabel("Role").selectOption("clerk");
  await page.getByRole("button", { name: "Save role" }).click();
  await expect(page.getByRole("heading", { name: "Confirm it's you" })).toBeVisible();
  await page.getByLabel("Authentication code").fill(totpCode(secret));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expectToast(page, "Role changed");
  await expect(page).toHaveURL(/\/admin\?tab=users$/);
  expect(getDb().select().from(users).where(eq(users.id, target.id)).get()!.role).toBe("clerk");
});

test("/step-up verifies the session and goes on to where the staff member was going", async ({ page, loginAs }) => {
  const { user: clerk, secret } = await staffWithAuthenticator("clerk");
  await loginAs(clerk);

  await page.goto("/step-up?redirectTo=%2Fadmin%2Ffilings");
  await expect(page.getByRole("heading", { level: 1, name: "Confirm it's you" })).toBeVisible();
  const code = page.getByLabel("Authentication code");
  await expect(code).toBeFocused();
  await code.fill(wrongCode(secret));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page.getByRole("alert").filter({ hasText: WRONG_CODE })).toBeVisible();
  // After a wrong code: an empty box with the cursor in it, and what is typed next is kept.
  await expect(code).toHaveValue("");
  await expect(code).toBeFocused();
  await code.pressSequentially(totpCode(secret));
  await page.getByRole("button", { name: "Verify and continue" }).click();
  await expect(page).toHaveURL(/\/admin\/filings$/);
  await expectToast(page, "Identity confirmed");
});

test.describe("before the page comes alive @js-only", () => {
  test("a code typed while the scripts are still loading is kept and sent", async ({ page, loginAs }) => {
    const { user: clerk, secret } = await staffWithAuthenticator("clerk");
    await loginAs(clerk);

    const scripts = await holdScripts(page);
    await page.goto("/step-up?redirectTo=%2Fadmin%2Ffilings", { waitUntil: "commit" });
    const code = page.getByLabel("Authentication code");
    const typed = totpCode(secret);
    await code.fill(typed);
    scripts.release();
    await waitForHydration(page, 'input[name="stepUpCode"]');
    await expect(code).toHaveValue(typed);
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page).toHaveURL(/\/admin\/filings$/);
  });

  test("a code typed after a wrong one is kept when the page's data arrives after the error", async ({ page, loginAs }) => {
    const { user: clerk, secret } = await staffWithAuthenticator("clerk");
    await loginAs(clerk);
    await page.goto("/step-up?redirectTo=%2Fadmin%2Ffilings");
    await waitForHydration(page, 'input[name="stepUpCode"]');

    // The page's data read again after the wrong code is held until the next code is typed:
    // its answer (the same methods, a new array) must not start the box over.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let held = false;
    await page.route(/\/step-up\.data/, async (route) => {
      if (route.request().method() === "GET" && !held) {
        held = true;
        await released;
      }
      await route.continue();
    });
    const code = page.getByLabel("Authentication code");
    await code.fill(wrongCode(secret));
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page.getByRole("alert").filter({ hasText: WRONG_CODE })).toBeVisible();
    const typed = totpCode(secret);
    await code.pressSequentially(typed);
    release();
    await expect.poll(() => held).toBe(true);
    await page.waitForLoadState("networkidle");
    await expect(code).toHaveValue(typed);
    await page.getByRole("button", { name: "Verify and continue" }).click();
    await expect(page).toHaveURL(/\/admin\/filings$/);
  });
});
