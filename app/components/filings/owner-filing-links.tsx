import { Link } from "@remix-run/react";
import { formatLongDate } from "~/lib/dates";

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

/**
 * The business page's owner panel: the filings an owner makes about their business (issue 40),
 * each a link to /filings/new with the kind and the business chosen.
 */
export function OwnerFilingLinks({ businessId, closedOn, canTransfer }: { businessId: number; closedOn: string | null; canTransfer: boolean }) {
  const start = (kind: string) => `/filings/new?${new URLSearchParams({ kind, businessId: String(businessId) })}`;
  if (closedOn) {
    return (
      <p className="mt-3 text-sm" data-testid="owner-filings">
        Closed on {formatLongDate(closedOn, closedOn)}. If it operates again, contact the town.
      </p>
    );
  }
  return (
    <nav aria-label="Filings about this business" className="mt-3 text-sm" data-testid="owner-filings">
      <p className="font-medium">File with the town:</p>
      <ul className="mt-1 space-y-1">
        <li>
          {canTransfer ? (
            <Link to={start("transfer")} className={linkClass}>
              Transfer
            </Link>
          ) : (
            <span>
              Transfer <span className="text-slate-600 dark:text-slate-400">(once this year&apos;s receipt is paid)</span>
            </span>
          )}
        </li>
        <li>
          <Link to={start("change-location")} className={linkClass}>
            Change location
          </Link>
        </li>
        <li>
          <Link to={start("close-business")} className={linkClass}>
            Close
          </Link>
        </li>
      </ul>
    </nav>
  );
}
