/**
 * The server the end-to-end tests run against: the production build served as `npm start`
 * serves it (in process), with its own fresh database (migrated and seeded) under .cache/e2e,
 * and its JSON log in .cache/e2e-<port>/server.log (grep it: no password, cookie or code).
 *
 * E2E_SERVER picks which one (tests/support/e2e-servers.ts): "main" (default) on E2E_PORT with
 * the November clock, "july" on E2E_PORT + 1 with the July 1 clock; each with its own ports,
 * database, mail and log.
 */
import fs from "node:fs";
import { e2eServer, e2eServerName } from "./e2e-servers";

const server = e2eServer(e2eServerName(process.env.E2E_SERVER));
const port = String(server.port);
const dir = server.dir;
fs.rmSync(dir, { recursive: true, force: true });
fs.mkdirSync(dir, { recursive: true });
process.env.NODE_ENV = "production";
process.env.PORT = port;
process.env.DATABASE_PATH = server.databasePath;
process.env.UPLOADS_DIR = server.uploadsDir;
process.env.SESSION_SECRET ??= "e2e-session-secret-0123456789abcdef";
// No APP_URL: Stripe's return URLs follow the address the browser opened (localhost or
// 127.0.0.1), as in a default install (tests/e2e/checkout-origin.spec.ts).
delete process.env.APP_URL;
process.env.LOG_FILE = server.logFile;
// The seed and the app read the same clock (APP_NOW, honoured only under NODE_ENV=test).
process.env.APP_NOW = server.now;

const { getEnv } = await import("~/utils/env.server");
const { prepareDatabase, serveBuild } = await import("../../scripts/lib/serve");
const { startStripeDouble } = await import("../../stripe-double/index");

const env = getEnv();
await prepareDatabase(env);

// The Stripe test double on the server's port + 50. With a publishable key the JS-on project
// pays inline through the Stripe.js stand-in; the JS-off project uses hosted checkout.
const double = await startStripeDouble({
  port: server.stripePort,
  webhookUrl: `http://localhost:${port}/api/stripe/webhook`,
  webhookSecret: "whsec_e2e_0123456789abcdef0123456789abcdef",
});
// The local SMTP server on the server's port + 60; tests read the .eml files it stores (tests/e2e/mail.ts).
const { startMailCatcher } = await import("../../mail-catcher/index");
const mailDir = server.mailDir;
const catcher = await startMailCatcher({ port: server.mailPort, dir: mailDir });
await serveBuild({
  env: {
    STRIPE_SECRET_KEY: "sk_test_e2e_0123456789",
    STRIPE_PUBLISHABLE_KEY: "pk_test_e2e_0123456789",
    STRIPE_API_URL: double.url,
    STRIPE_WEBHOOK_SECRET: double.webhookSecret,
    // The production build, with the app's clock fixed for the run (honoured only under NODE_ENV=test).
    NODE_ENV: "test",
    APP_NOW: server.now,
    SMTP_URL: catcher.url,
    MAIL_STORE_DIR: mailDir,
  },
  close: async () => {
    await double.close();
    await catcher.close();
  },
});
