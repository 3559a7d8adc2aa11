import { Form, useNavigation } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ErrorList } from "~/components/ui/form-field";
import { documentChecklist, FILING_DOCUMENT_ACCEPT, type DocumentType } from "~/lib/filings/documents";
import { formatCardDate } from "~/lib/dates";
import type { FilingData as FilingView } from "./types";
import { cardClass, fileSize } from "./filing-summary";

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
  const checklist = documentChecklist(view.kind);
  const required = checklist.filter((d) => view.requiredDocuments.includes(d.type));
  const optional = checklist.filter((d) => !view.requiredDocuments.includes(d.type));
  return (
    <div className="mt-6 space-y-6">
      <p className="text-slate-700 dark:text-slate-300">
        Upload each document as a PDF, JPEG or PNG file of at most 10 MB. Which are required follows from your answers; you can
        replace a file by uploading another.
      </p>
      {failure && !failure.documentType ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100">
          {failure.message}
        </p>
      ) : null}
      {required.length ? (
        <section aria-labelledby="required-documents-heading" className="space-y-4">
          <h2 id="required-documents-heading" className="text-xl font-semibold">
            Required for your filing
          </h2>
          {required.map((doc) => (
            <DocumentUpload key={doc.type} filingId={view.id} doc={doc} required uploaded={view.documents.find((d) => d.documentType === doc.type)} failure={failure} />
          ))}
        </section>
      ) : (
        <p>Your answers so far need no document.</p>
      )}
      {optional.length ? (
        <section aria-labelledby="optional-documents-heading" className="space-y-4">
          <h2 id="optional-documents-heading" className="text-xl font-semibold">
            Only in some cases
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-300">Not needed for your answers as they stand; upload one if it applies to you.</p>
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
  const navigation = useNavigation();
  const action = `/filings/${filingId}/documents?documentType=${doc.type}`;
  const uploading = navigation.state !== "idle" && navigation.formAction === action;
  const error = failure?.documentType === doc.type ? failure.message : null;
  const inputId = `file-${doc.type}`;
  const errorId = `${inputId}-error`;
  const hintId = `${inputId}-hint`;
  return (
    <div className={cardClass} data-testid={`document-${doc.type}`}>
      <h3 className="text-lg font-semibold">
        {doc.label}{" "}
        {required ? (
          <span className="ml-1 inline-flex items-center rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:bg-amber-900 dark:text-amber-100">
            Required
          </span>
        ) : null}
      </h3>
      <p id={hintId} className="mt-1 text-sm text-slate-700 dark:text-slate-300">
        {doc.when}.
      </p>
      {uploaded ? (
        <p className="mt-2 text-sm" data-testid={`uploaded-${doc.type}`}>
          <span aria-hidden="true" className="text-green-700 dark:text-green-300">
            ✓{" "}
          </span>
          Uploaded:{" "}
          <a href={`/filings/${filingId}/documents/${uploaded.id}`} target="_blank" rel="noreferrer" className={linkClass}>
            {uploaded.fileName}
          </a>{" "}
          ({fileSize(uploaded.size)}, {formatCardDate(uploaded.uploadedAt)})
        </p>
      ) : null}
      <Form method="post" action={action} encType="multipart/form-data" className="mt-3 flex flex-wrap items-end gap-3">
        <input type="hidden" name="documentType" value={doc.type} />
        <div className="min-w-0 flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium">
            {uploaded ? "Replace the file" : "Choose the file"}
            <span className="sr-only"> for {doc.label}</span>
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
          {uploading ? "Uploading..." : "Upload"}
          <span className="sr-only"> {doc.label}</span>
        </Button>
      </Form>
    </div>
  );
}
