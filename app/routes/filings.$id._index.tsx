import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { FilingErrorBoundary } from "~/components/filings/filing-error-boundary";
import { AnswersSummary, cardClass, DecisionMessage, DocumentsSummary, FilingHistory, MissingList } from "~/components/filings/filing-summary";
import { firstIncompleteStep, stepIsMissing, WITHDRAWABLE } from "~/components/filings/progress";
import { FilingStatusBadge } from "~/components/filings/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { useFilingMessage } from "~/components/filings/messages";
import { FILING_STEPS, isEditable } from "~/lib/filings/kinds";
import { useFormat } from "~/lib/hooks/use-format";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { isStaff } from "~/lib/roles";
import { answerContext } from "~/models/filings/context.server";
import { FilingError, filingView, requireFilingFor, requireOwnFiling, withdrawFiling } from "~/models/filings/filings.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["filings"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const AUTH = { description: "filings:auth.filing" };

function notFound(): never {
  throw data({ message: "Filing not found" }, { status: 404 });
}

/** The filing for this user (its applicant or staff); a FilingError becomes the page's 404. */
function filingFor(user: Parameters<typeof requireFilingFor>[0], idParam: string | undefined, own = false) {
  const id = parseId(idParam);
  if (!id) notFound();
  try {
    return own ? requireOwnFiling(user, id) : requireFilingFor(user, id);
  } catch (error) {
    if (error instanceof FilingError && error.status === 404) notFound();
    throw error;
  }
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const filing = filingFor(user, params.id);
  const ctx = answerContext();
  const view = filingView(filing, ctx);
  const isApplicant = filing.applicantId === user.id;
  const editable = isApplicant && isEditable(view.status);
  const next = editable ? firstIncompleteStep(view.kind, view.missing) : null;
  const { t } = await requestT(request, "filings");
  const title = view.business?.name ?? view.answers.tradeName ?? view.answers.businessName ?? t("newBusiness");
  return {
    view,
    ctx: { categories: ctx.categories },
    title,
    meta: pageMetaText(t, t("meta.filing.title", { kind: t(`kinds.${view.kind}.label`), title }), t("meta.filing.description")),
    isApplicant,
    isStaff: isStaff(user),
    editable,
    next: next ? { slug: next.slug, title: next.title } : null,
    withdrawable: isApplicant && WITHDRAWABLE.includes(view.status),
    receiptDue: view.status === "approved" && view.kind === "new-business" && view.businessId !== null && !holdsCurrentReceipt(view.businessId),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const filing = filingFor(user, params.id, true);
  const form = await request.formData();
  if (form.get("intent") !== "withdraw") throw data("Unknown form action", { status: 400 });
  try {
    withdrawFiling(user, filing);
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    return data({ message: error.message }, { status: error.status });
  }
  return redirectWithToast(`/filings/${filing.id}`, { title: "filings:toasts.withdrawn.title", description: "filings:toasts.withdrawn.description" });
}

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

export default function FilingPage() {
  const { view, ctx, title, isApplicant, isStaff, editable, next, withdrawable, receiptDue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation("filings");
  const { cardDate, money } = useFormat();
  const message = useFilingMessage();
  const navigation = useNavigation();
  const withdrawing = navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  const steps = FILING_STEPS[view.kind];

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {isApplicant ? (
        <Link to="/dashboard?tab=documents" className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
          {t("backToDocuments")}
        </Link>
      ) : null}
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">{t(`kinds.${view.kind}.label`)}</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{title}</h1>
        <FilingStatusBadge status={view.status} label={t(`statuses.${view.status}`)} />
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        {t("filing.number", { id: view.id, date: cardDate(view.createdAt) })}
        {view.submittedAt ? t("filing.submittedOn", { date: cardDate(view.submittedAt) }) : ""}
        {view.decidedAt ? t("filing.decidedOn", { date: cardDate(view.decidedAt) }) : ""}
        {t("filing.lastChange", { date: cardDate(view.updatedAt) })}
      </p>
      {isStaff ? (
        <p className="mt-2">
          <Link to={`/admin/filings/${view.id}`} className={linkClass}>
            {t("filing.staffReview")}
          </Link>
        </p>
      ) : null}

      <DecisionMessage status={view.status} message={view.decisionMessage} />

      {view.status === "submitted" ? (
        <p className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50">
          {t("filing.submittedNote")}
        </p>
      ) : null}
      {view.status === "approved" ? (
        <p className="mt-6 rounded-md border border-green-200 bg-green-50 p-4 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
          {t("filing.approved")}
          {receiptDue && isApplicant ? (
            <>
              {" "}
              <Trans t={t} i18nKey="filing.receiptDue" components={{ anchor: <Link to={`/payment/${view.businessId}`} className={linkClass} /> }} />
            </>
          ) : null}
        </p>
      ) : null}

      {editable ? (
        <section aria-labelledby="steps-heading" className={`mt-6 ${cardClass}`}>
          <h2 id="steps-heading" className="text-lg font-semibold">
            {t("filing.stepsHeading")}
          </h2>
          <ol className="mt-2 space-y-1">
            {steps.map((step, i) => {
              const missing = stepIsMissing(step, view.missing);
              return (
                <li key={step.slug} className="flex flex-wrap items-baseline gap-2" data-step={step.slug}>
                  <Link to={`/filings/${view.id}/${step.slug}`} className={linkClass}>
                    {i + 1}. {t(`steps.${step.slug}`)}
                  </Link>
                  <span className={`text-sm ${missing ? "text-amber-800 dark:text-amber-200" : "text-green-800 dark:text-green-200"}`}>
                    {step.slug === "review" ? (missing ? t("filing.notReady") : t("filing.ready")) : missing ? t("filing.stillNeeded") : t("filing.done")}
                  </span>
                </li>
              );
            })}
          </ol>
          {view.missing.length ? (
            <>
              <h3 className="mt-4 font-semibold">{t("filing.stillMissing")}</h3>
              <MissingList filingId={view.id} kind={view.kind} missing={view.missing} editable />
            </>
          ) : null}
          {view.kind === "transfer" && view.feeCents > 0 ? (
            <p className="mt-4 text-sm">
              {t("filing.transferFee")} <strong>{money(view.feeCents)}</strong>{" "}
              {view.feePaid ? (
                t("filing.feePaid")
              ) : (
                <Trans t={t} i18nKey="filing.feeDue" components={{ anchor: <Link to={`/filings/${view.id}/fee`} className={linkClass} /> }} />
              )}
            </p>
          ) : null}
          {next ? (
            <ButtonLink to={`/filings/${view.id}/${next.slug}`} className="mt-4">
              {t("filing.continue", { step: t(`steps.${next.slug}`) })}
            </ButtonLink>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="answers-heading" className={`mt-6 ${cardClass}`}>
        <h2 id="answers-heading" className="sr-only">
          {t("filing.answersHeading")}
        </h2>
        {view.business ? (
          <p className="mb-4">
            {t("filing.businessLabel")}{" "}
            <Link to={`/business/${view.business.id}`} className={linkClass}>
              {view.business.name}
            </Link>{" "}
            <span className="font-mono text-sm">({view.business.documentNumber})</span>
          </p>
        ) : null}
        <AnswersSummary view={view} ctx={ctx} editable={editable} />
        <div className="mt-6">
          <DocumentsSummary view={view} />
        </div>
      </section>

      <div className={`mt-6 ${cardClass}`}>
        <FilingHistory history={view.history} />
      </div>

      {withdrawable ? (
        <details className={`mt-6 ${cardClass}`}>
          <summary className="cursor-pointer font-medium">{t("filing.withdrawSummary")}</summary>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" id="withdraw-warning">
            {t("filing.withdrawWarning")}
          </p>
          <Form method="post" className="mt-3">
            <Button type="submit" name="intent" value="withdraw" variant="destructive" disabled={withdrawing} aria-describedby="withdraw-warning">
              {withdrawing ? t("filing.withdrawing") : t("filing.withdraw")}
            </Button>
          </Form>
          {actionData?.message ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {message(actionData.message)}
            </p>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <FilingErrorBoundary notFound="filing.notFound" />;
}
