import Stripe from "stripe";
import { describe, expect, it } from "vitest";
import { parseStripeForm } from "~/services/stripe-double/form.server";
import { stripeSignatureHeader } from "~/services/stripe-double/index.server";

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
});
