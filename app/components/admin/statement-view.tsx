import { useTranslation } from "react-i18next";
import { adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { useFormat } from "~/lib/hooks/use-format";
import type { StatementLine, StatementTotals } from "~/lib/remittance";

/** The totals of a remittance statement, as a definition list. */
export function StatementTotals({ totals }: { totals: StatementTotals }) {
  const { t } = useTranslation("admin");
  const { money: formatCents } = useFormat();
  const rows: [string, string, string][] = [
    [t("statement.totals.payments"), String(totals.paymentCount), "payments"],
    [t("statement.totals.gross"), formatCents(totals.grossCents), "gross"],
    [t("statement.totals.fees"), formatCents(totals.feeCents), "fees"],
    [t("statement.totals.refunds", { n: totals.refundCount }), formatCents(totals.refundCents), "refunds"],
    [t("statement.totals.net"), formatCents(totals.netCents), "net"],
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
  const { t } = useTranslation("admin");
  const { money: formatCents } = useFormat();
  return (
    <DataTable
      caption={caption}
      headers={["date", "line", "receipt", "business", "year", "method", "gross", "fees", "refunds", "net"].map((key) => t(`statement.headers.${key}`))}
      rowCount={lines.length}
      empty={t("statement.empty")}
    >
      {lines.map((l) => (
        <tr key={`${l.kind}-${l.refundId ?? l.paymentId}`} data-testid={`line-${l.receiptNumber ?? l.paymentId}-${l.kind}`}>
          <td className={`${cellClass} whitespace-nowrap`}>{l.date}</td>
          <td className={cellClass}>
            {l.kind === "payment" ? t("statement.payment") : t("statement.refund")}
            {l.late ? ` ${t("statement.late")}` : ""}
            {l.adjustsRemittanceId ? ` ${t("statement.adjusts", { id: l.adjustsRemittanceId })}` : ""}
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>
            <a href={`/receipt/${l.paymentId}`} className={adminLinkClass}>
              {l.receiptNumber ?? `#${l.paymentId}`}
            </a>
          </td>
          <td className={cellClass}>{l.businessName}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{l.fiscalYear}</td>
          <td className={cellClass}>{t(`payments.methods.${l.method}`, { defaultValue: l.method })}</td>
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
