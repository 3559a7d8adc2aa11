import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useFormat } from "~/lib/hooks/use-format";

const linkClass = "font-medium text-primary-700 underline underline-offset-2 hover:text-primary-800 dark:text-primary-100";

/**
 * The business page's owner panel: the filings an owner makes about their business (issue 40),
 * each a link to /filings/new with the kind and the business chosen.
 */
export function OwnerFilingLinks({ businessId, closedOn, canTransfer }: { businessId: number; closedOn: string | null; canTransfer: boolean }) {
  const { t } = useTranslation("business");
  const format = useFormat();
  const start = (kind: string) => `/filings/new?${new URLSearchParams({ kind, businessId: String(businessId) })}`;
  if (closedOn) {
    return (
      <p className="mt-3 text-sm" data-testid="owner-filings">
        {t("ownerFilings.closed", { date: format.longDate(closedOn, closedOn) })}
      </p>
    );
  }
  return (
    <nav aria-label={t("ownerFilings.label")} className="mt-3 text-sm" data-testid="owner-filings">
      <p className="font-medium">{t("ownerFilings.heading")}</p>
      <ul className="mt-1 space-y-1">
        <li>
          {canTransfer ? (
            <Link to={start("transfer")} className={linkClass}>
              {t("ownerFilings.transfer")}
            </Link>
          ) : (
            <span>
              {t("ownerFilings.transfer")} <span className="text-slate-600 dark:text-slate-400">{t("ownerFilings.transferLater")}</span>
            </span>
          )}
        </li>
        <li>
          <Link to={start("change-location")} className={linkClass}>
            {t("ownerFilings.changeLocation")}
          </Link>
        </li>
        <li>
          <Link to={start("close-business")} className={linkClass}>
            {t("ownerFilings.close")}
          </Link>
        </li>
      </ul>
    </nav>
  );
}
