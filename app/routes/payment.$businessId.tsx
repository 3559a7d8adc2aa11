import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { FeeBreakdown } from "~/components/payment/fee-breakdown";
import { InlineCardPayment } from "~/components/payment/inline-card-payment";
import { Button, ButtonLink } from "~/components/ui/button";
import { useActionCall } from "~/lib/hooks/use-action-call";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { useFormat } from "~/lib/hooks/use-format";
import { paymentRefusalText } from "~/lib/payment-messages";
import { useMessage } from "~/lib/i18n-message";
import { parseId } from "~/lib/ids";
import { receiptNumber } from "~/lib/receipt";
import { DEFAULT_PAYMENT_DESCRIPTION, PaymentSchema } from "~/lib/schemas/payment";
import { addDays, fiscalYearDates, fiscalYearName, townDate, type Charge, type FiscalYear, type Standing } from "~/lib/tax-year";
import { formatLongDate } from "~/lib/dates";
import type { Language } from "~/lib/languages";
import type { TFunction } from "i18next";
import {
  createBtrCheckoutSession,
  createBtrPaymentIntent,
  getUserPaymentForBusiness,
  parseFiscalYearInput,
  PaymentError,
  requirePayableBusiness,
  verifyAndRecordPayment,
} from "~/models/payment.server";
import { now } from "~/utils/clock.server";
import { getPublishableKey, isDemoMode } from "~/services/stripe.server";
import { publicOrigin } from "~/utils/public-origin.server";
import { dataWithToast, redirectWithToast } from "~/utils/toast.server";
import { requireUser } from "~/utils/session.server";
import { translatedMeta } from "~/lib/meta";
import { getLanguage, pageMetaText, requestT } from "~/utils/i18n.server";
import { translateReply } from "~/utils/translate-reply.server";

export const handle = { i18n: ["payment"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const NOT_FOUND_MESSAGE = "We couldn't find the business you're trying to pay for";

/**
 * The redirect (with its toast) for each reason a business cannot be paid for now. These toasts
 * are shown on the claim and business pages, which do not load the "payment" namespace: they
 * are translated here, in the request's language.
 */
async function refusal(request: Request, error: PaymentError, businessId: number) {
  const { t, language } = await requestT(request, "payment");
  const description = paymentRefusalText(t, language, error);
  switch (error.code) {
    case "not_found":
      return data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
    case "not_claimed":
      return redirectWithToast(`/claim/${businessId}`, { title: t("toast.notClaimedTitle"), description, variant: "destructive" });
    case "not_owner":
      return redirectWithToast(`/business/${businessId}`, { title: t("toast.notOwnerTitle"), description, variant: "destructive" });
    case "already_paid":
      return redirectWithToast(`/business/${businessId}`, { title: t("toast.alreadyPaidTitle"), description });
    case "not_on_sale":
      return redirectWithToast(`/business/${businessId}`, { title: t("toast.notOnSaleTitle"), description, variant: "destructive" });
    default:
      return null;
  }
}

const PAID_TOAST = { title: "payment:toast.successTitle", description: "payment:toast.successDescription" } as const;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "payment:signIn.loginToPay" });
  const businessId = parseId(params.businessId);
  if (!businessId) throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  const url = new URL(request.url);
  const { t, language } = await requestT(request, "payment");
  const meta = pageMetaText(t, t("meta.title"), t("meta.description"));

  // Back from hosted checkout: Stripe must confirm the session before anything is recorded.
  const sessionId = url.searchParams.get("session_id");
  if (sessionId) {
    try {
      const { payment } = await verifyAndRecordPayment({ stripePaymentId: sessionId, businessId, userId: user.id });
      throw await redirectWithToast(`/payment/${businessId}?paid=${payment.id}`, PAID_TOAST);
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      if (error.code === "already_paid" || error.code === "not_found") throw await refusal(request, error, businessId);
      throw await redirectWithToast(`/payment/${businessId}`, {
        title: "payment:toast.failedTitle",
        description: paymentRefusalText(t, language, error),
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
        meta,
        businessId,
        payment: {
          id: payment.id,
          stripePaymentId: payment.stripePaymentId,
          amount: payment.amount,
          receiptNumber: receiptNumber(payment),
          fiscalYear: fiscalYearName(payment.taxYear),
          validity: validityIn(t, language, payment.taxYear),
        },
      };
    }
  }

  let payable;
  const requestedYear = url.searchParams.get("year");
  try {
    payable = requirePayableBusiness(businessId, user.id, requestedYear ? (parseFiscalYearInput(requestedYear) ?? -1) : undefined);
  } catch (error) {
    if (error instanceof PaymentError) throw await refusal(request, error, businessId);
    throw error;
  }
  const { business, standing, charge } = payable;
  return {
    step: "form" as const,
    meta,
    businessId,
    business: { id: business.id, name: business.name, documentNumber: business.documentNumber },
    fee: charge,
    year: {
      fiscalYear: charge.fiscalYear,
      name: fiscalYearName(charge.fiscalYear),
      validity: validityIn(t, language, charge.fiscalYear),
    },
    standing: standing.standing,
    /** Other years this business can buy now (e.g. an older unpaid year), for links. */
    otherYears: standing.purchasable.filter((y) => y !== charge.fiscalYear).map((y) => ({ fiscalYear: y, name: fiscalYearName(y) })),
    penaltyNote: penaltyNoteIn(t, language, penaltyNote(charge, standing.dueOn)),
    demo: isDemoMode(),
    publishableKey: getPublishableKey(),
    cancelled: url.searchParams.get("cancelled") === "1",
  };
}

