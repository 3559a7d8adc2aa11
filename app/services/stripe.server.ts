/**
 * The one adapter to Stripe. Everything that talks to Stripe gets its client here.
 * STRIPE_API_URL points the official SDK at another host (the local test double in tests and
 * in keyless demo mode); without it the SDK talks to api.stripe.com.
 */
import Stripe from "stripe";
import { getEnv } from "~/utils/env.server";

let cached: { key: string; client: Stripe } | undefined;

export class StripeNotConfiguredError extends Error {
  constructor() {
    super("Stripe is not configured: set STRIPE_SECRET_KEY (or run `npm start` for demo mode).");
    this.name = "StripeNotConfiguredError";
  }
}

export function isStripeConfigured() {
  return Boolean(getEnv().STRIPE_SECRET_KEY);
}

export function getStripe(): Stripe {
  const env = getEnv();
  if (!env.STRIPE_SECRET_KEY) throw new StripeNotConfiguredError();
  const cacheKey = `${env.STRIPE_SECRET_KEY}|${env.STRIPE_API_URL ?? ""}`;
  if (cached?.key === cacheKey) return cached.client;
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: "florida-business-registry" } };
  if (env.STRIPE_API_URL) {
    const url = new URL(env.STRIPE_API_URL);
    config.host = url.hostname;
    config.protocol = url.protocol === "http:" ? "http" : "https";
    config.port = url.port || (url.protocol === "http:" ? 80 : 443);
  }
  cached = { key: cacheKey, client: new Stripe(env.STRIPE_SECRET_KEY, config) };
  return cached.client;
}

/** Demo mode: the SDK is pointed at the local test double, so no real card is ever charged. */
export function isDemoMode() {
  const url = getEnv().STRIPE_API_URL;
  return Boolean(url && new URL(url).hostname !== "api.stripe.com");
}

/** The browser's key for the inline (Elements) flow; none means hosted checkout only. */
export function getPublishableKey(): string | null {
  const env = getEnv();
  return env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY ? env.STRIPE_PUBLISHABLE_KEY : null;
}

export function getWebhookSecret(): string | null {
  return getEnv().STRIPE_WEBHOOK_SECRET ?? null;
}

export type { Stripe };
