import type { FilingStatus } from "~/lib/filings/kinds";

const CLASSES: Record<FilingStatus, string> = {
  draft: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
  submitted: "bg-blue-100 text-blue-800 dark:bg-blue-900 dark:text-blue-100",
  "changes-requested": "bg-yellow-100 text-yellow-900 dark:bg-yellow-900 dark:text-yellow-100",
  approved: "bg-green-100 text-green-800 dark:bg-green-900 dark:text-green-100",
  denied: "bg-red-100 text-red-800 dark:bg-red-900 dark:text-red-100",
  withdrawn: "bg-slate-200 text-slate-800 dark:bg-slate-700 dark:text-slate-100",
};

/** A filing's status as a badge; `label` is the status in the page's language (the page's own namespace has the words). */
export function FilingStatusBadge({ status, label }: { status: FilingStatus; label: string }) {
  return (
    <span data-status={status} className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ${CLASSES[status]}`}>
      {label}
    </span>
  );
}
