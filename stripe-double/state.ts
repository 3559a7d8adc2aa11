/**
 * The Stripe test double's in-memory state and business rules: customers, payment methods,
 * payment intents, charges, checkout sessions, products, prices, subscriptions, invoices,
 * refunds and events. Objects have the shape of Stripe's API (API version 2026-10-28.endive)
 * as far as this app reads them. Internal bookkeeping fields start with an underscore and are
 * stripped before a response is sent.
 */
import crypto from "node:crypto";
import { cardBrand, cardOutcome, DECLINE_MESSAGES, normaliseCardNumber, TEST_PAYMENT_METHODS } from "./cards";
import { arr, bool, int, metadataOf, obj, str, type FormObject, type FormValue } from "./form";

// Stripe objects are loose JSON; the double only guarantees the fields the app reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type StripeObject = Record<string, any>;

export class StripeError extends Error {
  constructor(
    public status: number,
    public body: { type: string; message: string; code?: string; param?: string; decline_code?: string; payment_intent?: StripeObject; setup_intent?: StripeObject },
  ) {
    super(body.message);
  }
}

const now = () => Math.floor(Date.now() / 1000);
const newId = (prefix: string) => `${prefix}_${crypto.randomBytes(12).toString("base64url").replace(/[-_]/g, "x")}`;

function missing(kind: string, id: string, param = "id"): never {
  throw new StripeError(404, {
    type: "invalid_request_error",
    code: "resource_missing",
    param,
    message: `No such ${kind}: '${id}'`,
  });
}

/** The languages Stripe's hosted checkout speaks (its `locale` parameter). */
const CHECKOUT_LOCALES = new Set(
  "auto bg cs da de el en en-GB es es-419 et fi fil fr fr-CA hr hu id it ja ko lt lv ms mt nb nl pl pt pt-BR ro ru sk sl sv th tr vi zh zh-HK zh-TW".split(" "),
);

function invalid(message: string, param?: string): never {
  throw new StripeError(400, { type: "invalid_request_error", message, param });
}

function addInterval(unixSeconds: number, interval: string, count = 1): number {
  const d = new Date(unixSeconds * 1000);
  if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + count);
  else if (interval === "month") d.setUTCMonth(d.getUTCMonth() + count);
  else if (interval === "week") d.setUTCDate(d.getUTCDate() + 7 * count);
  else d.setUTCDate(d.getUTCDate() + count);
  return Math.floor(d.getTime() / 1000);
}

/** Stripe's standard US card pricing: 2.9% + 30¢. */
export const cardFee = (amount: number) => Math.round(amount * 0.029) + 30;

export type EmitFn = (type: string, object: StripeObject, previous?: StripeObject) => void;

export class DoubleState {
  customers = new Map<string, StripeObject>();
  paymentMethods = new Map<string, StripeObject>();
  paymentIntents = new Map<string, StripeObject>();
  setupIntents = new Map<string, StripeObject>();
  charges = new Map<string, StripeObject>();
  sessions = new Map<string, StripeObject>();
  products = new Map<string, StripeObject>();
  prices = new Map<string, StripeObject>();
  subscriptions = new Map<string, StripeObject>();
  invoices = new Map<string, StripeObject>();
  refunds = new Map<string, StripeObject>();
  balanceTransactions = new Map<string, StripeObject>();
  events: StripeObject[] = [];

  constructor(
    private publicUrl: () => string,
    private onEvent: (event: StripeObject) => void,
  ) {}

  // ---- events -------------------------------------------------------------------------------

  emit: EmitFn = (type, object, previous) => {
    const event: StripeObject = {
      id: newId("evt"),
      object: "event",
      api_version: "2026-10-28.endive",
      created: now(),
      type,
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      data: { object: clean(structuredClone(object)), ...(previous ? { previous_attributes: previous } : {}) },
    };
    this.events.push(event);
    this.onEvent(event);
  };

  // ---- lookup helpers -----------------------------------------------------------------------

  get(kind: "customer" | "payment_method" | "payment_intent" | "setup_intent" | "charge" | "checkout.session" | "product" | "price" | "subscription" | "invoice" | "refund" | "balance_transaction", id: string) {
    const map = {
      customer: this.customers,
      payment_method: this.paymentMethods,
      payment_intent: this.paymentIntents,
      setup_intent: this.setupIntents,
      charge: this.charges,
      "checkout.session": this.sessions,
      product: this.products,
      price: this.prices,
      subscription: this.subscriptions,
      invoice: this.invoices,
      refund: this.refunds,
      balance_transaction: this.balanceTransactions,
    }[kind];
    if (kind === "payment_method" && !map.has(id) && TEST_PAYMENT_METHODS[id]) {
      return this.createPaymentMethod({ type: "card", card: { number: TEST_PAYMENT_METHODS[id] } }, id);
    }
    return map.get(id) ?? missing(kind, id);
  }

  /** Finds any object by its id prefix (for `expand`). */
  byId(id: string): StripeObject | undefined {
    const prefix = id.split("_")[0];
    const map = {
      cus: this.customers,
      pm: this.paymentMethods,
      pi: this.paymentIntents,
      seti: this.setupIntents,
      ch: this.charges,
      cs: this.sessions,
      prod: this.products,
      price: this.prices,
      sub: this.subscriptions,
      in: this.invoices,
      re: this.refunds,
      txn: this.balanceTransactions,
    }[prefix];
    return map?.get(id);
  }

  // ---- customers ----------------------------------------------------------------------------

  createCustomer(p: FormObject): StripeObject {
    const c: StripeObject = {
      id: newId("cus"),
      object: "customer",
      created: now(),
      email: str(p.email) ?? null,
      name: str(p.name) ?? null,
      description: str(p.description) ?? null,
      metadata: metadataOf(p.metadata),
      invoice_settings: { default_payment_method: str(obj(p.invoice_settings)?.default_payment_method) ?? null },
      livemode: false,
    };
    if (c.invoice_settings.default_payment_method) this.attach(c.invoice_settings.default_payment_method, c.id);
    this.customers.set(c.id, c);
    return c;
  }

