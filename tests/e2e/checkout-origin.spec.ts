/**
 * With APP_URL unset (as the e2e server runs), hosted checkout sends the payer back to the host
 * they opened the site with. Opened as 127.0.0.1, the session cookie lives on 127.0.0.1: coming
 * back to localhost would land on the sign-in page.
 */
import { createSession } from "~/utils/session.server";
import { createBusiness, createUser } from "../support/factories";
import { expect, test } from "./fixtures";

const site = `http://127.0.0.1:${process.env.E2E_PORT}`;

test("a hosted checkout started on 127.0.0.1 comes back there, signed in", async ({ page, context, jsEnabled }) => {
  test.skip(jsEnabled, "Hosted checkout is the no-JavaScript path; with JavaScript the card form pays inline.");
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 1, vehicleCount: 1 });
  const [name, ...value] = (await createSession(owner.id, false)).split(";")[0].split("=");
  await context.addCookies([{ name, value: value.join("="), url: site, httpOnly: true, sameSite: "Lax" }]);

  await page.goto(`${site}/payment/${business.id}`);
  await expect(page.getByTestId("total-amount")).toHaveText("$115.00");
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  await expect(page).toHaveURL(/\/checkout\/cs_test_/);
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay" }).click();

  await expect(page).toHaveURL(new RegExp(`^${site.replace(/\./g, "\\.")}/payment/${business.id}\\?paid=\\d+$`));
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
  await page.goto(`${site}/dashboard`);
  await expect(page).toHaveURL(`${site}/dashboard`);
});
