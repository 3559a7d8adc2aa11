import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { useFormat } from "~/lib/hooks/use-format";
import { translatedMeta } from "~/lib/meta";
import { parseId } from "~/lib/ids";
import { paymentRefusalText } from "~/lib/payment-messages";
import { roleOf } from "~/lib/roles";
import { LicenseReviewSchema } from "~/lib/schemas/letter-batch";
import { CounterPaymentSchema, localFieldErrors, PAYMENT_OPS_ERRORS, RefundSchema } from "~/lib/schemas/payment-ops";
import { fiscalYearName, townDate } from "~/lib/tax-year";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { splitStepUp, StepUpForm } from "~/components/auth/step-up-form";
import { BusinessPayments } from "~/components/admin/business-payments";
import { CounterPaymentForm } from "~/components/admin/counter-payment-form";
import { licenseUrl } from "~/models/admin/licenses.server";
import { OperationError, releaseClaim, reviewLicense } from "~/models/admin/operations.server";
import { getBusinessById } from "~/models/business.server";
import { reopenBusiness } from "~/models/filings/decision.server";
import { FilingError } from "~/models/filings/errors";
import { recordCounterPayment } from "~/models/counter-payment.server";
import { PaymentError } from "~/models/payment.server";
import { standingOfBusiness } from "~/models/receipt.server";
import { paymentsWithRefunds, refundPayment } from "~/models/refund.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireStaff } from "~/utils/session.server";
import { staffRefusal } from "~/utils/staff-messages.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatCents } from "~/lib/fee";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

