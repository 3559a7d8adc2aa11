/**
 * Every payment Stripe took is recorded here, exactly once (issue 24). The real production
 * server is killed (SIGKILL, at the test-only fault point) after Stripe's success and before
 * the app records it; the Stripe double's webhook then waits for its next retry (minutes to
 * hours, as at Stripe). A restart's reconciliation records the payment and its receipt, once;
 * the webhook's redelivery afterwards, and another reconciliation, change nothing.
 */
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import Stripe from "stripe";
import { afterAll, beforeAll, expect, it } from "vitest";
import { resetEnvCache } from "~/utils/env.server";
import { startStripeDouble, type StripeDouble } from "../../stripe-double/index";
import { createBusiness, createUser, TEST_PASSWORD } from "../support/factories";
import { serverDir, startProdServer, type ProdServer } from "../support/prod-server";

let double: StripeDouble;
let dir: string;
const servers: ProdServer[] = [];
afterAll(async () => {
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => s.exited));
  await double?.close();
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

let owner: { id: number; username: string };
let businessId: number;
beforeAll(async () => {
  dir = serverDir("fbr-reconcile-");
  process.env.DATABASE_PATH = path.join(dir, "app.db");
  resetEnvCache();
  owner = await createUser();
  businessId = createBusiness({ isClaimed: true, ownerId: owner.id, employeeCount: 2, vehicleCount: 1, canBeClaimed: false }).id;
  global.__db?.db.$client.close();
  global.__db = undefined;
  // Retries on Stripe's real schedule: none comes during this test unless asked for.
  double = await startStripeDouble({ webhookSecret: "whsec_reconcile_0123456789abcdef" });
});

function stripeEnv() {
  return {
    STRIPE_SECRET_KEY: "sk_test_reconcile_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_reconcile_0123456789",
    STRIPE_API_URL: double.url,
    STRIPE_WEBHOOK_SECRET: double.webhookSecret,
  };
}

function paymentsInDb() {
  const db = new Database(path.join(dir, "app.db"), { readonly: true });
  try {
    return db.prepare("SELECT id, stripe_payment_id AS stripeId, amount, business_id AS businessId FROM payments").all() as {
      id: number;
      stripeId: string;
      amount: number;
      businessId: number;
    }[];
  } finally {
    db.close();
  }
}

