/**
 * A closing (or a transfer) approved while the business renews automatically stops its
 * subscription at Stripe (issue 40), and nothing loses that: not Stripe being unreachable at the
 * moment of the decision, not the process dying right after the commit. The decision records the
 * cancellation in its own transaction; the stripe-cancellations job retries it until Stripe
 * confirms.
 */
import { spawnSync } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses, jobRuns, stripeCancellations } from "~/db/schema";
import type { StripeDouble } from "../../stripe-double/index";
import { runJob } from "~/jobs/registry.server";
import { stripeCancellationsJob } from "~/jobs/stripe-cancellations.server";
import { decideFiling } from "~/models/filings/decision.server";
import { createFiling, getFilingRow, saveAnswers, submitFiling } from "~/models/filings/filings.server";
import { getStripeCancellation } from "~/models/stripe-cancellations.server";
import * as createSubRoute from "~/routes/api.create-subscription";
import { resetEnvCache } from "~/utils/env.server";
import { callRoute, createBusiness, createUser, getBusiness, makeRequest } from "../support/factories";
import { startTestStripe, testStripe } from "../support/stripe";

let double: StripeDouble;
let admin: { id: number; username: string };

beforeAll(async () => {
  double = await startTestStripe();
  admin = await createUser({ isAdmin: true, role: "admin" });
});
afterAll(async () => {
  await double.close();
});
beforeEach(() => stripeReachable(true));

/** Points the app's Stripe client at the double, or at a port where nothing listens. */
function stripeReachable(up: boolean) {
  process.env.STRIPE_API_URL = up ? double.url : "http://127.0.0.1:9";
  resetEnvCache();
}

const subscriptionAtStripe = (id: string) => double.state.subscriptions.get(id)!;

/** An owner whose paid business renews automatically, and their closing, submitted. */
async function renewingBusinessClosing() {
  const owner = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true, employeeCount: 1, vehicleCount: 0 });
  const card = await testStripe().paymentMethods.create({ type: "card", card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } as never });
  const subscribed = await callRoute(
    createSubRoute.action as Parameters<typeof callRoute>[0],
    await makeRequest("/api/create-subscription", { user: owner, json: { businessId: business.id, paymentMethodId: card.id } }),
  );
  expect(subscribed.status).toBe(201);
  const subscriptionId = getBusiness(business.id)!.stripeSubscriptionId!;
  expect(subscriptionId).toMatch(/^sub_/);
  expect(subscriptionAtStripe(subscriptionId).status).not.toBe("canceled");
  const filing = createFiling(owner, "close-business", business.id);
  expect(saveAnswers(owner, filing, { closedOn: "2026-10-15" }).errors).toEqual({});
  submitFiling(owner, getFilingRow(filing.id)!);
  return { owner, business, filing, subscriptionId };
}

