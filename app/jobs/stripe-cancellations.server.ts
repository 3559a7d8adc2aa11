import { isStripeConfigured } from "~/services/stripe.server";
import { retryStripeCancellations } from "~/models/stripe-cancellations.server";
import type { Job } from "./registry.server";

/**
 * Subscriptions a transfer or a closing stopped, cancelled at Stripe until Stripe confirms
 * (app/models/stripe-cancellations.server.ts). A run that leaves one failing ends in an error,
 * so the job's failure shows on /admin/operations and in the monitor's fbr_job_last_run_failed.
 */
export const stripeCancellationsJob: Job = {
  name: "stripe-cancellations",
  schedule: "*/10 * * * *",
  description: "Cancel at Stripe the subscriptions of transferred and closed businesses",
  run: async ({ now }) => {
    if (!isStripeConfigured()) return { skipped: "Stripe is not configured" };
    const result = await retryStripeCancellations(now);
    if (result.failed.length > 0) {
      const first = result.failed[0];
      throw new Error(`${result.failed.length} subscription(s) could not be cancelled at Stripe (${first.subscriptionId}: ${first.error}); cancelled ${result.cancelled}`);
    }
    return result;
  },
};
