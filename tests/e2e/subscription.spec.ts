/**
 * Annual auto-renewal on the business page: set up, toggle, cancel after confirming. Demo
 * business 3 is used only in the js-off project (hosted checkout in subscription mode); js-on
 * uses a fresh paid business and the inline card form (Stripe.js stand-in).
 */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import { fiscalYearOf } from "~/lib/tax-year";
import { E2E_NOW } from "../support/e2e-clock";
import { createBusiness, createUser, getBusiness } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";
import { serveStripeJs, stripeDoubleUrl } from "./stripe-page";

const paymentCount = (businessId: number) => getDb().select().from(payments).where(eq(payments.businessId, businessId)).all().length;

/**
 * Set-up charges nothing (this year's BTR is paid): the first renewal charges on September 1,
 * inside the renewal window before the next fiscal year (issue 21), on the e2e clock's date.
 */
function nextRenewal(today = new Date(E2E_NOW)) {
  return `September 1, ${fiscalYearOf(today)}`;
}

test.describe("annual auto-renewal", () => {
  test.beforeEach(async ({ page }) => {
    await serveStripeJs(page);
  });

  test("set up, turn auto-renew off, cancel after confirming", async ({ page, loginAs, jsEnabled }) => {
    let businessId = 3;
    if (jsEnabled) {
      const owner = await createUser();
      businessId = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true, employeeCount: 1 }).id;
      await loginAs(owner);
    } else {
      await loginAs({ id: 2 });
    }
    const paymentsBefore = paymentCount(businessId);
    await page.goto(`/business/${businessId}`);
    const card = page.getByTestId("subscription-card");
    await expect(card.getByRole("heading", { name: "Annual auto-renewal" })).toBeVisible();

    if (jsEnabled) {
      await card.getByLabel("Card number").fill("4242 4242 4242 4242");
      await card.getByRole("button", { name: "Set up auto-renewal" }).click();
    } else {
      await card.getByRole("button", { name: "Set up auto-renewal" }).click();
      await expect(page).toHaveURL(new RegExp(`^${stripeDoubleUrl()}/checkout/`));
      // Hosted checkout in subscription mode with a trial: nothing due today, the fee from September 1.
      await expect(page.getByRole("table", { name: "Order summary" })).toContainText("Total due today$0.00");
      await expect(page.getByRole("table", { name: "Order summary" })).toContainText(`Then, from ${nextRenewal()}`);
      await page.getByLabel("Card number").fill("4242 4242 4242 4242");
      await page.getByRole("button", { name: "Subscribe" }).click();
      await expect(page).toHaveURL(`/business/${businessId}`);
    }
    await expectToast(page, "Subscription created");
    // Nothing was charged at set-up (this year's BTR is paid): no new payment, trialing until September 1.
    expect(getBusiness(businessId)?.subscriptionStatus).toBe("trialing");
    expect(paymentCount(businessId)).toBe(paymentsBefore);
    await expect(card.getByTestId("subscription-status")).toHaveText(`Your BTR will automatically renew on ${nextRenewal()}.`);
    expect(getBusiness(businessId)?.stripeSubscriptionId).toMatch(/^sub_/);

    await card.getByRole("button", { name: "Turn off auto-renewal" }).click();
    await expectToast(page, "Settings updated");
    await expect(card.getByTestId("subscription-status")).toHaveText(`Your BTR will expire on ${nextRenewal()}.`);
    await card.getByRole("button", { name: "Turn on auto-renewal" }).click();
    await expect(card.getByTestId("subscription-status")).toHaveText(/automatically renew/);

    const sentence = "Are you sure you want to cancel your subscription? This will disable automatic renewal of your BTR.";
    if (jsEnabled) {
      await card.getByRole("button", { name: "Cancel subscription" }).click();
      const dialog = page.getByRole("dialog", { name: "Cancel subscription" });
      await expect(dialog).toContainText(sentence);
      await dialog.getByRole("button", { name: "Yes, cancel subscription" }).click();
    } else {
      await card.getByRole("link", { name: "Cancel subscription" }).click();
      await expect(page).toHaveURL(`/business/${businessId}/subscription?confirm=cancel`);
      await expect(page.getByText(sentence)).toBeVisible();
      await page.getByRole("button", { name: "Yes, cancel subscription" }).click();
      await expect(page).toHaveURL(`/business/${businessId}`);
    }
    await expectToast(page, "Subscription cancelled");
    await expect(card).toContainText("Your subscription has been cancelled.");
    expect(getBusiness(businessId)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: "canceled" });
  });

  test("a card that asks for 3-D Secure is authenticated at set-up, without being charged @js-only", async ({ page, loginAs }) => {
    const owner = await createUser();
    const businessId = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true }).id;
    await loginAs(owner);
    await page.goto(`/business/${businessId}`);
    const card = page.getByTestId("subscription-card");
    await card.getByLabel("Card number").fill("4000 0025 0000 3155");
    await card.getByRole("button", { name: "Set up auto-renewal" }).click();
    const challenge = page.getByRole("dialog", { name: "3D Secure test payment" });
    await challenge.getByRole("button", { name: "Complete authentication" }).click();
    await expectToast(page, "Subscription created");
    await expect(card.getByTestId("subscription-status")).toHaveText(`Your BTR will automatically renew on ${nextRenewal()}.`);
    expect(getBusiness(businessId)?.subscriptionStatus).toBe("trialing");
    // Only the receipt the paid business was made with (issue 21): nothing was charged.
    expect(paymentCount(businessId)).toBe(1);
  });

  test("a declined card at set-up shows the provider's message and sets nothing up @js-only", async ({ page, loginAs }) => {
    const owner = await createUser();
    const businessId = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true }).id;
    await loginAs(owner);
    await page.goto(`/business/${businessId}`);
    const card = page.getByTestId("subscription-card");
    await card.getByLabel("Card number").fill("4000 0000 0000 0002");
    await card.getByRole("button", { name: "Set up auto-renewal" }).click();
    await expectToast(page, "Subscription error");
    await expect(card.getByTestId("subscription-error")).toHaveText("Your card was declined.");
    expect(getBusiness(businessId)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: null });
    // Only the receipt the paid business was made with (issue 21): nothing was charged.
    expect(paymentCount(businessId)).toBe(1);
  });

  test("the card is absent for a stranger and for an unpaid business", async ({ page, loginAs }) => {
    const stranger = await createUser();
    await loginAs(stranger);
    await page.goto("/business/3");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("subscription-card")).toHaveCount(0);
    const unpaid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: stranger.id });
    await page.goto(`/business/${unpaid.id}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByTestId("subscription-card")).toHaveCount(0);
    // The management page itself refuses a stranger.
    const response = await page.goto("/business/3/subscription");
    expect(response?.status()).toBe(403);
  });
});
