/**
 * The server the end-to-end tests run against: the production build served as `npm start`
 * serves it (in process), with its own fresh database (migrated and seeded) under .cache/e2e,
 * and its JSON log in .cache/e2e-<port>/server.log (grep it: no password, cookie or code).
 */
import fs from "node:fs";
import path from "node:path";

const port = process.env.E2E_PORT ?? "3100";
const dir = path.resolve(`.cache/e2e-${port}`);
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.NODE_ENV = "production";
process.env.PORT = port;
process.env.DATABASE_PATH = path.join(dir, "app.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET ??= "e2e-session-secret-0123456789abcdef";
// No APP_URL: Stripe's return URLs follow the address the browser opened (localhost or
// 127.0.0.1), as in a default install (tests/e2e/checkout-origin.spec.ts).
delete process.env.APP_URL;
process.env.LOG_FILE ??= path.join(dir, "server.log");

const { E2E_NOW } = await import("./e2e-clock");
const { getEnv } = await import("~/utils/env.server");
const { prepareDatabase, serveBuild } = await import("../../scripts/lib/serve");
const { startStripeDouble } = await import("../../stripe-double/index");

const env = getEnv();
await prepareDatabase(env);

// The Stripe test double on E2E_STRIPE_PORT (playwright.config.ts). With a publishable key the
// JS-on project pays inline through the Stripe.js stand-in; the JS-off project uses hosted checkout.
const stripePort = Number(process.env.E2E_STRIPE_PORT ?? Number(port) + 50);
const double = await startStripeDouble({
  port: stripePort,
  webhookUrl: `http://localhost:${port}/api/stripe/webhook`,
  webhookSecret: "whsec_e2e_0123456789abcdef0123456789abcdef",
});
// The local SMTP server on E2E_PORT + 60; tests read the .eml files it stores (tests/e2e/mail.ts).
const { startMailCatcher } = await import("../../mail-catcher/index");
const mailDir = path.join(dir, "mail");
const catcher = await startMailCatcher({ port: Number(port) + 60, dir: mailDir });
await serveBuild({
  env: {
    STRIPE_SECRET_KEY: "sk_test_e2e_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_0123456789",
    STRIPE_API_URL: double.url,
    STRIPE_WEBHOOK_SECRET: double.webhookSecret,
    // The production build, with the app's clock fixed for the run (honoured only under NODE_ENV=test).
    NODE_ENV: "test",
    APP_NOW: E2E_NOW,
    SMTP_URL: catcher.url,
    MAIL_STORE_DIR: mailDir,
  },
  close: async () => {
    await double.close();
    await catcher.close();
  },
});
