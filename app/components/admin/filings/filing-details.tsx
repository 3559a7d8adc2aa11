import { adminLinkClass } from "~/components/admin/admin-page";
import { HISTORY_LABELS } from "~/components/filings/progress";

/** Bytes in words: "812 bytes", "14.2 KB", "3.1 MB". */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? "byte" : "bytes"}`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export type DocumentRow = { id: number; label: string; fileName: string; contentType: string; size: number; uploaded: string };

/** The filing's documents: each opens through the filing's document route (staff and the applicant only). */
export function FilingDocuments({ filingId, documents }: { filingId: number; documents: readonly DocumentRow[] }) {
  if (documents.length === 0) return <p className="mt-3 text-sm">No documents uploaded.</p>;
  return (
    <ul className="mt-3 space-y-2 text-sm" data-testid="filing-documents">
      {documents.map((d) => (
        <li key={d.id}>
          <span className="font-medium">{d.label}:</span>{" "}
          <a href={`/filings/${filingId}/documents/${d.id}`} className={adminLinkClass} target="_blank" rel="noreferrer">
            {d.fileName}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>{" "}
          <span className="text-slate-700 dark:text-slate-300">
            ({d.contentType === "application/pdf" ? "PDF" : d.contentType === "image/png" ? "PNG" : d.contentType === "image/jpeg" ? "JPEG" : d.contentType},{" "}
            {fileSize(d.size)}, uploaded {d.uploaded})
          </span>
        </li>
      ))}
    </ul>
  );
}

export type HistoryRow = { action: string; actor: string | null; message: string | null; at: string };

export function FilingHistory({ history }: { history: readonly HistoryRow[] }) {
  return (
    <ol className="mt-3 space-y-2 text-sm" data-testid="filing-history">
      {history.map((h, i) => (
        <li key={i} className="border-l-2 border-slate-300 pl-3 dark:border-slate-600">
          <span className="font-medium">{HISTORY_LABELS[h.action] ?? h.action}</span>
          {h.actor ? ` by ${h.actor}` : ""}, {h.at}
          {h.message ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">“{h.message}”</p> : null}
        </li>
      ))}
    </ol>
  );
}
