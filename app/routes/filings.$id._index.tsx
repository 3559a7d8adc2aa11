import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FilingErrorBoundary } from "~/components/filings/filing-error-boundary";
import { AnswersSummary, cardClass, DecisionMessage, DocumentsSummary, FilingHistory, MissingList } from "~/components/filings/filing-summary";
import { firstIncompleteStep, stepIsMissing, WITHDRAWABLE } from "~/components/filings/progress";
import { FilingStatusBadge } from "~/components/filings/status-badge";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatCardDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import { FILING_KIND_LABELS, FILING_STEPS, isEditable } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";
import { isStaff } from "~/lib/roles";
import { answerContext } from "~/models/filings/context.server";
import { FilingError, filingView, requireFilingFor, requireOwnFiling, withdrawFiling } from "~/models/filings/filings.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  pageMeta(data ? `${FILING_KIND_LABELS[data.view.kind]}: ${data.title}` : "Filing not found", "Your filing with the town's Business Tax Receipt office: its steps, documents and status.");

const AUTH = { description: "Please log in to see your filing" };

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
  return {
    view,
    ctx: { categories: ctx.categories },
    title: view.business?.name ?? view.answers.tradeName ?? view.answers.businessName ?? "New business",
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
  return redirectWithToast(`/filings/${filing.id}`, { title: "Filing withdrawn", description: "The town will not review it. You can start a new filing at any time." });
}

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

export default function FilingPage() {
  const { view, ctx, title, isApplicant, isStaff, editable, next, withdrawable, receiptDue } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const withdrawing = navigation.state === "submitting" && navigation.formData?.get("intent") === "withdraw";
  const steps = FILING_STEPS[view.kind];

  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      {isApplicant ? (
        <Link to="/dashboard?tab=documents" className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
          ← Back to my documents
        </Link>
      ) : null}
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">{FILING_KIND_LABELS[view.kind]}</p>
      <div className="mt-1 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{title}</h1>
        <FilingStatusBadge status={view.status} />
      </div>
      <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
        Filing number {view.id} · started {formatCardDate(view.createdAt)}
        {view.submittedAt ? ` · submitted ${formatCardDate(view.submittedAt)}` : ""}
        {view.decidedAt ? ` · decided ${formatCardDate(view.decidedAt)}` : ""} · last change {formatCardDate(view.updatedAt)}
      </p>
      {isStaff ? (
        <p className="mt-2">
          <Link to={`/admin/filings/${view.id}`} className={linkClass}>
            Review this filing in the staff area
          </Link>
        </p>
      ) : null}

      <DecisionMessage status={view.status} message={view.decisionMessage} />

      {view.status === "submitted" ? (
        <p className="mt-6 rounded-md border border-blue-200 bg-blue-50 p-4 text-blue-950 dark:border-blue-800 dark:bg-blue-950 dark:text-blue-50">
          Submitted: the town reviews it and emails you its decision. It can no longer be changed.
        </p>
      ) : null}
      {view.status === "approved" ? (
        <p className="mt-6 rounded-md border border-green-200 bg-green-50 p-4 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50">
          Approved by the town.
          {receiptDue && isApplicant ? (
            <>
              {" "}
              Your business is registered:{" "}
              <Link to={`/payment/${view.businessId}`} className={linkClass}>
                pay its receipt
              </Link>
              .
            </>
          ) : null}
        </p>
      ) : null}

      {editable ? (
        <section aria-labelledby="steps-heading" className={`mt-6 ${cardClass}`}>
          <h2 id="steps-heading" className="text-lg font-semibold">
            Steps
          </h2>
          <ol className="mt-2 space-y-1">
            {steps.map((step, i) => {
              const missing = stepIsMissing(step, view.missing);
              return (
                <li key={step.slug} className="flex flex-wrap items-baseline gap-2" data-step={step.slug}>
                  <Link to={`/filings/${view.id}/${step.slug}`} className={linkClass}>
                    {i + 1}. {step.title}
                  </Link>
                  <span className={`text-sm ${missing ? "text-amber-800 dark:text-amber-200" : "text-green-800 dark:text-green-200"}`}>
                    {step.slug === "review" ? (missing ? "Not ready to submit" : "Ready to submit") : missing ? "Still needed" : "Done"}
                  </span>
                </li>
              );
            })}
          </ol>
          {view.missing.length ? (
            <>
              <h3 className="mt-4 font-semibold">Still missing</h3>
              <MissingList filingId={view.id} kind={view.kind} missing={view.missing} editable />
            </>
          ) : null}
          {view.kind === "transfer" && view.feeCents > 0 ? (
            <p className="mt-4 text-sm">
              Transfer fee: <strong>{formatCents(view.feeCents)}</strong>{" "}
              {view.feePaid ? (
                "(paid)"
              ) : (
                <>
                  (to be paid before submitting:{" "}
                  <Link to={`/filings/${view.id}/fee`} className={linkClass}>
                    pay the transfer fee
                  </Link>
                  )
                </>
              )}
            </p>
          ) : null}
          {next ? (
            <ButtonLink to={`/filings/${view.id}/${next.slug}`} className="mt-4">
              Continue: {next.title}
            </ButtonLink>
          ) : null}
        </section>
      ) : null}

      <section aria-labelledby="answers-heading" className={`mt-6 ${cardClass}`}>
        <h2 id="answers-heading" className="sr-only">
          Answers and documents
        </h2>
        {view.business ? (
          <p className="mb-4">
            Business:{" "}
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
          <summary className="cursor-pointer font-medium">Withdraw this filing</summary>
          <p className="mt-2 text-sm text-slate-700 dark:text-slate-300" id="withdraw-warning">
            Withdrawing stops this filing for good: the town will not review it, and it cannot be reopened. You can start a new
            filing later.
          </p>
          <Form method="post" className="mt-3">
            <Button type="submit" name="intent" value="withdraw" variant="destructive" disabled={withdrawing} aria-describedby="withdraw-warning">
              {withdrawing ? "Withdrawing..." : "Withdraw filing"}
            </Button>
          </Form>
          {actionData?.message ? (
            <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
              {actionData.message}
            </p>
          ) : null}
        </details>
      ) : null}
    </div>
  );
}

export function ErrorBoundary() {
  return <FilingErrorBoundary notFound="This filing does not exist, or it is not yours." />;
}