it("kill -9 between Stripe's success and the record: the restart records it once; redelivery changes nothing", async () => {
  const first = await startProdServer({ dir, env: { ...stripeEnv(), FAULT_POINTS: "payment.before-record" } });
  servers.push(first);
  double.setWebhookUrl(`${first.url}/api/stripe/webhook`);

  const login = await fetch(`${first.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: owner.username, password: TEST_PASSWORD }),
  });
  expect(login.status).toBe(200);
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  const created = await fetch(`${first.url}/api/create-payment-intent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie },
    body: JSON.stringify({ businessId }),
  });
  expect(created.status).toBe(200);
  const { clientSecret } = (await created.json()) as { clientSecret: string };
  const intentId = clientSecret.split("_secret_")[0];

  // The card is charged at Stripe; the webhook reaches the server, which dies before recording.
  const stripe = new Stripe("sk_test_reconcile_0123456789", {
    host: new URL(double.url).hostname,
    port: Number(new URL(double.url).port),
    protocol: "http",
  });
  const paid = await stripe.paymentIntents.confirm(intentId, { payment_method: "pm_card_visa" });
  expect(paid.status).toBe("succeeded");
  await double.flushWebhooks();
  expect(await first.exited).toEqual({ code: null, signal: "SIGKILL" });
  expect(paymentsInDb()).toEqual([]);
  expect(double.pendingRetries()).toBe(1); // Stripe will retry, but hours from now

  // Restart (no fault point): start-up reconciliation finds the charge and records it.
  const second = await startProdServer({ dir, env: stripeEnv() });
  servers.push(second);
  double.setWebhookUrl(`${second.url}/api/stripe/webhook`);
  const end = Date.now() + 20_000;
  while (paymentsInDb().length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  const recorded = paymentsInDb();
  expect(recorded).toMatchObject([{ stripeId: intentId, amount: 100_00 + 2 * 5_00 + 1_000, businessId }]);
  // Its report (the log file is shared with the first run: this server's line).
  const reportOf = () => second.logLines().find((l) => l.job === "stripe-reconcile" && l.pid === second.child.pid);
  while (!reportOf() && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
  const report = reportOf()!;
  expect(report.recorded).toMatchObject([{ stripeId: intentId, paymentId: recorded[0].id }]);

  // The receipt is there for the owner.
  const login2 = await fetch(`${second.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: owner.username, password: TEST_PASSWORD }),
  });
  const cookie2 = login2.headers.get("set-cookie")!.split(";")[0];
  expect((await fetch(`${second.url}/receipt/${recorded[0].id}`, { headers: { Cookie: cookie2 } })).status).toBe(200);

  // Stripe's retry arrives at last: nothing changes.
  await double.retryNow();
  expect(double.pendingRetries()).toBe(0);
  expect(paymentsInDb()).toEqual(recorded);

  // Paying again is refused: the page looks at Stripe (and the db) before charging.
  const again = await fetch(`${second.url}/api/create-payment-intent`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: cookie2 },
    body: JSON.stringify({ businessId }),
  });
  expect(again.status).toBe(409);
}, 90_000);

it("kill -9 between Stripe's refund and the record: the restart completes it once (same key); the webhook's retry changes nothing", async () => {
  const admin = await createUser({ isAdmin: true, role: "admin" });
  const before = paymentsInDb();
  expect(before).toHaveLength(1);
  const payment = before[0];
  for (const s of servers) if (s.child.exitCode === null && s.child.signalCode === null) s.child.kill("SIGTERM");
  await Promise.all(servers.map((s) => s.exited));

  const third = await startProdServer({ dir, env: { ...stripeEnv(), FAULT_POINTS: "refund.after-stripe", STRIPE_RECONCILE_ON_START: "0" } });
  servers.push(third);
  double.setWebhookUrl(`${third.url}/api/stripe/webhook`);
  const login = await fetch(`${third.url}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ username: admin.username, password: TEST_PASSWORD }),
  });
  const cookie = login.headers.get("set-cookie")!.split(";")[0];
  // The administrator's refund form (no JavaScript): Stripe refunds, then the server dies.
  const sent = await fetch(`${third.url}/admin/businesses/${businessId}`, {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "refund", paymentId: String(payment.id), amount: "12.00", reason: "Counted one vehicle too many" }),
    redirect: "manual",
  }).catch((error: unknown) => error);
  expect(sent).toBeInstanceOf(Error);
  expect(await third.exited).toEqual({ code: null, signal: "SIGKILL" });
  expect([...double.state.refunds.values()].map((r) => r.amount)).toEqual([12_00]);
  const rows = () => {
    const db = new Database(path.join(dir, "app.db"), { readonly: true });
    try {
      return {
        refunds: db.prepare("SELECT status, amount, stripe_refund_id AS stripeId FROM refunds").all(),
        refunded: (db.prepare("SELECT refunded_cents AS c FROM payments WHERE id = ?").get(payment.id) as { c: number }).c,
        audits: (db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'payment.refund'").get() as { n: number }).n,
      };
    } finally {
      db.close();
    }
  };
  expect(rows()).toMatchObject({ refunds: [{ status: "pending", amount: 12_00, stripeId: null }], refunded: 0, audits: 0 });

  // Restart: reconciliation sends the pending refund again with its key; Stripe answers the same refund.
  const fourth = await startProdServer({ dir, env: stripeEnv() });
  servers.push(fourth);
  double.setWebhookUrl(`${fourth.url}/api/stripe/webhook`);
  const end = Date.now() + 20_000;
  while (rows().refunded === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 200));
  const stripeRefund = [...double.state.refunds.values()];
  expect(stripeRefund).toHaveLength(1);
  expect(rows()).toEqual({ refunds: [{ status: "succeeded", amount: 12_00, stripeId: stripeRefund[0].id }], refunded: 12_00, audits: 1 });
  await double.retryNow();
  await double.flushWebhooks();
  expect(rows()).toEqual({ refunds: [{ status: "succeeded", amount: 12_00, stripeId: stripeRefund[0].id }], refunded: 12_00, audits: 1 });
}, 90_000);
