import { AppLink } from "~/components/ui/app-link";
import { StatusBadge } from "~/components/ui/status-badge";
import { principalAddress } from "~/lib/address";
import { formatCardDate } from "~/lib/dates";
import { filingTypeLabel } from "~/lib/filing-types";

export type BusinessCardData = {
  id: number;
  name: string;
  documentNumber: string;
  filingType: string;
  status: string;
  address1: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  registeredOn: string | null;
  category: string | null;
  /** Why it matched a registry filter (e.g. "Officer: SMITH, JOHN A"). */
  matchedBy?: string[];
};

/** A search result / featured business: every field the spec lists, and 'View details'. */
export function BusinessCard({ business, headingLevel = 3 }: { business: BusinessCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const address = principalAddress(business);
  return (
    <article
      data-testid="business-card"
      className="flex h-full flex-col rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900"
    >
      <div className="flex items-start justify-between gap-3">
        <Heading className="text-lg font-semibold leading-snug">{business.name}</Heading>
        <StatusBadge status={business.status} />
      </div>
      <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{filingTypeLabel(business.filingType)}</p>
      <dl className="mt-3 grid gap-1 text-sm">
        <div>
          <dt className="inline font-medium">Address: </dt>
          <dd className="inline">{address || "Not specified"}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Registered: </dt>
          <dd className="inline">{formatCardDate(business.registeredOn)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">Document #: </dt>
          <dd className="inline font-mono">{business.documentNumber}</dd>
        </div>
        {business.category ? (
          <div>
            <dt className="inline font-medium">Category: </dt>
            <dd className="inline">{business.category}</dd>
          </div>
        ) : null}
      </dl>
      {business.matchedBy?.length ? (
        <ul className="mt-3 text-sm text-slate-700 dark:text-slate-300" aria-label="Why it matched" data-testid="matched-by">
          {business.matchedBy.map((why) => (
            <li key={why}>{why}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-4">
        <AppLink
          to={`/business/${business.id}`}
          className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-100"
          aria-label={`View details of ${business.name}`}
        >
          View details
        </AppLink>
      </div>
    </article>
  );
}
