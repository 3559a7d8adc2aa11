import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { OverviewCharts } from "~/components/admin/charts/overview-charts";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { PaginationNav } from "~/components/pagination-nav";
import { Button } from "~/components/ui/button";
import { StatusBadge } from "~/components/ui/status-badge";
import { TabNav } from "~/components/ui/tab-nav";
import { useFormat } from "~/lib/hooks/use-format";
import { filingTypeLabel } from "~/lib/filing-types";
import { DEFAULT_PAGE_SIZE, parsePage, type Pagination } from "~/lib/pagination";
import { parseAdminTab, type AdminTab } from "~/lib/admin-tabs";
import { listBusinesses } from "~/models/admin/businesses.server";
import { listDriversLicensesPage } from "~/models/admin/licenses.server";
import { listPayments } from "~/models/admin/payments.server";
import { getOverview } from "~/models/admin/overview.server";
import { getAdminSummary } from "~/models/admin/summary.server";
import { listUsers } from "~/models/admin/users.server";
import { readBusinessFilters } from "~/utils/http";
import { requireStaff } from "~/utils/session.server";
import { translatedMeta } from "~/lib/meta";
import { ROLES, roleOf } from "~/lib/roles";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** The tabs' names: keys of the "admin" namespace. */
const TAB_LABELS: Record<AdminTab, string> = {
  users: "page.tabs.users",
  businesses: "page.tabs.businesses",
  "claimed-businesses": "page.tabs.claimedBusinesses",
  payments: "page.tabs.payments",
  licenses: "page.tabs.licenses",
};

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function loadTab(tab: AdminTab, params: URLSearchParams) {
  const request = { page: parsePage(params.get("page")), limit: DEFAULT_PAGE_SIZE };
  switch (tab) {
    case "users": {
      const { items, pagination } = listUsers(request);
      return { tab, pagination, users: items.map((u) => ({ ...u, createdAt: iso(u.createdAt) })) } as const;
    }
    case "businesses":
    case "claimed-businesses": {
      const filters = readBusinessFilters(params);
      const { items, pagination, capped } = listBusinesses(request, filters, { claimed: tab === "claimed-businesses" ? true : undefined });
      return {
        tab,
        pagination,
        capped,
        filters,
        businesses: items.map((b) => ({
          id: b.id,
          name: b.name,
          documentNumber: b.documentNumber,
          filingType: b.filingType,
          status: b.status,
          city: b.city,
          isClaimed: b.isClaimed,
          hasPaidBTR: b.hasPaidBTR,
          ownerId: b.ownerId,
          ownerUsername: b.ownerUsername,
          employeeCount: b.employeeCount,
          vehicleCount: b.vehicleCount,
          claimedAt: iso(b.claimedAt),
        })),
      } as const;
    }
    case "payments": {
      const { items, pagination } = listPayments(request);
      return { tab, pagination, payments: items.map((p) => ({ ...p, createdAt: iso(p.createdAt) })) } as const;
    }
    case "licenses": {
      const { items, pagination } = listDriversLicensesPage(request);
      return { tab, pagination, licenses: items } as const;
    }
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const tab = parseAdminTab(params.get("tab"));
  // The overview's charts on /admin itself; the tabs' own URLs (?tab=) are the lists alone.
  const overview = params.get("tab") ? null : getOverview();
  const { t } = await requestT(request, "admin");
  return {
    summary: getAdminSummary(),
    overview,
    view: loadTab(tab, params),
    canManageRoles: roleOf(user) === "admin",
    meta: pageMetaText(t, t("page.title"), t("page.description")),
  };
}

type View = ReturnType<typeof useLoaderData<typeof loader>>["view"];
type ViewWith<K extends "users" | "businesses" | "payments" | "licenses"> = Extract<View, Record<K, unknown[]>>;


export default function Admin() {
  const { summary, overview, view, canManageRoles } = useLoaderData<typeof loader>();
  const filters: { name?: string; doc?: string } = ("filters" in view && view.filters) || {};
  const reportQuery = view.tab === "businesses" ? new URLSearchParams(filters as Record<string, string>).toString() : "";
  const { t } = useTranslation("admin");
  const { money } = useFormat();

  return (
    <AdminPage title={t("page.heading")}>
      <AdminSection id="summary-heading" title={t("page.summary.heading")} className="mt-6" headingClassName="sr-only">
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4" data-testid="admin-summary">
          <Figure label={t("page.summary.businesses")} value={summary.businesses.toLocaleString("en-US")} />
          <Figure label={t("page.summary.claimed")} value={summary.claimed.toLocaleString("en-US")} />
          <Figure label={t("page.summary.paid")} value={summary.paid.toLocaleString("en-US")} />
          <Figure label={t("page.summary.revenue", { year: summary.fiscalYear })} value={money(summary.revenueCents)} />
        </dl>
      </AdminSection>

      {overview ? (
        <AdminSection id="overview-heading" title={t("page.overview")} className="mt-8" headingClassName="text-lg font-semibold">
          <OverviewCharts overview={overview} />
        </AdminSection>
      ) : null}

      <AdminSection id="reports-heading" title={t("page.reports.heading")} className="mt-8" headingClassName="text-lg font-semibold">
        <div className="mt-3 flex flex-wrap items-start gap-3">
          <CsvDownloadLink
            href={`/api/admin/reports/businesses${reportQuery ? `?${reportQuery}` : ""}`}
            filename="businesses.csv"
            what="admin:downloads.businessesReport"
          >
            {reportQuery ? t("page.reports.businessesSearch") : t("page.reports.businesses")}
          </CsvDownloadLink>
          <CsvDownloadLink href="/api/admin/reports/payments" filename="payments.csv" what="admin:downloads.paymentsReport">
            {t("page.reports.payments")}
          </CsvDownloadLink>
        </div>
      </AdminSection>

      <TabNav
        label={t("page.tabs.label")}
        tabs={(Object.keys(TAB_LABELS) as AdminTab[]).map((tab) => ({
          id: tab,
          to: `/admin?tab=${tab}`,
          label: t(TAB_LABELS[tab]),
          active: tab === view.tab,
        }))}
      />

      <AdminSection id="tab-heading" title={t(TAB_LABELS[view.tab])} className="mt-6">
        {view.tab === "businesses" || view.tab === "claimed-businesses" ? (
          <BusinessSearchForm key={`${view.tab}:${filters.name ?? ""}:${filters.doc ?? ""}`} tab={view.tab} name={filters.name} doc={filters.doc} />
        ) : null}
        <Showing pagination={view.pagination} count={rowCount(view)} capped={"capped" in view && view.capped === true} />
        <TabTable view={view} canManageRoles={canManageRoles} />
        <PaginationNav page={view.pagination.page} totalPages={view.pagination.totalPages} />
      </AdminSection>
    </AdminPage>
  );
}

function rowCount(view: View) {
  switch (view.tab) {
    case "users":
      return view.users.length;
    case "businesses":
    case "claimed-businesses":
      return view.businesses.length;
    case "payments":
      return view.payments.length;
    case "licenses":
      return view.licenses.length;
  }
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-700 dark:bg-slate-900">
      <dt className="text-sm text-slate-700 dark:text-slate-300">{label}</dt>
      <dd className="mt-1 text-2xl font-bold">{value}</dd>
    </div>
  );
}

