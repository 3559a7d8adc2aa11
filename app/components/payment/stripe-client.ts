import type { Stripe } from "@stripe/stripe-js";

const cache = new Map<string, Promise<Stripe | null>>();

/**
 * Loads Stripe.js only when a payment form needs it (the `pure` entry does not inject the
 * script on import), once per publishable key.
 */
export function loadStripeJs(publishableKey: string): Promise<Stripe | null> {
  let promise = cache.get(publishableKey);
  if (!promise) {
    promise = import("@stripe/stripe-js/pure").then((mod) => {
      // The bundler may hand us the CommonJS build: its exports then sit on `default`.
      const loadStripe = mod.loadStripe ?? (mod as unknown as { default: typeof mod }).default.loadStripe;
      return loadStripe(publishableKey);
    });
    promise.catch(() => cache.delete(publishableKey));
    cache.set(publishableKey, promise);
  }
  return promise;
}