  updateCustomer(id: string, p: FormObject): StripeObject {
    const c = this.get("customer", id);
    if (p.email !== undefined) c.email = str(p.email) || null;
    if (p.name !== undefined) c.name = str(p.name) || null;
    if (p.metadata !== undefined) c.metadata = metadataOf(p.metadata, c.metadata);
    const pm = str(obj(p.invoice_settings)?.default_payment_method);
    if (pm !== undefined) {
      if (pm) this.attach(pm, id);
      c.invoice_settings.default_payment_method = pm || null;
    }
    return c;
  }

  // ---- payment methods ----------------------------------------------------------------------

  createPaymentMethod(p: FormObject, fixedId?: string): StripeObject {
    const type = str(p.type) ?? "card";
    if (type !== "card") invalid(`The payment method type '${type}' is not supported by the test double.`, "type");
    const card = obj(p.card);
    const number = normaliseCardNumber(str(card?.number) ?? "");
    if (!number) invalid("Missing required param: card[number].", "card[number]");
    if (!/^\d{12,19}$/.test(number)) {
      throw new StripeError(402, { type: "card_error", code: "invalid_number", param: "card[number]", message: "Your card number is invalid." });
    }
    const pm: StripeObject = {
      id: fixedId ?? newId("pm"),
      object: "payment_method",
      type: "card",
      created: now(),
      customer: null,
      livemode: false,
      metadata: metadataOf(p.metadata),
      billing_details: obj(p.billing_details) ?? { name: null, email: null },
      card: {
        brand: cardBrand(number),
        last4: number.slice(-4),
        exp_month: int(card?.exp_month) ?? 12,
        exp_year: int(card?.exp_year) ?? new Date().getUTCFullYear() + 3,
        funding: "credit",
        country: "US",
      },
      _number: number,
    };
    this.paymentMethods.set(pm.id, pm);
    return pm;
  }

  attach(pmId: string, customerId: string): StripeObject {
    const pm = this.get("payment_method", pmId);
    this.get("customer", customerId);
    if (pm.customer && pm.customer !== customerId) {
      invalid("The payment method you provided has already been attached to a customer.", "payment_method");
    }
    pm.customer = customerId;
    return pm;
  }

  // ---- payment intents ----------------------------------------------------------------------

  createPaymentIntent(p: FormObject, extra: StripeObject = {}): StripeObject {
    const amount = int(p.amount);
    const currency = str(p.currency)?.toLowerCase();
    if (amount === undefined) invalid("Missing required param: amount.", "amount");
    if (amount < 50) invalid("Amount must be at least $0.50 usd", "amount");
    if (!currency) invalid("Missing required param: currency.", "currency");
    const customer = str(p.customer) ?? null;
    if (customer) this.get("customer", customer);
    const id = newId("pi");
    const pi: StripeObject = {
      id,
      object: "payment_intent",
      amount,
      amount_received: 0,
      currency,
      created: now(),
      customer,
      description: str(p.description) ?? null,
      metadata: metadataOf(p.metadata),
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
      status: "requires_payment_method",
      payment_method: null,
      payment_method_types: ["card"],
      automatic_payment_methods: obj(p.automatic_payment_methods) ? { enabled: bool(obj(p.automatic_payment_methods)?.enabled) ?? false } : null,
      capture_method: "automatic",
      confirmation_method: "automatic",
      latest_charge: null,
      last_payment_error: null,
      next_action: null,
      receipt_email: str(p.receipt_email) ?? null,
      setup_future_usage: str(p.setup_future_usage) ?? null,
      canceled_at: null,
      livemode: false,
      ...extra,
    };
    this.paymentIntents.set(id, pi);
    this.emit("payment_intent.created", pi);
    const pm = str(p.payment_method);
    if (pm) this.setPaymentMethod(pi, pm);
    if (bool(p.confirm)) this.confirm(pi, { return_url: str(p.return_url), off_session: bool(p.off_session) });
    return pi;
  }

  updatePaymentIntent(id: string, p: FormObject): StripeObject {
    const pi = this.get("payment_intent", id);
    if (pi.status === "succeeded" || pi.status === "canceled") {
      invalid(`This PaymentIntent's status is ${pi.status}, so it can no longer be updated.`);
    }
    const amount = int(p.amount);
    if (amount !== undefined) pi.amount = amount;
    if (p.metadata !== undefined) pi.metadata = metadataOf(p.metadata, pi.metadata);
    if (p.description !== undefined) pi.description = str(p.description) || null;
    const pm = str(p.payment_method);
    if (pm) this.setPaymentMethod(pi, pm);
    return pi;
  }

  private setPaymentMethod(pi: StripeObject, pmId: string) {
    this.get("payment_method", pmId);
    pi.payment_method = pmId;
    if (pi.status === "requires_payment_method") pi.status = "requires_confirmation";
  }

