import { useState } from "react";
import { Button } from "~/components/ui/button";
import { formatCents } from "~/lib/fee";
import { useActionCall } from "~/lib/hooks/use-action-call";
import { toast } from "~/lib/toast-store";
import { useCardElement } from "./use-card-element";

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
  const { mountRef, cardRef, stripe } = useCardElement(publishableKey, () => setError("Stripe has not been properly initialized"));

  function fail(message: string) {
    setError(message);
    toast({ title: "Payment Failed", description: message, variant: "destructive" });
  }

  async function pay() {
    if (!stripe || !cardRef.current) {
      fail("Stripe has not been properly initialized");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await stripe.confirmCardPayment(clientSecret, { payment_method: { card: cardRef.current } });
      if (result.error) {
        fail(result.error.message || "An error occurred during payment");
        return;
      }
      const intent = result.paymentIntent;
      if (!intent || intent.status !== "succeeded") {
        fail("An error occurred during payment");
        return;
      }
      // Success redirects (with its toast); a failure answers with the error (its toast is flashed).
      const answer = await call(recordAction, { intent: "record", stripePaymentId: intent.id, amount: String(amount), description });
      if (answer?.error) {
        console.error(answer.error.message);
        setRecorded(false);
        setError("Payment was processed but failed to record in system.");
      }
    } catch {
      fail("An error occurred during payment");
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-4">
      <div>
        <p className="mb-2 text-sm font-medium">Card details</p>
        <div className="rounded-md border border-slate-300 p-3 dark:border-slate-600" aria-busy={!stripe}>
          {stripe ? null : <p className="text-sm text-slate-600 dark:text-slate-300">Loading secure card form…</p>}
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
          {busy ? "Processing…" : `Pay ${formatCents(amount)}`}
        </Button>
        <Button variant="outline" onClick={onBack} disabled={busy}>
          Back
        </Button>
      </div>
    </div>
  );
}
