/// <reference types="vite/client" />
/**
 * Holds the JSON API to its published contract (GET /api/openapi.json, built from
 * app/lib/api-contract):
 * - the document is valid OpenAPI 3.1;
 * - every route file app/routes/api.* is described, and every described path has a route file;
 * - every documented (method, path, status) is produced by a real request below and its JSON
 *   body validates against the document's schema (ajv, JSON Schema 2020-12), as do the examples.
 *
 * A new endpoint: one entry in ENDPOINTS (app/lib/api-contract/endpoints.ts) and its cases in
 * CASES here. A documented status with no case fails ("no case").
 */
import path from "node:path";
import { Validator } from "@seriousme/openapi-schema-validator";
import Ajv2020 from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { passkeys } from "~/db/schema";
import { buildOpenApiDocument } from "~/lib/api-contract/openapi";
import type { StripeDouble } from "../../stripe-double/index";
import { uniqueAddress } from "../support/accounts";
import { claimRequest, fixtureFile, run } from "../support/claim-requests";
import { createBusiness, createReceipt, createUser, makeRequest, TEST_PASSWORD, unique } from "../support/factories";
import { startTestStripe, testStripe } from "../support/stripe";
import { executableAsPdf, pdfFile, readyApplication, submittedApplication, uploadRequest } from "../support/filings";
import { enrolTotp, totpCode } from "../support/mfa";

// ---- the document and the route files --------------------------------------------------------

type RouteModule = { loader?: (args: never) => unknown; action?: (args: never) => unknown };
const ROUTE_MODULES = import.meta.glob<RouteModule>("../../app/routes/api.*.ts", { eager: true });

/** app/routes/api.businesses.$id.claim.ts -> /api/businesses/{id}/claim; "[.]" is a literal dot. */
function pathOfRouteFile(file: string): string {
  const name = path.basename(file).replace(/\.tsx?$/, "");
  return (
    "/" +
    name
      .replace(/\[\.\]/g, "~dot~")
      .split(".")
      .map((segment) => (segment.startsWith("$") ? `{${segment.slice(1)}}` : segment))
      .join("/")
      .replace(/~dot~/g, ".")
  );
}

const ROUTES = new Map(Object.entries(ROUTE_MODULES).map(([file, module]) => [pathOfRouteFile(file), { file, module }]));

type Operation = {
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string; type?: string }; example?: unknown }> }>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, unknown> } };

let doc: Document;
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
const DOC_ID = "https://contract.test/openapi.json";

async function loadDocument(): Promise<Document> {
  const { loader } = await import("~/routes/api.openapi[.]json");
  const response = await run(loader, await makeRequest("/api/openapi.json"));
  expect(response.status).toBe(200);
  return (await response.json()) as Document;
}

function validatorFor(ref: string) {
  return ajv.getSchema(`${DOC_ID}${ref}`) ?? ajv.compile({ $ref: `${DOC_ID}${ref}` });
}

// ---- the requests that produce each documented status ---------------------------------------

type Case = () => Promise<Request>;
type Cases = Record<string, Partial<Record<number, Case>>>;

let double: StripeDouble;
let admin: { id: number; username: string };

const get = (url: string, user?: { id: number } | null) => makeRequest(url, { user });
const json = (method: string, url: string, user: { id: number } | null, body: unknown, headers?: Record<string, string>) =>
  makeRequest(url, { method, user, json: body, headers });
const formBody = (method: string, url: string, user: { id: number } | null) =>
  makeRequest(url, { method, user, form: { a: "b" } });
const MISSING_ID = 999_999_999;

async function owner({ paid = false } = {}) {
  const user = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: user.id, employeeCount: 3, vehicleCount: 2, hasPaidBTR: paid });
  return { user, business };
}

/** A PaymentIntent for this business, created through the app and confirmed with a test card. */
async function confirmedIntent(user: { id: number }, businessId: number) {
  const { action } = await import("~/routes/api.create-payment-intent");
  const res = await run(action, await json("POST", "/api/create-payment-intent", user, { businessId }));
  const { clientSecret } = (await res.json()) as { clientSecret: string };
  const id = clientSecret.split("_secret_")[0];
  await testStripe().paymentIntents.confirm(id, { payment_method: "pm_card_visa" });
  return id;
}

async function recordedPayment() {
  const { user, business } = await owner();
  const stripePaymentId = await confirmedIntent(user, business.id);
  const { action } = await import("~/routes/api.payments");
  const res = await run(action, await json("POST", "/api/payments", user, { businessId: business.id, stripePaymentId }));
  expect(res.status).toBe(201);
  return { user, business, stripePaymentId };
}

async function card() {
  const pm = await testStripe().paymentMethods.create({
    type: "card",
    card: { number: "4242424242424242", exp_month: 12, exp_year: 2034, cvc: "123" } as never,
  });
  return pm.id;
}

async function subscribed() {
  const { user, business } = await owner({ paid: true });
  const { action } = await import("~/routes/api.create-subscription");
  const res = await run(action, await json("POST", "/api/create-subscription", user, { businessId: business.id, paymentMethodId: await card() }));
  expect(res.status).toBe(201);
  return { user, business };
}

const adminList = (url: string): Partial<Record<number, Case>> => ({
  200: () => get(`${url}?page=1&limit=5`, admin),
  400: () => get(`${url}?page=0`, admin),
  401: () => get(url, null),
  403: async () => get(url, await createUser()),
});
const adminOnly = (url: string): Partial<Record<number, Case>> => ({
  200: () => get(url, admin),
  401: () => get(url, null),
  403: async () => get(url, await createUser()),
});
let clerk: { id: number; username: string };
const staffOnly = (url: string): Partial<Record<number, Case>> => ({
  200: () => get(url, clerk),
  401: () => get(url, null),
  403: async () => get(url, await createUser()),
});

