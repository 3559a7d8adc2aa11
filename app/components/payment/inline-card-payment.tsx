import { useState } from "react";
import { Button } from "~/components/ui/button";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/hooks/use-format";
import { useActionCall } from "~/lib/hooks/use-action-call";
import { toast } from "~/lib/toast-store";
import { useCardElement } from "./use-card-element";

/** The card errors with a text of ours (app/locales/<language>/payment.json, card.stripe). */
const STRIPE_ERROR_CODES = new Set([
  "generic_decline",
  "card_declined",
  "insufficient_funds",
  "incorrect_number",
  "invalid_number",
  "incomplete_number",
  "payment_intent_authentication_failure",
]);

type Props = {
  publishableKey: string;
  clientSecret: string;
  businessId: number;
  amount: number;
  description: string;
  onBack: () => void;
  /** The route whose action records the confirmed payment (`intent=record`); by default the BTR's payment page. */
  recordAction?: string;
};

/**
 * The payment step with JavaScript: a Stripe card Element, confirmation without a redirect
 * (3-D Secure opens Stripe's own dialog), then the payment is reported to the payment page's
 * action (`intent=record`), which checks it with Stripe, records it and redirects to the success
 * step with the "Payment Successful" toast.
 */
export function InlineCardPayment({ publishableKey, clientSecret, businessId, amount, description, onBack, recordAction = `/payment/${businessId}` }: Props) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [recorded, setRecorded] = useState(true);
  const call = useActionCall<{ error?: { message: string } }>();
  const { t } = useTranslation("payment");
  const { money, language } = useFormat();
  const { mountRef, cardRef, stripe } = useCardElement(publishableKey, () => setError(t("card.notInitialized")));

  /** Stripe's card errors we know by code, in the page's language (English: Stripe's own words); else null. */
  function stripeErrorText(error: { code?: string; decline_code?: string }): string | null {
    if (language === "en") return null; // Stripe's own English, as it was
    for (const code of [error.decline_code, error.code]) {
      if (code && STRIPE_ERROR_CODES.has(code)) return t(`card.stripe.${code}`);
    }
    return null;
  }

  function fail(message: string) {
    setError(message);
    toast({ title: "payment:toast.failedTitle", description: message, variant: "destructive" });
  }

  async function pay() {
    if (!stripe || !cardRef.current) {
      fail(t("card.notInitialized"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: cardRef.current } });
      if (result.error) {
        fail(stripeErrorText(result.error) ?? (result.error.message || t("card.error")));
        return;
      }
      const intent = result.paymentIntent;
      if (!intent || intent.status !== "succeeded") {
        fail(t("card.error"));
        return;
      }
      // Success redirects (with its toast); a failure answers with the error (its toast is flashed).
      const answer = await call(recordAction, { intent: "record", stripePaymentId: intent.id, amount: String(amount), description });
      if (answer?.error) {
        console.error(answer.error.message);
        setRecorded(false);
        setError(t("card.notRecorded"));
      }
    } catch {
      fail(t("card.error"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <p className="mb-2 text-sm font-medium">{t("card.details")}</p>
        <div className="rounded-md border border-slate-300 p-3 dark:border-slate-600" aria-busy={!stripe}>
          {stripe ? null : <p className="text-sm text-slate-600 dark:text-slate-300">{t("card.loading")}</p>}
          {/* Stripe.js owns this node's children: React never renders into it. */}
          <div ref={mountRef} />
        </div>
      </div>
      {error ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200" data-testid="payment-error">
          {error}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        <Button onClick={pay} disabled={!stripe || busy || !recorded}>
          {busy ? t("card.processing") : t("card.pay", { amount: money(amount) })}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          {t("card.back")}
        </Button>
      </div>
    </div>
  );
}