const INITIATE_FAILED = { title: "payment:toast.errorTitle", description: "payment:toast.initiateFailed", variant: "destructive" } as const;

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
  const user = await requireUser(request, { description: "payment:signIn.loginToPay" });
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
        fiscalYear: submission.value.fiscalYear,
      });
      return data<InlineStepResult>({ clientSecret });
    } catch (error) {
      if (!(error instanceof PaymentError)) throw error;
      // A refusal the payer can act on (the amount due changed, the year is already held) is told as is.
      const { t, language } = await requestT(request, "payment");
      const toast = error.status === 400 || error.status === 409 ? { ...INITIATE_FAILED, description: paymentRefusalText(t, language, error) } : INITIATE_FAILED;
      return dataWithToast<InlineStepResult>(request, { error: { message: error.message } }, toast, { status: error.status });
    }
  }
  if (submission.status !== "success") return data(translateReply(submission.reply(), (await requestT(request, "payment")).t), { status: 400 });
  try {
    const session = await createBtrCheckoutSession({
      businessId,
      userId: user.id,
      description: submission.value.description,
      origin: publicOrigin(request),
      fiscalYear: submission.value.fiscalYear,
      locale: await getLanguage(request),
    });
    return redirect(session.url);
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    const refused = await refusal(request, error, businessId);
    if (refused) throw refused;
    return dataWithToast(request, translateReply(submission.reply({ formErrors: [INITIATE_FAILED.description] }), (await requestT(request, "payment")).t), INITIATE_FAILED, { status: 502 });
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
    return redirectWithToast(`/payment/${businessId}?paid=${payment.id}`, PAID_TOAST, { headers: { "X-Remix-Replace": "true" } });
  } catch (error) {
    if (!(error instanceof PaymentError)) throw error;
    console.error(`Could not record payment ${stripePaymentId}: ${error.message}`);
    // Refunded refusals (the amount due changed, the year is held) say what happened and what to do.
    const refunded = error.code === "amount_changed" || error.code === "already_paid" || error.code === "not_on_sale";
    const { t, language } = await requestT(request, "payment");
    return dataWithToast<InlineStepResult>(
      request,
      { error: { message: error.message } },
      refunded
        ? { title: "payment:toast.refundedTitle", description: paymentRefusalText(t, language, error), variant: "destructive" }
        : { title: "payment:toast.recordFailedTitle", description: "payment:toast.recordFailedDescription", variant: "destructive" },
      { status: error.status },
    );
  }
}

/**
 * When the amount shown changes by itself: a late penalty grows on the first of each month (in
 * the town's time zone) until its cap, and the amount charged is the one of the day the payment
 * succeeds. Before the due date, the day after it is when the penalty starts.
 */
