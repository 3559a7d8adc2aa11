import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { ErrorPage } from "~/components/error-boundary";
import { SubscriptionCard } from "~/components/subscription-card";
import { buttonClass } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { principalAddress } from "~/lib/address";
import { formatCardDate } from "~/lib/dates";
import { filingTypeLabel } from "~/lib/filing-types";
import { getBusinessById, isOwner, toPublicBusiness } from "~/models/business.server";
import { RegistrySections } from "~/components/business/registry-sections";
import { OwnerFilingLinks } from "~/components/filings/owner-filing-links";
import { STATE_FILING_LABELS } from "~/lib/cordata";
import { getRegistryDetails } from "~/models/business-registry.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";
import { getEnv } from "~/utils/env.server";
import { getUser } from "~/utils/session.server";
import type { PageCacheHandle } from "~/utils/cache.server";
import { parseId } from "~/lib/ids";
import { pageMeta } from "~/lib/meta";

// Anonymous visitors share the rendered page (app/utils/cache.server.ts).
export const handle: PageCacheHandle = { pageCache: true };

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? pageMeta(
        data.business.name,
        `${data.business.name}: Florida business registry record, document number ${data.business.documentNumber}, ${data.business.city}, status and Business Tax Receipt.`,
      )
    : pageMeta("Business Not Found", "This business is not in the Florida business registry.");

