import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaginationNav } from "~/components/pagination-nav";
import { Button } from "~/components/ui/button";
import { inputClass } from "~/components/ui/form-field";
import { parsePage } from "~/lib/pagination";
import { auditActions, listAudit } from "~/models/audit.server";
import { readAuditFilters } from "~/utils/audit-filters.server";
import { requireStaff } from "~/utils/session.server";

export const meta: MetaFunction = () => [{ title: "Audit log | Admin | Florida Business Registry" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  let filters;
  try {
    filters = readAuditFilters(params);
  } catch {
    filters = {};
  }
  const { items, pagination } = listAudit(filters, { page: parsePage(params.get("page")), limit: 25 });
  const query = new URLSearchParams(Object.entries(Object.fromEntries(params)).filter(([k]) => k !== "page"));
  return {
    form: Object.fromEntries(params),
    actions: auditActions(),
    csvQuery: query.toString(),
    pagination,
    entries: items.map((e) => ({ ...e, at: e.at.toISOString(), before: e.before === null ? "" : JSON.stringify(e.before), after: e.after === null ? "" : JSON.stringify(e.after) })),
  };
}

const cell = "px-3 py-2 align-top";
const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";

export default function AuditLog() {
  const { form, actions, csvQuery, pagination, entries } = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className={linkClass}>
          Admin Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Audit log</h1>
      <Form method="get" className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Filter the audit log">
        <div>
          <label htmlFor="a-actor" className="mb-1 block text-sm font-medium">
            Actor (username or id)
          </label>
          <input id="a-actor" name="actor" defaultValue={form.actor} className={inputClass} />
        </div>
        <div>
          <label htmlFor="a-action" className="mb-1 block text-sm font-medium">
            Action
          </label>
          <select id="a-action" name="action" defaultValue={form.action ?? ""} className={inputClass}>
            <option value="">Any action</option>
            {actions.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="a-entity" className="mb-1 block text-sm font-medium">
            Entity
          </label>
          <select id="a-entity" name="entity" defaultValue={form.entity ?? ""} className={inputClass}>
            <option value="">Any entity</option>
            {["business", "user", "letter_batch", "letter", "payment", "fee_schedule"].map((e) => (
              <option key={e} value={e}>
                {e}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="a-from" className="mb-1 block text-sm font-medium">
            From
          </label>
          <input id="a-from" type="date" name="from" defaultValue={form.from} className={inputClass} />
        </div>
        <div>
          <label htmlFor="a-to" className="mb-1 block text-sm font-medium">
            To
          </label>
          <input id="a-to" type="date" name="to" defaultValue={form.to} className={inputClass} />
        </div>
        <div className="flex items-end">
          <Button type="submit">Filter</Button>
        </div>
      </Form>
      <div className="mt-4">
        <CsvDownloadLink href={`/api/admin/audit?format=csv${csvQuery ? `&${csvQuery}` : ""}`} filename="audit.csv" what="audit log">
          Download (CSV)
        </CsvDownloadLink>
      </div>
      {entries.length === 0 ? (
        <p className="mt-4 text-sm">No entries.</p>
      ) : (
        <div className="mt-4 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
            <caption className="sr-only">Audit log entries, newest first</caption>
            <thead>
              <tr>
                {["When (UTC)", "Actor", "Action", "Entity", "Before", "After"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 text-left font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {entries.map((e) => (
                <tr key={e.id} data-testid={`audit-row-${e.id}`}>
                  <td className={`${cell} whitespace-nowrap`}>{e.at.replace("T", " ").slice(0, 19)}</td>
                  <td className={cell}>{e.actorUsername ?? "—"}</td>
                  <td className={cell}>{e.action}</td>
                  <td className={cell}>
                    {e.entityType} {e.entityId ?? ""}
                  </td>
                  <td className={`${cell} max-w-xs break-all font-mono text-xs`}>{e.before}</td>
                  <td className={`${cell} max-w-xs break-all font-mono text-xs`}>{e.after}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <PaginationNav page={pagination.page} totalPages={pagination.totalPages} />
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
