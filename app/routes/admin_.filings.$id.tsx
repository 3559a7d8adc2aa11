import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { splitStepUp, StepUpForm } from "~/components/auth/step-up-form";
import { DecisionForms, type DecisionAnswer } from "~/components/admin/filings/decision-forms";
import { FilingAnswers } from "~/components/admin/filings/filing-answers";
import { FilingDocuments, FilingHistory } from "~/components/admin/filings/filing-details";
import { FilingStatusBadge } from "~/components/filings/status-badge";
import { formatCents } from "~/lib/fee";
import { FILING_KIND_LABELS, isFilingKind, type FilingDecision } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { FilingDecisionSchema } from "~/lib/schemas/filing-decision";
import { TOWN_TIME_ZONE } from "~/lib/tax-year";
import { listCategories } from "~/models/filings/categories.server";
import { answerContext } from "~/models/filings/context.server";
import { decideFiling } from "~/models/filings/decision.server";
import { FilingError, filingView, getFilingRow } from "~/models/filings/filings.server";
import { requireStaff } from "~/utils/session.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast, type Toast } from "~/utils/toast.server";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d ? `Filing #${d.filing.id}` : "Filing"} | Admin | Florida Business Registry` },
];

function filingIdOf(value: string | undefined) {
  const id = parseId(value);
  if (id === null) throw new Response("Filing not found", { status: 404 });
  return id;
}

/** Times as the town's clock reads them, written on the server (no hydration difference). */
const WHEN = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: TOWN_TIME_ZONE });
const when = (iso: string | null) => (iso ? WHEN.format(new Date(iso)) : null);

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const row = getFilingRow(filingIdOf(params.id));
  if (!row || !isFilingKind(row.kind)) throw new Response("Filing not found", { status: 404 });
  const filing = filingView(row, answerContext());
  return {
    filing: {
      ...filing,
      documents: filing.documents.map((d) => ({ ...d, uploaded: when(d.uploadedAt)! })),
      history: filing.history.map((h) => ({ ...h, at: when(h.at)! })),
      submitted: when(filing.submittedAt),
      decided: when(filing.decidedAt),
    },
    // Inactive ones too: an application may name an activity the town has since retired.
    categories: listCategories({ includeInactive: true }).map(({ code, name }) => ({ code, name })),
  };
}

const TOASTS: Record<FilingDecision, Toast> = {
  approve: { title: "Filing approved", description: "The applicant is told by email." },
  "request-changes": { title: "Changes requested", description: "The applicant is told by email and can change the filing and send it again." },
  deny: { title: "Filing denied", description: "The applicant is told by email, with your reason." },
};