  /**
   * Confirms with the attached (or given) card. Declines throw a 402 card_error (the intent goes
   * back to requires_payment_method); 3-D Secure cards stop at requires_action unless off session.
   */
  confirm(pi: StripeObject, opts: { payment_method?: string; return_url?: string; off_session?: boolean } = {}): StripeObject {
    if (pi.status === "succeeded") invalid("You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.");
    if (pi.status === "canceled") invalid("You cannot confirm this PaymentIntent because it has a status of canceled.");
    if (opts.payment_method) this.setPaymentMethod(pi, opts.payment_method);
    if (!pi.payment_method) {
      invalid("You cannot confirm this PaymentIntent because it's missing a payment method.", "payment_method");
    }
    const pm = this.get("payment_method", pi.payment_method);
    const outcome = cardOutcome(pm._number);
    pi.last_payment_error = null;
    pi.next_action = null;
    if (outcome === "succeed") return this.succeed(pi);
    if (outcome === "authenticate") {
      // A card authenticated when it was set up (SetupIntent) is then charged off session without a challenge.
      if (opts.off_session && pm._setup_authenticated) return this.succeed(pi);
      if (opts.off_session) return this.fail(pi, "authentication_required");
      pi.status = "requires_action";
      const returnUrl = opts.return_url ?? null;
      const url = `${this.publicUrl()}/authenticate/${pi.id}?${new URLSearchParams({
        client_secret: pi.client_secret,
        ...(returnUrl ? { return_url: returnUrl } : {}),
      })}`;
      pi.next_action = { type: "redirect_to_url", redirect_to_url: { url, return_url: returnUrl } };
      this.emit("payment_intent.requires_action", pi);
      return pi;
    }
    return this.fail(pi, outcome);
  }

  /** The 3-D Secure step: the customer completes or fails the challenge. */
  authenticate(pi: StripeObject, complete: boolean): StripeObject {
    if (pi.status !== "requires_action") return pi;
    pi.next_action = null;
    if (complete) return this.succeed(pi);
    return this.fail(pi, "authentication_failed", false);
  }

  private succeed(pi: StripeObject): StripeObject {
    const charge: StripeObject = {
      id: newId("ch"),
      object: "charge",
      amount: pi.amount,
      amount_captured: pi.amount,
      amount_refunded: 0,
      currency: pi.currency,
      created: now(),
      customer: pi.customer,
      description: pi.description,
      metadata: { ...pi.metadata },
      paid: true,
      captured: true,
      refunded: false,
      status: "succeeded",
      payment_intent: pi.id,
      payment_method: pi.payment_method,
      payment_method_details: { type: "card", card: { ...this.get("payment_method", pi.payment_method).card } },
      livemode: false,
    };
    charge.receipt_url = `${this.publicUrl()}/receipts/${charge.id}`;
    charge.balance_transaction = this.balanceTransaction(charge.id, "charge", pi.amount, cardFee(pi.amount)).id;
    this.charges.set(charge.id, charge);
    pi.status = "succeeded";
    pi.amount_received = pi.amount;
    pi.latest_charge = charge.id;
    this.emit("charge.succeeded", charge);
    this.emit("payment_intent.succeeded", pi);
    if (pi._invoice) this.invoicePaid(this.get("invoice", pi._invoice), pi);
    return pi;
  }

  private fail(pi: StripeObject, reason: keyof typeof DECLINE_MESSAGES, raise = true): StripeObject {
    const info = DECLINE_MESSAGES[reason];
    pi.status = "requires_payment_method";
    pi.last_payment_error = {
      type: "card_error",
      code: info.code,
      ...(info.decline_code ? { decline_code: info.decline_code } : {}),
      message: info.message,
      payment_method: clean(structuredClone(this.get("payment_method", pi.payment_method))),
    };
    this.emit("payment_intent.payment_failed", pi);
    if (pi._invoice) this.invoiceFailed(this.get("invoice", pi._invoice));
    if (!raise) return pi;
    throw new StripeError(402, {
      type: "card_error",
      code: info.code,
      ...(info.decline_code ? { decline_code: info.decline_code } : {}),
      message: info.message,
      payment_intent: clean(structuredClone(pi)),
    });
  }

  cancelPaymentIntent(pi: StripeObject): StripeObject {
    if (pi.status === "succeeded") invalid("You cannot cancel this PaymentIntent because it has a status of succeeded.");
    pi.status = "canceled";
    pi.canceled_at = now();
    this.emit("payment_intent.canceled", pi);
    return pi;
  }

  // ---- setup intents (saving a card for later, e.g. a subscription's trial) -------------------

  createSetupIntent(p: FormObject, extra: StripeObject = {}): StripeObject {
    const customer = str(p.customer) ?? null;
    if (customer) this.get("customer", customer);
    const id = newId("seti");
    const si: StripeObject = {
      id,
      object: "setup_intent",
      created: now(),
      customer,
      description: str(p.description) ?? null,
      metadata: metadataOf(p.metadata),
      client_secret: `${id}_secret_${crypto.randomBytes(12).toString("hex")}`,
      status: "requires_payment_method",
      payment_method: null,
      payment_method_types: ["card"],
      usage: str(p.usage) ?? "off_session",
      last_setup_error: null,
      next_action: null,
      cancellation_reason: null,
      livemode: false,
      ...extra,
    };
    this.setupIntents.set(id, si);
    this.emit("setup_intent.created", si);
    const pm = str(p.payment_method);
    if (pm) {
      this.get("payment_method", pm);
      si.payment_method = pm;
      si.status = "requires_confirmation";
    }
    if (bool(p.confirm)) this.confirmSetup(si, { return_url: str(p.return_url) });
    return si;
  }

  /**
   * Confirms a SetupIntent: the card is checked (declines throw a 402 card_error and the intent
   * goes back to requires_payment_method) and 3-D Secure cards stop at requires_action. No money moves.
   */
  confirmSetup(si: StripeObject, opts: { payment_method?: string; return_url?: string } = {}): StripeObject {
    if (si.status === "succeeded") invalid("You cannot confirm this SetupIntent because it has already succeeded after being previously confirmed.");
    if (si.status === "canceled") invalid("You cannot confirm this SetupIntent because it has a status of canceled.");
    if (opts.payment_method) {
      this.get("payment_method", opts.payment_method);
      si.payment_method = opts.payment_method;
    }
    if (!si.payment_method) invalid("You cannot confirm this SetupIntent because it's missing a payment method.", "payment_method");
    const pm = this.get("payment_method", si.payment_method);
    const outcome = cardOutcome(pm._number);
    si.last_setup_error = null;
    si.next_action = null;
    if (outcome === "succeed") return this.setupSucceeded(si);
    if (outcome === "authenticate") {
      si.status = "requires_action";
      const returnUrl = opts.return_url ?? null;
      const url = `${this.publicUrl()}/authenticate/${si.id}?${new URLSearchParams({
        client_secret: si.client_secret,
        ...(returnUrl ? { return_url: returnUrl } : {}),
      })}`;
      si.next_action = { type: "redirect_to_url", redirect_to_url: { url, return_url: returnUrl } };
      this.emit("setup_intent.requires_action", si);
      return si;
    }
    return this.setupFailed(si, outcome);
  }