const staffList = (url: string): Partial<Record<number, Case>> => ({
  ...staffOnly(url),
  200: () => get(`${url}?page=1&limit=5`, clerk),
  400: () => get(`${url}?page=0`, clerk),
});

/** A closed remittance statement holding one new payment: its id. */
async function closedRemittance() {
  const { closePeriod } = await import("~/models/remittance.server");
  const { townDate } = await import("~/lib/tax-year");
  const { now } = await import("~/utils/clock.server");
  createReceipt(createBusiness({ name: `Contract Remittance ${unique()} LLC` }).id, { amount: 150_00 });
  const today = townDate(now());
  const statement = await closePeriod(admin, { from: today, to: today, remittedOn: today, reference: `ACH ${unique()}` });
  return statement.id!;
}

/** A letter batch of one new business, made through the API by a clerk. */
async function letterBatch() {
  const name = `Contract Letters ${unique()} LLC`;
  createBusiness({ name });
  const { action } = await import("~/routes/api.admin.letter-batches");
  const res = await run(action, await json("POST", "/api/admin/letter-batches", clerk, { q: name }));
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; count: number };
}

const batchFile = (format: "pdf" | "csv"): Partial<Record<number, Case>> => ({
  200: async () => get(`/api/admin/letter-batches/${(await letterBatch()).id}/letters.${format}`, clerk),
  401: () => get(`/api/admin/letter-batches/1/letters.${format}`, null),
  403: async () => get(`/api/admin/letter-batches/1/letters.${format}`, await createUser()),
  404: () => get(`/api/admin/letter-batches/${MISSING_ID}/letters.${format}`, clerk),
});

const signedInOnly = (url: string): Partial<Record<number, Case>> => ({
  200: async () => get(url, (await owner()).user),
  401: () => get(url, null),
});

function subscriptionCases(method: "PATCH" | "DELETE" | "POST"): Partial<Record<number, Case>> {
  const body = method === "PATCH" ? { autoRenew: false } : undefined;
  const to = (user: { id: number } | null, businessId: number, payload = body) =>
    makeRequest(`/api/subscription/${businessId}`, { method, user, json: payload });
  return {
    200: async () => {
      const { user, business } = await subscribed();
      return to(user, business.id);
    },
    ...(method === "PATCH"
      ? {
          400: async () => {
            const { user, business } = await subscribed();
            return to(user, business.id, { autoRenew: "yes" } as never);
          },
          415: async () => {
            const { user, business } = await subscribed();
            return formBody("PATCH", `/api/subscription/${business.id}`, user);
          },
        }
      : {}),
    401: async () => to(null, (await owner({ paid: true })).business.id),
    403: async () => to(await createUser(), (await subscribed()).business.id),
    404: async () => to(await createUser(), MISSING_ID),
    409: async () => {
      const { user, business } = await owner({ paid: true });
      return to(user, business.id);
    },
  };
}

// Filings (issue 40): a draft, a submitted one, a withdrawn one; bodies over 64 KB.
async function draftFiling() {
  const { createFiling } = await import("~/models/filings/filings.server");
  const user = await createUser();
  return { user, filing: createFiling(user, "new-business") };
}
async function withdrawnFiling() {
  const { withdrawFiling } = await import("~/models/filings/filings.server");
  const { user, filing } = await draftFiling();
  return { user, filing: withdrawFiling(user, filing) };
}
const hugeJson = (method: string, url: string, user: { id: number } | null) =>
  json(method, url, user, { businessName: "x".repeat(70 * 1024) });
const elevenMegabytePdf = () => pdfFile("scan.pdf", 11 * 1024 * 1024);

/** A seller's transfer filing (the business holds this year's receipt), and its fee asked for and confirmed at Stripe. */
async function transferFiling() {
  const { createFiling } = await import("~/models/filings/filings.server");
  const user = await createUser();
  const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: user.id, hasPaidBTR: true, employeeCount: 3 });
  return { user, filing: createFiling(user, "transfer", business.id) };
}
const feeCall = (filingId: number, user: { id: number } | null, payload: unknown = {}) => json("POST", `/api/filings/${filingId}/fee`, user, payload);
async function confirmedFee() {
  const { user, filing } = await transferFiling();
  const { action } = await import("~/routes/api.filings.$id.fee");
  const res = await run(action, await feeCall(filing.id, user), { id: String(filing.id) });
  expect(res.status).toBe(200);
  const { paymentIntentId } = (await res.json()) as { paymentIntentId: string };
  await testStripe().paymentIntents.confirm(paymentIntentId, { payment_method: "pm_card_visa" });
  return { user, filing, paymentIntentId };
}
async function recordedFee() {
  const { user, filing, paymentIntentId } = await confirmedFee();
  const { verifyAndRecordFilingFee } = await import("~/models/filings/fee.server");
  await verifyAndRecordFilingFee({ stripePaymentId: paymentIntentId, filingId: filing.id, user });
  return { user, filing, paymentIntentId };
}

// Second factor (issue 41): a sign-in waiting for its code; calls with a fresh client address each
// (codes count in the sign-in lockout, per username and per address).
const withAddress = (url: string, options: Parameters<typeof makeRequest>[1] = {}) =>
  makeRequest(url, { ...options, headers: { "X-Forwarded-For": uniqueAddress(), ...options.headers } });

/** POST /api/login for an account with an authenticator: its `__signin` cookie and the secret. */
async function pendingSignIn() {
  const user = await createUser();
  const { secret } = enrolTotp(user.id);
  const { action } = await import("~/routes/api.login");
  const res = await run(action, await withAddress("/api/login", { json: { username: user.username, password: TEST_PASSWORD } }));
  expect(await res.json()).toMatchObject({ mfaRequired: true });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__signin="))!.split(";")[0];
  return { user, secret, cookie };
}
const secondStep = async (json: unknown, cookie?: string) => withAddress("/api/login/mfa", { method: "POST", json, cookie });

