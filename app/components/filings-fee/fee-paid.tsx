import { useTranslation } from "react-i18next";
import { ButtonLink } from "~/components/ui/button";
import { useFormat } from "~/lib/hooks/use-format";

export type PaidFee = { amount: number; paidAt: string; stripePaymentId: string };

/**
 * A transfer fee already paid: what was paid and when, and the way back to the filing. The fee is
 * no Business Tax Receipt, so there is no receipt to open; the business's receipt passes to the
 * buyer when the town approves the transfer.
 */
export function FeePaid({ payment, backTo, backLabel }: { payment: PaidFee; backTo: string; backLabel: string }) {
  const { t } = useTranslation("filings");
  const { cardDate, money } = useFormat();
  return (
    <section
      aria-labelledby="fee-paid-heading"
      className="rounded-lg border border-green-300 bg-green-50 p-6 text-green-950 dark:border-green-800 dark:bg-green-950 dark:text-green-50"
      data-testid="fee-paid"
    >
      <h2 id="fee-paid-heading" className="text-xl font-semibold">
        {t("fee.paidHeading")}
      </h2>
      <dl className="mt-4 space-y-1 text-sm">
        <div>
          <dt className="inline font-medium">{t("fee.amountPaid")}</dt>
          <dd className="inline" data-testid="fee-paid-amount">
            {money(payment.amount)}
          </dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("fee.paidOn")}</dt>
          <dd className="inline">{cardDate(payment.paidAt)}</dd>
        </div>
        <div>
          <dt className="inline font-medium">{t("fee.paymentId")}</dt>
          <dd className="inline font-mono">{payment.stripePaymentId}</dd>
        </div>
      </dl>
      <p className="mt-4 text-sm">
        {t("fee.notAReceipt")}
      </p>
      <div className="mt-6">
        <ButtonLink to={backTo}>{backLabel}</ButtonLink>
      </div>
    </section>
  );
}