  authenticateSetup(si: StripeObject, complete: boolean): StripeObject {
    if (si.status !== "requires_action") return si;
    si.next_action = null;
    if (complete) {
      this.get("payment_method", si.payment_method)._setup_authenticated = true;
      return this.setupSucceeded(si);
    }
    return this.setupFailed(si, "authentication_failed", false);
  }

  private setupSucceeded(si: StripeObject): StripeObject {
    si.status = "succeeded";
    if (si.customer) this.attachIfNeeded(si.payment_method, si.customer);
    this.emit("setup_intent.succeeded", si);
    const sub = si._subscription ? this.subscriptions.get(si._subscription) : undefined;
    if (sub && sub.pending_setup_intent === si.id) {
      sub.pending_setup_intent = null;
      this.emit("customer.subscription.updated", sub, { pending_setup_intent: si.id });
    }
    return si;
  }

  private setupFailed(si: StripeObject, reason: keyof typeof DECLINE_MESSAGES, raise = true): StripeObject {
    const info = DECLINE_MESSAGES[reason];
    si.status = "requires_payment_method";
    si.last_setup_error = {
      type: "card_error",
      code: info.code,
      ...(info.decline_code ? { decline_code: info.decline_code } : {}),
      message: info.message,
      payment_method: clean(structuredClone(this.get("payment_method", si.payment_method))),
    };
    this.emit("setup_intent.setup_failed", si);
    if (!raise) return si;
    throw new StripeError(402, {
      type: "card_error",
      code: info.code,
      ...(info.decline_code ? { decline_code: info.decline_code } : {}),
      message: info.message,
      setup_intent: clean(structuredClone(si)),
    });
  }

  refund(p: FormObject): StripeObject {
    const piId = str(p.payment_intent);
    const chargeId = str(p.charge) ?? (piId ? this.get("payment_intent", piId).latest_charge : undefined);
    if (!chargeId) invalid("One of charge or payment_intent is required.");
    const charge = this.get("charge", chargeId);
    const amount = int(p.amount) ?? charge.amount - charge.amount_refunded;
    if (amount <= 0 || amount > charge.amount - charge.amount_refunded) {
      invalid(`Charge ${charge.id} has already been refunded.`, "amount");
    }
    const refund: StripeObject = {
      id: newId("re"),
      object: "refund",
      amount,
      charge: charge.id,
      payment_intent: charge.payment_intent,
      currency: charge.currency,
      status: "succeeded",
      reason: str(p.reason) ?? null,
      metadata: metadataOf(p.metadata),
      created: now(),
    };
    // Stripe keeps its processing fee on a refund: the refund's balance transaction has no fee.
    refund.balance_transaction = this.balanceTransaction(refund.id, "refund", -amount, 0).id;
    this.refunds.set(refund.id, refund);
    charge.amount_refunded += amount;
    charge.refunded = charge.amount_refunded === charge.amount;
    this.emit("charge.refunded", charge);
    return refund;
  }

  /**
   * The balance transaction of a charge or refund: what Stripe adds to (or takes from) the
   * account, with its processing fee. Fees are the US card rate, 2.9% + 30¢ (Stripe's standard
   * pricing), rounded to the cent.
   */
  private balanceTransaction(source: string, type: "charge" | "refund", amount: number, fee: number): StripeObject {
    const txn: StripeObject = {
      id: newId("txn"),
      object: "balance_transaction",
      amount,
      currency: "usd",
      fee,
      fee_details: fee ? [{ amount: fee, currency: "usd", description: "Stripe processing fees", type: "stripe_fee" }] : [],
      net: amount - fee,
      source,
      status: "available",
      type,
      created: now(),
    };
    this.balanceTransactions.set(txn.id, txn);
    return txn;
  }

  // ---- products and prices ------------------------------------------------------------------

  createProduct(p: FormObject): StripeObject {
    const name = str(p.name);
    if (!name) invalid("Missing required param: name.", "name");
    const product: StripeObject = {
      id: newId("prod"),
      object: "product",
      name,
      description: str(p.description) ?? null,
      metadata: metadataOf(p.metadata),
      active: true,
      created: now(),
    };
    this.products.set(product.id, product);
    return product;
  }

  createPrice(p: FormObject): StripeObject {
    const unitAmount = int(p.unit_amount);
    const currency = str(p.currency)?.toLowerCase();
    if (unitAmount === undefined) invalid("Missing required param: unit_amount.", "unit_amount");
    if (!currency) invalid("Missing required param: currency.", "currency");
    let product = str(p.product);
    if (product) this.get("product", product);
    else if (obj(p.product_data)) product = this.createProduct(obj(p.product_data)!).id;
    else invalid("Missing required param: product.", "product");
    const recurring = obj(p.recurring);
    const price: StripeObject = {
      id: newId("price"),
      object: "price",
      active: true,
      currency,
      unit_amount: unitAmount,
      product,
      type: recurring ? "recurring" : "one_time",
      recurring: recurring
        ? { interval: str(recurring.interval) ?? "month", interval_count: int(recurring.interval_count) ?? 1 }
        : null,
      metadata: metadataOf(p.metadata),
      created: now(),
    };
    this.prices.set(price.id, price);
    return price;
  }

