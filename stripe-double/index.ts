/**
 * A Stripe-compatible test double: a node:http server that the official `stripe` SDK talks to
 * (`new Stripe(key, { host, port, protocol })`), with a hosted checkout page that works without
 * JavaScript, a 3-D Secure step, signed webhook delivery, and a Stripe.js stand-in at
 * /js/stripe.js for browser tests. Used by the tests and by `npm start` in demo mode (scripts/lib/demo-stripe.ts).
 * Nothing under app/ imports it (eslint enforces this): the app reaches it only through the Stripe
 * SDK, with STRIPE_API_URL pointing at it. See README.md in this folder.
 */
import crypto from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { arr, bool, obj, parseStripeForm, str, type FormObject } from "./form";
import { authenticatePage, checkoutPage, chargeReceiptPage } from "./pages";
import { stripeJsStandIn } from "./stripe-js-standin";
import { clean, DoubleState, StripeError, type StripeObject } from "./state";

export type StripeDoubleOptions = {
  /** 0 (default) picks a free port. */
  port?: number;
  host?: string;
  /** Where events are POSTed (the app's /api/stripe/webhook); none: events are only stored. */
  webhookUrl?: string;
  /** The endpoint's signing secret (whsec_...). A random one when omitted. */
  webhookSecret?: string;
  /** Quiet unless set. */
  log?: (message: string) => void;
  /**
   * Tests only: multiplies the webhook retry delays (WEBHOOK_RETRY_DELAYS_MS, Stripe's hours to
   * days). 0.001 makes 5 minutes 300 ms. Default 1.
   */
  webhookRetryScale?: number;
};

/**
 * After a failed delivery Stripe retries "for up to three days with an exponential back off"
 * (docs.stripe.com/webhooks#retries). The double's schedule after the first attempt: 5 min,
 * 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 14 h: the last one ~2.5 days after the event. Never a
 * few retries within a second, which would make a short restart lose the event.
 */
export const WEBHOOK_RETRY_DELAYS_MS = [5, 30, 120, 300, 600, 600, 840, 840].map((m) => m * 60_000);

export type StripeDouble = {
  url: string;
  port: number;
  webhookSecret: string;
  state: DoubleState;
  setWebhookUrl(url: string | undefined): void;
  /** Resolves once every queued webhook delivery has been attempted (first attempts, not retries). */
  flushWebhooks(): Promise<void>;
  /** Deliveries waiting for a retry. */
  pendingRetries(): number;
  /** Tests only: makes every waiting retry now (as if its time had come); resolves when done. */
  retryNow(): Promise<void>;
  /** The Stripe-Signature header for a payload, signed with this double's secret (or another). */
  signatureHeader(payload: string, secret?: string, timestamp?: number): string;
  close(): Promise<void>;
};

/** `t=<unix>,v1=<hex HMAC-SHA256(secret, "<t>.<payload>")>`, as stripe.webhooks.constructEvent expects. */
export function stripeSignatureHeader(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)) {
  const signature = crypto.createHmac("sha256", secret).update(`${timestamp}.${payload}`, "utf8").digest("hex");
  return `t=${timestamp},v1=${signature}`;
}

type Reply = { status: number; body?: unknown; html?: string; js?: string; redirect?: string };

const CORS_HEADERS = {
  "Access-Control-Allow-Origin": "*",
  "Access-Control-Allow-Methods": "GET, POST, DELETE, OPTIONS",
  "Access-Control-Allow-Headers": "Authorization, Content-Type, Idempotency-Key, Stripe-Version, Stripe-Account",
  "Access-Control-Max-Age": "600",
};

