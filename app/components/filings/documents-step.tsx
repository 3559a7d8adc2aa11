import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/form-field";
import { documentChecklist, FILING_DOCUMENT_ACCEPT, type DocumentType } from "~/lib/filings/documents";
import { useFormat } from "~/lib/hooks/use-format";
import type { FilingData as FilingView } from "./types";
import { cardClass, fileSize } from "./filing-summary";
import { useFilingMessage } from "./messages";

export type UploadFailure = { documentType: DocumentType | null; field: "file" | "documentType"; message: string };

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";
const fileInputClass =
  "mt-1 block w-full text-sm file:mr-4 file:rounded-md file:border file:border-slate-400 file:bg-slate-100 file:px-3 file:py-2 file:text-sm file:font-medium file:text-slate-900 dark:file:bg-slate-800 dark:file:text-slate-100";

/**
 * The documents step: one multipart form per document the kind may need (the required ones
 * marked), each a real upload that works without JavaScript. A failed upload shows its reason
 * under its own form; answers are never touched by an upload.
 */
export function DocumentsStep({
  view,
  failure,
}: {
  view: Pick<FilingView, "id" | "kind" | "documents" | "requiredDocuments">;
  failure: UploadFailure | null;
}) {
  const { t } = useTranslation("filings");
  const message = useFilingMessage();
  const checklist = documentChecklist(view.kind);
  const required = checklist.filter((d) => view.requiredDocuments.includes(d.type));
  const optional = checklist.filter((d) => !view.requiredDocuments.includes(d.type));
  return (
    <div className="mt-6 space-y-6">
      <p className="text-slate-700 dark:text-slate-300">
        {t("upload.intro")}
      </p>
      {failure && !failure.documentType ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {message(failure.message)}
        </p>
      ) : null}
      {required.length ? (
        <section aria-labelledby="required-documents-heading" className="space-y-4">
          <h2 id="required-documents-heading" className="text-xl font-semibold">
            {t("upload.requiredHeading")}
          </h2>
          {required.map((doc) => (
            <DocumentUpload key={doc.type} filingId={view.id} doc={doc} required uploaded={view.documents.find((d) => d.documentType === doc.type)} failure={failure} />
          ))}
        </section>
      ) : (
        <p>{t("upload.noneNeeded")}</p>
      )}
      {optional.length ? (
        <section aria-labelledby="optional-documents-heading" className="space-y-4">
          <h2 id="optional-documents-heading" className="text-xl font-semibold">
            {t("upload.optionalHeading")}
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">{t("upload.optionalText")}</p>
          {optional.map((doc) => (
            <DocumentUpload key={doc.type} filingId={view.id} doc={doc} required={false} uploaded={view.documents.find((d) => d.documentType === doc.type)} failure={failure} />
          ))}
        </section>
      ) : null}
    </div>
  );
}

function DocumentUpload({
  filingId,
  doc,
  required,
  uploaded,
  failure,
}: {
  filingId: number;
  doc: { type: DocumentType; label: string; when: string };
  required: boolean;
  uploaded: FilingView["documents"][number] | undefined;
  failure: UploadFailure | null;
}) {
  const { t } = useTranslation("filings");
  const message = useFilingMessage();
  const { cardDate } = useFormat();
  const navigation = useNavigation();
  const label = t(`documents.${doc.type}.label`);
  const action = `/filings/${filingId}/documents?documentType=${doc.type}`;
  const uploading = navigation.state !== "idle" && navigation.formAction === action;
  const error = failure?.documentType === doc.type ? message(failure.message) : null;
  const inputId = `file-${doc.type}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cardClass} data-testid={`document-${doc.type}`}>
      <h3 className="text-lg font-semibold">
        {label}{" "}
        {required ? (
          <span className="ml-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            {t("upload.requiredBadge")}
          </span>
        ) : null}
      </h3>
      <p id={hintId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {t(`documents.${doc.type}.when`)}.
      </p>
      {uploaded ? (
        <p className="mt-2 text-sm" data-testid={`uploaded-${doc.type}`}>
          <span aria-hidden="true" className="text-green-700 dark:text-green-300">
            ✓{" "}
          </span>
          {t("upload.uploaded")}{" "}
          <a href={`/filings/${filingId}/documents/${uploaded.id}`} target="_blank" rel="noreferrer" className={linkClass}>
            {uploaded.fileName}
          </a>{" "}
          ({fileSize(uploaded.size, t)}, {cardDate(uploaded.uploadedAt)})
        </p>
      ) : null}
      <Form method="post" action={action} encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="documentType" value={doc.type} />
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {uploaded ? t("upload.replace") : t("upload.choose")}
            <span className="sr-only">{t("upload.forDocument", { label })}</span>
          </label>
          <input
            id={inputId}
            type="file"
            name="file"
            accept={FILING_DOCUMENT_ACCEPT}
            required
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${errorId} ${hintId}` : hintId}
            className={fileInputClass}
          />
          <ErrorList id={errorId} errors={error ? [error] : null} />
        </div>
        <Button type="submit" variant={uploaded ? "outline" : "primary"} disabled={uploading}>
          {uploading ? t("upload.uploading") : t("upload.upload")}
          <span className="sr-only"> {label}</span>
        </Button>
      </Form>
    </div>
  );
}