  // ---- checkout sessions --------------------------------------------------------------------

  createCheckoutSession(p: FormObject): StripeObject {
    const mode = str(p.mode) ?? "payment";
    if (mode !== "payment" && mode !== "subscription") invalid(`Invalid mode: ${mode}`, "mode");
    const successUrl = str(p.success_url);
    if (!successUrl) invalid("Missing required param: success_url.", "success_url");
    const items = arr(p.line_items).map((raw, i) => this.lineItem(obj(raw) ?? {}, i, mode));
    if (items.length === 0) invalid("Missing required param: line_items.", "line_items");
    const currency = items[0].currency;
    const customer = str(p.customer) ?? null;
    if (customer) this.get("customer", customer);
    const subscriptionData = obj(p.subscription_data) ?? {};
    const trialEnd = mode === "subscription" ? trialEndOf(subscriptionData.trial_end, now()) : null;
    const locale = str(p.locale) ?? null;
    if (locale !== null && !CHECKOUT_LOCALES.has(locale)) invalid(`Invalid locale: must be one of ${[...CHECKOUT_LOCALES].join(", ")}`, "locale");
    const id = `cs_test_${crypto.randomBytes(24).toString("base64url").replace(/[-_]/g, "x")}`;
    const session: StripeObject = {
      id,
      object: "checkout.session",
      mode,
      status: "open",
      payment_status: "unpaid",
      // With a trial nothing is due today.
      amount_subtotal: trialEnd ? 0 : items.reduce((s, i) => s + i.amount_total, 0),
      amount_total: trialEnd ? 0 : items.reduce((s, i) => s + i.amount_total, 0),
      currency,
      created: now(),
      expires_at: now() + 24 * 3600,
      success_url: successUrl,
      cancel_url: str(p.cancel_url) ?? null,
      client_reference_id: str(p.client_reference_id) ?? null,
      customer,
      customer_email: str(p.customer_email) ?? null,
      locale,
      metadata: metadataOf(p.metadata),
      payment_intent: null,
      subscription: null,
      invoice: null,
      url: `${this.publicUrl()}/checkout/${id}`,
      livemode: false,
      _items: items,
      _payment_intent_data: obj(p.payment_intent_data) ?? {},
      _subscription_data: subscriptionData,
      _trial_end: trialEnd,
    };
    this.sessions.set(id, session);
    return session;
  }

  private lineItem(raw: FormObject, index: number, mode: string) {
    const quantity = int(raw.quantity) ?? 1;
    let price: StripeObject;
    if (str(raw.price)) price = this.get("price", str(raw.price)!);
    else if (obj(raw.price_data)) price = this.createPrice(obj(raw.price_data)!);
    else invalid("You must specify either `price` or `price_data` for each line item.", `line_items[${index}]`);
    if (mode === "subscription" && !price.recurring) {
      invalid("You must specify at least one recurring price in `subscription` mode.", `line_items[${index}]`);
    }
    if (mode === "payment" && price.recurring) {
      invalid("You specified `payment` mode but passed a recurring price.", `line_items[${index}]`);
    }
    return { price: price.id, quantity, currency: price.currency as string, amount_total: price.unit_amount * quantity, description: this.products.get(price.product)?.name ?? "" };
  }

  listLineItems(session: StripeObject): StripeObject {
    return {
      object: "list",
      has_more: false,
      url: `/v1/checkout/sessions/${session.id}/line_items`,
      data: session._items.map((i: StripeObject, n: number) => ({
        id: `li_${session.id.slice(-10)}${n}`,
        object: "item",
        amount_total: i.amount_total,
        currency: i.currency,
        description: i.description,
        quantity: i.quantity,
        price: clean(structuredClone(this.get("price", i.price))),
      })),
    };
  }

  /**
   * The hosted page's "Pay": charges the typed card. Returns where to send the browser:
   * the success URL, a 3-D Secure step, or back to the page with an error.
   */
  payCheckoutSession(session: StripeObject, cardNumber: string, email?: string): { redirect: string } | { error: string } {
    if (session.status !== "open") return { redirect: this.successUrl(session) };
    let pm: StripeObject;
    try {
      pm = this.createPaymentMethod({ type: "card", card: { number: cardNumber } });
    } catch (e) {
      if (e instanceof StripeError) return { error: e.body.message };
      throw e;
    }
    const returnUrl = `${this.publicUrl()}/checkout/${session.id}/return`;
    let pi: StripeObject;
    if (session.mode === "payment") {
      const data = session._payment_intent_data as FormObject;
      pi = session._pi
        ? this.get("payment_intent", session._pi)
        : this.createPaymentIntent({
            amount: String(session.amount_total),
            currency: session.currency,
            ...(session.customer ? { customer: session.customer } : {}),
            metadata: (obj(data.metadata) ?? {}) as FormValue,
            ...(str(data.description) ? { description: str(data.description)! } : {}),
          });
      session._pi = pi.id;
    } else {
      const customer: string =
        session.customer ??
        this.createCustomer({ ...(email || session.customer_email ? { email: email || session.customer_email } : {}) }).id;
      session.customer = customer;
      this.attach(pm.id, customer);
      if (!session._subscription) {
        const data = session._subscription_data as FormObject;
        const sub = this.createSubscription({
          customer,
          items: session._items.map((i: StripeObject) => ({ price: i.price, quantity: String(i.quantity) })),
          default_payment_method: pm.id,
          payment_behavior: "default_incomplete",
          metadata: (obj(data.metadata) ?? {}) as FormValue,
          ...(session._trial_end ? { trial_end: String(session._trial_end) } : {}),
        });
        session._subscription = sub.id;
      }
      this.get("subscription", session._subscription).default_payment_method = pm.id;
    }
    const intent = this.checkoutIntent(session)!;
    try {
      if (intent.object === "setup_intent") this.confirmSetup(intent, { payment_method: pm.id, return_url: returnUrl });
      else this.confirm(intent, { payment_method: pm.id, return_url: returnUrl });
    } catch (e) {
      if (e instanceof StripeError) return { error: e.body.message };
      throw e;
    }
    if (intent.status === "requires_action") return { redirect: intent.next_action.redirect_to_url.url };
    return this.finishCheckoutSession(session);
  }

