import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { AppLink } from "~/components/ui/app-link";
import { StatusBadge } from "~/components/ui/status-badge";
import { principalAddress } from "~/lib/address";
import { filingTypeLabel } from "~/lib/filing-types";
import { useFormat } from "~/lib/hooks/use-format";

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

/** The search model's reasons ("Officer: SMITH, JOHN A", English as the JSON API gives them) in the page's language. */
const REASONS = [
  ["Registered agent: ", "agent"],
  ["Officer: ", "officer"],
  ["ZIP: ", "zip"],
  ["Address: ", "address"],
  ["FEI: ", "fei"],
] as const;
function matchReason(t: TFunction, why: string): string {
  const known = REASONS.find(([prefix]) => why.startsWith(prefix));
  return known ? t(`search:card.why.${known[1]}`, { value: why.slice(known[0].length) }) : why;
}

/** A search result / featured business: every field the spec lists, and 'View details'. */
export function BusinessCard({ business, headingLevel = 3 }: { business: BusinessCardData; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const address = principalAddress(business);
  const { t } = useTranslation("search");
  const { cardDate } = useFormat();
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
          <dt className="inline font-medium">{t("card.address")}</dt>
          <dd className="inline">{address || t("card.notSpecified")}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("card.registered")}</dt>
          <dd className="inline">{cardDate(business.registeredOn, t("card.unknownDate"))}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("card.document")}</dt>
          <dd className="inline font-mono">{business.documentNumber}</dd>
        </div>
        {business.category ? (
          <div>
            <dt className="inline font-medium">{t("card.category")}</dt>
            <dd className="inline">{business.category}</dd>
          </div>
        ) : null}
      </dl>
      {business.matchedBy?.length ? (
        <ul className="mt-3 text-sm text-slate-700 dark:text-slate-300" aria-label={t("card.matchedBy")} data-testid="matched-by">
          {business.matchedBy.map((why) => (
            <li key={why}>{matchReason(t, why)}</li>
          ))}
        </ul>
      ) : null}
      <div className="mt-auto pt-4">
        <AppLink
          to={`/business/${business.id}`}
          className="text-sm font-medium text-primary-700 underline-offset-2 hover:underline dark:text-primary-100"
          aria-label={t("card.viewDetailsOf", { name: business.name })}
        >
          {t("card.viewDetails")}
        </AppLink>
      </div>
    </article>
  );
}
