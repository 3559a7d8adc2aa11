import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useNavigate } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage, GeneralErrorBoundary } from "~/components/error-boundary";
import { Button, ButtonLink } from "~/components/ui/button";
import { useHydrated } from "~/lib/hooks/use-hydrated";
import { getReceiptForViewer } from "~/models/payment.server";
import { receiptDocument } from "~/models/receipt-document.server";
import { breakdownOf } from "~/models/receipt.server";
import { useFormat } from "~/lib/hooks/use-format";
import { fiscalYearDates, townDate } from "~/lib/tax-year";
import type { Payment } from "~/db/schema";
import { requireUser } from "~/utils/session.server";
import { parseId } from "~/lib/ids";
import { translatedMeta, type PageMetaText } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["payment"] };

/** A missing receipt's title comes with the 404 (the error boundary has no loader data). */
export const meta: MetaFunction<typeof loader> = ({ data, error }) =>
  translatedMeta(data?.meta ?? (error as { data?: { meta?: PageMetaText } } | undefined)?.data?.meta);

const NOT_FOUND = "We couldn't find the receipt you're looking for.";

/** The payer and administrators only: anyone else gets the same 404 as a missing receipt. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "payment:signIn.loginToViewReceipts" });
  const paymentId = parseId(params.paymentId);
  const row = paymentId ? getReceiptForViewer(paymentId, user) : undefined;
  const { t } = await requestT(request, "payment");
  if (!row) {
    throw data({ message: NOT_FOUND, meta: pageMetaText(t, t("receipt.notFoundTitle"), t("receipt.notFoundDescription")) }, { status: 404 });
  }
  const { payment, business } = row;
  // One description of the receipt for this page and its PDF (/receipt/{id}/pdf); the page
  // writes its words and dates in the reader's language from `details`.
  const receipt = receiptDocument(payment, business);
  return {
    paymentId: payment.id,
    receipt,
    details: receiptDetails(payment),
    meta: pageMetaText(t, t("receipt.metaTitle", { number: receipt.number }), t("receipt.metaDescription")),
  };
}

/** A fee line as a key of the "payment" namespace, its values and its amount in cents. */
type DetailLine = { key: string; values?: Record<string, number>; cents: number; penalty?: boolean };

/** What the page translates: the fee lines, the days, how it was paid and any refund. */
function receiptDetails(payment: Payment) {
  const charge = breakdownOf(payment);
  const lines: DetailLine[] = [];
  if (charge) {
    lines.push({ key: "fee.base", cents: charge.baseCents });
    lines.push({ key: "fee.employees", values: { count: charge.employees, eachCents: charge.perEmployeeCents ?? 500 }, cents: charge.employeeCents });
    lines.push({ key: "fee.vehicles", values: { count: charge.vehicles, eachCents: charge.perVehicleCents ?? 1000 }, cents: charge.vehicleCents });
    if (charge.penalty.cents > 0) {
      lines.push({ key: "fee.penalty", values: { percent: charge.penalty.percent, monthsLate: charge.penalty.monthsLate }, cents: charge.penalty.cents, penalty: true });
    }
    if (charge.neverReceiptedCents > 0) {
      lines.push({ key: "fee.neverReceipted", values: { percent: charge.neverReceiptedPercent }, cents: charge.neverReceiptedCents, penalty: true });
    }
  } else {
    // Paid before breakdowns were kept: the tax and the penalty as recorded.
    lines.push({ key: "fee.businessTax", cents: payment.taxCents });
    if (payment.penaltyCents > 0) lines.push({ key: "fee.latePenalty", cents: payment.penaltyCents, penalty: true });
  }
  return {
    lines,
    validity: fiscalYearDates(payment.taxYear),
    // The day in the town (a payment at 11 pm on September 30 in Pembroke Park was paid on the 30th).
    paidOn: townDate(payment.paidAt ?? payment.createdAt),
    method: payment.method,
    checkNumber: payment.checkNumber,
    amount: payment.amount,
    refundedCents: payment.refundedCents,
  };
}

type Details = ReturnType<typeof receiptDetails>;

const PAYMENT_TYPE_KEYS: Record<string, string> = { cash: "receipt.type.cash", check: "receipt.type.check", card_elsewhere: "receipt.type.cardElsewhere" };

/** The receipt's words in the page's language. */
function useReceiptText() {
  const { t } = useTranslation("payment");
  const { money, longDate } = useFormat();
  return {
    line(line: DetailLine) {
      const v = line.values ?? {};
      if (line.key === "fee.employees" || line.key === "fee.vehicles") return t(line.key, { count: v.count, each: money(v.eachCents) });
      if (line.key === "fee.penalty") {
        const months = t(v.monthsLate === 1 ? "fee.monthsLateOne" : "fee.monthsLateOther", { months: v.monthsLate });
        return t(line.key, { percent: v.percent, months });
      }
      return t(line.key, v);
    },
    validity: (d: Details) => t("validity", { start: longDate(d.validity.startsOn), end: longDate(d.validity.endsOn) }),
    paymentType: (d: Details) => t(PAYMENT_TYPE_KEYS[d.method ?? ""] ?? "receipt.type.card", { number: d.checkNumber ?? "?" }),
    refund(d: Details) {
      if (d.refundedCents <= 0) return null;
      return t(d.refundedCents >= d.amount ? "receipt.refundedFull" : "receipt.refundedPart", { amount: money(d.refundedCents) });
    },
  };
}

