import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { formatCardDate, formatLongDate } from "~/lib/dates";
import { parseId } from "~/lib/ids";
import { roleOf } from "~/lib/roles";
import { LicenseReviewSchema } from "~/lib/schemas/letter-batch";
import { CounterPaymentSchema, RefundSchema } from "~/lib/schemas/payment-ops";
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
import { fieldErrorsOf } from "~/utils/http";
import { requireStaff } from "~/utils/session.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";
import { formatCents } from "~/lib/fee";

export const meta: MetaFunction = () => [{ title: "Business | Admin | Florida Business Registry" }];

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
  return {
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
  if (intent !== "counter" && intent !== "reopen" && roleOf(user) !== "admin") {
    return answer({ error: "Only an administrator can do this.", fieldErrors: {} }, 403);
  }
  try {
    if (intent === "counter") {
      const parsed = CounterPaymentSchema.safeParse({
        method: form.get("method") ?? undefined,
        checkNumber: form.get("checkNumber") || undefined,
        fiscalYear: form.get("fiscalYear") || undefined,
        key: form.get("key") ?? undefined,
      });
      if (!parsed.success) return answer({ error: null, fieldErrors: fieldErrorsOf(parsed.error), form: "counter" }, 400);
      const prompt = await stepUpPrompt(request, form);
      if (prompt) return prompt;
      const { payment } = recordCounterPayment(user, { businessId: id, ...parsed.data });
      return redirectWithToast(`/admin/businesses/${id}`, {
        title: "Payment recorded",
        description: `Receipt ${payment.receiptNumber} for ${payment.fiscalYear}: ${formatCents(payment.amount)}.`,
      });
    }
    if (intent === "refund") {
      const paymentId = parseId(form.get("paymentId"));
      const parsed = RefundSchema.safeParse({ amount: form.get("amount") ?? undefined, reason: form.get("reason") ?? undefined });
      if (!parsed.success || paymentId === null) {
        const fieldErrors = parsed.success ? { paymentId: ["Choose the payment"] } : fieldErrorsOf(parsed.error);
        return answer({ error: null, fieldErrors, form: "refund", paymentId: paymentId ?? undefined }, 400);
      }
      const prompt = await stepUpPrompt(request, form);
      if (prompt) return prompt;
      const refund = await refundPayment(user, { businessId: id, paymentId, amountCents: parsed.data.amount, reason: parsed.data.reason });
      return redirectWithToast(`/admin/businesses/${id}`, { title: "Refund made", description: `${formatCents(refund.amount)} refunded.` });
    }
    if (intent === "reopen") {
      reopenBusiness(user, id);
      return redirectWithToast(`/admin/businesses/${id}`, { title: "Business reopened", description: "Its receipts, reminders and notices start again." });
    }
    if (intent === "release") {
      releaseClaim(user, id);
      return redirectWithToast(`/admin/businesses/${id}`, { title: "Claim released", description: "The business is unclaimed again, with a new claim code." });
    }
    if (intent === "review") {
      const parsed = LicenseReviewSchema.safeParse({ status: form.get("status"), reason: form.get("reason") || undefined });
      if (!parsed.success) return answer({ error: null, fieldErrors: fieldErrorsOf(parsed.error), form: "review" }, 400);
      reviewLicense(user, id, parsed.data);
      return redirectWithToast(`/admin/businesses/${id}`, { title: parsed.data.status === "verified" ? "License verified" : "License rejected" });
    }
    return answer({ error: "Unknown action", fieldErrors: {} }, 400);
  } catch (error) {
    if (error instanceof OperationError || error instanceof PaymentError || error instanceof FilingError) {
      return answer({ error: error.message, fieldErrors: {} }, error.status);
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
  const back = { to: "/admin?tab=claimed-businesses", label: "Claimed businesses" };
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
        <dt className="font-medium">Document number</dt>
        <dd>{b.documentNumber}</dd>
        <dt className="font-medium">Claimed</dt>
        <dd data-testid="claim-state">{b.isClaimed ? `Yes, by user #${b.ownerId} on ${formatCardDate(b.claimedAt)}` : "No"}</dd>
        <dt className="font-medium">License review</dt>
        <dd>{b.licenseReviewStatus ? `${b.licenseReviewStatus}${b.licenseReviewReason ? `: ${b.licenseReviewReason}` : ""}` : "Not reviewed"}</dd>
      </dl>
      {b.closedOn ? (
        <section aria-labelledby="closed" className="mt-6 rounded-md border border-slate-300 p-4 dark:border-slate-600">
          <h2 id="closed" className="text-xl font-semibold" data-testid="closed-on">
            Closed on {formatLongDate(b.closedOn, b.closedOn)}
          </h2>
          <p className="mt-2 text-sm">No receipt is due, and no reminder, notice or letter goes out. Reopen it if the closing was a mistake or the business started again.</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="reopen" />
            <Button type="submit" variant="outline">
              Reopen
            </Button>
          </Form>
        </section>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {actionData.error}
        </p>
      ) : null}
      <AdminSection id="payments" title="Payments" className="mt-8">
        <BusinessPayments
          payments={payments}
          canRefund={isAdmin}
          errors={actionData?.form === "refund" && actionData.paymentId ? { paymentId: actionData.paymentId, fieldErrors } : null}
        />
      </AdminSection>
      <AdminSection id="counter" title="Record a payment at the counter" className="mt-8">
        <p className="mt-2 text-sm">Cash, a check, or a card taken on the town&apos;s own terminal: the business gets the same receipt as online. The amount is the one due today.</p>
        <CounterPaymentForm years={counterYears} formKey={counterKey} fieldErrors={formErrors("counter")} />
      </AdminSection>
      {isAdmin && b.isClaimed ? (
        <section aria-labelledby="release" className="mt-8">
          <h2 id="release" className="text-xl font-semibold">
            Release the claim
          </h2>
          <p className="mt-2 text-sm">The business returns to unclaimed with a new claim code; the owner loses access. Payments and uploads are kept.</p>
          <Form method="post" className="mt-3">
            <input type="hidden" name="intent" value="release" />
            <Button type="submit" variant="destructive">
              Release claim
            </Button>
          </Form>
        </section>
      ) : null}
      {isAdmin && b.isClaimed && b.hasLicense ? (
        <section aria-labelledby="review" className="mt-8">
          <h2 id="review" className="text-xl font-semibold">
            Review the driver&apos;s license
          </h2>
          <p className="mt-2 text-sm">
            <a href={b.licenseUrl} target="_blank" rel="noreferrer" className={linkClass}>
              View license<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </p>
          <Form method="post" className="mt-3 space-y-3">
            <input type="hidden" name="intent" value="review" />
            <fieldset>
              <legend className="text-sm font-medium">Decision</legend>
              <div className="mt-1 flex gap-4">
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="status" value="verified" defaultChecked /> Verified
                </label>
                <label className="flex items-center gap-2 text-sm">
                  <input type="radio" name="status" value="rejected" /> Rejected
                </label>
              </div>
            </fieldset>
            <div>
              <label htmlFor="review-reason" className="mb-1 block text-sm font-medium">
                Reason (shown to the owner when rejected)
              </label>
              <textarea id="review-reason" name="reason" maxLength={500} className={inputClass} aria-describedby="review-reason-errors" />
              <ErrorList id="review-reason-errors" errors={formErrors("review").reason} />
            </div>
            <Button type="submit">Save review</Button>
          </Form>
        </section>
      ) : null}
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
