import { CsvLinks } from "./csv-links";
import type { TrackingStats } from "~/lib/types-letters";

const days = (n: number | null) => (n === null ? "—" : `${n} days`);

/** The claim tracking figures of a batch or of all batches. */
export function TrackingFigures({ stats, label, testId }: { stats: TrackingStats; label: string; testId?: string }) {
  const items: [string, string][] = [
    ["Letters", stats.letters.toLocaleString("en-US")],
    ["Mailed", stats.mailed.toLocaleString("en-US")],
    ["Claimed", stats.claimed.toLocaleString("en-US")],
    ["Paid", stats.paid.toLocaleString("en-US")],
    ["Mailing to claim (average)", days(stats.avgDaysToClaim)],
    ["Mailing to payment (average)", days(stats.avgDaysToPayment)],
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
  const links = unanswered.map((u) => ({
    href: `/api/admin/letters/unanswered?days=${u.days}${batchId === undefined ? "" : `&batch=${batchId}`}&format=csv`,
    filename: `unanswered-${u.days}-days.csv`,
    what: `${u.days}-day list`,
    label: label(u),
  }));
  return <CsvLinks links={links} className={className} />;
}
