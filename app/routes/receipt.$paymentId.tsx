import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { getReceiptForViewer } from "~/models/payment.server";
import { receiptDocument } from "~/models/receipt-document.server";
import { requireUser } from "~/utils/session.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(`Receipt ${data.receipt.number}`, "Your Business Tax Receipt payment receipt.")
    : pageMeta("Receipt Not Found", "This receipt does not exist or is not yours.");

const NOT_FOUND = "We couldn't find the receipt you're looking for.";

/** The payer and administrators only: anyone else gets the same 404 as a missing receipt. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "Please log in to view your receipts" });
  const paymentId = parseId(params.paymentId);
  const row = paymentId ? getReceiptForViewer(paymentId, user) : undefined;
  if (!row) throw data({ message: NOT_FOUND }, { status: 404 });
  const { payment, business } = row;
  // One description of the receipt for this page and its PDF (/receipt/{id}/pdf).
  return { paymentId: payment.id, receipt: receiptDocument(payment, business) };
}

/** Printing shows the receipt alone: the shell around <main> and the buttons are hidden. */
const PRINT_CSS = `
@page { size: letter; margin: 0.6in; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  body *:has(> #main) > :not(#main) { display: none !important; }
  body *:has(> #main) { min-height: 0 !important; display: block !important; }
  #btr-receipt { border: 2px solid #000 !important; box-shadow: none !important; margin: 0 !important; max-width: none !important; break-inside: avoid; page-break-inside: avoid; }
  #btr-receipt * { color: #000 !important; }
  .receipt-page { padding: 0 !important; }
}`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="col-span-2">{children}</dd>
    </div>
  );
}

export default function ReceiptPage() {
  const { receipt, paymentId } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className="receipt-page mx-auto max-w-3xl px-4 py-10">
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <article id="btr-receipt" className="rounded-lg border border-slate-300 bg-white p-8 text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100" aria-labelledby="receipt-title">
        <header className="border-b border-slate-300 pb-4 text-center dark:border-slate-700">
          <p className="text-sm uppercase tracking-wide">
            Town of {receipt.town.name}, {receipt.town.state}
          </p>
          <p className="text-xs">{receipt.town.address}</p>
          <h1 id="receipt-title" className="mt-1 text-2xl font-bold">
            {receipt.title}
          </h1>
          <p className="mt-1 text-sm">
            Receipt number <span className="font-mono font-semibold" data-testid="receipt-number">{receipt.number}</span>
          </p>
          <p className="mt-2 text-lg font-semibold" data-testid="receipt-fiscal-year">
            Fiscal year {receipt.fiscalYear}
          </p>
          <p className="text-sm" data-testid="receipt-validity">
            {receipt.validity}
          </p>
        </header>
        <dl className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          <Row label="Business">{receipt.business.name}</Row>
          <Row label="Document number">{receipt.business.documentNumber}</Row>
          <Row label="Address">{receipt.business.address || "Not specified"}</Row>
          <Row label="Town">{receipt.town.name}</Row>
          <Row label="Fee">
            <table className="w-full">
              <tbody>
                {receipt.lines.map((line) => (
                  <tr key={line.label} className={line.kind === "penalty" ? "text-red-800 dark:text-red-300" : undefined}>
                    <th scope="row" className="py-0.5 text-left font-normal">
                      {line.label}
                    </th>
                    <td className="py-0.5 text-right">{line.amount}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Row>
          <Row label="Amount">
            <span className="font-semibold" data-testid="receipt-total">
              {receipt.total}
            </span>
          </Row>
          <Row label="Description">{receipt.description}</Row>
          <Row label="Date paid">{receipt.datePaid}</Row>
          <Row label="Payment type">{receipt.paymentType}</Row>
          {receipt.refund ? (
            <Row label="Refund">
              <span className="font-semibold text-red-800 dark:text-red-300" data-testid="receipt-refund">
                {receipt.refund}
              </span>
            </Row>
          ) : null}
          <Row label="Payment ID">
            <span className="break-all font-mono">{receipt.stripePaymentId}</span>
          </Row>
        </dl>
        <p className="mt-6 text-xs text-slate-600 dark:text-slate-400">
          Issued under Florida Statutes chapter 205. Questions: {receipt.town.email}, {receipt.town.phone}. Keep this receipt at your place of business.
        </p>
      </article>
      <div className="no-print mt-6 flex flex-wrap gap-3 print:hidden">
        {hydrated ? (
          <>
            <Button onClick={() => window.print()}>Print</Button>
            <Button
              variant="outline"
              onClick={() => {
                window.close();
                // Tabs the script did not open cannot be closed: go back instead.
                if (window.closed) return;
                if (window.history.length > 1) navigate(-1);
                else navigate("/dashboard");
              }}
            >
              Close
            </Button>
          </>
        ) : null}
        <a
          href={`/receipt/${paymentId}/pdf`}
          download={`receipt-${receipt.number}.pdf`}
          className="inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          Download PDF
        </a>
        <ButtonLink to="/dashboard" variant="outline">
          Back to Dashboard
        </ButtonLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title="Receipt Not Found" message={`${NOT_FOUND} Could not locate the receipt for this payment.`}>
            <Link to="/dashboard" className="rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
              Back to Dashboard
            </Link>
          </ErrorPage>
        ),
      }}
    />
  );
}
