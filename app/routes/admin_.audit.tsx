import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { Button } from "~/components/ui/button";
import { readAuditFilters } from "~/lib/audit-filters";
import { translatedMeta } from "~/lib/meta";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { auditActions, listAudit } from "~/models/audit.server";
import { requireListQuery } from "~/utils/admin-list.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const ENTITIES = ["business", "user", "letter_batch", "letter", "payment", "fee_schedule"];

export async function loader({ request }: LoaderFunctionArgs) {
  const { params, page, form, filterQuery } = await requireListQuery(request);
  // A bad date or id shows the whole log (the API answers it with 400).
  const read = readAuditFilters(params);
  const filters = read.ok ? read.filters : {};
  const { items, pagination } = listAudit(filters, { page, limit: 25 });
  const { t } = await requestT(request, "admin");
  return {
    meta: pageMetaText(t, t("audit.title"), t("audit.description")),
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
  const { t } = useTranslation("admin");
  return (
    <AdminPage title={t("audit.heading")}>
      <FilterForm label={t("audit.filterLabel")} className="mt-6 grid gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <FilterInput id="a-actor" name="actor" label={t("audit.actor")} defaultValue={form.actor} />
        <FilterSelect id="a-action" name="action" label={t("audit.action")} defaultValue={form.action} anyLabel={t("audit.anyAction")} options={actions} />
        <FilterSelect id="a-entity" name="entity" label={t("audit.entity")} defaultValue={form.entity} anyLabel={t("audit.anyEntity")} options={ENTITIES} />
        <FilterInput id="a-from" type="date" name="from" label={t("audit.from")} defaultValue={form.from} />
        <FilterInput id="a-to" type="date" name="to" label={t("audit.to")} defaultValue={form.to} />
        <div className="flex items-end">
          <Button type="submit">{t("filters.filter")}</Button>
        </div>
      </FilterForm>
      <div className="mt-4">
        <CsvDownloadLink href={`/api/admin/audit?format=csv${csvQuery ? `&${csvQuery}` : ""}`} filename="audit.csv" what="admin:downloads.auditLog">
          {t("downloads.csv")}
        </CsvDownloadLink>
      </div>
      <DataTable
        caption={t("audit.caption")}
        headers={["when", "actor", "action", "entity", "before", "after"].map((key) => t(`audit.headers.${key}`))}
        rowCount={entries.length}
        empty={t("audit.empty")}
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