function penaltyNote(charge: Charge, dueOn: string | null): PenaltyNote | null {
  const today = townDate(now());
  if (charge.penalty.cents > 0) {
    if (charge.penalty.percent >= 25) return null;
    const [y, m] = today.split("-").map(Number);
    const firstOfNext = `${m === 12 ? y + 1 : y}-${String(m === 12 ? 1 : m + 1).padStart(2, "0")}-01`;
    const lastDay = addDays(firstOfNext, -1);
    return { kind: "rises", lastDay, firstOfNext };
  }
  if (dueOn && dueOn >= today) {
    return { kind: "due", dueOn, penaltyFrom: addDays(dueOn, 1) };
  }
  return null;
}

/** The penalty note's days (yyyy-MM-dd), written out in the page's language. */
type PenaltyNote = { kind: "rises"; lastDay: string; firstOfNext: string } | { kind: "due"; dueOn: string; penaltyFrom: string };

function penaltyNoteIn(t: TFunction, language: Language, note: PenaltyNote | null): string | null {
  if (!note) return null;
  const longDate = (day: string) => formatLongDate(day, "", language);
  return note.kind === "rises"
    ? t("penaltyNote.rises", { lastDay: longDate(note.lastDay), firstOfNext: longDate(note.firstOfNext) })
    : t("penaltyNote.due", { dueOn: longDate(note.dueOn), penaltyFrom: longDate(note.penaltyFrom) });
}

/** "Valid October 1, 2026 through September 30, 2027", in the request's language. */
function validityIn(t: TFunction, language: Language, fiscalYear: FiscalYear): string {
  const { startsOn, endsOn } = fiscalYearDates(fiscalYear);
  return t("validity", { start: formatLongDate(startsOn, "", language), end: formatLongDate(endsOn, "", language) });
}

const STANDING_KEYS: Record<Standing, string> = {
  current: "standing.current",
  "renewal open": "standing.renewalOpen",
  due: "standing.due",
  delinquent: "standing.delinquent",
  "never receipted": "standing.neverReceipted",
};

const STEPS = ["steps.details", "steps.payment", "steps.done"] as const;

function Steps({ current }: { current: 0 | 1 | 2 }) {
  const { t } = useTranslation("payment");
  return (
    <ol className="mb-8 flex gap-2 text-sm" aria-label={t("steps.label")}>
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
          {i + 1}. {t(label)}
        </li>
      ))}
    </ol>
  );
}

export default function PaymentPage() {
  const loaderData = useLoaderData<typeof loader>();
  const { t } = useTranslation("payment");
  return (
    <div className="mx-auto max-w-2xl px-4 py-10">
      <h1 className="mb-2 text-3xl font-bold">{t("heading")}</h1>
      {loaderData.step === "success" ? <SuccessStep data={loaderData} /> : <PayForm data={loaderData} />}
    </div>
  );
}

type LoaderData = Awaited<ReturnType<typeof loader>>;

