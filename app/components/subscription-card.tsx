import { formatLongDate } from "~/lib/dates";

/** What the business page's loader passes for its owner (null fields when none was ever set up). */
export type SubscriptionView = {
  businessId: number;
  status: string | null;
  renewalDate: string | Date | null;
  autoRenew: boolean;
  notice: string | null;
};

/**
 * Annual auto-renewal card, shown on /business/{id} only to the owner of a claimed, paid
 * business. States: none, active with auto-renew on, active with auto-renew off, cancelled.
 */
export function SubscriptionCard({ subscription }: { subscription: SubscriptionView; publishableKey?: string | null }) {
  const active = subscription.status === "active" || subscription.status === "trialing";
  const date = formatLongDate(subscription.renewalDate, "next year");
  return (
    <section
      aria-labelledby="subscription-heading"
      data-testid="subscription-card"
      className="rounded-lg border border-slate-200 p-6 dark:border-slate-700"
    >
      <h2 id="subscription-heading" className="text-lg font-semibold">
        Annual auto-renewal
      </h2>
      {subscription.notice ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {subscription.notice}
        </p>
      ) : null}
      {active ? (
        <p className="mt-2 text-sm">
          {subscription.autoRenew
            ? `Your BTR will automatically renew on ${date}.`
            : `Your BTR will expire on ${date}.`}
        </p>
      ) : subscription.status === "canceled" ? (
        <p className="mt-2 text-sm">Your subscription has been cancelled. You can set up auto-renewal again at any time.</p>
      ) : (
        <p className="mt-2 text-sm">Set up annual auto-renewal so your Business Tax Receipt renews every year.</p>
      )}
    </section>
  );
}