describe("stopping the renewal of a closed business at Stripe", { timeout: 120_000 }, () => {
  it("cancels the subscription right after the approval when Stripe answers", async () => {
    const { business, filing, subscriptionId } = await renewingBusinessClosing();
    await decideFiling(admin, filing.id, "approve", null);
    expect(subscriptionAtStripe(subscriptionId).status).toBe("canceled");
    expect(getStripeCancellation(subscriptionId)).toMatchObject({ businessId: business.id, reason: `filing ${filing.id}: close-business`, attempts: 1, lastError: null, doneAt: expect.any(Date) });
    expect(getBusiness(business.id)).toMatchObject({ closedOn: "2026-10-15", autoRenew: false, stripeSubscriptionId: null, subscriptionStatus: "canceled" });
  });

  it("keeps it pending while Stripe is unreachable, and the job cancels it once Stripe is back", async () => {
    const { business, filing, subscriptionId } = await renewingBusinessClosing();
    stripeReachable(false);
    const decided = await decideFiling(admin, filing.id, "approve", null);
    expect(decided.status).toBe("approved");
    expect(getBusiness(business.id)).toMatchObject({ closedOn: "2026-10-15", autoRenew: false, stripeSubscriptionId: subscriptionId });
    expect(subscriptionAtStripe(subscriptionId).status).not.toBe("canceled");
    const pending = getStripeCancellation(subscriptionId)!;
    expect(pending).toMatchObject({ attempts: 1, doneAt: null });
    expect(pending.lastError).toBeTruthy();

    // Still down: the job's run fails (the monitor sees it) and the cancellation stays pending.
    const failed = await runJob(stripeCancellationsJob);
    expect(failed).toMatchObject({ status: "error", error: expect.stringContaining(subscriptionId) });
    expect(getStripeCancellation(subscriptionId)).toMatchObject({ attempts: 2, doneAt: null });
    expect(getDb().select().from(jobRuns).where(eq(jobRuns.name, "stripe-cancellations")).get()!.lastError).toContain(subscriptionId);

    stripeReachable(true);
    const ran = await runJob(stripeCancellationsJob);
    expect(ran).toMatchObject({ status: "ran" });
    expect(subscriptionAtStripe(subscriptionId).status).toBe("canceled");
    expect(getStripeCancellation(subscriptionId)).toMatchObject({ attempts: 3, lastError: null, doneAt: expect.any(Date) });
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: null, subscriptionStatus: "canceled", autoRenew: false });

    // Done is done: the next run asks Stripe nothing about it.
    await runJob(stripeCancellationsJob);
    expect(getStripeCancellation(subscriptionId)!.attempts).toBe(3);
  });

  it("counts a subscription already cancelled at Stripe (from its dashboard, say) as done", async () => {
    const { business, filing, subscriptionId } = await renewingBusinessClosing();
    stripeReachable(false);
    await decideFiling(admin, filing.id, "approve", null);
    stripeReachable(true);
    await testStripe().subscriptions.cancel(subscriptionId);
    expect(await runJob(stripeCancellationsJob)).toMatchObject({ status: "ran" });
    expect(getStripeCancellation(subscriptionId)).toMatchObject({ lastError: null, doneAt: expect.any(Date) });
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: null });
  });

  it("leaves the buyer's own subscription alone when the seller's is cancelled late", async () => {
    const { business, filing, subscriptionId } = await renewingBusinessClosing();
    stripeReachable(false);
    await decideFiling(admin, filing.id, "approve", null);
    stripeReachable(true);
    // Meanwhile the business got a subscription of its own (as a buyer's set-up would give it).
    getDb().update(businesses).set({ stripeSubscriptionId: "sub_buyers_own", subscriptionStatus: "active" }).where(eq(businesses.id, business.id)).run();
    await runJob(stripeCancellationsJob);
    expect(subscriptionAtStripe(subscriptionId).status).toBe("canceled");
    expect(getBusiness(business.id)).toMatchObject({ stripeSubscriptionId: "sub_buyers_own", subscriptionStatus: "active" });
  });

  it("a process killed right after the approval's commit loses nothing: the job cancels what it did not", async () => {
    const { business, filing, subscriptionId } = await renewingBusinessClosing();
    const code = `
      const { decideFiling } = await import("~/models/filings/decision.server");
      await decideFiling(${JSON.stringify(admin)}, ${filing.id}, "approve", null);
      console.log("decided");
    `;
    const child = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
      // Fault points fire only with a Stripe test key; the double's address is inherited.
      env: { ...process.env, NODE_ENV: "test", STRIPE_SECRET_KEY: "sk_test_fault_points", FAULT_POINTS: "filing.decision-committed" },
      encoding: "utf8",
      timeout: 90_000,
    });
    expect(child.signal, child.stderr).toBe("SIGKILL");
    expect(child.stdout).not.toContain("decided");
    expect(getFilingRow(filing.id)!.status).toBe("approved");
    expect(subscriptionAtStripe(subscriptionId).status).not.toBe("canceled");
    expect(getStripeCancellation(subscriptionId)).toMatchObject({ businessId: business.id, attempts: 0, doneAt: null });

    expect(await runJob(stripeCancellationsJob)).toMatchObject({ status: "ran" });
    expect(subscriptionAtStripe(subscriptionId).status).toBe("canceled");
    expect(getDb().select().from(stripeCancellations).where(eq(stripeCancellations.businessId, business.id)).all()).toEqual([
      expect.objectContaining({ subscriptionId, doneAt: expect.any(Date), lastError: null }),
    ]);
  });

  it("asks Stripe nothing for a business that does not renew, or a filing that is denied", async () => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    const filing = createFiling(owner, "close-business", business.id);
    saveAnswers(owner, filing, { closedOn: "2026-10-15" });
    submitFiling(owner, getFilingRow(filing.id)!);
    await decideFiling(admin, filing.id, "approve", null);
    expect(getDb().select().from(stripeCancellations).where(eq(stripeCancellations.businessId, business.id)).all()).toEqual([]);

    const renewing = await renewingBusinessClosing();
    await decideFiling(admin, renewing.filing.id, "deny", "Your business still operates at this address.");
    expect(getStripeCancellation(renewing.subscriptionId)).toBeUndefined();
    expect(subscriptionAtStripe(renewing.subscriptionId).status).not.toBe("canceled");
  });
});
