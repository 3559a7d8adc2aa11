import { Form } from "@remix-run/react";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { formatCents } from "~/lib/fee";
import { COUNTER_METHOD_LABELS, COUNTER_METHODS } from "~/lib/schemas/payment-ops";

export type CounterYear = { fiscalYear: number; name: string; totalCents: number; penaltyCents: number };

/** Recording a payment taken at the town's counter: the year, how it was paid, a check's number. */
export function CounterPaymentForm({
  years,
  formKey,
  fieldErrors,
}: {
  years: CounterYear[];
  /** One-time key of this form: sending it twice records one payment. */
  formKey: string;
  fieldErrors: Record<string, string[] | undefined>;
}) {
  if (years.length === 0) return <p className="mt-2 text-sm">Nothing can be bought for this business today: it holds every receipt on sale.</p>;
  return (
    <Form method="post" className="mt-3 space-y-3 text-sm">
      <input type="hidden" name="intent" value="counter" />
      <input type="hidden" name="key" value={formKey} />
      <fieldset>
        <legend className="font-medium">Fiscal year</legend>
        {years.map((y, i) => (
          <label key={y.fiscalYear} className="mt-1 flex items-center gap-2">
            <input type="radio" name="fiscalYear" value={y.fiscalYear} defaultChecked={i === 0} />
            {y.name}: {formatCents(y.totalCents)}
            {y.penaltyCents ? ` (including ${formatCents(y.penaltyCents)} late penalty)` : ""}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className="font-medium">Paid by</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {COUNTER_METHODS.map((m, i) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="method" value={m} defaultChecked={i === 0} /> {COUNTER_METHOD_LABELS[m]}
            </label>
          ))}
        </div>
        <ErrorList errors={fieldErrors.method} />
      </fieldset>
      <div className="max-w-xs">
        <label htmlFor="check-number" className="mb-1 block font-medium">
          Check number (for a check)
        </label>
        <input
          id="check-number"
          name="checkNumber"
          maxLength={30}
          className={inputClass}
          aria-invalid={fieldErrors.checkNumber ? true : undefined}
          aria-describedby="check-number-errors"
        />
        <ErrorList id="check-number-errors" errors={fieldErrors.checkNumber} />
      </div>
      <ErrorList errors={fieldErrors.key} />
      <Button type="submit">Record payment and issue receipt</Button>
    </Form>
  );
}
