import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data as withStatus } from "@remix-run/node";
import { isRouteErrorResponse, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorPage } from "~/components/error-boundary";
import { SubscriptionCard } from "~/components/subscription-card";
import { buttonClass } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { principalAddress } from "~/lib/address";
import { filingTypeLabel } from "~/lib/filing-types";
import { getBusinessById, isOwner, toPublicBusiness } from "~/models/business.server";
import { RegistrySections, useDetailDate } from "~/components/business/registry-sections";
import { OwnerFilingLinks } from "~/components/filings/owner-filing-links";
import { STATE_FILING_LABELS } from "~/lib/cordata";
import { getRegistryDetails } from "~/models/business-registry.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";
import { getEnv } from "~/utils/env.server";
import { getUser } from "~/utils/session.server";
import type { PageCacheHandle } from "~/utils/cache.server";
import { parseId } from "~/lib/ids";
import { pageMeta, translatedMeta, type PageMetaText } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";

// Anonymous visitors share the rendered page (app/utils/cache.server.ts); the language is in the
// root's data, so in the page's key.
export const handle: PageCacheHandle & { i18n: string[] } = { pageCache: true, i18n: ["business", "dashboard"] };

/** A missing business's 404 carries its translated title (the loader's data is then undefined). */
function notFoundMeta(error: unknown): PageMetaText | undefined {
  return isRouteErrorResponse(error) ? (error.data as { meta?: PageMetaText } | null)?.meta : undefined;
}

export const meta: MetaFunction<typeof loader> = ({ data, error }) => {
  const text = data?.meta ?? notFoundMeta(error);
  return text ? translatedMeta(text) : pageMeta("Business Not Found", "This business is not in the Florida business registry.");
};

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { t } = await requestT(request, "business");
  const id = parseId(params.id);
  const row = id === null ? undefined : getBusinessById(id);
  if (!row) {
    throw withStatus(
      { message: "Business not found", meta: pageMetaText(t, t("meta.notFoundTitle"), t("meta.notFoundDescription")) },
      { status: 404 },
    );
  }
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
  const business = toPublicBusiness(row);
  return {
    meta: pageMetaText(
      t,
      business.name,
      t("meta.description", { name: business.name, documentNumber: business.documentNumber, city: String(business.city) }),
    ),
    business,
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
  const { t } = useTranslation("business");
  const date = useDetailDate();
  const count = (n: number | null) => (n === null || n === undefined ? t("notSpecified") : String(n));

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <Link to="/search" className="text-sm text-primary-700 underline-offset-2 hover:underline dark:text-primary-100">
        {t("backToSearch")}
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
              {t("details.heading")}
            </h2>
            <dl className="mt-4 grid gap-4 sm:grid-cols-2">
              <Detail label={t("details.filingType")} value={filingTypeLabel(business.filingType, { detail: true })} />
              <Detail label={t("details.status")} value={business.status} />
              <Detail label={t("details.documentNumber")} value={business.documentNumber} mono />
              <Detail label={t("details.city")} value={business.city || t("notSpecified")} />
              <Detail label={t("details.registeredOn")} value={date(business.registeredOn, t("details.unknownDate"))} />
              <Detail label={t("details.principalAddress")} value={address || t("notSpecified")} />
              {business.category ? <Detail label={t("details.category")} value={business.category} /> : null}
              {registry?.stateFilingType ? (
                <Detail
                  label={t("details.stateFilingCode")}
                  value={`${registry.stateFilingType}${
                    STATE_FILING_LABELS[registry.stateFilingType]
                      ? ` (${STATE_FILING_LABELS[registry.stateFilingType]})`
                      : ""
                  }`}
                />
              ) : null}
              {registry?.fei ? <Detail label={t("details.fei")} value={registry.fei} mono /> : null}
              {registry?.formationState ? <Detail label={t("details.formationState")} value={registry.formationState} /> : null}
              {registry?.lastTransactionOn ? (
                <Detail label={t("details.lastStateFiling")} value={date(registry.lastTransactionOn, t("details.unknownDate"))} />
              ) : null}
              {business.isClaimed ? (
                <>
                  <Detail label={t("details.employees")} value={count(business.employeeCount)} />
                  <Detail label={t("details.vehicles")} value={count(business.vehicleCount)} />
                </>
              ) : null}
            </dl>
          </section>
          {registry ? <RegistrySections data={registry} /> : null}
        </div>

        <div className="grid content-start gap-6">
          <section aria-labelledby="status-heading" className={cardClass} data-testid="status-card">
            <h2 id="status-heading" className="text-lg font-semibold">
              {t("status.heading")}
            </h2>
            <p className="mt-3 flex items-center gap-2">
              <StatusBadge status={business.status} />
              <span className="text-sm">{business.isClaimed ? t("status.claimed") : t("status.notClaimed")}</span>
            </p>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">
              {t("status.registeredOn", { date: date(business.registeredOn, t("details.unknownDate")) })}
            </p>
          </section>

          <section aria-labelledby="claim-heading" className={cardClass} data-testid="claim-card">
            <h2 id="claim-heading" className="text-lg font-semibold">
              {t("claim.heading")}
            </h2>
            {!business.isClaimed && business.canBeClaimed ? (
              <>
                <p className="mt-2 text-sm">
                  {t("claim.intro")}
                </p>
                <Link
                  to={loginFirst(signedIn, `/claim/${business.id}`)}
                  className={buttonClass("primary", "mt-4 w-full")}
                >
                  {t("claim.button")}
                </Link>
              </>
            ) : isOwner ? (
              <>
                <p className="mt-2 text-sm">{t("claim.owner")}</p>
                {ownerFilings ? <OwnerFilingLinks businessId={business.id} closedOn={ownerFilings.closedOn} canTransfer={ownerFilings.canTransfer} /> : null}
              </>
            ) : business.isClaimed ? (
              <p className="mt-2 text-sm">
                {t("claim.alreadyClaimed")}
              </p>
            ) : (
              <p className="mt-2 text-sm">
                {t("claim.cannotClaim")}
              </p>
            )}
          </section>

          <section aria-labelledby="pay-heading" className={cardClass} data-testid="pay-card">
            <h2 id="pay-heading" className="text-lg font-semibold">
              {t("pay.heading")}
            </h2>
            {business.hasPaidBTR ? (
              <p className="mt-3">
                <span className="inline-flex items-center rounded-full bg-green-100 px-3 py-1 text-sm font-semibold text-green-800 dark:bg-green-900 dark:text-green-100">
                  {t("pay.paid")}
                </span>
              </p>
            ) : business.isClaimed ? (
              <Link
                to={loginFirst(signedIn, `/payment/${business.id}`)}
                className={buttonClass("primary", "mt-4 w-full")}
              >
                {t("pay.button")}
              </Link>
            ) : (
              <>
                <button
                  type="button"
                  disabled
                  aria-describedby="pay-hint"
                  className={buttonClass("primary", "mt-4 w-full")}
                >
                  {t("pay.button")}
                </button>
                <p id="pay-hint" className="mt-2 text-sm text-slate-700 dark:text-slate-300">
                  {t("pay.claimFirst")}
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
  const { t } = useTranslation("business");
  return (
    <ErrorPage title={t("notFound.title")} message={t("notFound.message")}>
      <Link to="/search" className={buttonClass("primary")}>
        {t("notFound.back")}
      </Link>
    </ErrorPage>
  );
}