/** A user with the authenticator app on (and its secret). */
async function enrolled(overrides: Parameters<typeof createUser>[0] = {}) {
  const user = await createUser(overrides);
  return { user, ...enrolTotp(user.id) };
}
/** An administrator with a factor whose session has not passed it: the step-up is due. */
const dueAdmin = async () => (await enrolled({ isAdmin: true })).user;

const verifyCall = (user: { id: number } | null, json: unknown) => withAddress("/api/user/mfa/verify", { method: "POST", user, json });

const refundCall = (paymentId: number, user: { id: number } | null, payload: unknown = { amountCents: 1000, reason: "Counted one employee too many" }) =>
  json("POST", `/api/admin/payments/${paymentId}/refunds`, user, payload);
const roleCall = (userId: number, user: { id: number } | null, payload: unknown = { role: "clerk" }) => json("PATCH", `/api/admin/users/${userId}`, user, payload);

const CASES: Cases = {
  "GET /api/user": {
    200: async () => get("/api/user", await createUser()),
    401: () => get("/api/user"),
  },
  "POST /api/login": {
    200: async () => {
      const user = await createUser();
      return json("POST", "/api/login", null, { username: user.username, password: TEST_PASSWORD }, { "X-Forwarded-For": uniqueAddress() });
    },
    400: () => json("POST", "/api/login", null, { username: "someone" }),
    401: async () => {
      const user = await createUser();
      return json("POST", "/api/login", null, { username: user.username, password: "wrong-password" }, { "X-Forwarded-For": uniqueAddress() });
    },
    415: () => formBody("POST", "/api/login", null),
    429: async () => {
      const user = await createUser();
      const { action } = await import("~/routes/api.login");
      const attempt = () =>
        json("POST", "/api/login", null, { username: user.username, password: "wrong-password" }, { "X-Forwarded-For": uniqueAddress() });
      for (let i = 0; i < 10; i++) await run(action, await attempt());
      return attempt();
    },
  },
  "POST /api/login/mfa": {
    200: async () => {
      const { secret, cookie } = await pendingSignIn();
      return secondStep({ code: totpCode(secret) }, cookie);
    },
    400: async () => secondStep({}, (await pendingSignIn()).cookie),
    401: () => secondStep({ code: "123456" }),
    415: async () => withAddress("/api/login/mfa", { method: "POST", form: { code: "123456" }, cookie: (await pendingSignIn()).cookie }),
    429: async () => {
      const { cookie } = await pendingSignIn();
      const { action } = await import("~/routes/api.login.mfa");
      for (let i = 0; i < 10; i++) await run(action, await secondStep({ code: "000000" }, cookie));
      return secondStep({ code: "000000" }, cookie);
    },
  },
  "POST /api/user/mfa/totp": {
    201: async () => makeRequest("/api/user/mfa/totp", { method: "POST", user: await createUser() }),
    401: () => makeRequest("/api/user/mfa/totp", { method: "POST" }),
    403: async () => {
      // An account with a passkey, on a session that has not passed it: no second factor added.
      const user = await createUser();
      getDb().insert(passkeys).values({ id: unique("cred"), userId: user.id, publicKey: "unused", name: "Phone" }).run();
      return makeRequest("/api/user/mfa/totp", { method: "POST", user });
    },
    409: async () => makeRequest("/api/user/mfa/totp", { method: "POST", user: (await enrolled()).user }),
  },
  "POST /api/user/mfa/totp/confirm": {
    200: async () => {
      const { startTotpEnrolment } = await import("~/models/mfa/totp.server");
      const user = await createUser();
      return json("POST", "/api/user/mfa/totp/confirm", user, { code: totpCode(startTotpEnrolment(user.id)!.secret) });
    },
    400: async () => {
      const { startTotpEnrolment } = await import("~/models/mfa/totp.server");
      const user = await createUser();
      startTotpEnrolment(user.id);
      return json("POST", "/api/user/mfa/totp/confirm", user, { code: "12345" });
    },
    401: () => json("POST", "/api/user/mfa/totp/confirm", null, { code: "123456" }),
    409: async () => json("POST", "/api/user/mfa/totp/confirm", await createUser(), { code: "123456" }),
    415: async () => formBody("POST", "/api/user/mfa/totp/confirm", await createUser()),
  },
  "DELETE /api/user/mfa/totp": {
    200: async () => {
      const { user, secret } = await enrolled();
      return json("DELETE", "/api/user/mfa/totp", user, { password: TEST_PASSWORD, code: totpCode(secret) });
    },
    400: async () => {
      const { user, secret } = await enrolled();
      return json("DELETE", "/api/user/mfa/totp", user, { password: "not-my-password", code: totpCode(secret) });
    },
    401: () => json("DELETE", "/api/user/mfa/totp", null, { password: TEST_PASSWORD, code: "123456" }),
    409: async () => json("DELETE", "/api/user/mfa/totp", await createUser(), { password: TEST_PASSWORD, code: "123456" }),
    415: async () => formBody("DELETE", "/api/user/mfa/totp", (await enrolled()).user),
  },
  "POST /api/user/mfa/verify": {
    200: async () => {
      const { user, secret } = await enrolled();
      return verifyCall(user, { code: totpCode(secret) });
    },
    400: async () => verifyCall((await enrolled()).user, {}),
    401: async () => verifyCall((await enrolled()).user, { code: "000000" }),
    409: async () => verifyCall(await createUser(), { code: "123456" }),
    415: async () => formBody("POST", "/api/user/mfa/verify", (await enrolled()).user),
    429: async () => {
      const { user, recoveryCodes } = await enrolled();
      const { action } = await import("~/routes/api.user.mfa.verify");
      for (let i = 0; i < 10; i++) await run(action, await verifyCall(user, { code: "000000" }));
      return verifyCall(user, { recoveryCode: recoveryCodes[0] });
    },
  },
  "GET /api/user/sessions": {
    200: async () => get("/api/user/sessions", await createUser()),
    401: () => get("/api/user/sessions"),
  },
  "DELETE /api/user/sessions/{id}": {
    200: async () => {
      const { listSessions } = await import("~/models/session.server");
      const { sessionHandle } = await import("~/models/session-handles.server");
      const user = await createUser();
      await makeRequest("/", { user }); // another browser's session
      const [other] = listSessions(user.id);
      return makeRequest(`/api/user/sessions/${sessionHandle(other.id)}`, { method: "DELETE", user });
    },
    401: () => makeRequest("/api/user/sessions/0123456789abcdef", { method: "DELETE" }),
    404: async () => makeRequest("/api/user/sessions/0123456789abcdef", { method: "DELETE", user: await createUser() }),
  },
  "POST /api/register": {
    201: () => {
      const username = unique("new_");
      return json("POST", "/api/register", null, {
        username,
        password: "a-good-password",
        confirmPassword: "a-good-password",
        email: `${username}@example.com`,
        firstName: "Ana",
        lastName: "Lopez",
      });
    },
    400: () => json("POST", "/api/register", null, { username: "x", password: "a-good-password", confirmPassword: "another-one" }),
    415: () => formBody("POST", "/api/register", null),
  },
  "POST /api/logout": {
    200: async () => makeRequest("/api/logout", { method: "POST", user: await createUser() }),
  },
  "PATCH /api/user/profile": {
    200: async () => {
      const user = await createUser();
      return json("PATCH", "/api/user/profile", user, { firstName: "Ana", lastName: null, email: `${unique("p")}@example.com` });
    },
    400: async () => json("PATCH", "/api/user/profile", await createUser(), { email: "not-an-email" }),
    401: () => json("PATCH", "/api/user/profile", null, { email: "a@example.com" }),
    415: async () => formBody("PATCH", "/api/user/profile", await createUser()),
  },
  "PATCH /api/user/password": {
    200: async () =>
      json("PATCH", "/api/user/password", await createUser(), {
        currentPassword: TEST_PASSWORD,
        newPassword: "a-new-password",
        confirmPassword: "a-new-password",
      }),
    400: async () =>
      json("PATCH", "/api/user/password", await createUser(), {
        currentPassword: "not-my-password",
        newPassword: "a-new-password",
        confirmPassword: "a-new-password",
      }),
    401: () => json("PATCH", "/api/user/password", null, {}),
    415: async () => formBody("PATCH", "/api/user/password", await createUser()),
  },
  "GET /api/businesses": {
    200: () => (createBusiness(), get("/api/businesses?page=1&limit=3")),
    400: () => get("/api/businesses?page=0"),
  },
  "GET /api/businesses/search": {
    200: () => (createBusiness({ name: "Contract Search Bakery LLC" }), get("/api/businesses/search?q=contract%20search&limit=10")),
    400: () => get("/api/businesses/search?limit=abc"),
  },
  "GET /api/businesses/{id}": {
    200: () => get(`/api/businesses/${createBusiness().id}`),
    400: () => get("/api/businesses/abc"),
    404: () => get(`/api/businesses/${MISSING_ID}`),
  },
  "POST /api/businesses/{id}/claim": {
    200: async () =>
      claimRequest(`/api/businesses/${createBusiness().id}/claim`, await createUser(), {
        driversLicenseFile: fixtureFile("license.png", "license.png", "image/png"),
      }),
    400: async () => claimRequest(`/api/businesses/${createBusiness().id}/claim`, await createUser(), { verificationCode: "1111111" }),
    401: () => claimRequest(`/api/businesses/${createBusiness().id}/claim`, null),
    404: async () => claimRequest(`/api/businesses/${MISSING_ID}/claim`, await createUser()),
    409: async () => claimRequest(`/api/businesses/${(await owner()).business.id}/claim`, await createUser()),
    413: async () => {
      const bytes = new Uint8Array(6 * 1024 * 1024).fill(0x61);
      bytes.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      return claimRequest(`/api/businesses/${createBusiness().id}/claim`, await createUser(), {
        driversLicenseFile: new File([bytes], "big.png", { type: "image/png" }),
      });
    },
    429: async () => {
      const [user, business] = [await createUser(), createBusiness()];
      const { action } = await import("~/routes/api.businesses.$id.claim");
      for (let i = 0; i < 5; i++) {
        await run(action, await claimRequest(`/api/businesses/${business.id}/claim`, user, { verificationCode: "1111111" }), { id: String(business.id) });
      }
      return claimRequest(`/api/businesses/${business.id}/claim`, user);
    },
  },
  "GET /api/user/businesses": signedInOnly("/api/user/businesses"),
  "GET /api/businesses/claimed": {
    200: async () => get("/api/businesses/claimed", (await recordedPayment()).user),
    401: () => get("/api/businesses/claimed"),
  },
  "POST /api/create-payment-intent": {
    200: async () => {
      const { user, business } = await owner();
      return json("POST", "/api/create-payment-intent", user, { businessId: business.id, amount: 13500 });
    },
    400: async () => json("POST", "/api/create-payment-intent", await createUser(), {}),
    401: () => json("POST", "/api/create-payment-intent", null, { businessId: 1 }),
    403: async () => json("POST", "/api/create-payment-intent", await createUser(), { businessId: (await owner()).business.id }),
    404: async () => json("POST", "/api/create-payment-intent", await createUser(), { businessId: MISSING_ID }),
    409: async () => {
      const { user, business } = await owner({ paid: true });
      return json("POST", "/api/create-payment-intent", user, { businessId: business.id });
    },
    415: async () => formBody("POST", "/api/create-payment-intent", await createUser()),
  },
  "POST /api/payments": {
    201: async () => {
      const { user, business } = await owner();
      const stripePaymentId = await confirmedIntent(user, business.id);
      return json("POST", "/api/payments", user, { businessId: business.id, amount: 13500, stripePaymentId, receiptUrl: "" });
    },
    200: async () => {
      const { user, business, stripePaymentId } = await recordedPayment();
      return json("POST", "/api/payments", user, { businessId: business.id, stripePaymentId });
    },
    400: async () => json("POST", "/api/payments", await createUser(), { businessId: 1 }),
    401: () => json("POST", "/api/payments", null, {}),
    404: async () => json("POST", "/api/payments", await createUser(), { businessId: MISSING_ID, stripePaymentId: "pi_1234567890" }),
    409: async () => {
      // Paid by card, but meanwhile the receipt was recorded as paid another way: refused (and refunded).
      const { user, business } = await owner();
      const stripePaymentId = await confirmedIntent(user, business.id);
      createReceipt(business.id);
      return json("POST", "/api/payments", user, { businessId: business.id, stripePaymentId });
    },
    415: async () => formBody("POST", "/api/payments", await createUser()),
  },
  "GET /api/payments": {
    200: async () => get("/api/payments", (await recordedPayment()).user),
    401: () => get("/api/payments"),
  },
  "GET /api/payments/stripe/{stripePaymentId}": {
    200: async () => {
      const { user, stripePaymentId } = await recordedPayment();
      return get(`/api/payments/stripe/${stripePaymentId}`, user);
    },
    401: () => get("/api/payments/stripe/pi_1234567890"),
    404: async () => get("/api/payments/stripe/pi_1234567890", await createUser()),
  },
  "POST /api/create-subscription": {
    201: async () => {
      const { user, business } = await owner({ paid: true });
      return json("POST", "/api/create-subscription", user, { businessId: business.id, paymentMethodId: await card() });
    },
    400: async () => json("POST", "/api/create-subscription", await createUser(), { businessId: 1 }),
    401: () => json("POST", "/api/create-subscription", null, {}),
    403: async () =>
      json("POST", "/api/create-subscription", await createUser(), { businessId: (await owner({ paid: true })).business.id, paymentMethodId: "pm_card_visa" }),
    404: async () => json("POST", "/api/create-subscription", await createUser(), { businessId: MISSING_ID, paymentMethodId: "pm_card_visa" }),
    409: async () => {
      const { user, business } = await owner();
      return json("POST", "/api/create-subscription", user, { businessId: business.id, paymentMethodId: "pm_card_visa" });
    },
    415: async () => formBody("POST", "/api/create-subscription", await createUser()),
  },
  "PATCH /api/subscription/{businessId}": subscriptionCases("PATCH"),
  "DELETE /api/subscription/{businessId}": subscriptionCases("DELETE"),
  "POST /api/subscription/{businessId}": subscriptionCases("POST"),
  "GET /api/user/export/businesses": signedInOnly("/api/user/export/businesses"),
  "GET /api/user/export/payments": signedInOnly("/api/user/export/payments"),
  "GET /api/admin/users": adminList("/api/admin/users"),
  "PATCH /api/admin/users/{id}": {
    200: async () => roleCall((await createUser()).id, admin),
    400: async () => roleCall((await createUser()).id, admin, { role: "owner" }),
    401: async () => roleCall((await createUser()).id, null),
    403: async () => roleCall((await createUser()).id, await dueAdmin()),
    404: () => roleCall(MISSING_ID, admin),
    409: () => roleCall(admin.id, admin, { role: null }),
    415: async () => formBody("PATCH", `/api/admin/users/${(await createUser()).id}`, admin),
  },
  "POST /api/admin/payments/{id}/refunds": {
    201: async () => {
      const { business } = await recordedPayment();
      const { paymentsWithRefunds } = await import("~/models/refund.server");
      return refundCall(paymentsWithRefunds(business.id)[0].payment.id, admin);
    },
    400: () => refundCall(1, admin, { amountCents: 0, reason: "x" }),
    401: () => refundCall(1, null),
    403: async () => refundCall(1, await dueAdmin()),
    404: () => refundCall(MISSING_ID, admin),
    409: async () => {
      // A cash payment at the counter, already paid back in full.
      const { recordCounterPayment } = await import("~/models/counter-payment.server");
      const { refundPayment } = await import("~/models/refund.server");
      const business = createBusiness();
      const { payment } = recordCounterPayment(admin, { businessId: business.id, method: "cash", key: unique("contract-counter-") });
      await refundPayment(admin, { businessId: business.id, paymentId: payment.id, amountCents: payment.amount, reason: "Paid twice" });
      return refundCall(payment.id, admin);
    },
    415: () => formBody("POST", "/api/admin/payments/1/refunds", admin),
  },
  "GET /api/admin/businesses": staffList("/api/admin/businesses"),
  "GET /api/admin/businesses/claimed": staffList("/api/admin/businesses/claimed"),
  "GET /api/admin/payments": staffList("/api/admin/payments"),
  "GET /api/admin/drivers-licenses": adminOnly("/api/admin/drivers-licenses"),
  "GET /api/admin/reports/businesses": staffOnly("/api/admin/reports/businesses"),
  "GET /api/admin/reports/payments": staffOnly("/api/admin/reports/payments"),
  "GET /api/admin/reports/tax-years": staffOnly("/api/admin/reports/tax-years"),
  "GET /api/admin/reports/delinquent": staffOnly("/api/admin/reports/delinquent"),
  "GET /api/admin/remittance": {
    ...staffOnly("/api/admin/remittance?from=2026-11-01&to=2026-11-30"),
    400: () => get("/api/admin/remittance?from=2026-11-30&to=2026-11-01", clerk),
  },
  "GET /api/admin/remittances": {
    ...staffOnly("/api/admin/remittances"),
    200: async () => (await closedRemittance(), get("/api/admin/remittances", clerk)),
  },
  "POST /api/admin/remittances": {
    201: async () => {
      const { townDate } = await import("~/lib/tax-year");
      const { now } = await import("~/utils/clock.server");
      createReceipt(createBusiness({ name: `Contract Close ${unique()} LLC` }).id, { amount: 150_00 });
      return json("POST", "/api/admin/remittances", admin, { through: townDate(now()), reference: `ACH ${unique()}` });
    },
    400: () => json("POST", "/api/admin/remittances", admin, { through: "yesterday" }),
    401: () => json("POST", "/api/admin/remittances", null, { through: "2026-11-30" }),
    403: async () => json("POST", "/api/admin/remittances", await dueAdmin(), { through: "2026-11-30" }),
    409: () => json("POST", "/api/admin/remittances", admin, { through: "2000-01-31" }),
    415: () => formBody("POST", "/api/admin/remittances", admin),
  },
  "GET /api/admin/remittances/{id}": {
    200: async () => get(`/api/admin/remittances/${await closedRemittance()}`, clerk),
    400: () => get("/api/admin/remittances/1?format=xml", clerk),
    401: () => get("/api/admin/remittances/1", null),
    403: async () => get("/api/admin/remittances/1", await createUser()),
    404: () => get(`/api/admin/remittances/${MISSING_ID}`, clerk),
  },
  "GET /api/admin/remittances/{id}/businesses.csv": {
    200: async () => get(`/api/admin/remittances/${await closedRemittance()}/businesses.csv`, clerk),
    401: () => get("/api/admin/remittances/1/businesses.csv", null),
    403: async () => get("/api/admin/remittances/1/businesses.csv", await createUser()),
    404: () => get(`/api/admin/remittances/${MISSING_ID}/businesses.csv`, clerk),
  },
  "POST /api/admin/letter-batches": {
    201: () => {
      const name = `Contract Letters ${unique()} LLC`;
      createBusiness({ name });
      return json("POST", "/api/admin/letter-batches", clerk, { q: name });
    },
    400: () => json("POST", "/api/admin/letter-batches", clerk, { mailed: "before" }),
    401: () => json("POST", "/api/admin/letter-batches", null, {}),
    403: async () => json("POST", "/api/admin/letter-batches", await createUser(), {}),
    409: () => json("POST", "/api/admin/letter-batches", clerk, { q: `No Such Business ${unique()}` }),
    415: () => formBody("POST", "/api/admin/letter-batches", clerk),
  },
  "GET /api/admin/letter-batches": {
    200: async () => (await letterBatch(), get("/api/admin/letter-batches?page=1&limit=5", clerk)),
    400: () => get("/api/admin/letter-batches?page=0", clerk),
    401: () => get("/api/admin/letter-batches", null),
    403: async () => get("/api/admin/letter-batches", await createUser()),
  },
  "GET /api/admin/letter-batches/{id}/letters.pdf": batchFile("pdf"),
  "GET /api/admin/letter-batches/{id}/letters.csv": batchFile("csv"),
  "GET /api/admin/letters/unanswered": {
    ...staffOnly("/api/admin/letters/unanswered?days=60"),
    200: async () => {
      // A batch mailed 90 days ago and still unclaimed: at least one row to check.
      const { id } = await letterBatch();
      const { markBatchMailed } = await import("~/models/letters.server");
      markBatchMailed(clerk, id, new Date(Date.now() - 90 * 86_400_000).toISOString().slice(0, 10));
      return get(`/api/admin/letters/unanswered?days=60&batch=${id}`, clerk);
    },
    400: () => get("/api/admin/letters/unanswered?format=xml", clerk),
  },
  "GET /api/admin/audit": {
    ...staffOnly("/api/admin/audit?page=1&limit=5"),
    200: async () => (await letterBatch(), get("/api/admin/audit?action=letter_batch.create&page=1&limit=5", clerk)),
    400: () => get("/api/admin/audit?from=yesterday", clerk),
  },
  "GET /api/filings": {
    200: async () => get("/api/filings", (await draftFiling()).user),
    401: () => get("/api/filings"),
  },
  "POST /api/filings": {
    201: async () => json("POST", "/api/filings", await createUser(), { kind: "new-business" }),
    400: async () => json("POST", "/api/filings", await createUser(), { kind: "renewal" }),
    401: () => json("POST", "/api/filings", null, { kind: "new-business" }),
    403: async () => json("POST", "/api/filings", await createUser(), { kind: "close-business", businessId: (await owner()).business.id }),
    409: async () => {
      // A transfer needs this year's receipt.
      const { user, business } = await owner();
      return json("POST", "/api/filings", user, { kind: "transfer", businessId: business.id });
    },
    413: async () => hugeJson("POST", "/api/filings", await createUser()),
    415: async () => formBody("POST", "/api/filings", await createUser()),
  },
  "GET /api/filings/{id}": {
    200: async () => {
      const { user, filing } = await submittedApplication();
      return get(`/api/filings/${filing.id}`, user);
    },
    401: async () => get(`/api/filings/${(await draftFiling()).filing.id}`),
    404: async () => get(`/api/filings/${(await draftFiling()).filing.id}`, await createUser()),
  },
  "PATCH /api/filings/{id}": {
    200: async () => {
      const { user, filing } = await draftFiling();
      return json("PATCH", `/api/filings/${filing.id}`, user, { businessName: "Señora Café LLC", employeeCount: 2, homeBased: false });
    },
    400: async () => {
      const { user, filing } = await draftFiling();
      return json("PATCH", `/api/filings/${filing.id}`, user, { city: "Miami", colour: "blue" });
    },
    401: async () => json("PATCH", `/api/filings/${(await draftFiling()).filing.id}`, null, {}),
    403: async () => json("PATCH", `/api/filings/${(await draftFiling()).filing.id}`, clerk, { businessName: "Staff edit" }),
    404: async () => json("PATCH", `/api/filings/${MISSING_ID}`, await createUser(), {}),
    409: async () => {
      const { user, filing } = await submittedApplication();
      return json("PATCH", `/api/filings/${filing.id}`, user, { businessName: "Too late" });
    },
    413: async () => {
      const { user, filing } = await draftFiling();
      return hugeJson("PATCH", `/api/filings/${filing.id}`, user);
    },
    415: async () => {
      const { user, filing } = await draftFiling();
      return formBody("PATCH", `/api/filings/${filing.id}`, user);
    },
  },
  "POST /api/filings/{id}/documents": {
    201: async () => {
      const { user, filing } = await draftFiling();
      return uploadRequest(filing.id, user);
    },
    400: async () => {
      const { user, filing } = await draftFiling();
      return uploadRequest(filing.id, user, { file: executableAsPdf() });
    },
    401: async () => uploadRequest((await draftFiling()).filing.id, null),
    403: async () => uploadRequest((await draftFiling()).filing.id, clerk),
    404: async () => uploadRequest((await draftFiling()).filing.id, await createUser()),
    409: async () => {
      const { user, filing } = await submittedApplication();
      return uploadRequest(filing.id, user);
    },
    413: async () => {
      const { user, filing } = await draftFiling();
      return uploadRequest(filing.id, user, { file: elevenMegabytePdf() });
    },
  },
  "POST /api/filings/{id}/submit": {
    200: async () => {
      const { user, filing } = await readyApplication();
      return makeRequest(`/api/filings/${filing.id}/submit`, { method: "POST", user });
    },
    400: async () => {
      const { user, filing } = await draftFiling();
      return makeRequest(`/api/filings/${filing.id}/submit`, { method: "POST", user });
    },
    401: async () => makeRequest(`/api/filings/${(await readyApplication()).filing.id}/submit`, { method: "POST" }),
    403: async () => makeRequest(`/api/filings/${(await readyApplication()).filing.id}/submit`, { method: "POST", user: clerk }),
    404: async () => makeRequest(`/api/filings/${(await readyApplication()).filing.id}/submit`, { method: "POST", user: await createUser() }),
    409: async () => {
      const { user, filing } = await withdrawnFiling();
      return makeRequest(`/api/filings/${filing.id}/submit`, { method: "POST", user });
    },
  },
  "POST /api/filings/{id}/withdraw": {
    200: async () => {
      const { user, filing } = await submittedApplication();
      return makeRequest(`/api/filings/${filing.id}/withdraw`, { method: "POST", user });
    },
    401: async () => makeRequest(`/api/filings/${(await draftFiling()).filing.id}/withdraw`, { method: "POST" }),
    403: async () => makeRequest(`/api/filings/${(await draftFiling()).filing.id}/withdraw`, { method: "POST", user: clerk }),
    404: async () => makeRequest(`/api/filings/${MISSING_ID}/withdraw`, { method: "POST", user: await createUser() }),
    409: async () => {
      const { decideFiling } = await import("~/models/filings/decision.server");
      const { user, filing } = await submittedApplication();
      await decideFiling(clerk, filing.id, "deny", "The business is outside the town");
      return makeRequest(`/api/filings/${filing.id}/withdraw`, { method: "POST", user });
    },
  },
  "GET /api/filing-categories": { 200: () => get("/api/filing-categories") },
  "POST /api/filings/{id}/fee": {
    200: async () => {
      const { user, filing } = await transferFiling();
      return feeCall(filing.id, user);
    },
    201: async () => {
      const { user, filing, paymentIntentId } = await confirmedFee();
      return feeCall(filing.id, user, { stripePaymentId: paymentIntentId });
    },
    400: async () => {
      const { user, filing } = await transferFiling();
      return feeCall(filing.id, user, { amount: 1 });
    },
    401: async () => feeCall((await transferFiling()).filing.id, null),
    403: async () => feeCall((await transferFiling()).filing.id, clerk),
    404: async () => feeCall(MISSING_ID, await createUser()),
    409: async () => {
      const { user, filing } = await recordedFee();
      return feeCall(filing.id, user);
    },
    413: async () => {
      const { user, filing } = await transferFiling();
      return hugeJson("POST", `/api/filings/${filing.id}/fee`, user);
    },
    415: async () => {
      const { user, filing } = await transferFiling();
      return formBody("POST", `/api/filings/${filing.id}/fee`, user);
    },
  },
  "GET /api/admin/filings.csv": {
    200: async () => (await submittedApplication(), get("/api/admin/filings.csv?status=submitted", clerk)),
    401: () => get("/api/admin/filings.csv"),
    403: async () => get("/api/admin/filings.csv", await createUser()),
  },
  "GET /api/admin/filings": {
    ...staffList("/api/admin/filings"),
    200: async () => (await submittedApplication(), get("/api/admin/filings?status=submitted&kind=new-business&page=1&limit=5", clerk)),
    400: () => get("/api/admin/filings?status=draft", clerk),
  },
  "POST /api/admin/filings/{id}/decision": {
    200: async () => json("POST", `/api/admin/filings/${(await submittedApplication()).filing.id}/decision`, clerk, { decision: "approve" }),
    400: async () => json("POST", `/api/admin/filings/${(await submittedApplication()).filing.id}/decision`, clerk, { decision: "deny" }),
    401: async () => json("POST", `/api/admin/filings/${(await submittedApplication()).filing.id}/decision`, null, { decision: "approve" }),
    403: async () => json("POST", `/api/admin/filings/${(await submittedApplication()).filing.id}/decision`, await createUser(), { decision: "approve" }),
    404: () => json("POST", `/api/admin/filings/${MISSING_ID}/decision`, clerk, { decision: "approve" }),
    409: async () => json("POST", `/api/admin/filings/${(await draftFiling()).filing.id}/decision`, clerk, { decision: "approve" }),
    413: async () => makeRequest(`/api/admin/filings/${(await submittedApplication()).filing.id}/decision`, {
      method: "POST",
      user: clerk,
      json: { decision: "deny", message: "x".repeat(70 * 1024) },
    }),
    415: async () => formBody("POST", `/api/admin/filings/${(await submittedApplication()).filing.id}/decision`, clerk),
  },
  "POST /api/stripe/webhook": {
    200: async () => {
      const payload = JSON.stringify({ id: `evt_${unique()}`, object: "event", type: "customer.created", data: { object: { id: "cus_x", object: "customer" } } });
      return makeRequest("/api/stripe/webhook", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Stripe-Signature": double.signatureHeader(payload) },
      }).then((r) => new Request(r, { body: payload }));
    },
    400: () => json("POST", "/api/stripe/webhook", null, { id: "evt_x", type: "customer.created", data: { object: {} } }),
  },
  "GET /api/openapi.json": { 200: () => get("/api/openapi.json") },
};

