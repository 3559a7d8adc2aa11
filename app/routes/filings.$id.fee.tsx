import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FilingErrorBoundary } from "~/components/filings/filing-error-boundary";
import { FeePaid } from "~/components/filings-fee/fee-paid";
import { PayFeeForm, type FeeStepResult } from "~/components/filings-fee/pay-fee-form";
import { ButtonLink } from "~/components/ui/button";
import { formatCents } from "~/lib/fee";
import { FILING_KIND_LABELS, isEditable } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import {
  createFilingFeeCheckoutSession,
  createFilingFeePaymentIntent,
  filingFeeState,
  verifyAndRecordFilingFee,
} from "~/models/filings/fee.server";
import { FilingError } from "~/models/filings/errors";
import { PaymentError } from "~/models/payment.server";
import { getPublishableKey, isDemoMode } from "~/services/stripe.server";
import { getLanguage } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { requireUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

/** The card form (InlineCardPayment) speaks the payment namespace. */
export const handle = { i18n: ["payment"] };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `Transfer fee: ${data.business?.name ?? FILING_KIND_LABELS.transfer}` : "Filing not found", "Pay the transfer fee of your filing by card.");

const AUTH = { description: "Please log in to pay the transfer fee" };
const NOT_FOUND = "Filing not found";

function notFound(): never {
  throw data({ message: NOT_FOUND }, { status: 404 });
}

function filingIdOf(params: LoaderFunctionArgs["params"]): number {
  return parseId(params.id) ?? notFound();
}

const review = (id: number) => `/filings/${id}/review`;
const feePage = (id: number) => `/filings/${id}/fee`;

/** Paid: the toast of the success return and of the inline path alike. */
const paidToast = (amount: number) => ({ title: "Transfer fee paid", description: `${formatCents(amount)} received. You can now submit the transfer.` });

/** A refusal the payer can act on (already paid, no longer editable, an amount refunded), or a failure to reach Stripe. */
function failureToast(error: PaymentError | FilingError) {
  const refunded = error instanceof PaymentError && (error.code === "amount_changed" || error.code === "already_paid");
  if (error instanceof PaymentError && error.status === 502) return { title: "Payment Error", description: "Failed to initiate payment. Please try again.", variant: "destructive" as const };
  return { title: refunded ? "Payment Refunded" : "Payment Failed", description: error.message, variant: "destructive" as const };
}

const isRefusal = (error: unknown): error is PaymentError | FilingError => error instanceof PaymentError || error instanceof FilingError;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const id = filingIdOf(params);
  const url = new URL(request.url);
  try {
    // Back from hosted checkout: Stripe must confirm the session before anything is recorded.
    const sessionId = url.searchParams.get("session_id");
    if (sessionId) {
      try {
        const { payment } = await verifyAndRecordFilingFee({ stripePaymentId: sessionId, filingId: id, user });
        throw await redirectWithToast(review(id), paidToast(payment.amount));
      } catch (error) {
        if (!isRefusal(error) || (error instanceof FilingError && error.status === 404)) throw error;
        throw await redirectWithToast(feePage(id), failureToast(error));
      }
    }
    const state = filingFeeState(user, id);
    return {
      filingId: state.filing.id,
      businessId: state.filing.businessId!,
      business: state.business,
      feeCents: state.feeCents,
      paid: state.payment
        ? { amount: state.payment.amount, paidAt: (state.payment.paidAt ?? state.payment.createdAt).toISOString(), stripePaymentId: state.payment.stripePaymentId }
        : null,
      payable: state.payable,
      // The review step while the filing can change; its page once submitted, decided or withdrawn.
      backTo: isEditable(state.filing.status) ? review(id) : `/filings/${id}`,
      demo: isDemoMode(),
      publishableKey: getPublishableKey(),
      cancelled: url.searchParams.get("cancelled") === "1",
    };
  } catch (error) {
    if (error instanceof FilingError && error.status === 404) notFound();
    throw error;
  }
}

/**
 * Without JavaScript (or without a publishable key): the form creates a hosted Checkout Session.
 * With it, the card steps post here through a fetcher, `intent` saying which: `create-intent`
 * (the PaymentIntent for the filing's fee) and `record` (Stripe confirmed the card: check it with
 * Stripe and record it). The same model calls as POST /api/filings/{id}/fee.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const id = filingIdOf(params);
  const form = await request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "record") {
      const stripePaymentId = form.get("stripePaymentId");
      if (typeof stripePaymentId !== "string" || !stripePaymentId) {
        return data<FeeStepResult>({ error: { message: "Stripe payment ID is required" } }, { status: 400 });
      }
      const { payment } = await verifyAndRecordFilingFee({ stripePaymentId, filingId: id, user });
      // X-Remix-Replace: the card step is not a page to go back to.
      return redirectWithToast(review(id), paidToast(payment.amount), { headers: { "X-Remix-Replace": "true" } });
    }
    if (intent === "create-intent") {
      const { clientSecret } = await createFilingFeePaymentIntent({ user, filingId: id, clientAmount: form.get("amount") });
      return data<FeeStepResult>({ clientSecret });
    }
    const session = await createFilingFeeCheckoutSession({ user, filingId: id, origin: publicOrigin(request), locale: await getLanguage(request) });
    return redirect(session.url);
  } catch (error) {
    if (!isRefusal(error)) throw error;
    if (error instanceof FilingError && error.status === 404) notFound();
    if (intent === "record" || intent === "create-intent") {
      if (intent === "record") console.error(`Could not record transfer fee ${String(form.get("stripePaymentId"))}: ${error.message}`);
      return dataWithToast<FeeStepResult>(request, { error: { message: error.message } }, failureToast(error), { status: error.status });
    }
    // The form's post: back to the page, which shows the fee as it stands now (paid, or no longer payable).
    return redirectWithToast(feePage(id), failureToast(error));
  }
}

export default function FilingFeePage() {
  const d = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to={`/filings/${d.filingId}`} className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100">
          {FILING_KIND_LABELS.transfer}
          {d.business ? `: ${d.business.name}` : ""}
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">Pay the transfer fee</h1>
      {d.business ? (
        <p className="mb-6 text-slate-700 dark:text-slate-300">
          {d.business.name} <span className="text-slate-600 dark:text-slate-400">· Document {d.business.documentNumber}</span>
        </p>
      ) : null}
      <section aria-labelledby="fee-heading" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <h2 id="fee-heading" className="text-lg font-semibold">
          Transfer fee: <span data-testid="fee-amount">{formatCents(d.feeCents)}</span>
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          10% of this year&apos;s tax, at least $3 and at most $25 (F.S. 205.043). It is paid once, before the transfer is submitted.
        </p>
      </section>
      {d.paid ? (
        <FeePaid payment={d.paid} backTo={d.backTo} backLabel={d.backTo.endsWith("/review") ? "Back to the review" : "Back to the filing"} />
      ) : d.payable ? (
        <PayFeeForm
          filingId={d.filingId}
          businessId={d.businessId}
          feeCents={d.feeCents}
          publishableKey={d.publishableKey}
          demo={d.demo}
          cancelled={d.cancelled}
          backTo={d.backTo}
        />
      ) : (
        <div role="status" className="rounded-md border border-slate-200 bg-slate-50 p-4 dark:border-slate-700 dark:bg-slate-900">
          <p>This filing can no longer be changed, so its fee cannot be paid.</p>
          <ButtonLink to={d.backTo} variant="outline" className="mt-4">
            Back to the filing
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <FilingErrorBoundary notFound="This filing does not exist, has no fee to pay, or it is not yours." />;
}
