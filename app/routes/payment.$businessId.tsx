import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { FeeBreakdown } from "~/components/payment/fee-breakdown";
import { InlineCardPayment } from "~/components/payment/inline-card-payment";
import { Button, ButtonLink } from "~/components/ui/button";
import { useActionCall } from "~/lib/hooks/use-action-call";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { feeFor, formatCents } from "~/lib/fee";
import { parseId } from "~/lib/ids";
import { DEFAULT_PAYMENT_DESCRIPTION, PaymentSchema } from "~/lib/schemas/payment";
import {
  createBtrCheckoutSession,
  createBtrPaymentIntent,
  getUserPaymentForBusiness,
  PaymentError,
  receiptNumber,
  requirePayableBusiness,
  verifyAndRecordPayment,
} from "~/models/payment.server";
import { getPublishableKey, isDemoMode } from "~/services/stripe.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Pay Business Tax | Florida Business Registry" }];

const NOT_FOUND_MESSAGE = "We couldn't find the business you're trying to pay for";

/** The redirect (with its toast) for each reason a business cannot be paid for now. */
async function refusal(error: PaymentError, businessId: number) {
  switch (error.code) {
    case "not_found":
      return data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    case "not_claimed":
      return redirectWithToast(`/claim/${businessId}`, {
        title: "Business Not Claimed",
        description: "You must claim this business before paying the BTR.",
        variant: "destructive",
      });
    case "not_owner":
      return redirectWithToast(`/business/${businessId}`, {
        title: "Not Allowed",
        description: "Only the owner of this business can pay its Business Tax Receipt.",
        variant: "destructive",
      });
    case "already_paid":
      return redirectWithToast(`/business/${businessId}`, {
        title: "BTR Already Paid",
        description: "This business has already paid its Business Tax Receipt.",
      });
    default:
      return null;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "Please log in to make a payment" });
  const businessId = parseId(params.businessId);
  if (!businessId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);

  // Back from hosted checkout: Stripe must confirm the session before anything is recorded.
  const sessionId = url.searchParams.get("session_id");
  if (sessionId) {
    try {
      const { payment } = await verifyAndRecordPayment({ stripePaymentId: sessionId, businessId, userId: user.id });
      throw await redirectWithToast(`/payment/${businessId}?paid=${payment.id}`, {
        title: "Payment Successful",
        description: "Your Business Tax Receipt has been paid.",
      });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      if (error.code === "already_paid" || error.code === "not_found") throw await refusal(error, businessId);
      throw await redirectWithToast(`/payment/${businessId}`, {
        title: "Payment Failed",
        description: error.code === "stripe_error" ? "An error occurred during payment" : error.message,
        variant: "destructive",
      });
    }
  }

  // The success step: the user's own recorded payment for this business.
  const paidId = parseId(url.searchParams.get("paid"));
  if (paidId) {
    const payment = getUserPaymentForBusiness(paidId, user.id, businessId);
    if (payment) {
      return {
        step: "success" as const,
        businessId,
        payment: {
          id: payment.id,
          stripePaymentId: payment.stripePaymentId,
          amount: payment.amount,
          receiptNumber: receiptNumber(payment),
        },
      };
    }
  }

  let business;
  try {
    business = requirePayableBusiness(businessId, user.id);
  } catch (error) {
    if (error instanceof PaymentError) throw await refusal(error, businessId);
    throw error;
  }
  return {
    step: "form" as const,
    businessId,
    business: { id: business.id, name: business.name, documentNumber: business.documentNumber },
    fee: feeFor(business),
    demo: isDemoMode(),
    publishableKey: getPublishableKey(),
    cancelled: url.searchParams.get("cancelled") === "1",
  };
}

const INITIATE_FAILED = { title: "Payment Error", description: "Failed to initiate payment. Please try again.", variant: "destructive" } as const;

/** What the inline (JavaScript) steps get back: the intent's secret, or the error. */
export type InlineStepResult = { clientSecret?: string; error?: { message: string } };