// ---- running them -----------------------------------------------------------------------------

/** The documented path's parameters, read from a concrete URL: /api/businesses/{id} + /api/businesses/7 -> {id: "7"}. */
function paramsOf(template: string, url: string): Record<string, string> {
  const names: string[] = [];
  const pattern = new RegExp(`^${template.replace(/\{(\w+)\}/g, (_m, name: string) => (names.push(name), "([^/]+)"))}$`);
  const match = pattern.exec(new URL(url).pathname);
  if (!match) throw new Error(`${url} does not match ${template}`);
  return Object.fromEntries(names.map((name, i) => [name, decodeURIComponent(match[i + 1])]));
}

async function call(template: string, request: Request): Promise<Response> {
  const route = ROUTES.get(template);
  if (!route) throw new Error(`no route file for ${template}`);
  const handler = request.method === "GET" ? route.module.loader : route.module.action;
  if (!handler) throw new Error(`${route.file} has no ${request.method === "GET" ? "loader" : "action"}`);
  return run(handler, request, paramsOf(template, request.url));
}

beforeAll(async () => {
  double = await startTestStripe();
  admin = await createUser({ isAdmin: true });
  clerk = await createUser({ role: "clerk" });
  doc = await loadDocument();
  ajv.addSchema(doc, DOC_ID);
});
afterAll(async () => {
  await double.close();
});

