import type { TFunction } from "i18next";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FilingErrorBoundary } from "~/components/filings/filing-error-boundary";
import { FeePaid } from "~/components/filings-fee/fee-paid";
import { PayFeeForm, type FeeStepResult } from "~/components/filings-fee/pay-fee-form";
import { ButtonLink } from "~/components/ui/button";
import { formatCents } from "~/lib/fee";
import { isEditable } from "~/lib/filings/kinds";
import { useFormat } from "~/lib/hooks/use-format";
import { filingMessage } from "~/components/filings/messages";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import {
  createFilingFeeCheckoutSession,
  createFilingFeePaymentIntent,
  filingFeeState,
  verifyAndRecordFilingFee,
} from "~/models/filings/fee.server";
import { FilingError } from "~/models/filings/errors";
import { PaymentError } from "~/models/payment.server";
import { getPublishableKey, isDemoMode } from "~/services/stripe.server";
import { getLanguage, pageMetaText, requestT } from "~/utils/i18n.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { requireUser } from "~/utils/session.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";

/** The card form (InlineCardPayment) speaks the payment namespace. */
export const handle = { i18n: ["filings", "payment"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const AUTH = { description: "filings:auth.fee" };
const NOT_FOUND = "Filing not found";

function notFound(): never {
  throw data({ message: NOT_FOUND }, { status: 404 });
}

function filingIdOf(params: LoaderFunctionArgs["params"]): number {
  return parseId(params.id) ?? notFound();
}

const review = (id: number) => `/filings/${id}/review`;
const feePage = (id: number) => `/filings/${id}/fee`;

/** Paid: the toast of the success return and of the inline path alike (keys: written out in the reader's language). */
const paidToast = (amount: number) => ({
  title: "filings:toasts.feePaid.title",
  description: "filings:toasts.feePaid.description",
  values: { amount: formatCents(amount) },
});

/** A refusal the payer can act on (already paid, no longer editable, an amount refunded), or a failure to reach Stripe. */
function failureToast(t: TFunction, error: PaymentError | FilingError) {
  const refunded = error instanceof PaymentError && (error.code === "amount_changed" || error.code === "already_paid");
  if (error instanceof PaymentError && error.status === 502) {
    return { title: "filings:toasts.paymentError.title", description: "filings:toasts.paymentError.description", variant: "destructive" as const };
  }
  return { title: refunded ? "filings:toasts.refunded.title" : "filings:toasts.failed.title", description: filingMessage(t, error.message), variant: "destructive" as const };
}

const isRefusal = (error: unknown): error is PaymentError | FilingError => error instanceof PaymentError || error instanceof FilingError;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const id = filingIdOf(params);
  const url = new URL(request.url);
  const { t } = await requestT(request, "filings");
  try {
    // Back from hosted checkout: Stripe must confirm the session before anything is recorded.
    const sessionId = url.searchParams.get("session_id");
    if (sessionId) {
      try {
        const { payment } = await verifyAndRecordFilingFee({ stripePaymentId: sessionId, filingId: id, user });
        throw await redirectWithToast(review(id), paidToast(payment.amount));
      } catch (error) {
        if (!isRefusal(error) || (error instanceof FilingError && error.status === 404)) throw error;
        throw await redirectWithToast(feePage(id), failureToast(t, error));
      }
    }
    const state = filingFeeState(user, id);
    return {
      meta: pageMetaText(t, t("meta.fee.title", { name: state.business?.name ?? t("kinds.transfer.label") }), t("meta.fee.description")),
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
  const { t } = await requestT(request, "filings");
  try {
    if (intent === "record") {
      const stripePaymentId = form.get("stripePaymentId");
      if (typeof stripePaymentId !== "string" || !stripePaymentId) {
        return data<FeeStepResult>({ error: { message: t("errors.paymentIdRequired") } }, { status: 400 });
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
      return dataWithToast<FeeStepResult>(request, { error: { message: filingMessage(t, error.message) } }, failureToast(t, error), { status: error.status });
    }
    // The form's post: back to the page, which shows the fee as it stands now (paid, or no longer payable).
    return redirectWithToast(feePage(id), failureToast(t, error));
  }
}

export default function FilingFeePage() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("filings");
  const { money } = useFormat();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <p className="mb-2 text-sm">
        <Link to={`/filings/${d.filingId}`} className="font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100">
          {t("kinds.transfer.label")}
          {d.business ? `: ${d.business.name}` : ""}
        </Link>
      </p>
      <h1 className="mb-2 text-3xl font-bold">{t("fee.heading")}</h1>
      {d.business ? (
        <p className="mb-6 text-slate-700 dark:text-slate-300">
          {d.business.name} <span className="text-slate-600 dark:text-slate-400">{t("fee.document", { number: d.business.documentNumber })}</span>
        </p>
      ) : null}
      <section aria-labelledby="fee-heading" className="mb-8 rounded-md border border-slate-200 p-4 dark:border-slate-700">
        <h2 id="fee-heading" className="text-lg font-semibold">
          {t("fee.feeHeading")} <span data-testid="fee-amount">{money(d.feeCents)}</span>
        </h2>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("fee.rule")}</p>
      </section>
      {d.paid ? (
        <FeePaid payment={d.paid} backTo={d.backTo} backLabel={d.backTo.endsWith("/review") ? t("fee.backToReview") : t("fee.backToFiling")} />
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
          <p>{t("fee.notPayable")}</p>
          <ButtonLink to={d.backTo} variant="outline" className="mt-4">
            {t("fee.backToFiling")}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}

export function ErrorBoundary() {
  return <FilingErrorBoundary notFound="fee.notFound" />;
}
