import { Link } from "@remix-run/react";
import type { AnswerContext } from "~/lib/filings/answers";
import { documentChecklist } from "~/lib/filings/documents";
import { FILING_STEPS, type FilingKind } from "~/lib/filings/kinds";
import { formatCardDate } from "~/lib/dates";
import type { FilingData as FilingView } from "./types";
import { answerText, FIELD_INFO } from "./fields";
import { HISTORY_LABELS, stepOfMissing, type Missing } from "./progress";

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";
export const cardClass = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";

/** A file size in words: 12 KB, 3.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
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
  const H = headingLevel === 2 ? "h2" : "h3";
  const steps = FILING_STEPS[view.kind].filter((s) => s.fields.length > 0);
  return (
    <div className="space-y-6">
      {steps.map((step) => (
        <section key={step.slug} aria-labelledby={`answers-${step.slug}`}>
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <H id={`answers-${step.slug}`} className="text-lg font-semibold">
              {step.title}
            </H>
            {editable ? (
              <Link to={`/filings/${view.id}/${step.slug}`} className={`text-sm ${linkClass}`}>
                Change<span className="sr-only"> {step.title.toLowerCase()}</span>
              </Link>
            ) : null}
          </div>
          <dl className="mt-2 grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {step.fields.map((name) => (
              <div key={name}>
                <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{FIELD_INFO[name].label.replace(/ \(optional\)$/, "")}</dt>
                <dd className="mt-0.5 break-words" data-answer={name}>
                  {answerText(name, view.answers[name], ctx)}
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
  const H = headingLevel === 2 ? "h2" : "h3";
  const checklist = documentChecklist(view.kind);
  if (checklist.length === 0) return null;
  return (
    <section aria-labelledby="documents-summary-heading">
      <H id="documents-summary-heading" className="text-lg font-semibold">
        Documents
      </H>
      <ul className="mt-2 divide-y divide-slate-200 dark:divide-slate-700">
        {checklist.map((item) => {
          const uploaded = view.documents.find((d) => d.documentType === item.type);
          const required = view.requiredDocuments.includes(item.type);
          return (
            <li key={item.type} className="py-2" data-document={item.type}>
              <p className="font-medium">
                {item.label}{" "}
                <span className="text-sm font-normal text-slate-600 dark:text-slate-400">
                  ({required ? "required" : "not needed for your answers"})
                </span>
              </p>
              {uploaded ? (
                <p className="text-sm">
                  Uploaded:{" "}
                  <a href={`/filings/${view.id}/documents/${uploaded.id}`} className={linkClass} target="_blank" rel="noreferrer">
                    {uploaded.fileName}
                  </a>{" "}
                  ({fileSize(uploaded.size)}, {formatCardDate(uploaded.uploadedAt)})
                </p>
              ) : (
                <p className={`text-sm ${required ? "text-amber-800 dark:text-amber-200" : "text-slate-600 dark:text-slate-400"}`}>
                  {required ? "Not uploaded yet" : "Not uploaded"}
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
  if (missing.length === 0) return null;
  return (
    <ul className="mt-2 list-disc space-y-1 pl-6 text-sm" data-testid="missing-list">
      {missing.map((item) => {
        const step = stepOfMissing(kind, item);
        return (
          <li key={`${item.field ?? item.documentType}`}>
            {editable && step ? (
              <Link to={`/filings/${filingId}/${step.slug}`} className={linkClass}>
                {item.message}
              </Link>
            ) : (
              item.message
            )}
            {editable && step ? <span className="text-slate-600 dark:text-slate-400"> ({step.title})</span> : null}
          </li>
        );
      })}
    </ul>
  );
}

/** The filing's history: who did what, when, with the town's messages. */
export function FilingHistory({ history }: { history: FilingView["history"] }) {
  return (
    <section aria-labelledby="history-heading">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      <ol className="mt-2 space-y-2 text-sm">
        {history.map((h, i) => (
          <li key={i}>
            <span className="font-medium">{HISTORY_LABELS[h.action] ?? h.action}</span>
            <span className="text-slate-600 dark:text-slate-400">
              {" "}
              · {formatCardDate(h.at)}
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
      <p className="font-semibold">{changes ? "The town asked for changes" : "The town denied this filing"}</p>
      <p className="mt-1 whitespace-pre-line">{message}</p>
    </div>
  );
}