  /** What a session's "Pay" confirms: its PaymentIntent, its subscription's first invoice, or (trial) the card set-up. */
  private checkoutIntent(session: StripeObject): StripeObject | null {
    if (session._pi) return this.get("payment_intent", session._pi);
    if (!session._subscription) return null;
    const sub = this.get("subscription", session._subscription);
    if (sub.trial_end) return this.get("setup_intent", sub._setup_intent ?? sub.pending_setup_intent);
    return this.get("payment_intent", this.get("invoice", sub.latest_invoice)._payment_intent);
  }

  /** After the payment (or the 3-D Secure step), completes the session if its payment succeeded. */
  finishCheckoutSession(session: StripeObject): { redirect: string } | { error: string } {
    if (session.status === "complete") return { redirect: this.successUrl(session) };
    const pi = this.checkoutIntent(session);
    if (!pi || pi.status !== "succeeded") {
      return { error: (pi?.last_payment_error ?? pi?.last_setup_error)?.message ?? "Your payment could not be completed. Please try again." };
    }
    session.status = "complete";
    session.payment_status = session._trial_end ? "no_payment_required" : "paid";
    if (session.mode === "payment") session.payment_intent = pi.id;
    else {
      session.subscription = session._subscription;
      session.invoice = this.get("subscription", session._subscription).latest_invoice;
    }
    if (pi.customer && !session.customer) session.customer = pi.customer;
    this.emit("checkout.session.completed", session);
    return { redirect: this.successUrl(session) };
  }

  successUrl(session: StripeObject) {
    return session.success_url.replaceAll("{CHECKOUT_SESSION_ID}", session.id);
  }

  expireCheckoutSession(session: StripeObject) {
    if (session.status !== "open") invalid(`Only Checkout Sessions with a status in ["open"] can be expired.`);
    session.status = "expired";
    this.emit("checkout.session.expired", session);
    return session;
  }

  // ---- subscriptions and invoices -----------------------------------------------------------

  createSubscription(p: FormObject): StripeObject {
    const customerId = str(p.customer);
    if (!customerId) invalid("Missing required param: customer.", "customer");
    const customer = this.get("customer", customerId);
    const rawItems = arr(p.items).map((i) => obj(i) ?? {});
    if (rawItems.length === 0) invalid("Missing required param: items.", "items");
    const items = rawItems.map((raw, n) => {
      let price: StripeObject;
      if (str(raw.price)) price = this.get("price", str(raw.price)!);
      else if (obj(raw.price_data)) {
        const pd = obj(raw.price_data)!;
        if (!str(pd.product)) invalid("Missing required param: items[0][price_data][product].", `items[${n}][price_data][product]`);
        price = this.createPrice(pd);
      } else invalid("Missing required param: items[0][price].", `items[${n}][price]`);
      if (!price.recurring) invalid("The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.", `items[${n}][price]`);
      return { price, quantity: int(raw.quantity) ?? 1 };
    });
    const pmId = str(p.default_payment_method) ?? customer.invoice_settings.default_payment_method ?? null;
    if (pmId) this.attachIfNeeded(pmId, customerId);
    const start = now();
    const { interval, interval_count } = items[0].price.recurring;
    const trialEnd = trialEndOf(p.trial_end, start);
    const end = trialEnd ?? addInterval(start, interval, interval_count);
    const id = newId("sub");
    const sub: StripeObject = {
      id,
      object: "subscription",
      customer: customerId,
      status: trialEnd ? "trialing" : "incomplete",
      created: start,
      start_date: start,
      billing_cycle_anchor: trialEnd ?? start,
      trial_start: trialEnd ? start : null,
      trial_end: trialEnd,
      pending_setup_intent: null,
      cancel_at_period_end: bool(p.cancel_at_period_end) ?? false,
      cancel_at: null,
      canceled_at: null,
      ended_at: null,
      currency: items[0].price.currency,
      default_payment_method: pmId,
      latest_invoice: null,
      metadata: metadataOf(p.metadata),
      livemode: false,
      items: {
        object: "list",
        has_more: false,
        data: items.map((i) => ({
          id: newId("si"),
          object: "subscription_item",
          price: clean(structuredClone(i.price)),
          quantity: i.quantity,
          current_period_start: start,
          current_period_end: end,
          subscription: id,
        })),
      },
    };
    this.subscriptions.set(id, sub);
    const behavior = str(p.payment_behavior) ?? "allow_incomplete";
    if (trialEnd) return this.startTrial(sub, pmId, behavior);
    const invoice = this.createInvoice(sub, "subscription_create", start, end);
    this.emit("customer.subscription.created", sub);
    const pi = this.get("payment_intent", invoice._payment_intent);
    if (behavior === "default_incomplete") {
      if (pmId) pi.payment_method = pmId;
      pi.status = pmId ? "requires_confirmation" : "requires_payment_method";
      return sub;
    }
    if (!pmId) {
      invalid("This customer has no attached payment source or default payment method.", "default_payment_method");
    }
    try {
      this.confirm(pi, { payment_method: pmId, off_session: true });
    } catch (e) {
      if (!(e instanceof StripeError) || behavior === "error_if_incomplete") {
        if (behavior === "error_if_incomplete") this.subscriptions.delete(id);
        throw e;
      }
    }
    return sub;
  }

