import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { writable } from "~/db/write-lock.server";
import { FilingErrorBoundary } from "~/components/filings/filing-error-boundary";
import { AnswersStepForm } from "~/components/filings/answers-step-form";
import { DocumentsStep, type UploadFailure } from "~/components/filings/documents-step";
import { AnswersSummary, cardClass, DecisionMessage, DocumentsSummary, MissingList } from "~/components/filings/filing-summary";
import { StepProgress } from "~/components/filings/step-progress";
import { schemaFor, type StepIntent } from "~/components/filings/step-schema";
import { Button, ButtonLink } from "~/components/ui/button";
import { useFilingMessage } from "~/components/filings/messages";
import { useFormat } from "~/lib/hooks/use-format";
import { DOCUMENT_MESSAGES, FILING_DOCUMENT_MIME_TYPES, isDocumentType, MAX_FILING_DOCUMENT_BYTES } from "~/lib/filings/documents";
import { FILING_STEPS, isEditable, nextStep, previousStep, stepOf, type Answers, type FilingKind, type FilingStep } from "~/lib/filings/kinds";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import type { Filing } from "~/db/schema";
import type { PublicUser } from "~/lib/types";
import { answerContext } from "~/models/filings/context.server";
// Not from filings.server: NOT_EDITABLE_TOAST is built when the module loads, in the browser too.
import { FILING_MESSAGES } from "~/models/filings/errors";
import { addDocument, FilingError, filingView, getFilingRow, requireFilingFor, saveAnswers, submitFiling } from "~/models/filings/filings.server";
import { discardUpload, drainRequestBody, parseUploadForm, UploadRejectedError, UploadTooLargeError, type StoredUpload } from "~/services/uploads.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

/** The two counts' messages live in the "claim" namespace. */
export const handle = { i18n: ["filings", "claim"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const AUTH = { description: "filings:auth.continue" };

function notFound(): never {
  throw data({ message: "Filing not found" }, { status: 404 });
}

/**
 * The filing and step this request is about. Only the applicant edits a filing: staff (who may
 * see it) are sent to its page, anyone else gets the 404 (no hint that it exists).
 */
function filingStep(user: PublicUser, params: LoaderFunctionArgs["params"]): { filing: Filing; kind: FilingKind; step: FilingStep } {
  const id = parseId(params.id);
  if (!id) notFound();
  let filing: Filing;
  try {
    filing = requireFilingFor(user, id);
  } catch (error) {
    if (error instanceof FilingError && error.status === 404) notFound();
    throw error;
  }
  if (filing.applicantId !== user.id) throw redirect(`/filings/${filing.id}`);
  const kind = filing.kind as FilingKind;
  const step = stepOf(kind, params.step ?? "");
  if (!step) notFound();
  return { filing, kind, step };
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const { filing, step } = filingStep(user, params);
  // Submitted, decided or withdrawn: read only, on the filing's page.
  if (!isEditable(filing.status)) throw redirect(`/filings/${filing.id}`);
  const ctx = answerContext();
  const view = filingView(filing, ctx);
  const { t } = await requestT(request, "filings");
  return {
    view,
    ctx,
    step,
    title: view.business?.name ?? view.answers.tradeName ?? view.answers.businessName ?? t("newBusiness"),
    meta: pageMetaText(t, t("meta.step.title", { step: t(`steps.${step.slug}`), kind: t(`kinds.${view.kind}.label`) }), t("meta.step.description")),
  };
}

type StepActionData =
  | { kind: "answers"; result: SubmissionResult<string[]> }
  | { kind: "upload"; failure: UploadFailure }
  | { kind: "submit"; message: string; missing: { field?: string; documentType?: string; message: string }[]; fieldErrors: Record<string, string> };

const NOT_EDITABLE_TOAST = { title: "filings:toasts.notEditable.title", description: "filings:errors.notEditable", variant: "destructive" } as const;

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request, AUTH);
  const { filing, kind, step } = filingStep(user, params);
  const toStep = (target: FilingStep | undefined) => redirect(target ? `/filings/${filing.id}/${target.slug}` : `/filings/${filing.id}`, 303);

  // The documents step's upload forms are multipart (its Continue / Back form is not).
  if (step.slug === "documents" && /^multipart\/form-data/i.test(request.headers.get("Content-Type") ?? "")) return upload(request, filing);
  const form = await request.formData();
  const intent = form.get("intent");

  if (step.slug === "review" && intent === "submit") return submit(user, filing);
  if (!isEditable(filing.status)) return redirectWithToast(`/filings/${filing.id}`, NOT_EDITABLE_TOAST, { status: 303 });
  const direction: StepIntent = intent === "back" ? "back" : "next";
  const target = direction === "back" ? previousStep(kind, step.slug) : nextStep(kind, step.slug);
  if (step.fields.length === 0) return toStep(target);

  // An answers step: each answer is judged on its own; the good ones are saved, the bad ones come
  // back as field errors with everything that was typed (submission.reply keeps it in the form).
  const ctx = answerContext();
  const submission = parseWithZod(form, { schema: schemaFor(kind, step, ctx, direction) });
  const input: Answers = Object.fromEntries(
    step.fields.map((name) => {
      const value = form.get(name);
      return [name, typeof value === "string" ? value : ""];
    }),
  );
  let saved: ReturnType<typeof saveAnswers>;
  try {
    saved = saveAnswers(user, filing, input, { ctx });
  } catch (error) {
    if (error instanceof FilingError && error.status === 409) return redirectWithToast(`/filings/${filing.id}`, NOT_EDITABLE_TOAST, { status: 303 });
    throw error;
  }
  const fieldErrors = Object.fromEntries(Object.entries(saved.errors).map(([name, message]) => [name, [message]]));
  if (submission.status !== "success" || Object.keys(fieldErrors).length > 0) {
    return data<StepActionData>({ kind: "answers", result: submission.reply({ fieldErrors }) }, { status: 400 });
  }
  return toStep(target);
}

