/**
 * Stripe's hosted checkout sends the payer back to APP_URL when it is set, and otherwise to the
 * origin the request came to (so a site opened as 127.0.0.1 returns to 127.0.0.1, where its
 * session cookie is).
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import * as paymentPage from "~/routes/payment.$businessId";
import * as subscriptionPage from "~/routes/business.$id_.subscription";
import type { StripeDouble } from "../../stripe-double/index";
import { resetEnvCache } from "~/utils/env.server";
import { publicOrigin, publicOriginNotice } from "~/utils/public-origin.server";
import { run } from "../support/claim-requests";
import { createBusiness, createUser, sessionCookieFor } from "../support/factories";
import { startTestStripe, testStripe } from "../support/stripe";

let double: StripeDouble;
const configured = process.env.APP_URL;
beforeAll(async () => {
  double = await startTestStripe();
});
afterAll(async () => {
  await double.close();
});
afterEach(() => {
  process.env.APP_URL = configured;
  resetEnvCache();
});

function setAppUrl(value: string | undefined) {
  if (value === undefined) delete process.env.APP_URL;
  else process.env.APP_URL = value;
  resetEnvCache();
}

async function post(url: string, userId: number, fields: Record<string, string>) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  return new Request(url, { method: "POST", body: form, headers: { Cookie: await sessionCookieFor(userId) } });
}

/** The Checkout Session a redirect to the hosted page is for. */
async function sessionOf(response: Response) {
  expect(response.status).toBe(302);
  const id = /\/checkout\/(cs_[A-Za-z0-9_]+)/.exec(response.headers.get("Location") ?? "")?.[1];
  expect(id).toBeTruthy();
  return testStripe().checkout.sessions.retrieve(id!);
}

describe("publicOrigin", () => {
  it("is APP_URL when set, else the request's own origin", () => {
    setAppUrl(undefined);
    expect(publicOrigin(new Request("http://127.0.0.1:4321/payment/1"))).toBe("http://127.0.0.1:4321");
    expect(publicOriginNotice({ APP_URL: "http://localhost:3000", APP_URL_SET: false })).toMatch(/APP_URL is not set/);
    setAppUrl("https://btr.example.gov/");
    expect(publicOrigin(new Request("http://127.0.0.1:4321/payment/1"))).toBe("https://btr.example.gov");
    expect(publicOriginNotice({ APP_URL: "https://btr.example.gov", APP_URL_SET: true })).toBe(
      "APP_URL is set: payment return links go to https://btr.example.gov",
    );
  });
});

describe("hosted checkout return URLs", () => {
  it("without APP_URL: the BTR payment comes back to the host the payer used", async () => {
    setAppUrl(undefined);
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 1, vehicleCount: 0 });
    const response = await run(paymentPage.action, await post(`http://127.0.0.1:4321/payment/${business.id}`, owner.id, { description: "Business Tax Receipt" }), {
      businessId: String(business.id),
    });
    const session = await sessionOf(response);
    expect(session.success_url).toBe(`http://127.0.0.1:4321/payment/${business.id}?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`http://127.0.0.1:4321/payment/${business.id}?cancelled=1`);
  });

  it("with APP_URL: the BTR payment and the subscription come back to APP_URL", async () => {
    setAppUrl("https://btr.example.gov");
    const owner = await createUser();
    const unpaid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    const pay = await run(paymentPage.action, await post(`http://127.0.0.1:4321/payment/${unpaid.id}`, owner.id, { description: "Business Tax Receipt" }), {
      businessId: String(unpaid.id),
    });
    expect((await sessionOf(pay)).success_url).toBe(`https://btr.example.gov/payment/${unpaid.id}?session_id={CHECKOUT_SESSION_ID}`);

    const paid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    const sub = await run(subscriptionPage.action, await post(`http://127.0.0.1:4321/business/${paid.id}/subscription`, owner.id, { intent: "setup" }), {
      id: String(paid.id),
    });
    expect((await sessionOf(sub)).success_url).toBe(`https://btr.example.gov/business/${paid.id}/subscription?session_id={CHECKOUT_SESSION_ID}`);
  });

  it("without APP_URL: the subscription set-up comes back to the host the owner used", async () => {
    setAppUrl(undefined);
    const owner = await createUser();
    const paid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    const sub = await run(subscriptionPage.action, await post(`http://127.0.0.1:4321/business/${paid.id}/subscription`, owner.id, { intent: "setup" }), {
      id: String(paid.id),
    });
    const session = await sessionOf(sub);
    expect(session.success_url).toBe(`http://127.0.0.1:4321/business/${paid.id}/subscription?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`http://127.0.0.1:4321/business/${paid.id}`);
  });
});

describe("hosted checkout speaks the payer's language (issue 42)", () => {
  it("the BTR payment and the subscription set-up ask Stripe for the request's language", async () => {
    setAppUrl(undefined);
    const owner = await createUser();
    const unpaid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    const inEnglish = await run(paymentPage.action, await post(`http://127.0.0.1:4321/payment/${unpaid.id}`, owner.id, { description: "Business Tax Receipt" }), {
      businessId: String(unpaid.id),
    });
    expect((await sessionOf(inEnglish)).locale).toBe("en");

    const other = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    const inSpanish = await run(paymentPage.action, await post(`http://127.0.0.1:4321/payment/${other.id}?lng=es`, owner.id, { description: "Business Tax Receipt" }), {
      businessId: String(other.id),
    });
    expect((await sessionOf(inSpanish)).locale).toBe("es");

    const paid = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id, hasPaidBTR: true });
    const sub = await run(subscriptionPage.action, await post(`http://127.0.0.1:4321/business/${paid.id}/subscription?lng=es`, owner.id, { intent: "setup" }), {
      id: String(paid.id),
    });
    expect((await sessionOf(sub)).locale).toBe("es");
  });
});