  /**
   * A trialing subscription: nothing is charged now (a $0 invoice, paid at once) and the card is
   * saved for the first real invoice at trial end through a SetupIntent (`pending_setup_intent`):
   * left for the browser to confirm with default_incomplete, confirmed here otherwise.
   */
  private startTrial(sub: StripeObject, pmId: string | null, behavior: string): StripeObject {
    this.createInvoice(sub, "subscription_create", sub.start_date, sub.trial_end, 0);
    this.emit("customer.subscription.created", sub);
    const si = this.createSetupIntent(
      { customer: sub.customer, ...(pmId ? { payment_method: pmId } : {}), usage: "off_session" },
      { _subscription: sub.id },
    );
    sub.pending_setup_intent = si.id;
    sub._setup_intent = si.id;
    if (behavior === "default_incomplete" || !pmId) return sub;
    try {
      this.confirmSetup(si);
    } catch (e) {
      if (!(e instanceof StripeError) || behavior === "error_if_incomplete") {
        if (behavior === "error_if_incomplete") this.subscriptions.delete(sub.id);
        throw e;
      }
    }
    return sub;
  }

  private attachIfNeeded(pmId: string, customerId: string) {
    const pm = this.get("payment_method", pmId);
    if (!pm.customer) this.attach(pmId, customerId);
    else if (pm.customer !== customerId) invalid("The payment method must be attached to the customer.", "default_payment_method");
  }

  private createInvoice(sub: StripeObject, reason: string, start: number, end: number, fixedAmount?: number): StripeObject {
    const free = fixedAmount === 0;
    const amount = free ? 0 : sub.items.data.reduce((s: number, i: StripeObject) => s + i.price.unit_amount * i.quantity, 0);
    const id = newId("in");
    // A $0 invoice (a trial's first) has no payment to make: Stripe marks it paid at once.
    const pi = free
      ? null
      : this.createPaymentIntent(
          { amount: String(amount), currency: sub.currency, customer: sub.customer, description: "Subscription update" },
          { _invoice: id },
        );
    const invoice: StripeObject = {
      id,
      object: "invoice",
      customer: sub.customer,
      status: "open",
      billing_reason: reason,
      collection_method: "charge_automatically",
      currency: sub.currency,
      amount_due: amount,
      amount_paid: 0,
      amount_remaining: amount,
      total: amount,
      subtotal: amount,
      attempt_count: 0,
      attempted: false,
      created: now(),
      period_start: start,
      period_end: end,
      parent: {
        type: "subscription_details",
        quote_details: null,
        subscription_details: { subscription: sub.id, metadata: { ...sub.metadata } },
      },
      lines: {
        object: "list",
        has_more: false,
        data: sub.items.data.map((item: StripeObject) => ({
          id: newId("il"),
          object: "line_item",
          amount: free ? 0 : item.price.unit_amount * item.quantity,
          currency: sub.currency,
          description: `${free ? "Trial period for " : `${item.quantity} × `}${this.products.get(item.price.product)?.name ?? "Subscription"}`,
          period: { start, end },
          quantity: item.quantity,
          pricing: { type: "price_details", price_details: { price: item.price.id, product: item.price.product } },
        })),
      },
      confirmation_secret: pi ? { type: "payment_intent", client_secret: pi.client_secret } : null,
      status_transitions: { finalized_at: now(), paid_at: null },
      hosted_invoice_url: `${this.publicUrl()}/invoices/${id}`,
      metadata: {},
      livemode: false,
      _payment_intent: pi?.id ?? null,
    };
    this.invoices.set(id, invoice);
    sub.latest_invoice = id;
    this.emit("invoice.created", invoice);
    this.emit("invoice.finalized", invoice);
    if (free) {
      invoice.status = "paid";
      invoice.amount_remaining = 0;
      invoice.status_transitions.paid_at = now();
      this.emit("invoice.paid", invoice);
      this.emit("invoice.payment_succeeded", invoice);
    }
    return invoice;
  }

  private invoicePaid(invoice: StripeObject, pi: StripeObject) {
    invoice.status = "paid";
    invoice.amount_paid = pi.amount;
    invoice.amount_remaining = 0;
    invoice.attempt_count += 1;
    invoice.attempted = true;
    invoice.status_transitions.paid_at = now();
    invoice.payments = { object: "list", has_more: false, data: [{ object: "invoice_payment", payment: { type: "payment_intent", payment_intent: pi.id }, status: "paid", amount_paid: pi.amount }] };
    const subId = invoice.parent?.subscription_details?.subscription;
    const sub = subId ? this.subscriptions.get(subId) : undefined;
    this.emit("invoice.paid", invoice);
    this.emit("invoice.payment_succeeded", invoice);
    if (sub && sub.status !== "active") {
      const previous = { status: sub.status };
      sub.status = "active";
      this.emit("customer.subscription.updated", sub, previous);
    }
  }

  private invoiceFailed(invoice: StripeObject) {
    invoice.attempt_count += 1;
    invoice.attempted = true;
    const subId = invoice.parent?.subscription_details?.subscription;
    const sub = subId ? this.subscriptions.get(subId) : undefined;
    this.emit("invoice.payment_failed", invoice);
    if (sub && (sub.status === "active" || sub.status === "trialing")) {
      const previous = { status: sub.status };
      sub.status = "past_due";
      this.emit("customer.subscription.updated", sub, previous);
    }
  }

