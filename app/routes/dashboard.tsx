import { listPaymentsForUser } from "~/models/payment.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { TFunction } from "i18next";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { DocumentsTab } from "~/components/filings/documents-tab";
import { ButtonLink } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { TabNav } from "~/components/ui/tab-nav";
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import { useFormat } from "~/lib/hooks/use-format";
import type { Language } from "~/lib/languages";
import { fiscalYearDates, fiscalYearName, renewalOpensOn, type Standing } from "~/lib/tax-year";
import { listUserBusinesses, listUserFilings, type DashboardBusiness } from "~/models/dashboard.server";
import { FilingError, requireOwnFiling, withdrawFiling } from "~/models/filings/filings.server";
import { getSchedule } from "~/models/fee-schedule.server";
import { receiptYearsOf, standingOfBusiness, type BusinessStanding } from "~/models/receipt.server";
import { now } from "~/utils/clock.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["dashboard", "filings"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const TABS = [
  { id: "businesses", label: "tabs.businesses" },
  { id: "payments", label: "tabs.payments" },
  { id: "documents", label: "tabs.documents" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "dashboard:signIn.loginToView" });
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: Tab = requested === "payments" || requested === "documents" ? requested : "businesses";
  const businesses = listUserBusinesses(user.id);
  const payments = listPaymentsForUser(user.id);
  const at = now();
  const receiptYears = receiptYearsOf(businesses.map((b) => b.id));
  const filings = listUserFilings(user.id);
  const { t, language } = await requestT(request, "dashboard");
  return {
    meta: pageMetaText(t, t("meta.title"), t("meta.description")),
    user: { username: user.username, email: user.email, firstName: user.firstName, lastName: user.lastName, createdAt: user.createdAt },
    tab,
    businesses: businesses.map((b) => ({
      id: b.id,
      name: b.name,
      documentNumber: b.documentNumber,
      status: b.status,
      city: b.city,
      taxState: b.taxState,
      subscriptionStatus: b.subscriptionStatus,
      autoRenew: b.autoRenew,
      renewalDate: b.renewalDate ? b.renewalDate.toISOString() : null,
      renewalNotice: b.renewalNotice,
      standing: b.taxState === "claim" ? null : standingSummary(t, language, standingOfBusiness(b, at, receiptYears.get(b.id) ?? []), b.id, receiptYears.get(b.id) ?? []),
      licenseReviewStatus: b.licenseReviewStatus,
      licenseReviewReason: b.licenseReviewReason,
    })),
    payments: payments.map((p) => ({
      id: p.id,
      businessId: p.businessId,
      businessName: p.businessName,
      amount: p.amount,
      description: p.description,
      /** A transfer fee buys no receipt: its row has nothing to open. */
      isReceipt: p.kind !== "transfer_fee",
      createdAt: p.createdAt.toISOString(),
    })),
    filings: filings.map((f) => ({ ...f, updatedAt: f.updatedAt.toISOString() })),
  };
}

/** The Documents tab's one form: withdraw a draft filing (the filing's own page withdraws any open one). */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request, { description: "dashboard:signIn.loginToView" });
  const form = await request.formData();
  if (form.get("intent") !== "withdraw-filing") throw data("Unknown form action", { status: 400 });
  const filingId = parseId(form.get("filingId"));
  try {
    if (!filingId) throw new FilingError(404, "Filing not found");
    const filing = requireOwnFiling(user, filingId);
    if (filing.status !== "draft") throw new FilingError(409, "Only a draft can be withdrawn from here: open the filing to withdraw it");
    withdrawFiling(user, filing);
  } catch (error) {
    if (!(error instanceof FilingError)) throw error;
    return redirectWithToast("/dashboard?tab=documents", { title: "dashboard:toast.withdrawFailedTitle", description: error.message, variant: "destructive" }, { status: 303 });
  }
  return redirectWithToast("/dashboard?tab=documents", { title: "dashboard:toast.withdrawnTitle", description: "dashboard:toast.withdrawnDescription" }, { status: 303 });
}

