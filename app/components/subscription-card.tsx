import { useTranslation } from "react-i18next";
import { formatLongDate } from "~/lib/dates";
import { useFormat } from "~/lib/hooks/use-format";
import type { Language } from "~/lib/languages";
import { Form, Link } from "@remix-run/react";
import { useRef, useState } from "react";
import { useCardElement } from "~/components/payment/use-card-element";
import { Button, buttonClass } from "~/components/ui/button";
import { useActionCall } from "~/lib/hooks/use-action-call";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { toast } from "~/lib/toast-store";

/** What the business page's loader passes for its owner (null fields when none was ever set up). */
export type SubscriptionView = {
  businessId: number;
  status: string | null;
  renewalDate: string | Date | null;
  autoRenew: boolean;
  notice: string | null;
};


/** Trialing (set up, first charge when the next BTR year begins) counts as active. */
const ACTIVE = ["active", "trialing", "past_due"];

/**
 * Renewal dates, 'MMMM d, yyyy' in UTC (a BTR year starts October 1, 00:00 UTC), or "next year"
 * (`nextYear`, the "dashboard:autoRenewal.nextYear" text in the reader's language).
 */
export function formatRenewalDate(value: string | Date | null | undefined, nextYear = "next year", language: Language = "en"): string {
  return formatLongDate(value, nextYear, language);
}

/** The renewal date in the page's language. */
function useRenewalDate() {
  const { t } = useTranslation("dashboard");
  const { language } = useFormat();
  return (value: string | Date | null | undefined) => formatRenewalDate(value, t("autoRenewal.nextYear"), language);
}

/**
 * Annual auto-renewal card, shown on /business/{id} only to the owner of a claimed, paid
 * business. States: none, active with auto-renew on, active with auto-renew off, cancelled.
 * Every action is a real form posting to /business/{id}/subscription; with JavaScript the set-up
 * uses the card form inline and cancelling asks in a dialog instead of a separate page.
 */
export function SubscriptionCard({ subscription, publishableKey }: { subscription: SubscriptionView; publishableKey?: string | null }) {
  const hydrated = useHydrated();
  const { t } = useTranslation("dashboard");
  const renewalDate = useRenewalDate();
  const active = ACTIVE.includes(subscription.status ?? "");
  const date = renewalDate(subscription.renewalDate);
  const action = `/business/${subscription.businessId}/subscription`;
  return (
    <section aria-labelledby="subscription-heading" data-testid="subscription-card" className="rounded-lg border border-slate-200 p-6 dark:border-slate-700">
      <h2 id="subscription-heading" className="text-lg font-semibold">
        {t("autoRenewal.heading")}
      </h2>
      {subscription.notice ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {subscription.notice}
        </p>
      ) : null}
      {active ? (
        <>
          <p className="mt-2 text-sm" data-testid="subscription-status">
            {subscription.autoRenew ? t("autoRenewal.willRenew", { date }) : t("autoRenewal.willExpire", { date })}
          </p>
          <div className="mt-4 flex flex-wrap gap-3">
            <Form method="post" action={action}>
              <input type="hidden" name="intent" value="toggle" />
              <input type="hidden" name="autoRenew" value={subscription.autoRenew ? "off" : "on"} />
              <Button type="submit" variant="outline">
                {subscription.autoRenew ? t("autoRenewal.turnOff") : t("autoRenewal.turnOn")}
              </Button>
            </Form>
            {hydrated ? (
              <CancelDialog action={action} />
            ) : (
              <Link to={`${action}?confirm=cancel`} className={buttonClass("destructive")}>
                {t("autoRenewal.cancel")}
              </Link>
            )}
          </div>
        </>
      ) : (
        <>
          <p className="mt-2 text-sm">
            {subscription.status === "canceled" ? t("autoRenewal.cancelledText") : t("autoRenewal.setupText")}
          </p>
          {hydrated && publishableKey ? (
            <SubscriptionSetup action={action} publishableKey={publishableKey} />
          ) : (
            <Form method="post" action={action} className="mt-4">
              <input type="hidden" name="intent" value="setup" />
              <Button type="submit">{t("autoRenewal.setup")}</Button>
            </Form>
          )}
        </>
      )}
    </section>
  );
}

