import { useTranslation } from "react-i18next";
import type { FeeBreakdown as BaseFee } from "~/lib/fee";
import { useFormat } from "~/lib/hooks/use-format";

/** What the breakdown shows: the old FeeBreakdown, or a tax-year Charge with its penalties. */
export type FeeLines = BaseFee & {
  perEmployeeCents?: number;
  perVehicleCents?: number;
  penalty?: { monthsLate: number; percent: number; cents: number };
  neverReceiptedPercent?: number;
  neverReceiptedCents?: number;
};

/** The BTR fee, line by line (base, employees, vehicles, any penalty), with its 'Total Amount'. */
export function FeeBreakdown({ fee }: { fee: FeeLines }) {
  const perEmployee = fee.perEmployeeCents ?? 500;
  const perVehicle = fee.perVehicleCents ?? 1000;
  const { t } = useTranslation("payment");
  const { money: formatCents } = useFormat();
  const monthsText = (months: number) => t(months === 1 ? "fee.monthsLateOne" : "fee.monthsLateOther", { months });
  return (
    <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700" data-testid="fee-breakdown">
      <div className="flex justify-between px-4 py-2">
        <dt>{t("fee.base")}</dt>
        <dd>{formatCents(fee.baseCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-2">
        <dt>{t("fee.employees", { count: fee.employees, each: formatCents(perEmployee) })}</dt>
        <dd>{formatCents(fee.employeeCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-2">
        <dt>{t("fee.vehicles", { count: fee.vehicles, each: formatCents(perVehicle) })}</dt>
        <dd>{formatCents(fee.vehicleCents)}</dd>
      </div>
      {fee.penalty && fee.penalty.cents > 0 ? (
        <div className="flex justify-between px-4 py-2 text-red-800 dark:text-red-300">
          <dt data-testid="penalty-label">
            {t("fee.penalty", { percent: fee.penalty.percent, months: monthsText(fee.penalty.monthsLate) })}
          </dt>
          <dd data-testid="penalty-amount">{formatCents(fee.penalty.cents)}</dd>
        </div>
      ) : null}
      {fee.neverReceiptedCents ? (
        <div className="flex justify-between px-4 py-2 text-red-800 dark:text-red-300">
          <dt>{t("fee.neverReceipted", { percent: fee.neverReceiptedPercent })}</dt>
          <dd data-testid="never-receipted-amount">{formatCents(fee.neverReceiptedCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between px-4 py-3 text-base font-semibold">
        <dt>{t("fee.total")}</dt>
        <dd data-testid="total-amount">{formatCents(fee.totalCents)}</dd>
      </div>
    </dl>
  );
}