const STANDING_KEYS: Record<Standing, string> = {
  current: "standing.label.current",
  "renewal open": "standing.label.renewalOpen",
  due: "standing.label.due",
  delinquent: "standing.label.delinquent",
  "never receipted": "standing.label.neverReceipted",
};

/** The business's standing in words, and the next step (issue 21), in the reader's language. */
function standingSummary(t: TFunction, language: Language, s: BusinessStanding, businessId: number, years: number[]) {
  const date = (day: string) => formatLongDate(day, "", language);
  const money = (cents: number) => formatCents(cents, language);
  const yearValues = (fy: number) => {
    const { startsOn, endsOn } = fiscalYearDates(fy);
    return { fy: fiscalYearName(fy), start: date(startsOn), end: date(endsOn) };
  };
  const held = (fy: number) => t("standing.held", yearValues(fy));
  const next = s.currentYear + 1;
  let text: string;
  let action: { to: string; label: string } | null = null;
  switch (s.standing) {
    case "current":
      // Next year's receipt already bought (from July 1): say so, not when it goes on sale.
      text = years.includes(next)
        ? `${held(s.currentYear)} ${t("standing.alsoHeld", yearValues(next))}`
        : `${held(s.currentYear)} ${t("standing.onSaleLater", { fy: fiscalYearName(next), date: date(renewalOpensOn(getSchedule(next))) })}`;
      break;
    case "renewal open":
      text = `${held(s.currentYear)} ${t("standing.renewalOpen", { fy: fiscalYearName(next), amount: money(s.charges[0]?.totalCents ?? 0), date: date(s.dueOn!) })}`;
      action = { to: `/payment/${businessId}?year=${next}`, label: t("standing.buy", { fy: fiscalYearName(next) }) };
      break;
    case "due":
      text = t("standing.due", { fy: fiscalYearName(s.currentYear), amount: money(s.totalOwedCents), date: date(s.dueOn!) });
      break;
    case "delinquent":
      text = t("standing.delinquent", {
        amount: money(s.totalOwedCents),
        years: s.owed.map(fiscalYearName).join(t("standing.and")),
        penalty: money(s.penaltyOwedCents),
      });
      break;
    default:
      text = t("standing.never", { fy: fiscalYearName(s.currentYear), amount: money(s.totalOwedCents) });
  }
  return { standing: s.standing, label: t(STANDING_KEYS[s.standing]), text, action };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type BusinessRow = LoaderData["businesses"][number];

const cardClass = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

export default function Dashboard() {
  const { user, tab, businesses, payments, filings } = useLoaderData<typeof loader>();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  const firstUnpaid = businesses.find((b) => b.taxState === "pay");
  const { t } = useTranslation("dashboard");
  const { cardDate } = useFormat();

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">{t("heading")}</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="user-card-heading" className={cardClass} data-testid="user-card">
          <h2 id="user-card-heading" className="text-xl font-semibold">
            {fullName}
          </h2>
          <dl className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            <div>
              <dt className="inline font-medium">{t("user.username")}</dt>
              <dd className="inline">{user.username}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t("user.email")}</dt>
              <dd className="inline">{user.email}</dd>
            </div>
            <div>
              <dt className="inline font-medium">{t("user.memberSince")}</dt>
              <dd className="inline">{cardDate(user.createdAt)}</dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to="/profile" variant="outline">
              {t("user.editProfile")}
            </ButtonLink>
            <ButtonLink to="/search">{t("user.findBusinesses")}</ButtonLink>
          </div>
        </section>

        <section aria-labelledby="quick-actions-heading" className="lg:col-span-2">
          <h2 id="quick-actions-heading" className="sr-only">
            {t("quick.heading")}
          </h2>
          <ul className="grid h-full gap-4 sm:grid-cols-3">
            <li className={cardClass}>
              <h3 className="font-semibold">{t("quick.findTitle")}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("quick.findText")}</p>
              <Link to="/search" className={`mt-3 inline-block ${linkClass}`}>
                {t("quick.findLink")}
              </Link>
            </li>
            <li className={cardClass}>
              <h3 className="font-semibold">{t("quick.payTitle")}</h3>
              {firstUnpaid ? (
                <>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("quick.unpaid", { name: firstUnpaid.name })}</p>
                  <Link to={`/payment/${firstUnpaid.id}`} className={`mt-3 inline-block ${linkClass}`}>
                    {t("quick.payFor", { name: firstUnpaid.name })}
                  </Link>
                </>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    {businesses.length ? t("quick.allPaid") : t("quick.claimFirst")}
                  </p>
                  <Link to="/dashboard?tab=businesses" className={`mt-3 inline-block ${linkClass}`}>
                    {t("quick.viewBusinesses")}
                  </Link>
                </>
              )}
            </li>
            <li className={cardClass}>
              <h3 className="font-semibold">{t("quick.exportTitle")}</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("quick.exportText")}</p>
              <div className="mt-3 flex flex-col items-start gap-2">
                <CsvDownloadLink href="/api/user/export/businesses" filename="my_businesses.csv" what="dashboard:downloads.businessesData">
                  {t("quick.exportBusinesses")}
                </CsvDownloadLink>
                <CsvDownloadLink href="/api/user/export/payments" filename="my_payments.csv" what="dashboard:downloads.paymentsData">
                  {t("quick.exportPayments")}
                </CsvDownloadLink>
              </div>
            </li>
          </ul>
        </section>
      </div>

      <TabNav
        label={t("tabs.label")}
        preventScrollReset
        tabs={TABS.map((entry) => ({
          id: entry.id,
          to: `/dashboard?tab=${entry.id}`,
          active: entry.id === tab,
          label: (
            <>
              {t(entry.label)}{" "}
              <span className="text-slate-600 dark:text-slate-400">
                ({entry.id === "businesses" ? businesses.length : entry.id === "payments" ? payments.length : filings.length})
              </span>
            </>
          ),
        }))}
      />

      <section aria-labelledby="tab-heading" className="mt-6">
        <h2 id="tab-heading" className="text-xl font-semibold">
          {t(`tabs.${tab}`)}
        </h2>
        {tab === "businesses" ? (
          <BusinessList businesses={businesses} />
        ) : tab === "payments" ? (
          <PaymentList payments={payments} />
        ) : (
          <DocumentsTab filings={filings} />
        )}
      </section>
    </div>
  );
}

