import { parseWithZod } from "@conform-to/zod/v4";
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { splitStepUp, StepUpForm } from "~/components/auth/step-up-form";
import { DecisionForms, type DecisionAnswer } from "~/components/admin/filings/decision-forms";
import { FilingAnswers } from "~/components/admin/filings/filing-answers";
import { FilingDocuments, FilingHistory } from "~/components/admin/filings/filing-details";
import { filingMessage } from "~/components/filings/messages";
import { FilingStatusBadge } from "~/components/filings/status-badge";
import { formatTownTime } from "~/lib/dates";
import { useFormat } from "~/lib/hooks/use-format";
import { isFilingKind, type FilingDecision } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { FilingDecisionSchema } from "~/lib/schemas/filing-decision";
import { listCategories } from "~/models/filings/categories.server";
import { answerContext } from "~/models/filings/context.server";
import { decideFiling } from "~/models/filings/decision.server";
import { FilingError, filingView, getFilingRow } from "~/models/filings/filings.server";
import { localReply } from "~/utils/auth-messages.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireStaff } from "~/utils/session.server";
import { decisionRefusal } from "~/utils/staff-messages.server";
import { stepUpPrompt } from "~/utils/step-up.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin", "auth"] };

export const meta: MetaFunction<typeof loader> = ({ data: d }) => translatedMeta(d?.meta);

