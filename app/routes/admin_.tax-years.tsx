import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { formatCents } from "~/lib/fee";
import { fiscalYearName, fiscalYearOf, longDate, validityText } from "~/lib/tax-year";
import { owedBusinesses, taxYearFigures } from "~/models/tax-year-report.server";
import { now } from "~/utils/clock.server";
import { requireAdmin } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Tax years | Admin | Florida Business Registry" }];

const SHOWN = 200;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const at = now();
  const current = fiscalYearOf(at);
  const owed = owedBusinesses(at);
  return {
    current: { name: fiscalYearName(current), validity: validityText(current) },
    figures: taxYearFigures(),
    owed: owed.slice(0, SHOWN).map((o) => ({ ...o, dueOn: o.dueOn ? longDate(o.dueOn) : null })),
    owedCount: owed.length,
    penaltyOwedCents: owed.reduce((sum, o) => sum + o.penaltyOwedCents, 0),
  };
}

const cell = "border-b border-slate-200 px-3 py-2 text-left dark:border-slate-700";

export default function TaxYears() {
  const d = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Tax years" lead={`Current fiscal year ${d.current.name}: ${d.current.validity}.`}>
      <AdminSection
        id="years-heading"
        className="mt-8"
        headingClassName="text-lg font-semibold"
        title="Receipts and revenue by fiscal year"
        actions={
          <CsvDownloadLink href="/api/admin/reports/tax-years" filename="tax_years.csv" what="tax years report">
            Download (CSV)
          </CsvDownloadLink>
        }
      >
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm" data-testid="tax-year-figures">
            <thead>
              <tr>
                <th scope="col" className={cell}>Fiscal year</th>
                <th scope="col" className={cell}>Receipts sold</th>
                <th scope="col" className={cell}>Tax</th>
                <th scope="col" className={cell}>Penalties</th>
                <th scope="col" className={cell}>Revenue</th>
              </tr>
            </thead>
            <tbody>
              {d.figures.length === 0 ? (
                <tr>
                  <td className={cell} colSpan={5}>
                    No receipts sold yet.
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
        title={`Due and delinquent (${d.owedCount.toLocaleString("en-US")}; penalties owed today ${formatCents(d.penaltyOwedCents)})`}
        actions={
          <CsvDownloadLink href="/api/admin/reports/delinquent" filename="delinquent.csv" what="delinquent businesses report">
            Download (CSV)
          </CsvDownloadLink>
        }
      >
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Businesses that held a receipt before but not this year&apos;s. F.S. 205.053(1): 10% for October, 5% for each further month, at most 25%.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full text-sm" data-testid="owed-businesses">
            <thead>
              <tr>
                <th scope="col" className={cell}>Business</th>
                <th scope="col" className={cell}>Standing</th>
                <th scope="col" className={cell}>Last receipt</th>
                <th scope="col" className={cell}>Years owed</th>
                <th scope="col" className={cell}>Penalty owed today</th>
                <th scope="col" className={cell}>Total owed today</th>
              </tr>
            </thead>
            <tbody>
              {d.owed.length === 0 ? (
                <tr>
                  <td className={cell} colSpan={6}>
                    No business is due or delinquent.
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
                    <td className={cell}>{o.standing}</td>
                    <td className={cell}>{o.lastYearHeld ?? "None"}</td>
                    <td className={cell}>{o.yearsOwed}</td>
                    <td className={cell}>{formatCents(o.penaltyOwedCents)}</td>
                    <td className={cell}>{formatCents(o.totalOwedCents)}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
        </div>
        {d.owedCount > d.owed.length ? <p className="mt-2 text-sm">The first {d.owed.length} are shown; the CSV has them all.</p> : null}
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
