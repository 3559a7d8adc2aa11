/**
 * npm run stripe:reconcile [-- --days N] [--json]
 *
 * Records every payment Stripe took in the last N days (default 7) that this app has not
 * recorded, through the webhook's own code, and prints what it fixed. Safe to run any time,
 * also while the server runs (idempotent). Exit 1 when something could not be recorded.
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();

const { values } = parseArgs({ options: { days: { type: "string" }, json: { type: "boolean" } } });
const days = Number(values.days ?? 7);
const { reconcileStripe, summarize } = await import("../server/ops/reconcile");
const { isStripeConfigured } = await import("~/services/stripe.server");
if (!isStripeConfigured()) {
  console.error("STRIPE_SECRET_KEY is not set: nothing to reconcile against.");
  process.exit(1);
}
const report = await reconcileStripe({ days });
console.log(values.json ? JSON.stringify(report, null, 2) : summarize(report));
for (const u of report.unmatched) console.log(`  unmatched ${u.stripeId}: ${u.reason}`);
for (const e of report.errors) console.error(`  error ${e.stripeId}: ${e.message}`);
global.__db?.db.$client.close();
process.exit(report.errors.length ? 1 : 0);
