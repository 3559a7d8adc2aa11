import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { AdminPage } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { Button } from "~/components/ui/button";
import { readAuditFilters } from "~/lib/audit-filters";
import { auditActions, listAudit } from "~/models/audit.server";
import { requireListQuery } from "~/utils/admin-list.server";

export const meta: MetaFunction = () => [{ title: "Audit log | Admin | Florida Business Registry" }];

const ENTITIES = ["business", "user", "letter_batch", "letter", "payment", "fee_schedule"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { params, page, form, filterQuery } = await requireListQuery(request);
  // A bad date or id shows the whole log (the API answers it with 400).
  const read = readAuditFilters(params);
  const filters = read.ok ? read.filters : {};
  const { items, pagination } = listAudit(filters, { page, limit: 25 });
  return {
    form,
    actions: auditActions(),
    csvQuery: filterQuery,
    pagination,
    entries: items.map((e) => ({ ...e, at: e.at.toISOString(), before: e.before === null ? "" : JSON.stringify(e.before), after: e.after === null ? "" : JSON.stringify(e.after) })),
  };
}

const json = `${cellClass} max-w-xs break-all font-mono text-xs`;

export default function AuditLog() {
  const { form, actions, csvQuery, pagination, entries } = useLoaderData<typeof loader>();
  return (
    <AdminPage title="Audit log">
      <FilterForm label="Filter the audit log" className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <FilterInput id="a-actor" name="actor" label="Actor (username or id)" defaultValue={form.actor} />
        <FilterSelect id="a-action" name="action" label="Action" defaultValue={form.action} anyLabel="Any action" options={actions} />
        <FilterSelect id="a-entity" name="entity" label="Entity" defaultValue={form.entity} anyLabel="Any entity" options={ENTITIES} />
        <FilterInput id="a-from" type="date" name="from" label="From" defaultValue={form.from} />
        <FilterInput id="a-to" type="date" name="to" label="To" defaultValue={form.to} />
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </FilterForm>
      <div className="mt-4">
        <CsvDownloadLink href={`/api/admin/audit?format=csv${csvQuery ? `&${csvQuery}` : ""}`} filename="audit.csv" what="audit log">
          Download (CSV)
        </CsvDownloadLink>
      </div>
      <DataTable
        caption="Audit log entries, newest first"
        headers={["When (UTC)", "Actor", "Action", "Entity", "Before", "After"]}
        rowCount={entries.length}
        empty="No entries."
        pagination={pagination}
      >
        {entries.map((e) => (
          <tr key={e.id} data-testid={`audit-row-${e.id}`}>
            <td className={`${cellClass} whitespace-nowrap`}>{e.at.replace("T", " ").slice(0, 19)}</td>
            <td className={cellClass}>{e.actorUsername ?? "—"}</td>
            <td className={cellClass}>{e.action}</td>
            <td className={cellClass}>
              {e.entityType} {e.entityId ?? ""}
            </td>
            <td className={json}>{e.before}</td>
            <td className={json}>{e.after}</td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
