import { Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { AnswerContext } from "~/lib/filings/answers";
import { documentChecklist } from "~/lib/filings/documents";
import { FILING_STEPS, type FilingKind } from "~/lib/filings/kinds";
import { useFormat } from "~/lib/hooks/use-format";
import type { FilingData as FilingView } from "./types";
import { answerText, fieldLabel } from "./fields";
import { useFilingMessage } from "./messages";
import { stepOfMissing, type Missing } from "./progress";

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";
export const cardClass = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";

/** A file size in words: 12 KB, 3.4 MB (bytes in t's language when given). */
export function fileSize(bytes: number, t?: TFunction): string {
  if (bytes < 1024) return t ? t("filings:summary.bytes", { count: bytes }) : `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** Every answer of the filing, step by step, with labels (not codes); each step links to its page when `editable`. */
export function AnswersSummary({
  view,
  ctx,
  editable,
  headingLevel = 3,
}: {
  view: Pick<FilingView, "id" | "kind" | "answers">;
  ctx: Pick<AnswerContext, "categories">;
  editable: boolean;
  headingLevel?: 2 | 3;
}) {
  const { t, i18n } = useTranslation("filings");
  const H = headingLevel === 2 ? "h2" : "h3";
  const steps = FILING_STEPS[view.kind].filter((s) => s.fields.length > 0);
  return (
    <div className="space-y-6">
      {steps.map((step) => (
        <section key={step.slug} aria-labelledby={`answers-${step.slug}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <H id={`answers-${step.slug}`} className="text-lg font-semibold">
              {t(`steps.${step.slug}`)}
            </H>
            {editable ? (
              <Link to={`/filings/${view.id}/${step.slug}`} className={`text-sm ${linkClass}`}>
                {t("summary.change")}<span className="sr-only"> {t(`steps.${step.slug}`).toLowerCase()}</span>
              </Link>
            ) : null}
          </div>
          <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {step.fields.map((name) => (
              <div key={name}>
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{fieldLabel(t, name).replace(/ \((optional|opcional)\)$/, "")}</dt>
                <dd className="mt-0.5 break-words" data-answer={name}>
                  {answerText(t, i18n.language, name, view.answers[name], ctx)}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ))}
    </div>
  );
}

/** The documents checklist of the kind with what is uploaded: required ones marked, each upload a link. */
export function DocumentsSummary({
  view,
  headingLevel = 3,
}: {
  view: Pick<FilingView, "id" | "kind" | "documents" | "requiredDocuments">;
  headingLevel?: 2 | 3;
}) {
  const { t } = useTranslation("filings");
  const { cardDate } = useFormat();
  const H = headingLevel === 2 ? "h2" : "h3";
  const checklist = documentChecklist(view.kind);
  if (checklist.length === 0) return null;
  return (
    <section aria-labelledby="documents-summary-heading">
      <H id="documents-summary-heading" className="text-lg font-semibold">
        {t("summary.documentsHeading")}
      </H>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        {checklist.map((item) => {
          const uploaded = view.documents.find((d) => d.documentType === item.type);
          const required = view.requiredDocuments.includes(item.type);
          return (
            <li key={item.type} className="py-2" data-document={item.type}>
              <p className="font-medium">
                {t(`documents.${item.type}.label`)}{" "}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                  ({required ? t("summary.required") : t("summary.notNeeded")})
                </span>
              </p>
              {uploaded ? (
                <p className="text-sm">
                  {t("summary.uploaded")}{" "}
                  <a href={`/filings/${view.id}/documents/${uploaded.id}`} className={linkClass} target="_blank" rel="noreferrer">
                    {uploaded.fileName}
                  </a>{" "}
                  ({fileSize(uploaded.size, t)}, {cardDate(uploaded.uploadedAt)})
                </p>
              ) : (
                <p className={`text-sm ${required ? "text-amber-800 dark:text-amber-200" : "text-slate-600 dark:text-slate-400"}`}>
                  {required ? t("summary.notUploadedYet") : t("summary.notUploaded")}
                </p>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** What a submission still needs, each item linking to the step where it is given. */
export function MissingList({ filingId, kind, missing, editable }: { filingId: number; kind: FilingKind; missing: readonly Missing[]; editable: boolean }) {
  const { t } = useTranslation("filings");
  const message = useFilingMessage();
  if (missing.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6 text-sm" data-testid="missing-list">
      {missing.map((item) => {
        const step = stepOfMissing(kind, item);
        return (
          <li key={`${item.field ?? item.documentType}`}>
            {editable && step ? (
              <Link to={`/filings/${filingId}/${step.slug}`} className={linkClass}>
                {message(item.message)}
              </Link>
            ) : (
              message(item.message)
            )}
            {editable && step ? <span className="text-slate-600 dark:text-slate-400"> ({t(`steps.${step.slug}`)})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The filing's history: who did what, when, with the town's messages. */
export function FilingHistory({ history }: { history: FilingView["history"] }) {
  const { t } = useTranslation("filings");
  const { cardDate } = useFormat();
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-semibold">
        {t("summary.historyHeading")}
      </h2>
      <ol className="mt-2 space-y-2 text-sm">
        {history.map((h, i) => (
          <li key={i}>
            <span className="font-medium">{t(`history.${h.action}`, { defaultValue: h.action })}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {" "}
              · {cardDate(h.at)}
              {h.actor ? ` · ${h.actor}` : ""}
            </span>
            {h.message ? <p className="mt-0.5 whitespace-pre-line text-slate-800 dark:text-slate-200">{h.message}</p> : null}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** The town's message when it asked for changes or denied the filing. */
export function DecisionMessage({ status, message }: { status: string; message: string | null }) {
  const { t } = useTranslation("filings");
  if ((status !== "changes-requested" && status !== "denied") || !message) return null;
  const changes = status === "changes-requested";
  return (
    <div
      role="note"
      data-testid="decision-message"
      className={`mt-6 rounded-md border p-4 ${
        changes
          ? "border-amber-300 bg-amber-50 text-amber-950 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-50"
          : "border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-50"
      }`}
    >
      <p className="font-semibold">{changes ? t("summary.changesRequested") : t("summary.denied")}</p>
      <p className="mt-1 whitespace-pre-line">{message}</p>
    </div>
  );
}