/**
 * Without JavaScript (or without a publishable key): the form creates a hosted Checkout Session.
 * With it, the card step posts here too (through a fetcher), `intent` saying which step:
 * `create-intent` (the PaymentIntent for the server's fee) and `record` (Stripe confirmed the
 * card: check it with Stripe and record it). The same model calls as /api/create-payment-intent
 * and /api/payments, the JSON door for other clients.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, { description: "Please log in to make a payment" });
  const businessId = parseId(params.businessId);
  if (!businessId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "record") return recordInline(request, form, businessId, user.id);
  const submission = parseWithZod(form, { schema: PaymentSchema });
  if (intent === "create-intent") {
    if (submission.status !== "success") return data<InlineStepResult>({ error: { message: "Invalid description" } }, { status: 400 });
    try {
      const { clientSecret } = await createBtrPaymentIntent({
        businessId,
        userId: user.id,
        description: submission.value.description,
        clientAmount: form.get("amount"),
      });
      return data<InlineStepResult>({ clientSecret });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      return dataWithToast<InlineStepResult>(request, { error: { message: error.message } }, INITIATE_FAILED, { status: error.status });
    }
  }
  if (submission.status !== "success") return data(submission.reply(), { status: 400 });
  try {
    const session = await createBtrCheckoutSession({ businessId, userId: user.id, description: submission.value.description });
    return redirect(session.url);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    const refused = await refusal(error, businessId);
    if (refused) throw refused;
    return dataWithToast(request, submission.reply({ formErrors: [INITIATE_FAILED.description] }), INITIATE_FAILED, { status: 502 });
  }
}

/** The inline step's end: Stripe says the card was charged; record it and show the success step. */
async function recordInline(request: Request, form: FormData, businessId: number, userId: number) {
  const stripePaymentId = form.get("stripePaymentId");
  if (typeof stripePaymentId !== "string" || !stripePaymentId) {
    return data<InlineStepResult>({ error: { message: "Stripe payment ID is required" } }, { status: 400 });
  }
  try {
    const { payment } = await verifyAndRecordPayment({ stripePaymentId, businessId, userId, clientAmount: form.get("amount") });
    // X-Remix-Replace: the card step is not a page to go back to.
    return redirectWithToast(
      `/payment/${businessId}?paid=${payment.id}`,
      { title: "Payment Successful", description: "Your Business Tax Receipt has been paid." },
      { headers: { "X-Remix-Replace": "true" } },
    );
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    console.error(`Could not record payment ${stripePaymentId}: ${error.message}`);
    return dataWithToast<InlineStepResult>(
      request,
      { error: { message: error.message } },
      { title: "Record Failed", description: "Failed to record payment. Please contact support", variant: "destructive" },
      { status: error.status },
    );
  }
}

const STEPS = ["Details", "Payment", "Done"] as const;

function Steps({ current }: { current: 0 | 1 | 2 }) {
  return (
    <ol className="mb-8 flex gap-2 text-sm" aria-label="Payment steps">
      {STEPS.map((label, i) => (
        <li
          key={label}
          aria-current={i === current ? "step" : undefined}
          className={`flex-1 rounded-md border px-3 py-2 ${
            i === current
              ? "border-primary-700 bg-primary-50 font-semibold text-slate-900 dark:bg-slate-800 dark:text-white"
              : "border-slate-200 text-slate-700 dark:border-slate-700 dark:text-slate-300"
          }`}
        >
          {i + 1}. {label}
        </li>
      ))}
    </ol>
  );
}