function Showing({ pagination, count, capped }: { pagination: Pagination; count: number; capped: boolean }) {
  const { t } = useTranslation("admin");
  if (pagination.total === 0) return <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">{t("table.noResults")}</p>;
  const from = (pagination.page - 1) * pagination.limit + 1;
  return (
    <p className="mt-4 text-sm text-slate-700 dark:text-slate-300" data-testid="showing">
      {t("table.showing", { from, to: from + count - 1, total: `${pagination.total.toLocaleString("en-US")}${capped ? "+" : ""}` })}
    </p>
  );
}

function BusinessSearchForm({ tab, name, doc }: { tab: AdminTab; name?: string; doc?: string }) {
  const { t } = useTranslation("admin");
  return (
    <Form method="get" action="/admin" role="search" aria-label={t("filters.searchLabel", { what: t(TAB_LABELS[tab]).toLowerCase() })} className="mt-4 flex flex-wrap items-end gap-3">
      <input type="hidden" name="tab" value={tab} />
      <div>
        <label htmlFor="admin-search-name" className="block text-sm font-medium">
          {t("filters.businessName")}
        </label>
        <input
          id="admin-search-name"
          name="name"
          type="search"
          defaultValue={name}
          maxLength={200}
          className="mt-1 w-64 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <div>
        <label htmlFor="admin-search-doc" className="block text-sm font-medium">
          {t("filters.documentNumber")}
        </label>
        <input
          id="admin-search-doc"
          name="doc"
          type="search"
          defaultValue={doc}
          maxLength={40}
          className="mt-1 w-48 rounded-md border border-slate-300 px-3 py-2 text-sm dark:border-slate-600 dark:bg-slate-900"
        />
      </div>
      <Button type="submit">{t("filters.search")}</Button>
      {name || doc ? (
        <Link to={`/admin?tab=${tab}`} className={`${adminLinkClass} py-2 text-sm`}>
          {t("filters.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

function TabTable({ view, canManageRoles }: { view: View; canManageRoles: boolean }) {
  switch (view.tab) {
    case "users":
      return <UsersTable view={view} canManageRoles={canManageRoles} />;
    case "businesses":
    case "claimed-businesses":
      return <BusinessesTable view={view} />;
    case "payments":
      return <PaymentsTable view={view} />;
    case "licenses":
      return <LicensesTable view={view} />;
  }
}

function UsersTable({ view, canManageRoles }: { view: ViewWith<"users">; canManageRoles: boolean }) {
  const { t } = useTranslation("admin");
  const { cardDate } = useFormat();
  if (view.users.length === 0) return null;
  const h = (key: string) => t(`table.headers.${key}`);
  return (
    <DataTable caption={t("page.tabs.users")} headers={[h("id"), h("username"), h("name"), h("email"), h("role"), h("joined")]}>
      {view.users.map((u) => (
        <tr key={u.id} data-testid={`user-row-${u.id}`}>
          <td className={cellClass}>{u.id}</td>
          <td className={cellClass}>{u.username}</td>
          <td className={cellClass}>{[u.firstName, u.lastName].filter(Boolean).join(" ")}</td>
          <td className={cellClass}>{u.email}</td>
          <td className={cellClass}>
            {canManageRoles ? (
              <Form method="post" action={`/admin/users/${u.id}/role`} className="flex items-center gap-2">
                <label htmlFor={`role-${u.id}`} className="sr-only">
                  {t("users.roleOf", { username: u.username })}
                </label>
                <select id={`role-${u.id}`} name="role" defaultValue={roleOf(u)} className="rounded-md border border-slate-300 px-2 py-1 text-sm dark:border-slate-600 dark:bg-slate-900">
                  {ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`users.roles.${r}`)}
                    </option>
                  ))}
                </select>
                <Button type="submit" variant="outline" className="px-2 py-1">
                  {t("users.save")}
                  <span className="sr-only"> {t("users.saveRoleOf", { username: u.username })}</span>
                </Button>
              </Form>
            ) : (
              t(`users.roles.${roleOf(u)}`)
            )}
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{cardDate(u.createdAt)}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function BusinessesTable({ view }: { view: ViewWith<"businesses"> }) {
  const { t } = useTranslation("admin");
  const { cardDate } = useFormat();
  if (view.businesses.length === 0) return null;
  const claimedTab = view.tab === "claimed-businesses";
  const headers = (
    claimedTab
      ? ["id", "name", "document", "owner", "claimed", "employees", "vehicles", "btr"]
      : ["id", "name", "document", "type", "status", "city", "claimed", "btr"]
  ).map((key) => t(`table.headers.${key}`));
  return (
    <DataTable caption={t(TAB_LABELS[view.tab])} headers={headers}>
      {view.businesses.map((b) => (
        <tr key={b.id} data-testid={`business-row-${b.id}`}>
          <td className={cellClass}>{b.id}</td>
          <td className={cellClass}>
            <Link to={`/business/${b.id}`} className={adminLinkClass}>
              {b.name}
            </Link>
          </td>
          <td className={`${cellClass} whitespace-nowrap`}>{b.documentNumber}</td>
          {claimedTab ? (
            <>
              <td className={cellClass}>{b.ownerUsername ? `${b.ownerUsername} (#${b.ownerId})` : "—"}</td>
              <td className={`${cellClass} whitespace-nowrap`}>{cardDate(b.claimedAt, "—")}</td>
              <td className={cellClass}>{b.employeeCount ?? t("table.notSpecified")}</td>
              <td className={cellClass}>{b.vehicleCount ?? t("table.notSpecified")}</td>
            </>
          ) : (
            <>
              <td className={cellClass}>{filingTypeLabel(b.filingType)}</td>
              <td className={cellClass}>
                <StatusBadge status={b.status} />
              </td>
              <td className={cellClass}>{b.city}</td>
              <td className={cellClass}>{b.isClaimed ? t("table.yes") : t("table.no")}</td>
            </>
          )}
          <td className={cellClass}>{b.hasPaidBTR ? t("table.paid") : t("table.unpaid")}</td>
        </tr>
      ))}
    </DataTable>
  );
}

function PaymentsTable({ view }: { view: ViewWith<"payments"> }) {
  const { t } = useTranslation("admin");
  const { cardDate, money } = useFormat();
  if (view.payments.length === 0) return null;
  const headers = ["id", "date", "business", "user", "amount", "description", "fiscalYear", "stripePayment", "receipt"].map((key) => t(`table.headers.${key}`));
  return (
    <DataTable caption={t("page.tabs.payments")} headers={headers}>
      {view.payments.map((p) => (
        <tr key={p.id} data-testid={`payment-row-${p.id}`}>
          <td className={cellClass}>{p.id}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{cardDate(p.createdAt)}</td>
          <td className={cellClass}>
            <Link to={`/business/${p.businessId}`} className={adminLinkClass}>
              {p.businessName}
            </Link>
          </td>
          <td className={cellClass}>{p.username ?? t("table.deletedAccount")}</td>
          <td className={`${cellClass} whitespace-nowrap text-right`}>{money(p.amount)}</td>
          <td className={cellClass}>{p.description}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{p.fiscalYear}</td>
          <td className={`${cellClass} font-mono text-xs`}>{p.stripePaymentId}</td>
          <td className={cellClass}>
            <Link to={`/receipt/${p.id}`} className={adminLinkClass} aria-label={t("table.receiptLabel", { id: p.id })}>
              {t("table.view")}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function LicensesTable({ view }: { view: ViewWith<"licenses"> }) {
  const { t } = useTranslation("admin");
  const { cardDate } = useFormat();
  if (view.licenses.length === 0) return null;
  const headers = ["business", "document", "ownerId", "claimed", "license"].map((key) => t(`table.headers.${key}`));
  return (
    <DataTable caption={t("table.licensesCaption")} headers={headers}>
      {view.licenses.map((l) => (
        <tr key={l.id} data-testid={`license-row-${l.id}`}>
          <td className={cellClass}>{l.businessName}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{l.documentNumber}</td>
          <td className={cellClass}>{l.ownerId ?? "—"}</td>
          <td className={`${cellClass} whitespace-nowrap`}>{cardDate(l.claimedDate, "—")}</td>
          <td className={cellClass}>
            <a href={l.driversLicenseUrl} target="_blank" rel="noreferrer" className={adminLinkClass}>
              {t("table.viewLicense")}
              <span className="sr-only"> {t("table.viewLicenseFor", { name: l.businessName })}</span>
            </a>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