const uploadFailure = (failure: UploadFailure, status: number) => data<StepActionData>({ kind: "upload", failure }, { status });

/**
 * One document, streamed to disk and judged by its bytes. The document type comes from the
 * form's address (?documentType=), so that even a body refused before it is read (too large)
 * answers under the right document.
 */
async function upload(request: Request, filing: Filing) {
  const { t } = await requestT(request, "filings");
  const fromUrl = new URL(request.url).searchParams.get("documentType");
  if (fromUrl !== null && !isDocumentType(fromUrl)) {
    drainRequestBody(request);
    return uploadFailure({ documentType: null, field: "documentType", message: DOCUMENT_MESSAGES.type }, 400);
  }
  if (!isEditable(filing.status)) {
    drainRequestBody(request);
    return redirectWithToast(`/filings/${filing.id}`, NOT_EDITABLE_TOAST, { status: 303 });
  }
  let formData: FormData;
  let file: StoredUpload | null;
  try {
    ({ formData, file } = await parseUploadForm(request, {
      fileField: "file",
      maxFileBytes: MAX_FILING_DOCUMENT_BYTES,
      accept: FILING_DOCUMENT_MIME_TYPES,
      tooLargeMessage: DOCUMENT_MESSAGES.fileSize,
    }));
  } catch (error) {
    const documentType = fromUrl as UploadFailure["documentType"];
    if (error instanceof UploadTooLargeError) return uploadFailure({ documentType, field: "file", message: DOCUMENT_MESSAGES.fileSize }, 413);
    if (error instanceof UploadRejectedError) return uploadFailure({ documentType, field: "file", message: error.message }, 400);
    throw error;
  }
  const documentType = fromUrl ?? formData.get("documentType");
  if (!isDocumentType(documentType)) {
    if (file) await discardUpload(file);
    return uploadFailure({ documentType: null, field: "documentType", message: DOCUMENT_MESSAGES.type }, 400);
  }
  if (!file) return uploadFailure({ documentType, field: "file", message: DOCUMENT_MESSAGES.notAFile }, 400);
  await writable(); // the upload took its time: the importer may hold the lock now
  try {
    // Read again: the filing may have been submitted in another tab while the file arrived.
    await addDocument(getFilingRow(filing.id) ?? filing, documentType, file);
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    if (error.status === 409) return redirectWithToast(`/filings/${filing.id}`, NOT_EDITABLE_TOAST, { status: 303 });
    const field = error.details.fieldErrors?.documentType ? "documentType" : "file";
    return uploadFailure({ documentType, field, message: error.message }, 400);
  }
  return redirectWithToast(
    `/filings/${filing.id}/documents`,
    {
      title: "filings:toasts.uploaded.title",
      description: "filings:toasts.uploaded.description",
      values: { label: t(`documents.${documentType}.label`), name: file.name || t("toasts.uploaded.document") },
    },
    { status: 303 },
  );
}

/** Submits once: a second click or tab finds it submitted and gets the same answer. */
function submit(user: PublicUser, filing: Filing) {
  try {
    submitFiling(user, filing, answerContext());
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    if (error.status === 409 && error.message === FILING_MESSAGES.notEditable) return redirectWithToast(`/filings/${filing.id}`, NOT_EDITABLE_TOAST, { status: 303 });
    return data<StepActionData>(
      { kind: "submit", message: error.message, missing: error.details.missing ?? [], fieldErrors: error.details.fieldErrors ?? {} },
      { status: error.status },
    );
  }
  return redirectWithToast(
    `/filings/${filing.id}`,
    { title: "filings:toasts.submitted.title", description: "filings:toasts.submitted.description" },
    { status: 303 },
  );
}

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

