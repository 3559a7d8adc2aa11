import { listPaymentsForUser } from "~/models/payment.server";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { DocumentsTab } from "~/components/filings/documents-tab";
import { ButtonLink } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { TabNav } from "~/components/ui/tab-nav";
import { formatCardDate, formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import { fiscalYearName, longDate, renewalOpensOn, STANDING_LABELS, validityText } from "~/lib/tax-year";
import { listUserBusinesses, listUserFilings, type DashboardBusiness } from "~/models/dashboard.server";
import { FilingError, requireOwnFiling, withdrawFiling } from "~/models/filings/filings.server";
import { getSchedule } from "~/models/fee-schedule.server";
import { receiptYearsOf, standingOfBusiness, type BusinessStanding } from "~/models/receipt.server";
import { now } from "~/utils/clock.server";
import { requireUser } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";

export const meta: MetaFunction = () => pageMeta("Dashboard", "Your claimed businesses, Business Tax Receipts, payment history and filings.");

const TABS = [
  { id: "businesses", label: "My Businesses" },
  { id: "payments", label: "Payment History" },
  { id: "documents", label: "Documents" },
] as const;
type Tab = (typeof TABS)[number]["id"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request, { description: "Please log in to view your dashboard" });
  const requested = new URL(request.url).searchParams.get("tab");
  const tab: Tab = requested === "payments" || requested === "documents" ? requested : "businesses";
  const businesses = listUserBusinesses(user.id);
  const payments = listPaymentsForUser(user.id);
  const at = now();
  const receiptYears = receiptYearsOf(businesses.map((b) => b.id));
  const filings = listUserFilings(user.id);
  return {
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
      standing: b.taxState === "claim" ? null : standingSummary(standingOfBusiness(b, at, receiptYears.get(b.id) ?? []), b.id, receiptYears.get(b.id) ?? []),
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
  const user = await requireUser(request, { description: "Please log in to view your dashboard" });
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
    return redirectWithToast("/dashboard?tab=documents", { title: "Could not withdraw the filing", description: error.message, variant: "destructive" }, { status: 303 });
  }
  return redirectWithToast("/dashboard?tab=documents", { title: "Filing withdrawn", description: "The draft was withdrawn; the town will not review it." }, { status: 303 });
}

