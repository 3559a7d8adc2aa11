import { formatCents } from "~/lib/fee";
import { PAYMENT_METHOD_LABELS } from "~/lib/schemas/payment-ops";

type Line = {
  kind: "payment" | "refund";
  paymentId: number;
  refundId: number | null;
  date: string;
  late: boolean;
  receiptNumber: string | null;
  businessId: number;
  businessName: string;
  fiscalYear: string;
  method: string;
  grossCents: number;
  feeCents: number;
  refundCents: number;
  netCents: number;
  adjustsRemittanceId: number | null;
};

type Totals = { paymentCount: number; refundCount: number; grossCents: number; feeCents: number; refundCents: number; netCents: number };

/** The totals of a remittance statement, as a definition list. */
export function StatementTotals({ totals }: { totals: Totals }) {
  const rows: [string, string, string][] = [
    ["Payments", String(totals.paymentCount), "payments"],
    ["Gross collected", formatCents(totals.grossCents), "gross"],
    ["Card fees (Stripe)", formatCents(totals.feeCents), "fees"],
    [`Refunds (${totals.refundCount})`, formatCents(totals.refundCents), "refunds"],
    ["Net due to the town", formatCents(totals.netCents), "net"],
  ];
  return (
    <dl className="mt-4 grid max-w-md grid-cols-2 gap-1 text-sm">
      {rows.map(([label, value, id]) => (
        <div key={id} className="contents">
          <dt className={id === "net" ? "font-semibold" : "font-medium"}>{label}</dt>
          <dd className={id === "net" ? "font-semibold" : undefined} data-testid={`total-${id}`}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** Every line of a statement: payments and refunds, late arrivals marked. */
export function StatementLines({ lines, caption }: { lines: Line[]; caption: string }) {
  if (lines.length === 0) return <p className="mt-4 text-sm">No payments or refunds.</p>;
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-slate-300 dark:border-slate-600">
            <th scope="col" className="py-1 pr-3">Date</th>
            <th scope="col" className="py-1 pr-3">Line</th>
            <th scope="col" className="py-1 pr-3">Receipt</th>
            <th scope="col" className="py-1 pr-3">Business</th>
            <th scope="col" className="py-1 pr-3">Year</th>
            <th scope="col" className="py-1 pr-3">Method</th>
            <th scope="col" className="py-1 pr-3 text-right">Gross</th>
            <th scope="col" className="py-1 pr-3 text-right">Fees</th>
            <th scope="col" className="py-1 pr-3 text-right">Refunds</th>
            <th scope="col" className="py-1 text-right">Net</th>
          </tr>
        </thead>
        <tbody>
          {lines.map((l) => (
            <tr key={`${l.kind}-${l.refundId ?? l.paymentId}`} className="border-b border-slate-100 dark:border-slate-800" data-testid={`line-${l.receiptNumber ?? l.paymentId}-${l.kind}`}>
              <td className="py-1 pr-3 whitespace-nowrap">{l.date}</td>
              <td className="py-1 pr-3">
                {l.kind === "payment" ? "Payment" : "Refund"}
                {l.late ? " (late)" : ""}
                {l.adjustsRemittanceId ? ` (adjusts statement #${l.adjustsRemittanceId})` : ""}
              </td>
              <td className="py-1 pr-3 whitespace-nowrap">
                <a href={`/receipt/${l.paymentId}`} className="text-primary-700 underline dark:text-primary-100">
                  {l.receiptNumber ?? `#${l.paymentId}`}
                </a>
              </td>
              <td className="py-1 pr-3">{l.businessName}</td>
              <td className="py-1 pr-3 whitespace-nowrap">{l.fiscalYear}</td>
              <td className="py-1 pr-3">{PAYMENT_METHOD_LABELS[l.method] ?? l.method}</td>
              <td className="py-1 pr-3 text-right">{l.grossCents ? formatCents(l.grossCents) : ""}</td>
              <td className="py-1 pr-3 text-right">{l.feeCents ? formatCents(l.feeCents) : ""}</td>
              <td className="py-1 pr-3 text-right">{l.refundCents ? formatCents(l.refundCents) : ""}</td>
              <td className="py-1 text-right" data-testid="line-net">{formatCents(l.netCents)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