function BusinessList({ businesses }: { businesses: BusinessRow[] }) {
  const { t } = useTranslation("dashboard");
  if (businesses.length === 0) {
    return (
      <div className={`mt-4 ${cardClass}`} data-testid="businesses-empty">
        <p className="font-medium">{t("businesses.emptyTitle")}</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("businesses.emptyText")}</p>
        <ButtonLink to="/search" className="mt-4">
          {t("businesses.emptyLink")}
        </ButtonLink>
      </div>
    );
  }
  return (
    <ul className="mt-4 space-y-4">
      {businesses.map((b) => (
        <li key={b.id} className={cardClass} data-testid={`business-row-${b.id}`}>
          <div className="flex flex-wrap items-start justify-between gap-4">
            <div>
              <h3 className="text-lg font-semibold">
                <Link to={`/business/${b.id}`} className="hover:underline">
                  {b.name}
                </Link>
              </h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                {t("businesses.documentNumber", { documentNumber: b.documentNumber })}
                {b.city ? ` · ${b.city}` : ""}
              </p>
              <div className="mt-2">
                <StatusBadge status={b.status} />
              </div>
            </div>
            <TaxAction business={b} />
          </div>
          {b.standing ? (
            <p className="mt-3 text-sm" data-testid={`standing-${b.id}`}>
              <strong>{t("businesses.standing", { label: b.standing.label })}</strong> {b.standing.text}{" "}
              {b.standing.action ? (
                <Link to={b.standing.action.to} className={linkClass}>
                  {b.standing.action.label}
                  <span className="sr-only">{t("businesses.forName", { name: b.name })}</span>
                </Link>
              ) : null}
            </p>
          ) : null}
          <SubscriptionLine business={b} />
          {b.renewalNotice ? (
            <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <strong>{t("businesses.renewalNotice")}</strong> {b.renewalNotice}
            </p>
          ) : null}
          {b.licenseReviewStatus === "rejected" ? (
            <p className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100" data-testid={`license-rejected-${b.id}`}>
              <strong>{t("businesses.licenseRejected")}</strong> {b.licenseReviewReason}
            </p>
          ) : b.licenseReviewStatus === "verified" ? (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">{t("businesses.licenseVerified")}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function TaxAction({ business: b }: { business: Pick<DashboardBusiness, "id" | "taxState" | "name"> }) {
  const { t } = useTranslation("dashboard");
  if (b.taxState === "paid") {
    return (
      <span className="inline-flex items-center rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
        {t("businesses.paid")}
      </span>
    );
  }
  if (b.taxState === "pay") {
    return (
      <ButtonLink to={`/payment/${b.id}`} aria-label={t("businesses.payTaxesLabel", { name: b.name })}>
        {t("businesses.payTaxes")}
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={`/claim/${b.id}`} variant="outline" aria-label={t("businesses.claimFirstLabel", { name: b.name })}>
      {t("businesses.claimFirst")}
    </ButtonLink>
  );
}

function SubscriptionLine({ business: b }: { business: BusinessRow }) {
  const { t } = useTranslation("dashboard");
  const { longDate } = useFormat();
  if (b.taxState !== "paid") return null;
  const active = b.subscriptionStatus === "active" || b.subscriptionStatus === "trialing";
  let text: string;
  if (active) {
    const date = longDate(b.renewalDate, t("subscription.nextYear"));
    text = b.autoRenew ? t("subscription.autoOn", { date }) : t("subscription.autoOff", { date });
  } else if (b.subscriptionStatus === "canceled") {
    text = t("subscription.cancelled");
  } else if (b.subscriptionStatus === "past_due" || b.subscriptionStatus === "incomplete") {
    text = t("subscription.pending");
  } else {
    text = t("subscription.none");
  }
  return (
    <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="subscription-state">
      {text}{" "}
      <Link to={`/business/${b.id}`} className={linkClass}>
        {t("subscription.manage")}
        <span className="sr-only">{t("businesses.forName", { name: b.name })}</span>
      </Link>
    </p>
  );
}

function PaymentList({ payments }: { payments: LoaderData["payments"] }) {
  const { t } = useTranslation("dashboard");
  const { cardDate, money } = useFormat();
  if (payments.length === 0) {
    return (
      <div className={`mt-4 ${cardClass}`} data-testid="payments-empty">
        <p className="font-medium">{t("payments.emptyTitle")}</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{t("payments.emptyText")}</p>
        <ButtonLink to="/dashboard?tab=businesses" variant="outline" className="mt-4">
          {t("payments.emptyLink")}
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
        <caption className="sr-only">{t("payments.caption")}</caption>
        <thead>
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">{t("payments.date")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("payments.business")}</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">{t("payments.amount")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("payments.description")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("payments.receipt")}</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {payments.map((p) => (
            <tr key={p.id} data-testid={`payment-row-${p.id}`}>
              <td className="whitespace-nowrap px-3 py-2">{cardDate(p.createdAt)}</td>
              <td className="px-3 py-2">{p.businessName}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{money(p.amount)}</td>
              <td className="px-3 py-2">{p.description}</td>
              <td className="px-3 py-2">
                {p.isReceipt ? (
                  <Link to={`/receipt/${p.id}`} className={linkClass}>
                    {t("payments.viewReceipt")}
                    <span className="sr-only">{t("businesses.forName", { name: p.businessName })}</span>
                  </Link>
                ) : (
                  t("payments.noReceipt")
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
