import { formatCents, type FeeBreakdown as Fee } from "~/lib/fee";

/** The BTR fee, line by line, with its 'Total Amount'. */
export function FeeBreakdown({ fee }: { fee: Fee }) {
  return (
    <dl className="divide-y divide-slate-200 rounded-md border border-slate-200 text-sm dark:divide-slate-700 dark:border-slate-700" data-testid="fee-breakdown">
      <div className="flex justify-between px-4 py-2">
        <dt>Base fee</dt>
        <dd>{formatCents(fee.baseCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-2">
        <dt>
          Employees ({fee.employees} × {formatCents(500)})
        </dt>
        <dd>{formatCents(fee.employeeCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-2">
        <dt>
          Vehicles ({fee.vehicles} × {formatCents(1000)})
        </dt>
        <dd>{formatCents(fee.vehicleCents)}</dd>
      </div>
      <div className="flex justify-between px-4 py-3 text-base font-semibold">
        <dt>Total Amount</dt>
        <dd data-testid="total-amount">{formatCents(fee.totalCents)}</dd>
      </div>
    </dl>
  );
}
