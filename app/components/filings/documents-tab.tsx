import { Form, Link, useNavigation } from "@remix-run/react";
import { Button, ButtonLink } from "~/components/ui/button";
import { formatCardDate } from "~/lib/dates";
import { FILING_KIND_LABELS, type FilingKind, type FilingStatus } from "~/lib/filings/kinds";
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
  return (
    <div className="mt-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Apply for a receipt, transfer it on a sale, move or close your business.{" "}
        <Link to="/filings/new" className={linkClass}>
          Start a filing
        </Link>
      </p>
      {filings.length === 0 ? (
        <div className={`mt-4 ${cardClass}`} data-testid="filings-empty">
          <p className="font-medium">No filings yet.</p>
          <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
            A business that has no receipt yet (a sole proprietor, a home business, a trade name) applies here, step by step; you
            can stop at any step and continue later from this tab.
          </p>
          <ButtonLink to="/filings/new" className="mt-4">
            Start a filing
          </ButtonLink>
        </div>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
            <caption className="sr-only">Your filings, most recently changed first</caption>
            <thead>
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">Business</th>
                <th scope="col" className="px-3 py-2 font-semibold">Filing</th>
                <th scope="col" className="px-3 py-2 font-semibold">Status</th>
                <th scope="col" className="px-3 py-2 font-semibold">Last change</th>
                <th scope="col" className="px-3 py-2 font-semibold">Next step</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {filings.map((f) => {
                const name = f.businessName ?? "New business";
                const next = nextStepOf(f);
                const withdrawing = navigation.state !== "idle" && navigation.formData?.get("filingId") === String(f.id);
                return (
                  <tr key={f.id} data-testid={`filing-row-${f.id}`}>
                    <td className="px-3 py-2">
                      <Link to={`/filings/${f.id}`} className={linkClass}>
                        {name}
                      </Link>
                    </td>
                    <td className="px-3 py-2">{FILING_KIND_LABELS[f.kind]}</td>
                    <td className="px-3 py-2">
                      <FilingStatusBadge status={f.status} />
                    </td>
                    <td className="whitespace-nowrap px-3 py-2">{formatCardDate(f.updatedAt)}</td>
                    <td className="px-3 py-2">
                      <div className="flex flex-wrap items-center gap-3">
                        {next.to ? (
                          <Link to={next.to} className={linkClass}>
                            {next.text}
                            <span className="sr-only"> ({FILING_KIND_LABELS[f.kind]}, {name})</span>
                          </Link>
                        ) : (
                          <span>{next.text}</span>
                        )}
                        {f.status === "draft" ? (
                          <Form method="post" preventScrollReset>
                            <input type="hidden" name="filingId" value={f.id} />
                            <Button type="submit" name="intent" value="withdraw-filing" variant="ghost" className="px-2 py-1" disabled={withdrawing}>
                              Withdraw<span className="sr-only"> the draft {FILING_KIND_LABELS[f.kind].toLowerCase()} for {name}</span>
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
