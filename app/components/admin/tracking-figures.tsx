import { useTranslation } from "react-i18next";
import { CsvLinks } from "./csv-links";
import type { TrackingStats } from "~/lib/types-letters";

/** The claim tracking figures of a batch or of all batches. */
export function TrackingFigures({ stats, label, testId }: { stats: TrackingStats; label: string; testId?: string }) {
  const { t } = useTranslation("admin");
  const days = (n: number | null) => (n === null ? "—" : t("charts.tracking.days", { n }));
  const items: [string, string][] = [
    [t("charts.tracking.letters"), stats.letters.toLocaleString("en-US")],
    [t("charts.tracking.mailed"), stats.mailed.toLocaleString("en-US")],
    [t("charts.tracking.claimed"), stats.claimed.toLocaleString("en-US")],
    [t("charts.tracking.paid"), stats.paid.toLocaleString("en-US")],
    [t("charts.tracking.toClaim"), days(stats.avgDaysToClaim)],
    [t("charts.tracking.toPayment"), days(stats.avgDaysToPayment)],
  ];
  return (
    <dl aria-label={label} data-testid={testId} className="mt-3 grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
      {items.map(([k, v]) => (
        <div key={k} className="rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
          <dt className="text-xs text-slate-700 dark:text-slate-300">{k}</dt>
          <dd className="mt-1 text-lg font-semibold">{v}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The CSV lists of letters not answered N days after mailing, of one batch or of all. */
export function UnansweredLinks({
  unanswered,
  batchId,
  label,
  className,
}: {
  unanswered: readonly { days: number; count: number }[];
  batchId?: number;
  label: (u: { days: number; count: number }) => string;
  className?: string;
}) {
  const { t } = useTranslation("admin");
  const links = unanswered.map((u) => ({
    href: `/api/admin/letters/unanswered?days=${u.days}${batchId === undefined ? "" : `&batch=${batchId}`}&format=csv`,
    filename: `unanswered-${u.days}-days.csv`,
    what: t("downloads.unanswered", { days: u.days }),
    label: label(u),
  }));
  return <CsvLinks links={links} className={className} />;
}
