import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { useFormat } from "~/lib/hooks/use-format";
import { COUNTER_METHODS } from "~/lib/schemas/payment-ops";

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
  const { t } = useTranslation("admin");
  const { money } = useFormat();
  if (years.length === 0) return <p className="mt-2 text-sm">{t("counter.nothingDue")}</p>;
  return (
    <Form method="post" className="mt-3 space-y-3 text-sm">
      <input type="hidden" name="intent" value="counter" />
      <input type="hidden" name="key" value={formKey} />
      <fieldset>
        <legend className="font-medium">{t("counter.fiscalYear")}</legend>
        {years.map((y, i) => (
          <label key={y.fiscalYear} className="mt-1 flex items-center gap-2">
            <input type="radio" name="fiscalYear" value={y.fiscalYear} defaultChecked={i === 0} />
            {y.name}: {money(y.totalCents)}
            {y.penaltyCents ? ` ${t("counter.includingPenalty", { amount: money(y.penaltyCents) })}` : ""}
          </label>
        ))}
      </fieldset>
      <fieldset>
        <legend className="font-medium">{t("counter.paidBy")}</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {COUNTER_METHODS.map((m, i) => (
            <label key={m} className="flex items-center gap-2">
              <input type="radio" name="method" value={m} defaultChecked={i === 0} /> {t(`payments.methods.${m}`)}
            </label>
          ))}
        </div>
        <ErrorList errors={fieldErrors.method} />
      </fieldset>
      <div className="max-w-xs">
        <label htmlFor="check-number" className="mb-1 block font-medium">
          {t("counter.checkNumber")}
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
      <Button type="submit">{t("counter.submit")}</Button>
    </Form>
  );
}
