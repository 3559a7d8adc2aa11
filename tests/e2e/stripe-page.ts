/**
 * The Stripe double in the browser: js.stripe.com is out of reach offline, so its Stripe.js
 * stand-in is served in its place, and a payment is made the way an owner makes it (Stripe
 * Elements with JavaScript, the double's hosted checkout page without).
 */
import { expect, type Page } from "@playwright/test";

/** The Stripe double of the e2e server this worker talks to (E2E_STRIPE_PORT, set by fixtures.ts). */
export const stripeDoubleUrl = () => `http://localhost:${process.env.E2E_STRIPE_PORT}`;

/** Serves the double's Stripe.js stand-in for https://js.stripe.com. */
export async function serveStripeJs(page: Page) {
  await page.route("https://js.stripe.com/**", async (route) => {
    const response = await fetch(`${stripeDoubleUrl()}/js/stripe.js`);
    await route.fulfill({ status: 200, contentType: "application/javascript", body: await response.text() });
  });
}

/** From the payment page: pays `total` with a test card and waits for "Payment Successful". */
export async function payOnPage(page: Page, jsEnabled: boolean, total: string) {
  await page.getByRole("button", { name: "Continue to Payment" }).click();
  if (jsEnabled) {
    await page.getByLabel("Card number").fill("4242424242424242");
    await page.getByRole("button", { name: `Pay ${total}` }).click();
  } else {
    await expect(page).toHaveURL(new RegExp(`^${stripeDoubleUrl()}/checkout/cs_test_`));
    await expect(page.getByText(total).first()).toBeVisible();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByRole("button", { name: "Pay" }).click();
  }
  await expect(page.getByRole("heading", { name: "Payment Successful" })).toBeVisible();
}