export default function PaymentPage() {
  const loaderData = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">Pay Business Tax Receipt</h1>
      {loaderData.step === "success" ? <SuccessStep data={loaderData} /> : <PayForm data={loaderData} />}
    </div>
  );
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function SuccessStep({ data }: { data: Extract<LoaderData, { step: "success" }> }) {
  return (
    <>
      <Steps current={2} />
      <section aria-labelledby="success-heading" className="rounded-lg border border-green-300 bg-green-50 p-6 dark:border-green-800 dark:bg-green-950">
        <h2 id="success-heading" className="text-xl font-semibold text-green-900 dark:text-green-100">
          Payment Successful
        </h2>
        <p className="mt-2 text-green-900 dark:text-green-100">Your Business Tax Receipt has been paid.</p>
        <dl className="mt-4 space-y-1 text-sm">
          <div>
            <dt className="inline font-medium">Payment ID: </dt>
            <dd className="inline font-mono" data-testid="payment-id">
              {data.payment.stripePaymentId}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">Receipt number: </dt>
            <dd className="inline">{data.payment.receiptNumber}</dd>
          </div>
          <div>
            <dt className="inline font-medium">Amount paid: </dt>
            <dd className="inline">{formatCents(data.payment.amount)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={`/receipt/${data.payment.id}`}>View Receipt</ButtonLink>
          <ButtonLink to={`/business/${data.businessId}`} variant="outline">
            Return to Business
          </ButtonLink>
          <ButtonLink to="/dashboard" variant="outline">
            Go to Dashboard
          </ButtonLink>
        </div>
      </section>
    </>
  );
}

function PayForm({ data }: { data: Extract<LoaderData, { step: "form" }> }) {
  // Only the form's own post lands here; the inline steps' answers go to their fetcher.
  const lastResult = useActionData<typeof action>() as SubmissionResult<string[]> | undefined;
  const hydrated = useHydrated();
  const call = useActionCall<InlineStepResult>();
  const navigation = useNavigation();
  const [intent, setIntent] = useState<{ clientSecret: string; description: string } | null>(null);
  const [creating, setCreating] = useState(false);
  const inline = hydrated && Boolean(data.publishableKey);

  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(PaymentSchema),
    defaultValue: { description: DEFAULT_PAYMENT_DESCRIPTION },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PaymentSchema }),
    onSubmit: async (event, { submission }) => {
      if (!inline || submission?.status !== "success") return;
      event.preventDefault();
      setCreating(true);
      try {
        // A failure's toast comes from the server's flash, like every server result.
        const result = await call(`/payment/${data.business.id}`, {
          intent: "create-intent",
          amount: String(data.fee.totalCents),
          description: submission.value.description,
        });
        if (result?.clientSecret) setIntent({ clientSecret: result.clientSecret, description: submission.value.description });
      } finally {
        setCreating(false);
      }
    },
  });

  const submitting = creating || navigation.state !== "idle";

  return (
    <>
      <p className="mb-6 text-slate-700 dark:text-slate-300">
        {data.business.name} <span className="text-slate-600 dark:text-slate-400">· Document {data.business.documentNumber}</span>
      </p>
      <Steps current={intent ? 1 : 0} />
      {data.demo ? (
        <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="demo-notice">
          Demo payments: no real card is charged. Use the test card 4242 4242 4242 4242.
        </p>
      ) : null}
      {data.cancelled && !intent ? (
        <p role="status" className="mb-6 rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">
          Checkout was cancelled. No payment was made.
        </p>
      ) : null}
      <section aria-labelledby="fee-heading" className="mb-8">
        <h2 id="fee-heading" className="mb-3 text-lg font-semibold">
          Fee
        </h2>
        <FeeBreakdown fee={data.fee} />
      </section>

      {intent && data.publishableKey ? (
        <section aria-labelledby="card-heading">
          <h2 id="card-heading" className="mb-3 text-lg font-semibold">
            Payment
          </h2>
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">Description: {intent.description}</p>
          <InlineCardPayment
            publishableKey={data.publishableKey}
            clientSecret={intent.clientSecret}
            businessId={data.business.id}
            amount={data.fee.totalCents}
            description={intent.description}
            onBack={() => setIntent(null)}
          />
        </section>
      ) : (
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <div>
            <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium">
              Description
            </label>
            <input
              {...getInputProps(fields.description, { type: "text" })}
              key={fields.description.key}
              className="w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
            />
            {fields.description.errors ? (
              <p id={fields.description.errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {fields.description.errors[0]}
              </p>
            ) : null}
          </div>
          {form.errors ? (
            <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {form.errors[0]}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={submitting}>
              {submitting ? "Please wait…" : "Continue to Payment"}
            </Button>
            <Link to={`/business/${data.business.id}`} className="self-center text-sm underline">
              Back to business
            </Link>
          </div>
          {!inline ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">You will enter your card on Stripe&apos;s secure checkout page.</p>
          ) : null}
        </Form>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title="Business Not Found" message={NOT_FOUND_MESSAGE}>
            <Link to="/dashboard" className="rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
              Go to Dashboard
            </Link>
          </ErrorPage>
        ),
      }}
    />
  );
}
