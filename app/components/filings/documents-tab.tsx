import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button, ButtonLink } from "~/components/ui/button";
import { useFormat } from "~/lib/hooks/use-format";
import type { FilingKind, FilingStatus } from "~/lib/filings/kinds";
import { nextStepOf, type Missing } from "./progress";
import { FilingStatusBadge } from "./status-badge";

export type DashboardFiling = {
  id: number;
  kind: FilingKind;
  status: FilingStatus;
  businessId: number | null;
  businessName: string | null;
  updatedAt: string;
  missing: Missing[];
  receiptHeld: boolean;
};

const cardClass = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

/**
 * The dashboard's Documents tab: every filing with its business, kind, status, last change and
 * next step; a draft can be withdrawn from here (a real form posting to the dashboard).
 */
export function DocumentsTab({ filings }: { filings: DashboardFiling[] }) {
  const navigation = useNavigation();
  const { t } = useTranslation("filings");
  const format = useFormat();
  return (
    <div className="mt-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        {t("tab.intro")}{" "}
        <Link to="/filings/new" className={linkClass}>
          {t("tab.start")}
        </Link>
      </p>
      {filings.length === 0 ? (
        <div className={`mt-4 ${cardClass}`} data-testid="filings-empty">
          <p className="font-medium">{t("tab.emptyTitle")}</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            {t("tab.emptyText")}
          </p>
          <ButtonLink to="/filings/new" className="mt-4">
            {t("tab.start")}
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
            <caption className="sr-only">{t("tab.caption")}</caption>
            <thead>
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">{t("tab.columns.business")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("tab.columns.filing")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("tab.columns.status")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("tab.columns.lastChange")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("tab.columns.nextStep")}</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {filings.map((f) => {
                const name = f.businessName ?? t("newBusiness");
                const kind = t(`kinds.${f.kind}.label`);
                const next = nextStepOf(f);
                const nextText = t(next.key, { step: next.step ? t(`steps.${next.step}`) : undefined });
                const withdrawing = navigation.state !== "idle" && navigation.formData?.get("filingId") === String(f.id);
                return (
                  <tr key={f.id} data-testid={`filing-row-${f.id}`}>
                    <td className="px-3 py-2">
                      <Link to={`/filings/${f.id}`} className={linkClass}>
                        {name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{kind}</td>
                    <td className="px-3 py-2">
                      <FilingStatusBadge status={f.status} label={t(`statuses.${f.status}`)} />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{format.cardDate(f.updatedAt)}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-3">
                        {next.to ? (
                          <Link to={next.to} className={linkClass}>
                            {nextText}
                            <span className="sr-only"> ({kind}, {name})</span>
                          </Link>
                        ) : (
                          <span>{nextText}</span>
                        )}
                        {f.status === "draft" ? (
                          <Form method="post" preventScrollReset>
                            <input type="hidden" name="filingId" value={f.id} />
                            <Button type="submit" name="intent" value="withdraw-filing" variant="ghost" className="px-2 py-1" disabled={withdrawing}>
                              {t("tab.withdraw")}
                              <span className="sr-only"> {t("tab.withdrawSr", { kind: kind.toLowerCase(), name })}</span>
                            </Button>
                          </Form>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
