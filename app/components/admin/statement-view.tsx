import { adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { formatCents } from "~/lib/fee";
import type { StatementLine, StatementTotals } from "~/lib/remittance";
import { PAYMENT_METHOD_LABELS } from "~/lib/schemas/payment-ops";

/** The totals of a remittance statement, as a definition list. */
export function StatementTotals({ totals }: { totals: StatementTotals }) {
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
export function StatementLines({ lines, caption }: { lines: StatementLine[]; caption: string }) {
  return (
    <DataTable
      caption={caption}
      headers={["Date", "Line", "Receipt", "Business", "Year", "Method", "Gross", "Fees", "Refunds", "Net"]}
      rowCount={lines.length}
      empty="No payments or refunds."
    >
      {lines.map((l) => (
        <tr key={`${l.kind}-${l.refundId ?? l.paymentId}`} data-testid={`line-${l.receiptNumber ?? l.paymentId}-${l.kind}`}>
          <td className={`${cellClass} whitespace-nowrap`}>{l.date}</td>
          <td className={cellClass}>
            {l.kind === "payment" ? "Payment" : "Refund"}
            {l.late ? " (late)" : ""}
            {l.adjustsRemittanceId ? ` (adjusts statement #${l.adjustsRemittanceId})` : ""}
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>
            <a href={`/receipt/${l.paymentId}`} className={adminLinkClass}>
              {l.receiptNumber ?? `#${l.paymentId}`}
            </a>
          </td>
          <td className={cellClass}>{l.businessName}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{l.fiscalYear}</td>
          <td className={cellClass}>{PAYMENT_METHOD_LABELS[l.method] ?? l.method}</td>
          <td className={`${cellClass} text-right`}>{l.grossCents ? formatCents(l.grossCents) : ""}</td>
          <td className={`${cellClass} text-right`}>{l.feeCents ? formatCents(l.feeCents) : ""}</td>
          <td className={`${cellClass} text-right`}>{l.refundCents ? formatCents(l.refundCents) : ""}</td>
          <td className={`${cellClass} text-right`} data-testid="line-net">
            {formatCents(l.netCents)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