describe("the published document", () => {
  it("is valid OpenAPI 3.1", async () => {
    expect(doc.openapi).toMatch(/^3\.1\./);
    const result = await new Validator().validate(doc as never);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it("describes every route file under app/routes/api.*", () => {
    const undocumented = [...ROUTES.entries()].filter(([p]) => !doc.paths[p]).map(([, { file }]) => path.basename(file));
    expect(undocumented, "route files missing from ENDPOINTS in app/lib/api-contract/endpoints.ts").toEqual([]);
  });

  it("describes no endpoint that has no route file", () => {
    const withoutRoute = Object.keys(doc.paths).filter((p) => !ROUTES.has(p));
    expect(withoutRoute, "documented paths with no app/routes/api.* file").toEqual([]);
    for (const [p, operations] of Object.entries(doc.paths)) {
      const module = ROUTES.get(p)!.module;
      for (const method of Object.keys(operations)) {
        expect(method === "get" ? module.loader : module.action, `${method.toUpperCase()} ${p} has no handler`).toBeTypeOf("function");
      }
    }
  });

  it("every example validates against its schema", () => {
    for (const [p, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        for (const [status, response] of Object.entries(operation.responses)) {
          const media = response.content?.["application/json"];
          if (!media?.schema.$ref || media.example === undefined) continue;
          const validate = validatorFor(media.schema.$ref);
          expect(validate(media.example), `${method.toUpperCase()} ${p} ${status} example: ${ajv.errorsText(validate.errors)}`).toBe(true);
        }
      }
    }
  });
});

/** Every (method, path, status) the contract documents: the same build the route serves. */
const DOCUMENTED = Object.entries((buildOpenApiDocument() as unknown as Document).paths).flatMap(([template, operations]) =>
  Object.entries(operations).flatMap(([method, operation]) =>
    Object.keys(operation.responses).map((status) => ({ key: `${method.toUpperCase()} ${template}`, template, status })),
  ),
);

describe("every documented answer, produced and checked against the document", () => {
  it.each(DOCUMENTED)("$key -> $status", async ({ key, template, status }) => {
    const makeCase = CASES[key]?.[Number(status)];
    expect(makeCase, `no case in CASES for ${key} ${status}`).toBeTypeOf("function");
    const response = await call(template, await makeCase!());
    const bodyText = await response.text();
    expect(response.status, bodyText.slice(0, 500)).toBe(Number(status));
    const content = doc.paths[template][key.split(" ")[0].toLowerCase()].responses[status].content ?? {};
    const type = response.headers.get("Content-Type") ?? "";
    if (content["text/csv"]) {
      expect(type).toMatch(/^text\/csv/);
      return;
    }
    if (content["application/pdf"]) {
      expect(type).toMatch(/^application\/pdf/);
      expect(bodyText.startsWith("%PDF-")).toBe(true);
      return;
    }
    expect(type).toMatch(/^application\/json/);
    const validate = validatorFor(content["application/json"].schema.$ref!);
    const body: unknown = JSON.parse(bodyText);
    expect(validate(body), `${key} ${status}: ${ajv.errorsText(validate.errors)}\n${bodyText.slice(0, 800)}`).toBe(true);
  });

  it("has no case for a status the document does not list", () => {
    const documented = new Set(DOCUMENTED.map((d) => `${d.key} ${d.status}`));
    const extra = Object.entries(CASES).flatMap(([key, cases]) => Object.keys(cases).map((s) => `${key} ${s}`)).filter((k) => !documented.has(k));
    expect(extra, "cases for answers the contract does not document").toEqual([]);
  });
});
