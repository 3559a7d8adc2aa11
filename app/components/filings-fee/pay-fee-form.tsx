import { Form, Link, useNavigation } from "@remix-run/react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { InlineCardPayment } from "~/components/payment/inline-card-payment";
import { Button } from "~/components/ui/button";
import { useFormat } from "~/lib/hooks/use-format";
import { useActionCall } from "~/lib/hooks/use-action-call";
import { useHydrated } from "~/lib/hooks/use-hydrated";

/** What the inline (JavaScript) steps get back from the fee page's action: the intent's secret, or the error. */
export type FeeStepResult = { clientSecret?: string; error?: { message: string } };

type Props = {
  filingId: number;
  businessId: number;
  feeCents: number;
  publishableKey: string | null;
  demo: boolean;
  cancelled: boolean;
  backTo: string;
};

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

/**
 * Paying the transfer fee, as the receipt is paid. Without JavaScript (or without a publishable
 * key) the form posts and the page redirects to Stripe's hosted Checkout, whose success URL comes
 * back to the fee page. With it, the same button asks the page's action for a PaymentIntent
 * (`intent=create-intent`) and the receipt's inline card form confirms it and reports it to the
 * same action (`intent=record`), which records it and goes on to the review step.
 */
export function PayFeeForm({ filingId, businessId, feeCents, publishableKey, demo, cancelled, backTo }: Props) {
  const { t } = useTranslation("filings");
  const { money } = useFormat();
  const hydrated = useHydrated();
  const call = useActionCall<FeeStepResult>();
  const navigation = useNavigation();
  const [clientSecret, setClientSecret] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const inline = hydrated && Boolean(publishableKey);
  const action = `/filings/${filingId}/fee`;
  const submitting = creating || (navigation.state !== "idle" && navigation.formAction === action);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    if (!inline) return;
    event.preventDefault();
    setCreating(true);
    try {
      // A failure's toast comes from the server's flash, like every server result.
      const result = await call(action, { intent: "create-intent", amount: String(feeCents) });
      if (result?.clientSecret) setClientSecret(result.clientSecret);
    } finally {
      setCreating(false);
    }
  }

  return (
    <>
      {demo ? (
        <p
          className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
          data-testid="demo-notice"
        >
          {t("fee.demo")}
        </p>
      ) : null}
      {cancelled && !clientSecret ? (
        <p role="status" className="mb-6 rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">
          {t("fee.cancelled")}
        </p>
      ) : null}
      {clientSecret && publishableKey ? (
        <section aria-labelledby="card-heading">
          <h2 id="card-heading" className="mb-3 text-lg font-semibold">
            {t("fee.paymentHeading")}
          </h2>
          <InlineCardPayment
            publishableKey={publishableKey}
            clientSecret={clientSecret}
            businessId={businessId}
            amount={feeCents}
            description={t("fee.description")}
            recordAction={action}
            onBack={() => setClientSecret(null)}
          />
        </section>
      ) : (
        <Form method="post" action={action} onSubmit={onSubmit} className="space-y-4">
          <div className="flex flex-wrap items-center gap-3">
            <Button type="submit" disabled={submitting}>
              {submitting ? t("fee.wait") : t("fee.continue")}
            </Button>
            <Link to={backTo} className={linkClass}>
              {t("fee.backToReview")}
            </Link>
          </div>
          {!inline ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {t("fee.willPay", { amount: money(feeCents) })}
            </p>
          ) : null}
        </Form>
      )}
    </>
  );
}