function CancelDialog({ action }: { action: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  const { t } = useTranslation("dashboard");
  return (
    <>
      <Button variant="destructive" onClick={() => ref.current?.showModal()}>
        {t("autoRenewal.cancel")}
      </Button>
      <dialog ref={ref} aria-labelledby="cancel-subscription-title" className="rounded-lg p-6 backdrop:bg-slate-900/60 dark:bg-slate-900 dark:text-slate-100">
        <h3 id="cancel-subscription-title" className="text-lg font-semibold">
          {t("autoRenewal.cancel")}
        </h3>
        <p className="mt-2 max-w-md text-sm">{t("autoRenewal.confirm")}</p>
        <div className="mt-4 flex gap-3">
          <Form method="post" action={action} onSubmit={() => ref.current?.close()}>
            <input type="hidden" name="intent" value="cancel" />
            <Button type="submit" variant="destructive">
              {t("autoRenewal.confirmYes")}
            </Button>
          </Form>
          <Button variant="outline" onClick={() => ref.current?.close()}>
            {t("autoRenewal.keep")}
          </Button>
        </div>
      </dialog>
    </>
  );
}

/** The action's answers to the set-up steps (see business.$id_.subscription.tsx). */
type StepResult = { clientSecret?: string; error?: { message: string } };

/**
 * With JavaScript: a card Element, a payment method, then the subscription (its card set-up
 * confirmed here if the bank asks). The server steps post to the subscription route's action
 * through a fetcher; their toasts come back flashed, Stripe.js's own errors are toasted here.
 */
function SubscriptionSetup({ action, publishableKey }: { action: string; publishableKey: string }) {
  const { mountRef, cardRef, stripe } = useCardElement(publishableKey);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const call = useActionCall<StepResult>();
  const { t } = useTranslation("dashboard");

  function fail(message: string) {
    setError(message);
    toast({ title: "dashboard:autoRenewal.toast.errorTitle", description: message, variant: "destructive" });
  }

  async function setUp() {
    if (!stripe) return fail(t("autoRenewal.errors.initializing"));
    const card = cardRef.current;
    if (!card) return fail(t("autoRenewal.errors.noCard"));
    setBusy(true);
    setError(null);
    try {
      const created = await stripe.createPaymentMethod({ type: "card", card });
      if (created.error || !created.paymentMethod) return fail(created.error?.message || t("autoRenewal.errors.createFailed"));
      const answer = await call(action, { intent: "create-subscription", paymentMethodId: created.paymentMethod.id });
      if (!answer || answer.error) return setError(answer?.error?.message || t("autoRenewal.errors.createFailed"));
      // Without a secret the subscription is set up: its toast and the new state arrive with the
      // revalidation that follows the post (and this form goes away).
      if (!answer.clientSecret) return;
      // Nothing is charged now: the bank asked to authenticate the card saved for the first renewal.
      const confirmed = await stripe.confirmCardSetup(answer.clientSecret);
      if (confirmed.error) {
        // The server drops the unconfirmed set-up so the owner can try another card.
        await call(action, { intent: "refresh", confirmed: "no" });
        return fail(confirmed.error.message || t("autoRenewal.errors.confirmFailed"));
      }
      // Confirmed: bring the business row in step with Stripe (same toast, same revalidation).
      const refreshed = await call(action, { intent: "refresh" });
      if (refreshed?.error) setError(refreshed.error.message);
    } catch {
      fail(t("autoRenewal.errors.unknown"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-4 space-y-3">
      <div className="rounded-md border border-slate-300 p-3 dark:border-slate-600" aria-busy={!stripe}>
        {stripe ? null : <p className="text-sm text-slate-600 dark:text-slate-300">{t("autoRenewal.loading")}</p>}
        <div ref={mountRef} />
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300" data-testid="subscription-error">
          {error}
        </p>
      ) : null}
      <Button onClick={setUp} disabled={busy}>
        {busy ? t("autoRenewal.settingUp") : t("autoRenewal.setup")}
      </Button>
    </div>
  );
}
