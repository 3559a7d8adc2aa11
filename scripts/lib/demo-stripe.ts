import type { Env } from "~/utils/env.server";
import { startStripeDouble } from "../../stripe-double/index";

export const DEMO_STRIPE_PORT = 12111;

/**
 * Demo mode: with no STRIPE_SECRET_KEY, payments go to the local Stripe test double so the
 * whole journey (hosted checkout, webhooks, receipts) works offline. Returns the variables the
 * app must run with, and a stopper. No publishable key: demo mode uses hosted checkout.
 */
export async function startDemoStripe(env: Env): Promise<{ env: Record<string, string>; close: () => Promise<void> }> {
  if (env.STRIPE_SECRET_KEY) return { env: {}, close: async () => {} };
  const webhookUrl = `${env.APP_URL.replace(/\/$/, "")}/api/stripe/webhook`;
  const start = (port: number) => startStripeDouble({ port, webhookUrl, log: (m) => console.log(`[stripe-double] ${m}`) });
  const double = await start(DEMO_STRIPE_PORT).catch(() => start(0));
  console.log(
    `STRIPE_SECRET_KEY not set: payments run in demo mode against the Stripe test double at ${double.url} (no real card is charged). Test card: 4242 4242 4242 4242.`,
  );
  return {
    env: {
      STRIPE_SECRET_KEY: "sk_test_demo_offline",
      STRIPE_API_URL: double.url,
      STRIPE_WEBHOOK_SECRET: double.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: "",
    },
    close: () => double.close(),
  };
}
