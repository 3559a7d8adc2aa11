import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { useFormat } from "~/lib/hooks/use-format";

export type AdminPaymentRow = {
  id: number;
  receiptNumber: string | null;
  fiscalYear: string;
  amount: number;
  refundedCents: number;
  refundableCents: number;
  method: string;
  checkNumber: string | null;
  paidOn: string;
  /** The remittance statement that carried it to the town, once a period is closed. */
  remittanceId: number | null;
  refunds: { id: number; amount: number; reason: string; status: string; on: string }[];
};


/**
 * A business's payments for the town's staff: receipt, method, refunds; an administrator can
 * refund what is left of each (a plain form per payment, so it works without JavaScript).
 */
export function BusinessPayments({
  payments,
  canRefund,
  errors,
}: {
  payments: AdminPaymentRow[];
  canRefund: boolean;
  /** Field errors of the refund form that was sent, with its payment's id. */
  errors: { paymentId: number; fieldErrors: Record<string, string[] | undefined> } | null;
}) {
  const { t } = useTranslation("admin");
  const { money } = useFormat();
  if (payments.length === 0) return <p className="mt-2 text-sm">{t("payments.none")}</p>;
  return (
    <ul className="mt-3 space-y-4">
      {payments.map((p) => {
        const fieldErrors = errors?.paymentId === p.id ? errors.fieldErrors : {};
        return (
          <li key={p.id} className="rounded-md border border-slate-200 p-3 text-sm dark:border-slate-700" data-testid={`payment-${p.id}`}>
            <p>
              <a href={`/receipt/${p.id}`} className="font-medium text-primary-700 underline dark:text-primary-100">
                {t("payments.receipt", { number: p.receiptNumber ?? `#${p.id}` })}
              </a>{" "}
              · {p.fiscalYear} · {money(p.amount)} · {t(`payments.methods.${p.method}`, { defaultValue: p.method })}
              {p.checkNumber ? ` ${t("payments.checkNo", { number: p.checkNumber })}` : ""} · {t("payments.paidOn", { date: p.paidOn })}
              {p.remittanceId ? (
                <>
                  {" · "}
                  <a href={`/admin/remittance/${p.remittanceId}`} className="text-primary-700 underline dark:text-primary-100">
                    {t("payments.remittedIn", { id: p.remittanceId })}
                  </a>
                </>
              ) : (
                ` · ${t("payments.notRemitted")}`
              )}
            </p>
            {p.refunds.length ? (
              <ul className="mt-1 list-disc pl-5">
                {p.refunds.map((r) => (
                  <li key={r.id}>
                    {t("payments.refundLine", {
                      amount: money(r.amount),
                      status: t(`payments.refundStatus.${r.status}`, { defaultValue: r.status }),
                      date: r.on,
                      reason: r.reason,
                    })}
                  </li>
                ))}
              </ul>
            ) : null}
            {p.refundedCents >= p.amount ? <p className="mt-1 font-medium text-red-800 dark:text-red-300">{t("payments.refundedInFull")}</p> : null}
            {canRefund && p.refundableCents > 0 ? (
              // Keyed by what is left: after a refund the form starts over with the new amount (with JavaScript the page is not reloaded).
              <Form key={p.refundableCents} method="post" className="mt-2 grid gap-2 sm:grid-cols-[10rem_1fr_auto] sm:items-end">
                <input type="hidden" name="intent" value="refund" />
                <input type="hidden" name="paymentId" value={p.id} />
                <div>
                  <label htmlFor={`refund-amount-${p.id}`} className="mb-1 block font-medium">
                    {t("payments.refundAmount")}
                  </label>
                  <input
                    id={`refund-amount-${p.id}`}
                    name="amount"
                    inputMode="decimal"
                    defaultValue={(p.refundableCents / 100).toFixed(2)}
                    className={inputClass}
                    aria-invalid={fieldErrors.amount ? true : undefined}
                    aria-describedby={`refund-amount-${p.id}-errors`}
                  />
                  <ErrorList id={`refund-amount-${p.id}-errors`} errors={fieldErrors.amount} />
                </div>
                <div>
                  <label htmlFor={`refund-reason-${p.id}`} className="mb-1 block font-medium">
                    {t("payments.reason")}
                  </label>
                  <input
                    id={`refund-reason-${p.id}`}
                    name="reason"
                    maxLength={300}
                    className={inputClass}
                    aria-invalid={fieldErrors.reason ? true : undefined}
                    aria-describedby={`refund-reason-${p.id}-errors`}
                  />
                  <ErrorList id={`refund-reason-${p.id}-errors`} errors={fieldErrors.reason} />
                </div>
                <Button type="submit" variant="destructive">
                  {t("payments.refund")}
                </Button>
              </Form>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