/** The business's standing in words, and the next step (issue 21). */
function standingSummary(s: BusinessStanding, businessId: number, years: number[]) {
  const held = (fy: number) => `Holds the receipt for ${fiscalYearName(fy)} (${validityText(fy).replace(/^Valid /, "valid ")}).`;
  const next = s.currentYear + 1;
  let text: string;
  let action: { to: string; label: string } | null = null;
  switch (s.standing) {
    case "current":
      // Next year's receipt already bought (from July 1): say so, not when it goes on sale.
      text = years.includes(next)
        ? `${held(s.currentYear)} ${held(next).replace(/^Holds/, "Also holds")}`
        : `${held(s.currentYear)} Receipts for ${fiscalYearName(next)} go on sale ${longDate(renewalOpensOn(getSchedule(next)))}.`;
      break;
    case "renewal open":
      text = `${held(s.currentYear)} ${fiscalYearName(next)} receipts are on sale: ${formatCents(s.charges[0]?.totalCents ?? 0)}, due by ${longDate(s.dueOn!)}.`;
      action = { to: `/payment/${businessId}?year=${next}`, label: `Buy ${fiscalYearName(next)}` };
      break;
    case "due":
      text = `The ${fiscalYearName(s.currentYear)} receipt (${formatCents(s.totalOwedCents)}) is due by ${longDate(s.dueOn!)}; after that a late penalty applies.`;
      break;
    case "delinquent":
      text = `${formatCents(s.totalOwedCents)} owed today for ${s.owed.map(fiscalYearName).join(" and ")}, including ${formatCents(s.penaltyOwedCents)} of late penalty (F.S. 205.053: 10% for October plus 5% a month, at most 25%).`;
      break;
    default:
      text = `No receipt yet: the ${fiscalYearName(s.currentYear)} receipt costs ${formatCents(s.totalOwedCents)}.`;
  }
  return { standing: s.standing, label: STANDING_LABELS[s.standing], text, action };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type BusinessRow = LoaderData["businesses"][number];

const cardClass = "rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900";
const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

export default function Dashboard() {
  const { user, tab, businesses, payments, filings } = useLoaderData<typeof loader>();
  const fullName = [user.firstName, user.lastName].filter(Boolean).join(" ") || user.username;
  const firstUnpaid = businesses.find((b) => b.taxState === "pay");

  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <h1 className="text-3xl font-bold">Dashboard</h1>

      <div className="mt-6 grid gap-6 lg:grid-cols-3">
        <section aria-labelledby="user-card-heading" className={cardClass} data-testid="user-card">
          <h2 id="user-card-heading" className="text-xl font-semibold">
            {fullName}
          </h2>
          <dl className="mt-3 space-y-1 text-sm text-slate-700 dark:text-slate-300">
            <div>
              <dt className="inline font-medium">Username: </dt>
              <dd className="inline">{user.username}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Email: </dt>
              <dd className="inline">{user.email}</dd>
            </div>
            <div>
              <dt className="inline font-medium">Member since: </dt>
              <dd className="inline">{formatCardDate(user.createdAt)}</dd>
            </div>
          </dl>
          <div className="mt-4 flex flex-wrap gap-2">
            <ButtonLink to="/profile" variant="outline">
              Edit Profile
            </ButtonLink>
            <ButtonLink to="/search">Find Businesses</ButtonLink>
          </div>
        </section>

        <section aria-labelledby="quick-actions-heading" className="lg:col-span-2">
          <h2 id="quick-actions-heading" className="sr-only">
            Quick actions
          </h2>
          <ul className="grid h-full gap-4 sm:grid-cols-3">
            <li className={cardClass}>
              <h3 className="font-semibold">Find Businesses</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Search the registry for your business and claim it.</p>
              <Link to="/search" className={`mt-3 inline-block ${linkClass}`}>
                Search the registry
              </Link>
            </li>
            <li className={cardClass}>
              <h3 className="font-semibold">Pay Business Tax</h3>
              {firstUnpaid ? (
                <>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{firstUnpaid.name} has an unpaid Business Tax Receipt.</p>
                  <Link to={`/payment/${firstUnpaid.id}`} className={`mt-3 inline-block ${linkClass}`}>
                    Pay for {firstUnpaid.name}
                  </Link>
                </>
              ) : (
                <>
                  <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
                    {businesses.length ? "All your claimed businesses are paid." : "Claim your business first, then pay its Business Tax Receipt."}
                  </p>
                  <Link to="/dashboard?tab=businesses" className={`mt-3 inline-block ${linkClass}`}>
                    View my businesses
                  </Link>
                </>
              )}
            </li>
            <li className={cardClass}>
              <h3 className="font-semibold">Export Records</h3>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">Download your records as CSV files.</p>
              <div className="mt-3 flex flex-col items-start gap-2">
                <CsvDownloadLink href="/api/user/export/businesses" filename="my_businesses.csv" what="businesses data">
                  Export businesses (CSV)
                </CsvDownloadLink>
                <CsvDownloadLink href="/api/user/export/payments" filename="my_payments.csv" what="payments data">
                  Export payments (CSV)
                </CsvDownloadLink>
              </div>
            </li>
          </ul>
        </section>
      </div>

      <TabNav
        label="Dashboard sections"
        preventScrollReset
        tabs={TABS.map((t) => ({
          id: t.id,
          to: `/dashboard?tab=${t.id}`,
          active: t.id === tab,
          label: (
            <>
              {t.label}{" "}
              <span className="text-slate-600 dark:text-slate-400">
                ({t.id === "businesses" ? businesses.length : t.id === "payments" ? payments.length : filings.length})
              </span>
            </>
          ),
        }))}
      />

      <section aria-labelledby="tab-heading" className="mt-6">
        <h2 id="tab-heading" className="text-xl font-semibold">
          {tab === "businesses" ? "My Businesses" : tab === "payments" ? "Payment History" : "Documents"}
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
  if (businesses.length === 0) {
    return (
      <div className={`mt-4 ${cardClass}`} data-testid="businesses-empty">
        <p className="font-medium">You haven&apos;t claimed a business yet.</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Find your business in the registry, then claim it with the 7-digit verification code from the letter the town sent
          you. Once it is claimed you can pay its Business Tax Receipt here.
        </p>
        <ButtonLink to="/search" className="mt-4">
          Find your business
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
                Document number {b.documentNumber}
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
              <strong>Standing: {b.standing.label}.</strong> {b.standing.text}{" "}
              {b.standing.action ? (
                <Link to={b.standing.action.to} className={linkClass}>
                  {b.standing.action.label}
                  <span className="sr-only"> for {b.name}</span>
                </Link>
              ) : null}
            </p>
          ) : null}
          <SubscriptionLine business={b} />
          {b.renewalNotice ? (
            <p className="mt-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
              <strong>Renewal notice:</strong> {b.renewalNotice}
            </p>
          ) : null}
          {b.licenseReviewStatus === "rejected" ? (
            <p className="mt-3 rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100" data-testid={`license-rejected-${b.id}`}>
              <strong>Driver&apos;s license rejected:</strong> {b.licenseReviewReason}
            </p>
          ) : b.licenseReviewStatus === "verified" ? (
            <p className="mt-3 text-sm text-slate-700 dark:text-slate-300">Driver&apos;s license verified by the town.</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function TaxAction({ business: b }: { business: Pick<DashboardBusiness, "id" | "taxState" | "name"> }) {
  if (b.taxState === "paid") {
    return (
      <span className="inline-flex items-center rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
        Paid
      </span>
    );
  }
  if (b.taxState === "pay") {
    return (
      <ButtonLink to={`/payment/${b.id}`} aria-label={`Pay Taxes for ${b.name}`}>
        Pay Taxes
      </ButtonLink>
    );
  }
  return (
    <ButtonLink to={`/claim/${b.id}`} variant="outline" aria-label={`Claim First: ${b.name}`}>
      Claim First
    </ButtonLink>
  );
}

function SubscriptionLine({ business: b }: { business: BusinessRow }) {
  if (b.taxState !== "paid") return null;
  const active = b.subscriptionStatus === "active" || b.subscriptionStatus === "trialing";
  let text: string;
  if (active) {
    const date = formatLongDate(b.renewalDate, "next year");
    text = b.autoRenew ? `Auto-renewal on: your BTR will automatically renew on ${date}.` : `Auto-renewal off: your BTR will expire on ${date}.`;
  } else if (b.subscriptionStatus === "canceled") {
    text = "Auto-renewal cancelled.";
  } else if (b.subscriptionStatus === "past_due" || b.subscriptionStatus === "incomplete") {
    text = "Auto-renewal payment is pending: update your card on the business page.";
  } else {
    text = "No auto-renewal set up.";
  }
  return (
    <p className="mt-3 text-sm text-slate-700 dark:text-slate-300" data-testid="subscription-state">
      {text}{" "}
      <Link to={`/business/${b.id}`} className={linkClass}>
        Manage auto-renewal<span className="sr-only"> for {b.name}</span>
      </Link>
    </p>
  );
}

function PaymentList({ payments }: { payments: LoaderData["payments"] }) {
  if (payments.length === 0) {
    return (
      <div className={`mt-4 ${cardClass}`} data-testid="payments-empty">
        <p className="font-medium">No payments yet.</p>
        <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">
          Once you have claimed your business, pay its Business Tax Receipt from the My Businesses tab; your payments and
          receipts will appear here.
        </p>
        <ButtonLink to="/dashboard?tab=businesses" variant="outline" className="mt-4">
          Go to My Businesses
        </ButtonLink>
      </div>
    );
  }
  return (
    <div className="mt-4 overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm dark:divide-slate-700">
        <caption className="sr-only">Your payments, newest first</caption>
        <thead>
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">Date</th>
            <th scope="col" className="px-3 py-2 font-semibold">Business</th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">Amount</th>
            <th scope="col" className="px-3 py-2 font-semibold">Description</th>
            <th scope="col" className="px-3 py-2 font-semibold">Receipt</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
          {payments.map((p) => (
            <tr key={p.id} data-testid={`payment-row-${p.id}`}>
              <td className="whitespace-nowrap px-3 py-2">{formatCardDate(p.createdAt)}</td>
              <td className="px-3 py-2">{p.businessName}</td>
              <td className="whitespace-nowrap px-3 py-2 text-right">{formatCents(p.amount)}</td>
              <td className="px-3 py-2">{p.description}</td>
              <td className="px-3 py-2">
                {p.isReceipt ? (
                  <Link to={`/receipt/${p.id}`} className={linkClass}>
                    View receipt<span className="sr-only"> for {p.businessName}</span>
                  </Link>
                ) : (
                  "No receipt (fee)"
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
