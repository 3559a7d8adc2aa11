import { getEnv } from "~/utils/env.server";

const STRIPE_SCRIPT_HOSTS = ["https://js.stripe.com", "https://*.js.stripe.com"];
const STRIPE_FRAME_HOSTS = ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"];
const STRIPE_CONNECT_HOSTS = ["https://api.stripe.com", "https://m.stripe.network", "https://q.stripe.com"];
const STRIPE_CHECKOUT_HOSTS = ["https://checkout.stripe.com"];

/** The origin of the Stripe test double, when the SDK is pointed at one. */
function stripeDoubleOrigin(): string[] {
  const url = getEnv().STRIPE_API_URL;
  return url ? [new URL(url).origin] : [];
}

export function contentSecurityPolicy(nonce: string): string {
  const double = stripeDoubleOrigin();
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": ["'self'", `'nonce-${nonce}'`, ...STRIPE_SCRIPT_HOSTS],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:", "blob:", "https://*.stripe.com"],
    "font-src": ["'self'", "data:"],
    "connect-src": ["'self'", ...STRIPE_CONNECT_HOSTS, ...double],
    "frame-src": [...STRIPE_FRAME_HOSTS, ...double],
    // Chrome applies form-action to the redirect after a POST: hosted checkout must be allowed.
    "form-action": ["'self'", ...STRIPE_CHECKOUT_HOSTS, ...double],
    "frame-ancestors": ["'none'"],
    "base-uri": ["'self'"],
    "object-src": ["'none'"],
  };
  if (getEnv().NODE_ENV === "development") directives["connect-src"].push("ws://localhost:*");
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/** Headers every HTML document carries. */
export function applyDocumentSecurityHeaders(headers: Headers, nonce: string) {
  headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  applyBaseSecurityHeaders(headers);
}

/** Headers every response carries, documents or data. */
export function applyBaseSecurityHeaders(headers: Headers) {
  headers.set("X-Content-Type-Options", "nosniff");
  headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  headers.set("X-Frame-Options", "DENY");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
}
