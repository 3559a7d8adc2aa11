import { formatCents, type FeeBreakdown as BaseFee } from "~/lib/fee";

/** What the breakdown shows: the old FeeBreakdown, or a tax-year Charge with its penalties. */
export type FeeLines = BaseFee & {
  perEmployeeCents?: number;
  perVehicleCents?: number;
  penalty?: { monthsLate: number; percent: number; cents: number };
  neverReceiptedPercent?: number;
  neverReceiptedCents?: number;
};

const monthsText = (n: number) => `${n} month${n === 1 ? "" : "s"} late`;

/** The BTR fee, line by line (base, employees, vehicles, any penalty), with its 'Total Amount'. */
export function FeeBreakdown({ fee }: { fee: FeeLines }) {
  const perEmployee = fee.perEmployeeCents ?? 500;
  const perVehicle = fee.perVehicleCents ?? 1000;
  return (
    <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700" data-testid="fee-breakdown">
      <div className="flex justify-between px-4 py-2">
        <dt>Base fee</dt>
        <dd>{formatCents(fee.baseCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-2">
        <dt>
          Employees ({fee.employees} × {formatCents(perEmployee)})
        </dt>
        <dd>{formatCents(fee.employeeCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-2">
        <dt>
          Vehicles ({fee.vehicles} × {formatCents(perVehicle)})
        </dt>
        <dd>{formatCents(fee.vehicleCents)}</dd>
      </div>
      {fee.penalty && fee.penalty.cents > 0 ? (
        <div className="flex justify-between px-4 py-2 text-red-800 dark:text-red-300">
          <dt data-testid="penalty-label">
            Late penalty ({fee.penalty.percent}%, {monthsText(fee.penalty.monthsLate)})
          </dt>
          <dd data-testid="penalty-amount">{formatCents(fee.penalty.cents)}</dd>
        </div>
      ) : null}
      {fee.neverReceiptedCents ? (
        <div className="flex justify-between px-4 py-2 text-red-800 dark:text-red-300">
          <dt>Penalty for operating without a receipt ({fee.neverReceiptedPercent}%)</dt>
          <dd data-testid="never-receipted-amount">{formatCents(fee.neverReceiptedCents)}</dd>
        </div>
      ) : null}
      <div className="flex justify-between px-4 py-3 text-base font-semibold">
        <dt>Total Amount</dt>
        <dd data-testid="total-amount">{formatCents(fee.totalCents)}</dd>
      </div>
    </dl>
  );
}