function SuccessStep({ data }: { data: Extract<LoaderData, { step: "success" }> }) {
  const { t } = useTranslation("payment");
  const { money } = useFormat();
  return (
    <>
      <Steps current={2} />
      <section aria-labelledby="success-heading" className="rounded-lg border border-green-300 bg-green-50 p-6 dark:border-green-800 dark:bg-green-950">
        <h2 id="success-heading" className="text-xl font-semibold text-green-900 dark:text-green-100">
          {t("success.heading")}
        </h2>
        <p className="mt-2 text-green-900 dark:text-green-100">{t("success.text")}</p>
        <dl className="mt-4 space-y-1 text-sm">
          <div>
            <dt className="inline font-medium">{t("success.paymentId")}</dt>
            <dd className="inline font-mono" data-testid="payment-id">
              {data.payment.stripePaymentId}
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("success.receiptNumber")}</dt>
            <dd className="inline">{data.payment.receiptNumber}</dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("success.fiscalYear")}</dt>
            <dd className="inline" data-testid="paid-fiscal-year">
              {data.payment.fiscalYear} ({data.payment.validity})
            </dd>
          </div>
          <div>
            <dt className="inline font-medium">{t("success.amountPaid")}</dt>
            <dd className="inline">{money(data.payment.amount)}</dd>
          </div>
        </dl>
        <div className="mt-6 flex flex-wrap gap-3">
          <ButtonLink to={`/receipt/${data.payment.id}`}>{t("success.viewReceipt")}</ButtonLink>
          <ButtonLink to={`/business/${data.businessId}`} variant="outline">
            {t("success.returnToBusiness")}
          </ButtonLink>
          <ButtonLink to="/dashboard" variant="outline">
            {t("success.goToDashboard")}
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
  const { t } = useTranslation("payment");
  const message = useMessage();

  const [form, fields] = useForm({
    lastResult,
    constraint: getZodConstraint(PaymentSchema),
    defaultValue: { description: t("form.defaultDescription", { defaultValue: DEFAULT_PAYMENT_DESCRIPTION }) },
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
          fiscalYear: String(data.year.fiscalYear),
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
        {data.business.name} <span className="text-slate-600 dark:text-slate-400">{t("form.document", { documentNumber: data.business.documentNumber })}</span>
      </p>
      <Steps current={intent ? 1 : 0} />
      <section aria-labelledby="year-heading" className="mb-6 rounded-md border border-slate-200 p-4 text-sm dark:border-slate-700">
        <h2 id="year-heading" className="text-lg font-semibold">
          {t("form.fiscalYear")} <span data-testid="pay-fiscal-year">{data.year.name}</span>
        </h2>
        <p className="mt-1">{data.year.validity}</p>
        <p className="mt-1">
          {t("form.standing")} <span data-testid="pay-standing">{t(STANDING_KEYS[data.standing])}</span>
        </p>
        {data.penaltyNote ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300" data-testid="penalty-note">
            {data.penaltyNote}
          </p>
        ) : null}
        {data.otherYears.length > 0 ? (
          <p className="mt-2">
            {t("form.otherYears")}{" "}
            {data.otherYears.map((y, i) => (
              <span key={y.fiscalYear}>
                {i > 0 ? ", " : null}
                <Link to={`/payment/${data.business.id}?year=${y.fiscalYear}`} className="underline">
                  {t("form.payYear", { fy: y.name })}
                </Link>
              </span>
            ))}
          </p>
        ) : null}
      </section>
      {data.demo ? (
        <p className="mb-6 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100" data-testid="demo-notice">
          {t("form.demo")}
        </p>
      ) : null}
      {data.cancelled && !intent ? (
        <p role="status" className="mb-6 rounded-md bg-slate-100 p-3 text-sm dark:bg-slate-800">
          {t("form.cancelled")}
        </p>
      ) : null}
      <section aria-labelledby="fee-heading" className="mb-8">
        <h2 id="fee-heading" className="mb-3 text-lg font-semibold">
          {t("form.fee")}
        </h2>
        <FeeBreakdown fee={data.fee} />
      </section>

      {intent && data.publishableKey ? (
        <section aria-labelledby="card-heading">
          <h2 id="card-heading" className="mb-3 text-lg font-semibold">
            {t("form.payment")}
          </h2>
          <p className="mb-4 text-sm text-slate-700 dark:text-slate-300">{t("form.descriptionValue", { description: intent.description })}</p>
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
          <input type="hidden" name="fiscalYear" value={data.year.fiscalYear} />
          <div>
            <label htmlFor={fields.description.id} className="mb-1 block text-sm font-medium">
              {t("form.description")}
            </label>
            <input
              {...getInputProps(fields.description, { type: "text" })}
              key={fields.description.key}
              className="w-full rounded-md border border-slate-300 px-3 py-2 dark:border-slate-600 dark:bg-slate-900"
            />
            {fields.description.errors ? (
              <p id={fields.description.errorId} className="mt-1 text-sm text-red-700 dark:text-red-300">
                {message(fields.description.errors[0])}
              </p>
            ) : null}
          </div>
          {form.errors ? (
            <p id={form.errorId} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950 dark:text-red-200">
              {message(form.errors[0])}
            </p>
          ) : null}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" disabled={submitting}>
              {submitting ? t("form.wait") : t("form.continue")}
            </Button>
            <Link to={`/business/${data.business.id}`} className="self-center text-sm underline">
              {t("form.backToBusiness")}
            </Link>
          </div>
          {!inline ? (
            <p className="text-sm text-slate-600 dark:text-slate-400">{t("form.hostedNote")}</p>
          ) : null}
        </Form>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <PaymentErrorBoundary />;
}

function PaymentErrorBoundary() {
  const { t } = useTranslation("payment");
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title={t("notFound.title")} message={t("refusal.notFound")}>
            <Link to="/dashboard" className="rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
              {t("notFound.goToDashboard")}
            </Link>
          </ErrorPage>
        ),
      }}
    />
  );
}