export async function startStripeDouble(options: StripeDoubleOptions = {}): Promise<StripeDouble> {
  const webhookSecret = options.webhookSecret ?? `whsec_${crypto.randomBytes(24).toString("hex")}`;
  let webhookUrl = options.webhookUrl;
  let publicUrl = "";
  const log = options.log ?? (() => {});
  let deliveryChain: Promise<void> = Promise.resolve();

  const retryScale = options.webhookRetryScale ?? 1;
  /** Deliveries that failed and wait for their next attempt. */
  const retries = new Map<NodeJS.Timeout, () => Promise<void>>();

  /** One attempt; true when the endpoint answered 2xx. */
  const attempt = async (target: string, event: StripeObject): Promise<boolean> => {
    const payload = JSON.stringify(event, null, 2);
    try {
      const res = await fetch(target, {
        method: "POST",
        headers: {
          "Content-Type": "application/json; charset=utf-8",
          "Stripe-Signature": stripeSignatureHeader(payload, webhookSecret),
          "User-Agent": "Stripe/1.0 (+https://stripe.com/docs/webhooks)",
        },
        body: payload,
        signal: AbortSignal.timeout(10_000),
      });
      await res.arrayBuffer().catch(() => undefined);
      log(`webhook ${event.type} ${event.id} -> ${res.status}`);
      return res.ok;
    } catch (error) {
      log(`webhook ${event.type} ${event.id} failed: ${(error as Error).message}`);
      return false;
    }
  };

  const scheduleRetry = (target: string, event: StripeObject, retry: number) => {
    if (retry >= WEBHOOK_RETRY_DELAYS_MS.length) {
      log(`webhook ${event.type} ${event.id}: giving up after ${retry + 1} attempts`);
      return;
    }
    const run = async () => {
      retries.delete(timer);
      // To the endpoint's URL as configured now (an endpoint's URL can change between attempts).
      const now = webhookUrl ?? target;
      if (!(await attempt(now, event))) scheduleRetry(now, event, retry + 1);
    };
    const timer = setTimeout(() => void run(), WEBHOOK_RETRY_DELAYS_MS[retry] * retryScale);
    timer.unref();
    retries.set(timer, run);
  };

  const deliver = (event: StripeObject) => {
    if (!webhookUrl) return;
    const target = webhookUrl;
    // First attempts in order, one at a time, like a single endpoint at Stripe; a failed one
    // is retried later on Stripe's schedule without holding up the events after it.
    deliveryChain = deliveryChain.then(async () => {
      if (!(await attempt(target, event))) scheduleRetry(target, event, 0);
    });
  };

  const state = new DoubleState(() => publicUrl, deliver);
  /** Idempotency-Key -> the first response, and a fingerprint of the request it answered. */
  const idempotent = new Map<string, { fingerprint: string; reply: Reply }>();

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const body = Buffer.concat(chunks).toString("utf8");
      let reply: Reply;
      try {
        reply = route(req, body);
      } catch (error) {
        if (error instanceof StripeError) reply = { status: error.status, body: { error: error.body } };
        else {
          log(`double error: ${(error as Error).stack}`);
          reply = { status: 500, body: { error: { type: "api_error", message: (error as Error).message } } };
        }
      }
      const headers: Record<string, string> = { ...CORS_HEADERS, "Request-Id": `req_${crypto.randomBytes(8).toString("hex")}` };
      if (reply.redirect) {
        res.writeHead(reply.status, { ...headers, Location: reply.redirect });
        res.end();
      } else if (reply.html !== undefined) {
        res.writeHead(reply.status, { ...headers, "Content-Type": "text/html; charset=utf-8" });
        res.end(reply.html);
      } else if (reply.js !== undefined) {
        res.writeHead(reply.status, { ...headers, "Content-Type": "application/javascript; charset=utf-8" });
        res.end(reply.js);
      } else {
        res.writeHead(reply.status, { ...headers, "Content-Type": "application/json" });
        res.end(reply.body === undefined ? "" : JSON.stringify(reply.body));
      }
    });
  });

  function route(req: http.IncomingMessage, rawBody: string): Reply {
    const url = new URL(req.url ?? "/", publicUrl);
    const method = (req.method ?? "GET").toUpperCase();
    const path = url.pathname.replace(/\/+$/, "") || "/";
    if (method === "OPTIONS") return { status: 204 };

    // ---- browser pages (no API key) ----
    if (method === "GET" && (path === "/js/stripe.js" || path === "/v3" || path.endsWith("/stripe.js"))) {
      return { status: 200, js: stripeJsStandIn(publicUrl) };
    }
    let m: RegExpMatchArray | null;
    if ((m = path.match(/^\/checkout\/([^/]+)(\/pay|\/return)?$/))) {
      const session = state.sessions.get(m[1]);
      if (!session) return { status: 404, html: checkoutPage(null) };
      if (m[2] === "/pay" && method === "POST") {
        const form = new URLSearchParams(rawBody);
        const result = state.payCheckoutSession(session, form.get("cardNumber") ?? "", form.get("email") ?? undefined);
        if ("redirect" in result) return { status: 303, redirect: result.redirect };
        return { status: 402, html: checkoutPage(session, result.error, state.listLineItems(session).data) };
      }
      if (m[2] === "/return") {
        const result = state.finishCheckoutSession(session);
        if ("redirect" in result) return { status: 303, redirect: result.redirect };
        return { status: 402, html: checkoutPage(session, result.error, state.listLineItems(session).data) };
      }
      if (session.status === "complete") return { status: 303, redirect: state.successUrl(session) };
      return { status: 200, html: checkoutPage(session, undefined, state.listLineItems(session).data) };
    }
    if ((m = path.match(/^\/authenticate\/([^/]+)$/))) {
      const pi = state.paymentIntents.get(m[1]) ?? state.setupIntents.get(m[1]);
      const params = method === "POST" ? new URLSearchParams(rawBody) : url.searchParams;
      if (!pi || params.get("client_secret") !== pi.client_secret) return { status: 404, html: authenticatePage(null, "") };
      const returnUrl = params.get("return_url") ?? "";
      if (method === "POST") {
        const setup = pi.object === "setup_intent";
        if (setup) state.authenticateSetup(pi, params.get("outcome") === "complete");
        else state.authenticate(pi, params.get("outcome") === "complete");
        const back = returnUrl ? new URL(returnUrl) : null;
        if (back) {
          back.searchParams.set(setup ? "setup_intent" : "payment_intent", pi.id);
          back.searchParams.set(setup ? "setup_intent_client_secret" : "payment_intent_client_secret", pi.client_secret);
          back.searchParams.set("redirect_status", pi.status === "succeeded" ? "succeeded" : "failed");
          return { status: 303, redirect: back.toString() };
        }
        return { status: 200, html: authenticatePage(pi, returnUrl, true) };
      }
      return { status: 200, html: authenticatePage(pi, returnUrl) };
    }
    if ((m = path.match(/^\/receipts\/([^/]+)$/))) {
      const charge = state.charges.get(m[1]);
      return { status: charge ? 200 : 404, html: chargeReceiptPage(charge ?? null) };
    }

    // ---- the API ----
    if (!path.startsWith("/v1/") && !path.startsWith("/_double/")) {
      return notFound(path);
    }
    const key = bearer(req);
    if (!key || !/^(sk|rk|pk)_(test|live)_/.test(key)) {
      return {
        status: 401,
        body: { error: { type: "invalid_request_error", message: `Invalid API Key provided: ${key ? `${key.slice(0, 8)}****` : "(none)"}` } },
      };
    }
    const publishable = key.startsWith("pk_");
    const params: FormObject = method === "GET" || method === "DELETE" ? parseStripeForm(url.search.slice(1)) : parseStripeForm(rawBody);

    // Idempotency: a repeated key answers with the first response (a different request is a 400).
    const idemKey = req.headers["idempotency-key"];
    const idem = typeof idemKey === "string" && method === "POST" ? `${key}:${idemKey}` : null;
    const fingerprint = `${method} ${path} ${rawBody}`;
    if (idem) {
      const seen = idempotent.get(idem);
      if (seen) {
        if (seen.fingerprint !== fingerprint) {
          return {
            status: 400,
            body: {
              error: {
                type: "idempotency_error",
                message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${String(idemKey)}' if you meant to execute a different request.`,
              },
            },
          };
        }
        return seen.reply;
      }
    }
    let reply: Reply;
    try {
      const result = publishable ? publishableApi(method, path, params) : secretApi(method, path, params);
      reply = result === null ? notFound(path) : { status: 200, body: expand(clean(structuredClone(result)), arr(params.expand).map(String)) };
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      reply = { status: error.status, body: { error: error.body } };
    }
    // Stripe stores the outcome of any request that began executing (errors included, except 500s).
    if (idem && reply.status !== 500) idempotent.set(idem, { fingerprint, reply });
    return reply;
  }

  function bearer(req: http.IncomingMessage): string | null {
    const auth = req.headers.authorization ?? "";
    if (auth.startsWith("Bearer ")) return auth.slice(7).trim();
    if (auth.startsWith("Basic ")) return Buffer.from(auth.slice(6), "base64").toString("utf8").split(":")[0];
    return null;
  }

  function notFound(path: string): Reply {
    return {
      status: 404,
      body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${path}).` } },
    };
  }

  /** What Stripe.js may do with a publishable key: card payment methods, and confirming by client secret. */
  function publishableApi(method: string, path: string, p: FormObject): StripeObject | null {
    let m: RegExpMatchArray | null;
    if (method === "POST" && path === "/v1/payment_methods") return state.createPaymentMethod(p);
    if ((m = path.match(/^\/v1\/setup_intents\/([^/]+)(\/confirm|\/authenticate)?$/))) {
      const si = state.get("setup_intent", m[1]);
      if (str(p.client_secret) !== si.client_secret) {
        throw new StripeError(400, {
          type: "invalid_request_error",
          message: "The client_secret provided does not match the client_secret associated with the SetupIntent.",
          param: "client_secret",
        });
      }
      if (method === "GET" && !m[2]) return si;
      if (method === "POST" && m[2] === "/confirm") return confirmSetup(si, p);
      if (method === "POST" && m[2] === "/authenticate") return state.authenticateSetup(si, str(p.outcome) === "complete");
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm|\/authenticate)?$/))) {
      const pi = state.get("payment_intent", m[1]);
      if (str(p.client_secret) !== pi.client_secret) {
        throw new StripeError(400, {
          type: "invalid_request_error",
          message: "The client_secret provided does not match the client_secret associated with the PaymentIntent.",
          param: "client_secret",
        });
      }
      if (method === "GET" && !m[2]) return pi;
      if (method === "POST" && m[2] === "/confirm") return confirm(pi, p);
      if (method === "POST" && m[2] === "/authenticate") return state.authenticate(pi, str(p.outcome) === "complete");
    }
    if (method === "GET" || method === "POST" || method === "DELETE") {
      throw new StripeError(401, {
        type: "invalid_request_error",
        message: "This API call cannot be made with a publishable API key. Please use a secret API key.",
      });
    }
    return null;
  }

  function confirm(pi: StripeObject, p: FormObject) {
    let pm = str(p.payment_method);
    const pmData = obj(p.payment_method_data);
    if (!pm && pmData) pm = state.createPaymentMethod(pmData).id;
    return state.confirm(pi, { payment_method: pm, return_url: str(p.return_url), off_session: bool(p.off_session) });
  }

  function confirmSetup(si: StripeObject, p: FormObject) {
    let pm = str(p.payment_method);
    const pmData = obj(p.payment_method_data);
    if (!pm && pmData) pm = state.createPaymentMethod(pmData).id;
    return state.confirmSetup(si, { payment_method: pm, return_url: str(p.return_url) });
  }

  function secretApi(method: string, path: string, p: FormObject): StripeObject | null {
    let m: RegExpMatchArray | null;
    /** Stripe's list parameters: created[gt|gte|lt|lte], status (where Stripe has it), limit (10, max 100), starting_after. */
    const list = (items: StripeObject[], url: string) => {
      const created = (p.created && typeof p.created === "object" ? p.created : {}) as Record<string, unknown>;
      const bound = (k: string) => (created[k] === undefined ? undefined : Number(created[k]));
      const [gt, gte, lt, lte] = ["gt", "gte", "lt", "lte"].map(bound);
      const status = str(p.status);
      let data = items.filter((o) => {
        const c = Number(o.created);
        return (
          (gt === undefined || c > gt) &&
          (gte === undefined || c >= gte) &&
          (lt === undefined || c < lt) &&
          (lte === undefined || c <= lte) &&
          (!status || o.status === status)
        );
      });
      const after = str(p.starting_after);
      if (after) data = data.slice(data.findIndex((o) => o.id === after) + 1);
      const limit = Math.min(100, Math.max(1, Number(str(p.limit) ?? 10) || 10));
      return { object: "list", has_more: data.length > limit, url, data: data.slice(0, limit) };
    };
    // customers
    if (path === "/v1/customers" && method === "POST") return state.createCustomer(p);
    if ((m = path.match(/^\/v1\/customers\/([^/]+)$/))) {
      if (method === "GET") return state.get("customer", m[1]);
      if (method === "POST") return state.updateCustomer(m[1], p);
    }
    // payment methods
    if (path === "/v1/payment_methods" && method === "POST") return state.createPaymentMethod(p);
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)$/)) && method === "GET") return state.get("payment_method", m[1]);
    if ((m = path.match(/^\/v1\/payment_methods\/([^/]+)\/attach$/)) && method === "POST") {
      return state.attach(m[1], str(p.customer) ?? "");
    }
    // payment intents
    if (path === "/v1/payment_intents") {
      if (method === "POST") return state.createPaymentIntent(p);
      if (method === "GET") return list([...state.paymentIntents.values()].reverse(), path);
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)(\/confirm|\/cancel)?$/))) {
      const pi = state.get("payment_intent", m[1]);
      if (method === "GET" && !m[2]) return pi;
      if (method === "POST" && !m[2]) return state.updatePaymentIntent(pi.id, p);
      if (method === "POST" && m[2] === "/confirm") return confirm(pi, p);
      if (method === "POST" && m[2] === "/cancel") return state.cancelPaymentIntent(pi);
    }
    if (path === "/v1/setup_intents" && method === "POST") return state.createSetupIntent(p);
    if ((m = path.match(/^\/v1\/setup_intents\/([^/]+)(\/confirm)?$/))) {
      const si = state.get("setup_intent", m[1]);
      if (method === "GET" && !m[2]) return si;
      if (method === "POST" && m[2] === "/confirm") return confirmSetup(si, p);
    }
    if ((m = path.match(/^\/v1\/charges\/([^/]+)$/)) && method === "GET") return state.get("charge", m[1]);
    if (path === "/v1/refunds" && method === "POST") return state.refund(p);
    // checkout
    if (path === "/v1/checkout/sessions" && method === "POST") return state.createCheckoutSession(p);
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire|\/line_items)?$/))) {
      const session = state.get("checkout.session", m[1]);
      if (method === "GET" && !m[2]) return session;
      if (method === "GET" && m[2] === "/line_items") return state.listLineItems(session);
      if (method === "POST" && m[2] === "/expire") return state.expireCheckoutSession(session);
    }
    // products and prices
    if (path === "/v1/products" && method === "POST") return state.createProduct(p);
    if ((m = path.match(/^\/v1\/products\/([^/]+)$/)) && method === "GET") return state.get("product", m[1]);
    if (path === "/v1/prices" && method === "POST") return state.createPrice(p);
    if ((m = path.match(/^\/v1\/prices\/([^/]+)$/)) && method === "GET") return state.get("price", m[1]);
    // subscriptions and invoices
    if (path === "/v1/subscriptions" && method === "POST") return state.createSubscription(p);
    if ((m = path.match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      if (method === "GET") return state.get("subscription", m[1]);
      if (method === "POST") return state.updateSubscription(m[1], p);
      if (method === "DELETE") return state.cancelSubscription(m[1]);
    }
    if ((m = path.match(/^\/v1\/invoices\/([^/]+)$/)) && method === "GET") return state.get("invoice", m[1]);
    if (path === "/v1/invoices" && method === "GET") return list([...state.invoices.values()].reverse(), path);
    if (path === "/v1/refunds" && method === "GET") {
      const charge = str(p.charge);
      const intent = str(p.payment_intent);
      const refunds = [...state.refunds.values()].filter((r) => (!charge || r.charge === charge) && (!intent || r.payment_intent === intent));
      return list(refunds.reverse(), path);
    }
    if ((m = path.match(/^\/v1\/refunds\/([^/]+)$/)) && method === "GET") return state.get("refund", m[1]);
    if ((m = path.match(/^\/v1\/balance_transactions\/([^/]+)$/)) && method === "GET") return state.get("balance_transaction", m[1]);
    // events
    if (path === "/v1/events" && method === "GET") {
      const type = str(p.type);
      return list(state.events.filter((e) => !type || e.type === type).reverse(), path);
    }
    if ((m = path.match(/^\/v1\/events\/([^/]+)$/)) && method === "GET") {
      return state.events.find((e) => e.id === m![1]) ?? state.get("invoice", `missing_${m[1]}`);
    }
    // test helpers of the double itself
    if ((m = path.match(/^\/_double\/subscriptions\/([^/]+)\/advance$/)) && method === "POST") {
      return state.advanceSubscription(m[1]);
    }
    return null;
  }

  /** Replaces ids with objects along each `expand` path (`latest_invoice.payment_intent`). */
  function expand(value: StripeObject, paths: string[]): StripeObject {
    for (const p of paths) expandPath(value, p.split("."));
    return value;
  }
  function expandPath(node: StripeObject, parts: string[]) {
    if (!node || typeof node !== "object" || parts.length === 0) return;
    if (node.object === "list" && Array.isArray(node.data) && parts[0] === "data") {
      for (const item of node.data) expandPath(item, parts.slice(1));
      return;
    }
    const [head, ...rest] = parts;
    let child = node[head];
    if (typeof child === "string") {
      const found = state.byId(child);
      if (found) child = node[head] = clean(structuredClone(found));
    }
    if (child && typeof child === "object") expandPath(child, rest);
  }

  const host = options.host ?? "127.0.0.1";
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  publicUrl = `http://localhost:${port}`;
  log(`Stripe test double listening on ${publicUrl}`);

  return {
    url: publicUrl,
    port,
    webhookSecret,
    state,
    setWebhookUrl(url) {
      webhookUrl = url;
    },
    async flushWebhooks() {
      let last: Promise<void>;
      do {
        last = deliveryChain;
        await last;
      } while (last !== deliveryChain);
    },
    pendingRetries: () => retries.size,
    async retryNow() {
      const due = [...retries.entries()];
      for (const [timer] of due) clearTimeout(timer);
      for (const [, run] of due) await run();
    },
    signatureHeader(payload, secret = webhookSecret, timestamp) {
      return stripeSignatureHeader(payload, secret, timestamp);
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of retries.keys()) clearTimeout(timer);
        retries.clear();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