export async function loader({ request, params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  const row = id === null ? undefined : getBusinessById(id);
  if (!row) throw new Response("Business not found", { status: 404 });
  const user = await getUser(request);
  // Ownership is decided here: the owner's id never reaches the browser.
  const owner = isOwner(row, user?.id);
  const holdsReceipt = owner && holdsCurrentReceipt(row.id);
  const subscription =
    holdsReceipt
      ? {
          businessId: row.id,
          status: row.subscriptionStatus,
          renewalDate: row.renewalDate,
          autoRenew: row.autoRenew,
          notice: row.renewalNotice,
        }
      : null;
  return {
    business: toPublicBusiness(row),
    registry: getRegistryDetails(row.id),
    signedIn: Boolean(user),
    isOwner: owner,
    // The owner's filings about the business (transfer, change of location, close).
    ownerFilings: owner ? { closedOn: row.closedOn, canTransfer: holdsReceipt } : null,
    subscription,
    publishableKey: subscription ? (getEnv().STRIPE_PUBLISHABLE_KEY ?? null) : null,
  };
}

const loginFirst = (signedIn: boolean, path: string) =>
  signedIn ? path : `/login?${new URLSearchParams({ redirectTo: path })}`;

const cardClass = "rounded-lg border border-slate-200 p-6 dark:border-slate-700";

export default function BusinessPage() {
  const { business, registry, signedIn, isOwner, ownerFilings, subscription, publishableKey } = useLoaderData<typeof loader>();
  const address = principalAddress(business);
  const count = (n: number | null) => (n === null || n === undefined ? "Not specified" : String(n));

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/search" className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
        ← Back to search
      </Link>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold">{business.name}</h1>
        <StatusBadge status={business.status} />
      </div>
      <p className="mt-1 text-slate-700 dark:text-slate-300">{filingTypeLabel(business.filingType, { detail: true })}</p>

      <div className="mt-8 grid gap-6 md:grid-cols-3">
        <div className="grid content-start gap-6 md:col-span-2">
          <section aria-labelledby="details-heading" className={cardClass}>
            <h2 id="details-heading" className="text-lg font-semibold">
              Business Details
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <Detail label="Filing type" value={filingTypeLabel(business.filingType, { detail: true })} />
              <Detail label="Status" value={business.status} />
              <Detail label="Document number" value={business.documentNumber} mono />
              <Detail label="City" value={business.city || "Not specified"} />
              <Detail label="Registered on" value={formatCardDate(business.registeredOn)} />
              <Detail label="Principal address" value={address || "Not specified"} />
              {business.category ? <Detail label="Category" value={business.category} /> : null}
              {registry?.stateFilingType ? (
                <Detail
                  label="State filing code"
                  value={`${registry.stateFilingType}${
                    STATE_FILING_LABELS[registry.stateFilingType]
                      ? ` (${STATE_FILING_LABELS[registry.stateFilingType]})`
                      : ""
                  }`}
                />
              ) : null}
              {registry?.fei ? <Detail label="FEI/EIN number" value={registry.fei} mono /> : null}
              {registry?.formationState ? <Detail label="State of formation" value={registry.formationState} /> : null}
              {registry?.lastTransactionOn ? (
                <Detail label="Last state filing" value={formatCardDate(registry.lastTransactionOn)} />
              ) : null}
              {business.isClaimed ? (
                <>
                  <Detail label="Employees" value={count(business.employeeCount)} />
                  <Detail label="Vehicles" value={count(business.vehicleCount)} />
                </>
              ) : null}
            </dl>
          </section>
          {registry ? <RegistrySections data={registry} /> : null}
        </div>

        <div className="grid content-start gap-6">
          <section aria-labelledby="status-heading" className={cardClass} data-testid="status-card">
            <h2 id="status-heading" className="text-lg font-semibold">
              Status
            </h2>
            <p className="mt-3 flex items-center gap-2">
              <StatusBadge status={business.status} />
              <span className="text-sm">{business.isClaimed ? "Claimed" : "Not claimed"}</span>
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              Registered on {formatCardDate(business.registeredOn)}
            </p>
          </section>

          <section aria-labelledby="claim-heading" className={cardClass} data-testid="claim-card">
            <h2 id="claim-heading" className="text-lg font-semibold">
              Claim this business
            </h2>
            {!business.isClaimed && business.canBeClaimed ? (
              <>
                <p className="mt-2 text-sm">
                  Own this business? Claim it with the verification code from your letter to manage it and pay its
                  Business Tax Receipt.
                </p>
                <Link
                  to={loginFirst(signedIn, `/claim/${business.id}`)}
                  className={buttonClass("primary", "mt-4 w-full")}
                >
                  Claim This Business
                </Link>
              </>
            ) : isOwner ? (
              <>
                <p className="mt-2 text-sm">You have claimed this business. You can manage it from your dashboard.</p>
                {ownerFilings ? <OwnerFilingLinks businessId={business.id} closedOn={ownerFilings.closedOn} canTransfer={ownerFilings.canTransfer} /> : null}
              </>
            ) : business.isClaimed ? (
              <p className="mt-2 text-sm">
                This business has already been claimed. If you are the owner, please contact support.
              </p>
            ) : (
              <p className="mt-2 text-sm">
                This business cannot be claimed online. If you are the owner, please contact support.
              </p>
            )}
          </section>

          <section aria-labelledby="pay-heading" className={cardClass} data-testid="pay-card">
            <h2 id="pay-heading" className="text-lg font-semibold">
              Business Tax Receipt
            </h2>
            {business.hasPaidBTR ? (
              <p className="mt-3">
                <span className="inline-flex items-center rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                  BTR Paid
                </span>
              </p>
            ) : business.isClaimed ? (
              <Link
                to={loginFirst(signedIn, `/payment/${business.id}`)}
                className={buttonClass("primary", "mt-4 w-full")}
              >
                Pay Business Tax
              </Link>
            ) : (
              <>
                <button
                  type="button"
                  disabled
                  aria-describedby="pay-hint"
                  className={buttonClass("primary", "mt-4 w-full")}
                >
                  Pay Business Tax
                </button>
                <p id="pay-hint" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  You must claim this business before paying taxes
                </p>
              </>
            )}
          </section>

          {subscription ? <SubscriptionCard subscription={subscription} publishableKey={publishableKey} /> : null}
        </div>
      </div>
    </div>
  );
}

function Detail({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <div>
      <dt className="text-sm font-medium text-slate-600 dark:text-slate-400">{label}</dt>
      <dd className={`mt-1 ${mono ? "font-mono" : ""}`}>{value}</dd>
    </div>
  );
}

/** Missing, non-numeric or failing: the spec's 'Business Not Found' (404 for missing ids). */
export function ErrorBoundary() {
  return (
    <ErrorPage title="Business Not Found" message="The business you're looking for doesn't exist or has been removed.">
      <Link to="/search" className={buttonClass("primary")}>
        Return to Search
      </Link>
    </ErrorPage>
  );
}
