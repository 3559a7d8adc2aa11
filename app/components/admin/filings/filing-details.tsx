import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { adminLinkClass } from "~/components/admin/admin-page";
import { LANGUAGE_LOCALES } from "~/lib/languages";
import { useFormat } from "~/lib/hooks/use-format";

/** Bytes in words: "812 bytes", "14.2 KB", "3.1 MB" (the decimal mark follows the language). */
export function fileSize(t: TFunction, locale: string, bytes: number): string {
  const one = (n: number) => n.toLocaleString(locale, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  if (bytes < 1024) return bytes === 1 ? t("filings.documents.byte") : t("filings.documents.bytes", { size: bytes });
  if (bytes < 1024 * 1024) return `${one(bytes / 1024)} KB`;
  return `${one(bytes / (1024 * 1024))} MB`;
}

export type DocumentRow = { id: number; label: string; fileName: string; contentType: string; size: number; uploaded: string };

/** The filing's documents: each opens through the filing's document route (staff and the applicant only). */
export function FilingDocuments({ filingId, documents }: { filingId: number; documents: readonly DocumentRow[] }) {
  const { t } = useTranslation("admin");
  const { language } = useFormat();
  if (documents.length === 0) return <p className="mt-3 text-sm">{t("filings.documents.none")}</p>;
  return (
    <ul className="mt-3 space-y-2 text-sm" data-testid="filing-documents">
      {documents.map((d) => (
        <li key={d.id}>
          <span className="font-medium">{d.label}:</span>{" "}
          <a href={`/filings/${filingId}/documents/${d.id}`} className={adminLinkClass} target="_blank" rel="noreferrer">
            {d.fileName}
            <span className="sr-only"> {t("filings.documents.newTab")}</span>
          </a>{" "}
          <span className="text-slate-700 dark:text-slate-300">
            {t("filings.documents.details", {
              type: d.contentType === "application/pdf" ? "PDF" : d.contentType === "image/png" ? "PNG" : d.contentType === "image/jpeg" ? "JPEG" : d.contentType,
              size: fileSize(t, LANGUAGE_LOCALES[language], d.size),
              uploaded: d.uploaded,
            })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export type HistoryRow = { action: string; actor: string | null; message: string | null; at: string };

export function FilingHistory({ history }: { history: readonly HistoryRow[] }) {
  const { t } = useTranslation("admin");
  return (
    <ol className="mt-3 space-y-2 text-sm" data-testid="filing-history">
      {history.map((h, i) => (
        <li key={i} className="border-l-2 border-slate-300 pl-3 dark:border-slate-600">
          <span className="font-medium">{t(`filings.history.actions.${h.action}`, { defaultValue: h.action })}</span>
          {h.actor ? ` ${t("filings.history.by", { actor: h.actor })}` : ""}, {h.at}
          {h.message ? <p className="mt-1 whitespace-pre-wrap break-words text-slate-700 dark:text-slate-300">“{h.message}”</p> : null}
        </li>
      ))}
    </ol>
  );
}