export default function FilingStepPage() {
  const { view, ctx, step, title } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as StepActionData | undefined;
  const steps = FILING_STEPS[view.kind];
  const index = steps.findIndex((s) => s.slug === step.slug);
  const { t } = useTranslation("filings");

  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <Link to={`/filings/${view.id}`} className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
        {t("step.back")}
      </Link>
      <p className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-300">
        {t(`kinds.${view.kind}.label`)} · {title}
      </p>
      <StepProgress filingId={view.id} steps={steps} current={step.slug} missing={view.missing} />
      <h1 className="mt-6 text-3xl font-bold">{t(`steps.${step.slug}`)}</h1>
      <DecisionMessage status={view.status} message={view.decisionMessage} />

      {step.slug === "documents" ? (
        <>
          <DocumentsStep view={view} failure={actionData?.kind === "upload" ? actionData.failure : null} />
          <StepButtons filingId={view.id} slug={step.slug} hasPrevious={index > 0} />
        </>
      ) : step.slug === "review" ? (
        <ReviewStep view={view} ctx={ctx} failure={actionData?.kind === "submit" ? actionData : null} />
      ) : (
        <AnswersStepForm
          key={step.slug}
          filingId={view.id}
          kind={view.kind}
          step={step}
          answers={view.answers}
          ctx={ctx}
          lastResult={actionData?.kind === "answers" ? actionData.result : undefined}
          hasPrevious={index > 0}
          isLast={index === steps.length - 1}
        />
      )}
    </div>
  );
}

/** Continue / Back for a step with no answers of its own (documents). */
function StepButtons({ filingId, slug, hasPrevious }: { filingId: number; slug: string; hasPrevious: boolean }) {
  const { t } = useTranslation("filings");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === `/filings/${filingId}/${slug}`;
  return (
    <Form method="post" action={`/filings/${filingId}/${slug}`} className="mt-8 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
      <Button type="submit" name="intent" value="next" disabled={busy}>
        {t("step.continue")}
      </Button>
      {hasPrevious ? (
        <Button type="submit" name="intent" value="back" variant="outline" disabled={busy}>
          {t("step.back2")}
        </Button>
      ) : null}
    </Form>
  );
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

function ReviewStep({ view, ctx, failure }: { view: LoaderData["view"]; ctx: LoaderData["ctx"]; failure: Extract<StepActionData, { kind: "submit" }> | null }) {
  const { t } = useTranslation("filings");
  const { money } = useFormat();
  const message = useFilingMessage();
  const navigation = useNavigation();
  const action = `/filings/${view.id}/review`;
  const submitting = navigation.state !== "idle" && navigation.formAction === action;
  const feeDue = view.kind === "transfer" && view.feeCents > 0 && !view.feePaid;
  const invalid = failure ? Object.entries(failure.fieldErrors).map(([field, message]) => ({ field, message })) : [];
  return (
    <div className="mt-6 space-y-6">
      {failure ? (
        <div role="alert" className="rounded-md border border-red-300 bg-red-50 p-4 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          <p className="font-semibold">{message(failure.message)}</p>
          <MissingList filingId={view.id} kind={view.kind} missing={[...failure.missing, ...invalid]} editable />
        </div>
      ) : view.missing.length ? (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-4 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50">
          <h2 className="font-semibold">{t("review.beforeSubmit")}</h2>
          <MissingList filingId={view.id} kind={view.kind} missing={view.missing} editable />
        </div>
      ) : (
        <p className="text-slate-700 dark:text-slate-300">{t("review.allHere")}</p>
      )}

      {view.kind === "transfer" && view.feeCents > 0 ? (
        <section aria-labelledby="fee-heading" className={cardClass} data-testid="transfer-fee">
          <h2 id="fee-heading" className="text-lg font-semibold">
            {t("review.feeHeading")}
          </h2>
          <p className="mt-2">
            <strong>{money(view.feeCents)}</strong>
            {t("review.feeRule")}
          </p>
          {view.feePaid ? (
            <p className="mt-1 text-sm">{t("review.feePaid")}</p>
          ) : (
            <>
              <p className="mt-1 text-sm">{t("review.feeMustPay")}</p>
              <ButtonLink to={`/filings/${view.id}/fee`} className="mt-3">
                {t("review.payFee")}
              </ButtonLink>
            </>
          )}
        </section>
      ) : null}

      <section aria-labelledby="review-answers-heading" className={cardClass}>
        <h2 id="review-answers-heading" className="sr-only">
          {t("review.yourAnswers")}
        </h2>
        {view.business ? (
          <p className="mb-4">
            {t("filing.businessLabel")}{" "}
            <Link to={`/business/${view.business.id}`} className={linkClass}>
              {view.business.name}
            </Link>
          </p>
        ) : null}
        <AnswersSummary view={view} ctx={ctx} editable />
        <div className="mt-6">
          <DocumentsSummary view={view} />
        </div>
      </section>

      <Form method="post" action={action} className="flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6 dark:border-slate-700">
        <Button type="submit" name="intent" value="submit" disabled={submitting} aria-describedby="submit-note">
          {submitting && navigation.formData?.get("intent") === "submit" ? t("review.submitting") : t("review.submit")}
        </Button>
        <Button type="submit" name="intent" value="back" variant="outline" disabled={submitting}>
          {t("step.back2")}
        </Button>
        <p id="submit-note" className="w-full text-sm text-slate-600 dark:text-slate-400">
          {feeDue ? t("review.feeFirst") : ""}
          {t("review.readOnly")}
        </p>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <FilingErrorBoundary notFound="step.notFound" />;
}