/** Printing shows the receipt alone: the shell around <main> and the buttons are hidden. */
const PRINT_CSS = `
@page { size: letter; margin: 0.6in; }
@media print {
  html, body { background: #fff !important; color: #000 !important; }
  body *:has(> #main) > :not(#main) { display: none !important; }
  body *:has(> #main) { min-height: 0 !important; display: block !important; }
  #btr-receipt { border: 2px solid #000 !important; box-shadow: none !important; margin: 0 !important; max-width: none !important; break-inside: avoid; page-break-inside: avoid; }
  #btr-receipt * { color: #000 !important; }
  .receipt-page { padding: 0 !important; }
}`;

function Row({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid grid-cols-3 gap-4 py-2">
      <dt className="font-medium text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="col-span-2">{children}</dd>
    </div>
  );
}

export default function ReceiptPage() {
  const { receipt, paymentId, details } = useLoaderData<typeof loader>();
  const { t } = useTranslation("payment");
  const { money, longDate } = useFormat();
  const text = useReceiptText();
  const refund = text.refund(details);
  const hydrated = useHydrated();
  const navigate = useNavigate();
  return (
    <div className="receipt-page mx-auto max-w-3xl px-4 py-10">
      <style dangerouslySetInnerHTML={{ __html: PRINT_CSS }} />
      <article id="btr-receipt" className="rounded-lg border border-slate-300 bg-white p-8 text-slate-900 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100" aria-labelledby="receipt-title">
        <header className="border-b border-slate-300 pb-4 text-center dark:border-slate-700">
          <p className="text-sm uppercase tracking-wide">
            {t("receipt.town", { name: receipt.town.name, state: receipt.town.state })}
          </p>
          <p className="text-xs">{receipt.town.address}</p>
          <h1 id="receipt-title" className="mt-1 text-2xl font-bold">
            {t("receipt.title")}
          </h1>
          <p className="mt-1 text-sm">
            {t("receipt.number")} <span className="font-mono font-semibold" data-testid="receipt-number">{receipt.number}</span>
          </p>
          <p className="mt-2 text-lg font-semibold" data-testid="receipt-fiscal-year">
            {t("receipt.fiscalYear", { fy: receipt.fiscalYear })}
          </p>
          <p className="text-sm" data-testid="receipt-validity">
            {text.validity(details)}
          </p>
        </header>
        <dl className="mt-4 divide-y divide-slate-200 text-sm dark:divide-slate-700">
          <Row label={t("receipt.business")}>{receipt.business.name}</Row>
          <Row label={t("receipt.documentNumber")}>{receipt.business.documentNumber}</Row>
          <Row label={t("receipt.address")}>{receipt.business.address || t("receipt.notSpecified")}</Row>
          <Row label={t("receipt.townLabel")}>{receipt.town.name}</Row>
          <Row label={t("receipt.fee")}>
            <table className="w-full">
              <tbody>
                {details.lines.map((line) => (
                  <tr key={line.key} className={line.penalty ? "text-red-800 dark:text-red-300" : undefined}>
                    <th scope="row" className="py-0.5 text-left font-normal">
                      {text.line(line)}
                    </th>
                    <td className="py-0.5 text-right">{money(line.cents)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </Row>
          <Row label={t("receipt.amount")}>
            <span className="font-semibold" data-testid="receipt-total">
              {money(details.amount)}
            </span>
          </Row>
          <Row label={t("receipt.description")}>{receipt.description}</Row>
          <Row label={t("receipt.datePaid")}>
            <span data-testid="receipt-date-paid">{longDate(details.paidOn)}</span>
          </Row>
          <Row label={t("receipt.paymentType")}>{text.paymentType(details)}</Row>
          {refund ? (
            <Row label={t("receipt.refund")}>
              <span className="font-semibold text-red-800 dark:text-red-300" data-testid="receipt-refund">
                {refund}
              </span>
            </Row>
          ) : null}
          <Row label={t("receipt.paymentId")}>
            <span className="break-all font-mono">{receipt.stripePaymentId}</span>
          </Row>
        </dl>
        <p className="mt-6 text-xs text-slate-600 dark:text-slate-400">
          {t("receipt.footer", { email: receipt.town.email, phone: receipt.town.phone })}
        </p>
      </article>
      <div className="no-print mt-6 flex flex-wrap gap-3 print:hidden">
        {hydrated ? (
          <>
            <Button onClick={() => window.print()}>{t("receipt.print")}</Button>
            <Button
              variant="outline"
              onClick={() => {
                window.close();
                // Tabs the script did not open cannot be closed: go back instead.
                if (window.closed) return;
                if (window.history.length > 1) navigate(-1);
                else navigate("/dashboard");
              }}
            >
              {t("receipt.close")}
            </Button>
          </>
        ) : null}
        <a
          href={`/receipt/${paymentId}/pdf`}
          download={`receipt-${receipt.number}.pdf`}
          className="inline-flex items-center rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-100 dark:border-slate-600 dark:hover:bg-slate-800"
        >
          {t("receipt.downloadPdf")}
        </a>
        <ButtonLink to="/dashboard" variant="outline">
          {t("receipt.backToDashboard")}
        </ButtonLink>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <ReceiptErrorBoundary />;
}

function ReceiptErrorBoundary() {
  const { t } = useTranslation("payment");
  return (
    <GeneralErrorBoundary
      statusHandlers={{
        404: () => (
          <ErrorPage title={t("receipt.notFoundTitle")} message={t("receipt.notFoundMessage")}>
            <Link to="/dashboard" className="rounded-md bg-primary-700 px-4 py-2 text-white hover:bg-primary-800">
              {t("receipt.backToDashboard")}
            </Link>
          </ErrorPage>
        ),
      }}
    />
  );
}
