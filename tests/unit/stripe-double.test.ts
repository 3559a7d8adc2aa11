import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { parseStripeForm } from "../../stripe-double/form";
import { stripeSignatureHeader } from "../../stripe-double/index";
import { DoubleState, StripeError, type StripeObject } from "../../stripe-double/state";

/** A double without a server: events are collected in memory. */
function doubleState() {
  const events: StripeObject[] = [];
  const state = new DoubleState(() => "http://double.test", (e) => events.push(e));
  const customer = state.createCustomer({ email: "owner@example.com" });
  const price = state.createPrice({ unit_amount: "12000", currency: "usd", recurring: { interval: "year" }, product_data: { name: "BTR renewal" } });
  const pm = state.createPaymentMethod({ type: "card", card: { number: "4242424242424242" } });
  return { state, events, customer: customer.id as string, price: price.id as string, pm: pm.id as string };
}

describe("Stripe test double", () => {
  it("parses Stripe's bracketed form encoding", () => {
    const body =
      "amount=13500&metadata[businessId]=2&metadata[userId]=7&line_items[0][price_data][currency]=usd&line_items[0][price_data][product_data][name]=BTR&line_items[0][quantity]=1&expand[]=latest_charge&expand[]=customer&items%5B0%5D%5Bprice%5D=price_1";
    expect(parseStripeForm(body)).toEqual({
      amount: "13500",
      metadata: { businessId: "2", userId: "7" },
      line_items: [{ price_data: { currency: "usd", product_data: { name: "BTR" } }, quantity: "1" }],
      expand: ["latest_charge", "customer"],
      items: [{ price: "price_1" }],
    });
  });

  it("signs webhooks in the format stripe.webhooks.constructEvent verifies", () => {
    const stripe = new Stripe("sk_test_x");
    const payload = JSON.stringify({ id: "evt_1", object: "event", type: "payment_intent.succeeded", data: { object: {} } });
    const header = stripeSignatureHeader(payload, "whsec_abc");
    expect(stripe.webhooks.constructEvent(payload, header, "whsec_abc").id).toBe("evt_1");
    expect(() => stripe.webhooks.constructEvent(payload, header, "whsec_other")).toThrow();
    expect(() => stripe.webhooks.constructEvent(payload.replace("evt_1", "evt_2"), header, "whsec_abc")).toThrow();
  });

  it("a trialing subscription charges nothing until trial_end, then bills a year from there", () => {
    const { state, events, customer, price, pm } = doubleState();
    const trialEnd = Math.floor(Date.now() / 1000) + 30 * 24 * 3600;
    const sub = state.createSubscription({ customer, items: [{ price }], default_payment_method: pm, trial_end: String(trialEnd) });
    expect(sub).toMatchObject({ status: "trialing", trial_end: trialEnd, default_payment_method: pm, pending_setup_intent: null });
    expect(sub.items.data[0]).toMatchObject({ current_period_start: sub.created, current_period_end: trialEnd });
    expect(state.invoices.get(sub.latest_invoice)).toMatchObject({ amount_paid: 0, status: "paid" });
    expect([...state.paymentIntents.values()]).toHaveLength(0);
    expect(events.filter((e) => e.type === "invoice.paid").map((e) => e.data.object.amount_paid)).toEqual([0]);

    state.advanceSubscription(sub.id);
    const invoice = state.invoices.get(sub.latest_invoice)!;
    expect(invoice).toMatchObject({ amount_paid: 12000, status: "paid", billing_reason: "subscription_cycle", period_start: trialEnd });
    const nextYear = new Date(trialEnd * 1000);
    nextYear.setUTCFullYear(nextYear.getUTCFullYear() + 1);
    expect(sub).toMatchObject({ status: "active" });
    expect(sub.items.data[0]).toMatchObject({ current_period_start: trialEnd, current_period_end: nextYear.getTime() / 1000 });
  });

  it("keeps a checkout's locale and refuses one Stripe does not speak", () => {
    const { state, customer, price } = doubleState();
    const base = { mode: "subscription", customer, success_url: "http://app.test/done", line_items: [{ price, quantity: "1" }] };
    expect(state.createCheckoutSession({ ...base, locale: "es" }).locale).toBe("es");
    expect(state.createCheckoutSession(base).locale).toBeNull();
    expect(() => state.createCheckoutSession({ ...base, locale: "xx" })).toThrow(/Invalid locale/);
  });

  it("refuses a trial_end in the past and shows nothing due today on a trialing checkout", () => {
    const { state, customer, price } = doubleState();
    expect(() => state.createSubscription({ customer, items: [{ price }], trial_end: "1000" })).toThrow(StripeError);
    const trialEnd = String(Math.floor(Date.now() / 1000) + 3600 * 48);
    const session = state.createCheckoutSession({
      mode: "subscription",
      customer,
      success_url: "http://app.test/done",
      line_items: [{ price, quantity: "1" }],
      subscription_data: { trial_end: trialEnd },
    });
    expect(session.amount_total).toBe(0);
    const paid = state.payCheckoutSession(session, "4242424242424242");
    expect(paid).toEqual({ redirect: "http://app.test/done" });
    expect(session).toMatchObject({ status: "complete", payment_status: "no_payment_required" });
    expect(state.subscriptions.get(session.subscription)).toMatchObject({ status: "trialing", trial_end: Number(trialEnd) });
  });
});
