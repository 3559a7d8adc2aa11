import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { formatLongDate } from "~/lib/dates";
import { useFormat } from "~/lib/hooks/use-format";
import { translatedMeta } from "~/lib/meta";
import { fiscalYearDates, fiscalYearName, fiscalYearOf, longDate } from "~/lib/tax-year";
import { owedBusinesses, taxYearFigures } from "~/models/tax-year-report.server";
import { now } from "~/utils/clock.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** The standings the owed list holds (the model's English labels) and their keys. */
const STANDING_KEYS: Record<string, string> = { Due: "taxYears.standings.due", Delinquent: "taxYears.standings.delinquent" };

const SHOWN = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const at = now();
  const current = fiscalYearOf(at);
  const owed = owedBusinesses(at);
  const { t, language } = await requestT(request, "admin");
  const { startsOn, endsOn } = fiscalYearDates(current);
  return {
    meta: pageMetaText(t, t("taxYears.title"), t("taxYears.description")),
    current: {
      name: fiscalYearName(current),
      validity: t("taxYears.validity", { from: formatLongDate(startsOn, startsOn, language), to: formatLongDate(endsOn, endsOn, language) }),
    },
    figures: taxYearFigures(),
    owed: owed.slice(0, SHOWN).map((o) => ({ ...o, dueOn: o.dueOn ? longDate(o.dueOn) : null })),
    owedCount: owed.length,
    penaltyOwedCents: owed.reduce((sum, o) => sum + o.penaltyOwedCents, 0),
  };
}

const cell = "border-b border-slate-200 px-3 py-2 text-left dark:border-slate-700";

export default function TaxYears() {
  const d = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { money: formatCents } = useFormat();
  return (
    <AdminPage title={t("taxYears.heading")} lead={t("taxYears.lead", { name: d.current.name, validity: d.current.validity })}>
      <AdminSection
        id="years-heading"
        className="mt-8"
        headingClassName="text-lg font-semibold"
        title={t("taxYears.figures.heading")}
        actions={
          <CsvDownloadLink href="/api/admin/reports/tax-years" filename="tax_years.csv" what="admin:downloads.taxYearsReport">
            {t("downloads.csv")}
          </CsvDownloadLink>
        }
      >
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm" data-testid="tax-year-figures">
            <thead>
              <tr>
                <th scope="col" className={cell}>{t("taxYears.figures.fiscalYear")}</th>
                <th scope="col" className={cell}>{t("taxYears.figures.receipts")}</th>
                <th scope="col" className={cell}>{t("taxYears.figures.tax")}</th>
                <th scope="col" className={cell}>{t("taxYears.figures.penalties")}</th>
                <th scope="col" className={cell}>{t("taxYears.figures.revenue")}</th>
              </tr>
            </thead>
            <tbody>
              {d.figures.length === 0 ? (
                <tr>
                  <td className={cell} colSpan={5}>
                    {t("taxYears.figures.none")}
                  </td>
                </tr>
              ) : (
                d.figures.map((f) => (
                  <tr key={f.fiscalYear}>
                    <th scope="row" className={cell}>
                      {f.name} <span className="font-normal text-slate-600 dark:text-slate-400">({f.span})</span>
                    </th>
                    <td className={cell}>{f.receipts.toLocaleString("en-US")}</td>
                    <td className={cell}>{formatCents(f.taxCents)}</td>
                    <td className={cell}>{formatCents(f.penaltyCents)}</td>
                    <td className={cell}>{formatCents(f.revenueCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
      </AdminSection>

      <AdminSection
        id="owed-heading"
        headingClassName="text-lg font-semibold"
        title={t("taxYears.owed.heading", { n: d.owedCount.toLocaleString("en-US"), penalties: formatCents(d.penaltyOwedCents) })}
        actions={
          <CsvDownloadLink href="/api/admin/reports/delinquent" filename="delinquent.csv" what="admin:downloads.delinquentReport">
            {t("downloads.csv")}
          </CsvDownloadLink>
        }
      >
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("taxYears.owed.intro")}</p>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm" data-testid="owed-businesses">
            <thead>
              <tr>
                <th scope="col" className={cell}>{t("taxYears.owed.business")}</th>
                <th scope="col" className={cell}>{t("taxYears.owed.standing")}</th>
                <th scope="col" className={cell}>{t("taxYears.owed.lastReceipt")}</th>
                <th scope="col" className={cell}>{t("taxYears.owed.yearsOwed")}</th>
                <th scope="col" className={cell}>{t("taxYears.owed.penalty")}</th>
                <th scope="col" className={cell}>{t("taxYears.owed.total")}</th>
              </tr>
            </thead>
            <tbody>
              {d.owed.length === 0 ? (
                <tr>
                  <td className={cell} colSpan={6}>
                    {t("taxYears.owed.none")}
                  </td>
                </tr>
              ) : (
                d.owed.map((o) => (
                  <tr key={o.id}>
                    <th scope="row" className={`${cell} font-normal`}>
                      <Link to={`/business/${o.id}`} className="underline">
                        {o.name}
                      </Link>{" "}
                      <span className="text-slate-600 dark:text-slate-400">{o.documentNumber}</span>
                    </th>
                    <td className={cell}>{STANDING_KEYS[o.standing] ? t(STANDING_KEYS[o.standing]) : o.standing}</td>
                    <td className={cell}>{o.lastYearHeld ?? t("taxYears.owed.noReceipt")}</td>
                    <td className={cell}>{o.yearsOwed}</td>
                    <td className={cell}>{formatCents(o.penaltyOwedCents)}</td>
                    <td className={cell}>{formatCents(o.totalOwedCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {d.owedCount > d.owed.length ? <p className="mt-2 text-sm">{t("taxYears.owed.firstShown", { n: d.owed.length })}</p> : null}
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