function filingIdOf(value: string | undefined) {
  const id = parseId(value);
  if (id === null) throw new Response("Filing not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const { t, language } = await requestT(request, "admin");
  const when = (iso: string | null) => (iso ? formatTownTime(iso, language) : null);
  const row = getFilingRow(filingIdOf(params.id));
  if (!row || !isFilingKind(row.kind)) throw new Response("Filing not found", { status: 404 });
  const filing = filingView(row, answerContext());
  return {
    meta: pageMetaText(t, t("filings.review.metaTitle", { id: filing.id }), t("filings.review.description")),
    filing: {
      ...filing,
      // What is missing, as the rules say it (English), in the page's language.
      missing: filing.missing.map((m) => ({ ...m, message: filingMessage(t, m.message) })),
      documents: filing.documents.map((d) => ({ ...d, uploaded: when(d.uploadedAt)! })),
      history: filing.history.map((h) => ({ ...h, at: when(h.at)! })),
      submitted: when(filing.submittedAt),
      decided: when(filing.decidedAt),
    },
    // Inactive ones too: an application may name an activity the town has since retired.
    categories: listCategories({ includeInactive: true }).map(({ code, name }) => ({ code, name })),
  };
}

/** The decisions' toasts: admin:filings.toasts.<decision>.title / .description. */
const TOASTS: Record<FilingDecision, string> = { approve: "approved", "request-changes": "changesRequested", deny: "denied" };

/**
 * A decision (clerks and administrators alike), behind the step-up (it creates, hands over or
 * closes businesses); a refused one answers the page with the reason and its status.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request);
  const id = filingIdOf(params.id);
  const formData = await request.formData();
  const { t } = await requestT(request, "admin");
  const submission = parseWithZod(formData, { schema: FilingDecisionSchema });
  const sent = submission.payload.intent;
  const intent = FilingDecisionSchema.shape.intent.safeParse(sent).data ?? null;
  if (submission.status !== "success") {
    return data<DecisionAnswer>({ intent, result: localReply(t, submission.reply()), error: null }, { status: 400 });
  }
  const prompt = await stepUpPrompt(request, formData);
  if (prompt) return prompt;
  const decision = submission.value.intent;
  try {
    await decideFiling(staff, id, decision, submission.value.message ?? null);
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    if (error.status === 404) throw new Response(error.message, { status: 404 });
    const fieldErrors = Object.fromEntries(Object.entries(error.details.fieldErrors ?? {}).map(([name, message]) => [name, [decisionRefusal(t, message)]]));
    const refusal = decisionRefusal(t, error.message);
    return data<DecisionAnswer>(
      { intent: decision, result: localReply(t, submission.reply({ formErrors: [refusal], fieldErrors })), error: refusal },
      { status: error.status },
    );
  }
  return redirectWithToast(`/admin/filings/${id}`, {
    title: t(`filings.toasts.${TOASTS[decision]}.title`),
    description: t(`filings.toasts.${TOASTS[decision]}.description`),
  });
}

export default function StaffFiling() {
  const { filing: f, categories } = useLoaderData<typeof loader>();
  const answered = useActionData<typeof action>();
  const { t } = useTranslation("admin");
  const { money } = useFormat();
  const { stepUp, answer } = splitStepUp(answered);
  const kind = t(`filings.kinds.${f.kind}`);
  const name = f.business?.name ?? f.answers.tradeName ?? f.answers.businessName ?? null;
  const approveNote =
    f.kind === "new-business"
      ? f.answers.stateDocumentNumber
        ? t("filings.approveNotes.registry", { documentNumber: f.answers.stateDocumentNumber })
        : t("filings.approveNotes.town")
      : f.kind === "transfer"
        ? t("filings.approveNotes.transfer")
        : f.kind === "change-location"
          ? t("filings.approveNotes.changeLocation")
          : t("filings.approveNotes.close");
  const back = { to: "/admin/filings", label: t("filings.queue.title") };
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
        <FilingStatusBadge status={f.status} label={t(`filings.statuses.${f.status}`)} />
        {name ? <span className="font-medium">{name}</span> : null}
      </div>
      <dl className="mt-4 grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[14rem_1fr]" data-testid="filing-summary">
        <dt className="font-medium">{t("filings.review.applicant")}</dt>
        <dd>{f.applicant ? `${f.applicant.username} (${f.applicant.email})` : t("filings.review.accountDeleted")}</dd>
        <dt className="font-medium">{t("filings.review.business")}</dt>
        <dd>
          {f.business ? (
            <Link to={`/admin/businesses/${f.business.id}`} className={adminLinkClass}>
              {f.business.name} ({f.business.documentNumber})
            </Link>
          ) : (
            t("filings.review.createdOnApproval")
          )}
        </dd>
        <dt className="font-medium">{t("filings.review.fee")}</dt>
        <dd>
          {f.feeCents > 0
            ? t(f.feePaid ? "filings.review.feePaid" : "filings.review.feeNotPaid", { amount: money(f.feeCents) })
            : t("filings.review.noFee")}
        </dd>
        <dt className="font-medium">{t("filings.review.submitted")}</dt>
        <dd>{f.submitted ?? t("filings.review.notYet")}</dd>
        {f.decided ? (
          <>
            <dt className="font-medium">{t("filings.review.decided")}</dt>
            <dd>{f.decided}</dd>
          </>
        ) : null}
        {f.decisionMessage ? (
          <>
            <dt className="font-medium">{f.status === "denied" ? t("filings.review.reason") : t("filings.review.message")}</dt>
            <dd className="whitespace-pre-wrap break-words">{f.decisionMessage}</dd>
          </>
        ) : null}
      </dl>

      <AdminSection id="decision" title={t("filings.review.decision")} className="mt-8">
        {answer?.error ? (
          <p role="alert" className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
            {answer.error}
          </p>
        ) : null}
        {f.status === "submitted" ? (
          <>
            {f.missing.length > 0 ? (
              <p className="mt-3 text-sm">{t("filings.review.missingWarning")}</p>
            ) : null}
            <DecisionForms answer={answer} approveNote={approveNote} />
          </>
        ) : (
          <p className="mt-3 text-sm" data-testid="no-decision">
            {f.status === "approved" || f.status === "denied"
              ? t("filings.review.decidedText")
              : f.status === "changes-requested"
                ? t("filings.review.waitingText")
                : f.status === "withdrawn"
                  ? t("filings.review.withdrawnText")
                  : t("filings.review.notSubmittedText")}
          </p>
        )}
      </AdminSection>

      <AdminSection id="answers" title={t("filings.review.answers")} className="mt-8">
        <FilingAnswers kind={f.kind} answers={f.answers} categories={categories} />
      </AdminSection>

      <AdminSection id="documents" title={t("filings.review.documents")} className="mt-8">
        <FilingDocuments filingId={f.id} documents={f.documents} />
      </AdminSection>

      <AdminSection id="missing" title={t("filings.review.missing")} className="mt-8">
        {f.missing.length === 0 ? (
          <p className="mt-3 text-sm">{t("filings.review.nothingMissing")}</p>
        ) : (
          <ul className="mt-3 list-disc space-y-1 pl-5 text-sm" data-testid="filing-missing">
            {f.missing.map((m) => (
              <li key={"field" in m ? m.field : m.documentType}>{m.message}</li>
            ))}
          </ul>
        )}
      </AdminSection>

      <AdminSection id="history" title={t("filings.review.history")} className="mt-8">
        <FilingHistory history={f.history} />
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