function idOf(value: string | undefined) {
  const id = parseId(value);
  if (id === null) throw new Response("Business not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const b = getBusinessById(idOf(params.id));
  if (!b) throw new Response("Business not found", { status: 404 });
  const standing = standingOfBusiness(b);
  const { t } = await requestT(request, "admin");
  return {
    meta: pageMetaText(t, t("businesses.title"), t("businesses.description", { name: b.name })),
    isAdmin: roleOf(user) === "admin",
    counterKey: crypto.randomUUID(),
    counterYears: standing.charges.map((c) => ({
      fiscalYear: c.fiscalYear,
      name: fiscalYearName(c.fiscalYear),
      totalCents: c.totalCents,
      penaltyCents: c.penaltyCents,
    })),
    payments: paymentsWithRefunds(b.id).map(({ payment: p, refunds, refundableCents }) => ({
      id: p.id,
      receiptNumber: p.receiptNumber,
      fiscalYear: p.fiscalYear,
      amount: p.amount,
      refundedCents: p.refundedCents,
      refundableCents,
      method: p.method,
      checkNumber: p.checkNumber,
      paidOn: townDate(p.paidAt ?? p.createdAt),
      remittanceId: p.remittanceId,
      refunds: refunds.map((r) => ({ id: r.id, amount: r.amount, reason: r.reason, status: r.status, on: townDate(r.succeededAt ?? r.createdAt) })),
    })),
    business: {
      id: b.id,
      name: b.name,
      documentNumber: b.documentNumber,
      isClaimed: b.isClaimed,
      ownerId: b.ownerId,
      claimedAt: b.claimedAt ? b.claimedAt.toISOString() : null,
      hasLicense: Boolean(b.driversLicenseUrl),
      licenseUrl: licenseUrl(b.id),
      licenseReviewStatus: b.licenseReviewStatus,
      licenseReviewReason: b.licenseReviewReason,
      closedOn: b.closedOn,
    },
  };
}

type ActionAnswer = { error: string | null; fieldErrors: Record<string, string[] | undefined>; form?: "refund" | "counter" | "review"; paymentId?: number };

const answer = (body: ActionAnswer, status: number) => data(body, { status });

/**
 * A clerk may record a counter payment or reopen a closed business; refunds, releasing a claim
 * and reviewing a licence are administrator actions (a clerk gets 403). Counter payments and
 * refunds move money: a valid one first asks for the step-up when the session is due for it
 * (~/utils/step-up.server), and carries on with the same fields after the code.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const id = idOf(params.id);
  const form = await request.formData();
  const intent = form.get("intent");
  const { t, language } = await requestT(request, "admin");
  if (intent !== "counter" && intent !== "reopen" && roleOf(user) !== "admin") {
    return answer({ error: t("businesses.adminOnly"), fieldErrors: {} }, 403);
  }
  try {
    if (intent === "counter") {
      const parsed = CounterPaymentSchema.safeParse({
        method: form.get("method") ?? undefined,
        checkNumber: form.get("checkNumber") || undefined,
        fiscalYear: form.get("fiscalYear") || undefined,
        key: form.get("key") ?? undefined,
      });
      if (!parsed.success) return answer({ error: null, fieldErrors: localFieldErrors(t, parsed.error), form: "counter" }, 400);
      const prompt = await stepUpPrompt(request, form);
      if (prompt) return prompt;
      const { payment } = recordCounterPayment(user, { businessId: id, ...parsed.data });
      return redirectWithToast(`/admin/businesses/${id}`, {
        title: t("counter.toasts.recorded.title"),
        description: t("counter.toasts.recorded.description", {
          receipt: payment.receiptNumber,
          year: payment.fiscalYear,
          amount: formatCents(payment.amount, language),
        }),
      });
    }
    if (intent === "refund") {
      const paymentId = parseId(form.get("paymentId"));
      const parsed = RefundSchema.safeParse({ amount: form.get("amount") ?? undefined, reason: form.get("reason") ?? undefined });
      if (!parsed.success || paymentId === null) {
        const fieldErrors = parsed.success ? { paymentId: [t(PAYMENT_OPS_ERRORS.choosePayment)] } : localFieldErrors(t, parsed.error);
        return answer({ error: null, fieldErrors, form: "refund", paymentId: paymentId ?? undefined }, 400);
      }
      const prompt = await stepUpPrompt(request, form);
      if (prompt) return prompt;
      const refund = await refundPayment(user, { businessId: id, paymentId, amountCents: parsed.data.amount, reason: parsed.data.reason });
      return redirectWithToast(`/admin/businesses/${id}`, {
        title: t("businesses.toasts.refunded.title"),
        description: t("businesses.toasts.refunded.description", { amount: formatCents(refund.amount, language) }),
      });
    }
    if (intent === "reopen") {
      reopenBusiness(user, id);
      return redirectWithToast(`/admin/businesses/${id}`, {
        title: t("businesses.toasts.reopened.title"),
        description: t("businesses.toasts.reopened.description"),
      });
    }
    if (intent === "release") {
      releaseClaim(user, id);
      return redirectWithToast(`/admin/businesses/${id}`, {
        title: t("businesses.toasts.released.title"),
        description: t("businesses.toasts.released.description"),
      });
    }
    if (intent === "review") {
      const parsed = LicenseReviewSchema.safeParse({ status: form.get("status"), reason: form.get("reason") || undefined });
      if (!parsed.success) return answer({ error: null, fieldErrors: localFieldErrors(t, parsed.error), form: "review" }, 400);
      reviewLicense(user, id, parsed.data);
      return redirectWithToast(`/admin/businesses/${id}`, {
        title: t(parsed.data.status === "verified" ? "businesses.toasts.licenseVerified" : "businesses.toasts.licenseRejected"),
      });
    }
    return answer({ error: t("businesses.unknownAction"), fieldErrors: {} }, 400);
  } catch (error) {
    // The payment model's refusals that carry dates and years come with their key (the owner's
    // payment page shows them the same way); the rest are the staff models' English, mapped.
    if (error instanceof PaymentError && error.detail) return answer({ error: paymentRefusalText(t, language, error), fieldErrors: {} }, error.status);
    if (error instanceof OperationError || error instanceof PaymentError || error instanceof FilingError) {
      return answer({ error: staffRefusal(t, error.message), fieldErrors: {} }, error.status);
    }
    throw error;
  }
}

const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

export default function AdminBusiness() {
  const { business: b, isAdmin, payments, counterKey, counterYears } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { stepUp, answer: actionData } = splitStepUp(answered);
  const fieldErrors: Record<string, string[] | undefined> = actionData?.fieldErrors ?? {};
  const formErrors = (name: ActionAnswer["form"]) => (actionData?.form === name ? fieldErrors : {});
  const { t } = useTranslation("admin");
  const { cardDate, longDate } = useFormat();
  const back = { to: "/admin?tab=claimed-businesses", label: t("businesses.back") };
  if (stepUp) {
    return (
      <AdminPage width="3xl" back={back} title={b.name}>
        <StepUpForm prompt={stepUp} cancelTo={`/admin/businesses/${b.id}`} />
      </AdminPage>
    );
  }
  return (
    <AdminPage width="3xl" back={back} title={b.name}>
      <dl className="mt-4 grid grid-cols-2 gap-2 text-sm">
        <dt className="font-medium">{t("businesses.documentNumber")}</dt>
        <dd>{b.documentNumber}</dd>
        <dt className="font-medium">{t("businesses.claimed")}</dt>
        <dd data-testid="claim-state">
          {b.isClaimed ? t("businesses.claimedBy", { id: b.ownerId, date: cardDate(b.claimedAt) }) : t("businesses.notClaimed")}
        </dd>
        <dt className="font-medium">{t("businesses.licenseReview")}</dt>
        <dd>
          {b.licenseReviewStatus
            ? `${t(`businesses.reviewStatus.${b.licenseReviewStatus}`, { defaultValue: b.licenseReviewStatus })}${b.licenseReviewReason ? `: ${b.licenseReviewReason}` : ""}`
            : t("businesses.notReviewed")}
        </dd>
      </dl>
      {b.closedOn ? (
        <section aria-labelledby="closed" className="mt-6 rounded-md border border-slate-300 p-4 dark:border-slate-600">
          <h2 id="closed" className="text-xl font-semibold" data-testid="closed-on">
            {t("businesses.closedOn", { date: longDate(b.closedOn, b.closedOn) })}
          </h2>
          <p className="mt-2 text-sm">{t("businesses.closedText")}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reopen" />
            <Button type="submit" variant="outline">
              {t("businesses.reopen")}
            </Button>
          </Form>
        </section>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {actionData.error}
        </p>
      ) : null}
      <AdminSection id="payments" title={t("payments.heading")} className="mt-8">
        <BusinessPayments
          payments={payments}
          canRefund={isAdmin}
          errors={actionData?.form === "refund" && actionData.paymentId ? { paymentId: actionData.paymentId, fieldErrors } : null}
        />
      </AdminSection>
      <AdminSection id="counter" title={t("counter.heading")} className="mt-8">
        <p className="mt-2 text-sm">{t("counter.intro")}</p>
        <CounterPaymentForm years={counterYears} formKey={counterKey} fieldErrors={formErrors("counter")} />
      </AdminSection>
      {isAdmin && b.isClaimed ? (
        <section aria-labelledby="release" className="mt-8">
          <h2 id="release" className="text-xl font-semibold">
            {t("businesses.release.heading")}
          </h2>
          <p className="mt-2 text-sm">{t("businesses.release.text")}</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="release" />
            <Button type="submit" variant="destructive">
              {t("businesses.release.button")}
            </Button>
          </Form>
        </section>
      ) : null}
      {isAdmin && b.isClaimed && b.hasLicense ? (
        <section aria-labelledby="review" className="mt-8">
          <h2 id="review" className="text-xl font-semibold">
            {t("businesses.review.heading")}
          </h2>
          <p className="mt-2 text-sm">
            <a href={b.licenseUrl} target="_blank" rel="noreferrer" className={linkClass}>
              {t("table.viewLicense")}
              <span className="sr-only"> {t("businesses.review.newTab")}</span>
            </a>
          </p>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="review" />
            <fieldset>
              <legend className="text-sm font-medium">{t("businesses.review.decision")}</legend>
              <div className="mt-1 flex gap-4">
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="status" value="verified" defaultChecked /> {t("businesses.review.verified")}
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="status" value="rejected" /> {t("businesses.review.rejected")}
                </label>
              </div>
            </fieldset>
            <div>
              <label htmlFor="review-reason" className="mb-1 block text-sm font-medium">
                {t("businesses.review.reason")}
              </label>
              <textarea id="review-reason" name="reason" maxLength={500} className={inputClass} aria-describedby="review-reason-errors" />
              <ErrorList id="review-reason-errors" errors={formErrors("review").reason} />
            </div>
            <Button type="submit">{t("businesses.review.save")}</Button>
          </Form>
        </section>
      ) : null}
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
