import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { AdminPage, adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { queueQuery, staffQueueFilters } from "~/components/admin/filings/queue-filters";
import { FilingStatusBadge } from "~/components/filings/status-badge";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { Button } from "~/components/ui/button";
import { formatCardDate } from "~/lib/dates";
import { FILING_KIND_LABELS, FILING_KINDS, FILING_STATUS_LABELS, FILING_STATUSES } from "~/lib/filings/kinds";
import { AGE_FILTERS } from "~/lib/filings/queue";
import { roleOf } from "~/lib/roles";
import { listFilingQueue } from "~/models/filings/queue.server";
import { requireListQuery } from "~/utils/admin-list.server";

export const meta: MetaFunction = () => [{ title: "Filings | Admin | Florida Business Registry" }];

/** Staff never see drafts: they are the applicant's own until submitted. */
const STATUS_OPTIONS = FILING_STATUSES.filter((s) => s !== "draft").map((s) => ({ value: s, label: FILING_STATUS_LABELS[s] }));
const KIND_OPTIONS = FILING_KINDS.map((k) => ({ value: k, label: FILING_KIND_LABELS[k] }));
const AGE_OPTIONS = Object.entries(AGE_FILTERS)
  .filter(([value]) => value !== "")
  .map(([value, label]) => ({ value, label }));

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, params, page } = await requireListQuery(request);
  const filters = staffQueueFilters(params);
  const { items, pagination } = listFilingQueue(filters, { page, limit: 25 });
  return {
    isAdmin: roleOf(user) === "admin",
    form: { status: filters.status ?? "", kind: filters.kind ?? "", age: filters.minAgeDays ? String(filters.minAgeDays) : "", q: filters.q ?? "" },
    csvQuery: queueQuery(filters),
    pagination,
    filings: items.map((f) => ({ ...f, submittedAt: f.submittedAt?.toISOString() ?? null, updatedAt: f.updatedAt.toISOString() })),
  };
}

export default function FilingQueue() {
  const { isAdmin, form, csvQuery, pagination, filings } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Filings"
      lead="Applications for a receipt, transfers, changes of location and closings sent by businesses, oldest first. Open one to see its answers and documents and to decide."
    >
      {isAdmin ? (
        <p className="mt-2 text-sm">
          <Link to="/admin/filings/categories" className={adminLinkClass}>
            Business activities
          </Link>{" "}
          (the list applicants choose from)
        </p>
      ) : null}
      <FilterForm label="Filter the filings" className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FilterSelect id="f-status" name="status" label="Status" defaultValue={form.status} anyLabel="Any status" options={STATUS_OPTIONS} />
        <FilterSelect id="f-kind" name="kind" label="Kind" defaultValue={form.kind} anyLabel="Any kind" options={KIND_OPTIONS} />
        <FilterSelect id="f-age" name="age" label="Waiting" defaultValue={form.age} anyLabel={AGE_FILTERS[""]} options={AGE_OPTIONS} />
        <FilterInput id="f-q" type="search" name="q" label="Business name" defaultValue={form.q} maxLength={100} />
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </FilterForm>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" data-testid="filings-total">
          {pagination.total === 1 ? "1 filing" : `${pagination.total.toLocaleString("en-US")} filings`}
        </p>
        <CsvDownloadLink href={`/api/admin/filings.csv?${csvQuery}`} filename="filings.csv" what="filings list">
          Download (CSV)
        </CsvDownloadLink>
      </div>
      <DataTable
        caption="Filings, oldest submission first"
        headers={["Filing", "Kind", "Business", "Applicant", "Status", "Submitted", "Days waiting"]}
        rowCount={filings.length}
        empty="No filings match these filters."
        pagination={pagination}
        testId="filings-queue"
      >
        {filings.map((f) => (
          <tr key={f.id} data-testid={`filing-row-${f.id}`}>
            <td className={cellClass}>
              <Link to={`/admin/filings/${f.id}`} className={adminLinkClass}>
                #{f.id}
                <span className="sr-only">, {f.name ?? FILING_KIND_LABELS[f.kind]}</span>
              </Link>
            </td>
            <td className={cellClass}>{FILING_KIND_LABELS[f.kind] ?? f.kind}</td>
            <td className={cellClass}>{f.name ?? "—"}</td>
            <td className={cellClass}>{f.applicant ?? "—"}</td>
            <td className={cellClass}>
              <FilingStatusBadge status={f.status} />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{formatCardDate(f.submittedAt, "—")}</td>
            <td className={cellClass}>{f.daysWaiting ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