  updateSubscription(id: string, p: FormObject): StripeObject {
    const sub = this.get("subscription", id);
    if (sub.status === "canceled") {
      invalid("A canceled subscription can only update its cancellation_details and metadata.");
    }
    const previous: StripeObject = {};
    const cape = bool(p.cancel_at_period_end);
    if (cape !== undefined && cape !== sub.cancel_at_period_end) {
      previous.cancel_at_period_end = sub.cancel_at_period_end;
      previous.cancel_at = sub.cancel_at;
      sub.cancel_at_period_end = cape;
      sub.cancel_at = cape ? sub.items.data[0].current_period_end : null;
    }
    if (p.metadata !== undefined) {
      previous.metadata = { ...sub.metadata };
      sub.metadata = metadataOf(p.metadata, sub.metadata);
    }
    const pm = str(p.default_payment_method);
    if (pm) {
      this.attachIfNeeded(pm, sub.customer);
      previous.default_payment_method = sub.default_payment_method;
      sub.default_payment_method = pm;
    }
    if (p.items !== undefined) this.updateSubscriptionItems(sub, p, previous);
    if (Object.keys(previous).length) this.emit("customer.subscription.updated", sub, previous);
    return sub;
  }

  /**
   * `items[n][id]` with a new `price` (and/or `quantity`): Stripe switches the item's price; the
   * current period and its invoice stay as they were, and the next invoice bills the new price.
   * The double bills no proration, so it accepts only `proration_behavior=none` (Stripe's default,
   * create_prorations, would add proration lines the double does not model) and refuses the rest.
   */
  private updateSubscriptionItems(sub: StripeObject, p: FormObject, previous: StripeObject) {
    const behavior = str(p.proration_behavior) ?? "create_prorations";
    if (!["create_prorations", "none", "always_invoice"].includes(behavior)) {
      invalid(`Invalid proration_behavior: must be one of create_prorations, none, or always_invoice`, "proration_behavior");
    }
    if (behavior !== "none") invalid("The Stripe double only supports proration_behavior=none when changing items.", "proration_behavior");
    const before = structuredClone(sub.items);
    arr(p.items).forEach((raw, n) => {
      const change = obj(raw) ?? {};
      const itemId = str(change.id);
      if (!itemId) invalid("The double only supports changing existing items: items[n][id] is required.", `items[${n}][id]`);
      const item = sub.items.data.find((i: StripeObject) => i.id === itemId);
      if (!item) invalid(`Invalid subscription_item id: ${itemId}`, `items[${n}][id]`);
      const priceId = str(change.price);
      if (priceId) {
        const price = this.get("price", priceId);
        if (!price.recurring) invalid("The price specified is set to `type=one_time` but this field only accepts prices with `type=recurring`.", `items[${n}][price]`);
        if (price.currency !== sub.currency) invalid(`The price specified has currency ${price.currency}, but the subscription uses ${sub.currency}.`, `items[${n}][price]`);
        item.price = clean(structuredClone(price));
      }
      const quantity = int(change.quantity);
      if (quantity !== undefined) item.quantity = quantity;
    });
    previous.items = before;
  }

  cancelSubscription(id: string): StripeObject {
    const sub = this.get("subscription", id);
    if (sub.status === "canceled") {
      invalid(`No such subscription: '${id}'`);
    }
    sub.status = "canceled";
    sub.canceled_at = now();
    sub.ended_at = now();
    this.emit("customer.subscription.deleted", sub);
    return sub;
  }

  /**
   * Test helper: moves a subscription to its next period, as if that time had passed (for a
   * trialing one: the trial ends and the first real period starts at trial_end). Cancels it when
   * it was set to cancel at period end; otherwise bills the next invoice off session.
   */
  advanceSubscription(id: string): StripeObject {
    const sub = this.get("subscription", id);
    if (sub.status === "canceled" || sub.status === "incomplete") {
      invalid(`Subscription ${id} has status ${sub.status} and cannot be advanced.`);
    }
    if (sub.cancel_at_period_end) return this.cancelSubscription(id);
    const item = sub.items.data[0];
    const start = item.current_period_end;
    const end = addInterval(start, item.price.recurring.interval, item.price.recurring.interval_count);
    const previous: StripeObject = { items: structuredClone(sub.items) };
    if (sub.status === "trialing") {
      // The trial is over; until the first real invoice is paid Stripe reports the subscription active.
      previous.status = sub.status;
      sub.status = "active";
    }
    for (const i of sub.items.data) {
      i.current_period_start = start;
      i.current_period_end = end;
    }
    this.emit("customer.subscription.updated", sub, previous);
    const invoice = this.createInvoice(sub, "subscription_cycle", start, end);
    const pi = this.get("payment_intent", invoice._payment_intent);
    const pm = sub.default_payment_method ?? this.customers.get(sub.customer)?.invoice_settings.default_payment_method;
    if (!pm) {
      this.invoiceFailed(invoice);
      return sub;
    }
    try {
      this.confirm(pi, { payment_method: pm, off_session: true });
    } catch (e) {
      if (!(e instanceof StripeError)) throw e;
    }
    return sub;
  }
}

/** `trial_end`: unix seconds in the future, or "now" (no trial). Stripe allows at most two years ahead. */
function trialEndOf(raw: FormValue | undefined, start: number): number | null {
  const value = str(raw);
  if (value === undefined || value === "now") return null;
  const at = int(raw);
  if (at === undefined) invalid("Invalid integer: trial_end", "trial_end");
  if (at <= start) invalid("Invalid timestamp: must be an integer Unix timestamp in the future.", "trial_end");
  if (at > start + 730 * 24 * 3600) invalid("Invalid timestamp: can be no more than two years in the future.", "trial_end");
  return at;
}

/** A copy without the double's own `_fields`, as sent on the wire. */
export function clean(value: StripeObject): StripeObject {
  if (Array.isArray(value)) return value.map((v) => (v && typeof v === "object" ? clean(v) : v));
  const out: StripeObject = {};
  for (const [k, v] of Object.entries(value)) {
    if (k.startsWith("_")) continue;
    out[k] = v && typeof v === "object" ? clean(v) : v;
  }
  return out;
}