/**
 * A decision (clerks and administrators alike), behind the step-up (it creates, hands over or
 * closes businesses); a refused one answers the page with the reason and its status.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const id = filingIdOf(params.id);
  const formData = await request.formData();
  const submission = parseWithZod(formData, { schema: FilingDecisionSchema });
  const sent = submission.payload.intent;
  const intent = FilingDecisionSchema.shape.intent.safeParse(sent).data ?? null;
  if (submission.status !== "success") {
    return data<DecisionAnswer>({ intent, result: submission.reply(), error: null }, { status: 400 });
  }
  const prompt = await stepUpPrompt(request, formData);
  if (prompt) return prompt;
  const decision = submission.value.intent;
  try {
    await decideFiling(staff, id, decision, submission.value.message ?? null);
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    if (error.status === 404) throw new Response(error.message, { status: 404 });
    const fieldErrors = Object.fromEntries(Object.entries(error.details.fieldErrors ?? {}).map(([name, message]) => [name, [message]]));
    return data<DecisionAnswer>(
      { intent: decision, result: submission.reply({ formErrors: [error.message], fieldErrors }), error: error.message },
      { status: error.status },
    );
  }
  return redirectWithToast(`/admin/filings/${id}`, TOASTS[decision]);
}

export default function StaffFiling() {
  const { filing: f, categories } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { stepUp, answer } = splitStepUp(answered);
  const kind = FILING_KIND_LABELS[f.kind];
  const name = f.business?.name ?? f.answers.tradeName ?? f.answers.businessName ?? null;
  const approveNote =
    f.kind === "new-business"
      ? f.answers.stateDocumentNumber
        ? `The registry business ${f.answers.stateDocumentNumber} becomes the applicant's, claimed, and can pay this year's receipt at once.`
        : "A town business is created with a local number, owned by the applicant, who can pay this year's receipt at once."
      : f.kind === "transfer"
        ? "The business and its current receipt pass to the buyer; the seller's auto-renewal is cancelled. Both are told by email."
        : f.kind === "change-location"
          ? "The business's address changes; receipts already issued keep the address they had."
          : "The business is closed from the date given: no more reminders, notices or letters, and auto-renewal is cancelled.";
  const back = { to: "/admin/filings", label: "Filings" };
  if (stepUp) {
    return (
      <AdminPage back={back} title={`${kind} #${f.id}`} width="5xl">
        <StepUpForm prompt={stepUp} cancelTo={`/admin/filings/${f.id}`} />
      </AdminPage>
    );
  }
  return (
    <AdminPage back={back} title={`${kind} #${f.id}`} width="5xl">
      <div className="mt-3 flex flex-wrap items-center gap-3 text-sm">
        <FilingStatusBadge status={f.status} />
        {name ? <span className="font-medium">{name}</span> : null}
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]" data-testid="filing-summary">
        <dt className="font-medium">Applicant</dt>
        <dd>{f.applicant ? `${f.applicant.username} (${f.applicant.email})` : "Account deleted"}</dd>
        <dt className="font-medium">Business</dt>
        <dd>
          {f.business ? (
            <Link to={`/admin/businesses/${f.business.id}`} className={adminLinkClass}>
              {f.business.name} ({f.business.documentNumber})
            </Link>
          ) : (
            "Created when the application is approved"
          )}
        </dd>
        <dt className="font-medium">Fee</dt>
        <dd>{f.feeCents > 0 ? `${formatCents(f.feeCents)}, ${f.feePaid ? "paid" : "not paid yet"}` : "No fee"}</dd>
        <dt className="font-medium">Submitted</dt>
        <dd>{f.submitted ?? "Not yet"}</dd>
        {f.decided ? (
          <>
            <dt className="font-medium">Decided</dt>
            <dd>{f.decided}</dd>
          </>
        ) : null}
        {f.decisionMessage ? (
          <>
            <dt className="font-medium">{f.status === "denied" ? "Reason" : "Message to the applicant"}</dt>
            <dd className="whitespace-pre-wrap break-words">{f.decisionMessage}</dd>
          </>
        ) : null}
      </dl>

      <AdminSection id="decision" title="Decision" className="mt-8">
        {answer?.error ? (
          <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            {answer.error}
          </p>
        ) : null}
        {f.status === "submitted" ? (
          <>
            {f.missing.length > 0 ? (
              <p className="mt-3 text-sm">Something the rules ask for is missing (below): request changes rather than approve.</p>
            ) : null}
            <DecisionForms answer={answer} approveNote={approveNote} />
          </>
        ) : (
          <p className="mt-3 text-sm" data-testid="no-decision">
            {f.status === "approved" || f.status === "denied"
              ? "This filing has been decided."
              : f.status === "changes-requested"
                ? "Waiting for the applicant to change the filing and send it again."
                : f.status === "withdrawn"
                  ? "The applicant withdrew this filing."
                  : "The applicant has not submitted this filing yet."}
          </p>
        )}
      </AdminSection>

      <AdminSection id="answers" title="Answers" className="mt-8">
        <FilingAnswers kind={f.kind} answers={f.answers} categories={categories} />
      </AdminSection>

      <AdminSection id="documents" title="Documents" className="mt-8">
        <FilingDocuments filingId={f.id} documents={f.documents} />
      </AdminSection>

      <AdminSection id="missing" title="Missing" className="mt-8">
        {f.missing.length === 0 ? (
          <p className="mt-3 text-sm">Nothing: every answer and document the rules ask for is here.</p>
        ) : (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm" data-testid="filing-missing">
            {f.missing.map((m) => (
              <li key={"field" in m ? m.field : m.documentType}>{m.message}</li>
            ))}
          </ul>
        )}
      </AdminSection>

      <AdminSection id="history" title="History" className="mt-8">
        <FilingHistory history={f.history} />
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
