import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { Trans, useTranslation } from "react-i18next";
import { AdminPage, adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { queueQuery, staffQueueFilters } from "~/components/admin/filings/queue-filters";
import { FilingStatusBadge } from "~/components/filings/status-badge";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { Button } from "~/components/ui/button";
import { useFormat } from "~/lib/hooks/use-format";
import { FILING_KINDS, FILING_STATUSES } from "~/lib/filings/kinds";
import { AGE_FILTERS } from "~/lib/filings/queue";
import { LANGUAGE_LOCALES } from "~/lib/languages";
import { translatedMeta } from "~/lib/meta";
import { roleOf } from "~/lib/roles";
import { listFilingQueue } from "~/models/filings/queue.server";
import { requireListQuery } from "~/utils/admin-list.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

export async function loader({ request }: LoaderFunctionArgs) {
  const { user, params, page } = await requireListQuery(request);
  const { t } = await requestT(request, "admin");
  const filters = staffQueueFilters(params);
  const { items, pagination } = listFilingQueue(filters, { page, limit: 25 });
  return {
    meta: pageMetaText(t, t("filings.queue.metaTitle"), t("filings.queue.description")),
    isAdmin: roleOf(user) === "admin",
    form: { status: filters.status ?? "", kind: filters.kind ?? "", age: filters.minAgeDays ? String(filters.minAgeDays) : "", q: filters.q ?? "" },
    csvQuery: queueQuery(filters),
    pagination,
    filings: items.map((f) => ({ ...f, submittedAt: f.submittedAt?.toISOString() ?? null, updatedAt: f.updatedAt.toISOString() })),
  };
}

export default function FilingQueue() {
  const { isAdmin, form, csvQuery, pagination, filings } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const { cardDate, language } = useFormat();
  const kindLabel = (kind: string) => t(`filings.kinds.${kind}`, { defaultValue: kind });
  /** Staff never see drafts: they are the applicant's own until submitted. */
  const statusOptions = FILING_STATUSES.filter((s) => s !== "draft").map((s) => ({ value: s, label: t(`filings.statuses.${s}`) }));
  const kindOptions = FILING_KINDS.map((k) => ({ value: k, label: kindLabel(k) }));
  const ageOptions = Object.keys(AGE_FILTERS)
    .filter((value) => value !== "")
    .map((value) => ({ value, label: t(`filings.queue.ages.${value}`) }));
  return (
    <AdminPage title={t("filings.queue.title")} lead={t("filings.queue.lead")}>
      {isAdmin ? (
        <p className="mt-2 text-sm">
          <Trans
            t={t}
            i18nKey="filings.queue.categoriesLink"
            components={{ activities: <Link to="/admin/filings/categories" className={adminLinkClass} /> }}
          />
        </p>
      ) : null}
      <FilterForm label={t("filings.queue.filterLabel")} className="mt-6 grid gap-3 sm:grid-cols-2 lg:grid-cols-5">
        <FilterSelect id="f-status" name="status" label={t("filings.queue.status")} defaultValue={form.status} anyLabel={t("filings.queue.anyStatus")} options={statusOptions} />
        <FilterSelect id="f-kind" name="kind" label={t("filings.queue.kind")} defaultValue={form.kind} anyLabel={t("filings.queue.anyKind")} options={kindOptions} />
        <FilterSelect id="f-age" name="age" label={t("filings.queue.waiting")} defaultValue={form.age} anyLabel={t("filings.queue.ages.any")} options={ageOptions} />
        <FilterInput id="f-q" type="search" name="q" label={t("filings.queue.businessName")} defaultValue={form.q} maxLength={100} />
        <div className="flex items-end">
          <Button type="submit">{t("filings.queue.filter")}</Button>
        </div>
      </FilterForm>
      <div className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm" data-testid="filings-total">
          {pagination.total === 1 ? t("filings.queue.totalOne") : t("filings.queue.totalMany", { total: pagination.total.toLocaleString(LANGUAGE_LOCALES[language]) })}
        </p>
        <CsvDownloadLink href={`/api/admin/filings.csv?${csvQuery}`} filename="filings.csv" what="admin:filings.queue.downloadWhat">
          {t("filings.queue.download")}
        </CsvDownloadLink>
      </div>
      <DataTable
        caption={t("filings.queue.caption")}
        headers={[
          t("filings.queue.headers.filing"),
          t("filings.queue.headers.kind"),
          t("filings.queue.headers.business"),
          t("filings.queue.headers.applicant"),
          t("filings.queue.headers.status"),
          t("filings.queue.headers.submitted"),
          t("filings.queue.headers.daysWaiting"),
        ]}
        rowCount={filings.length}
        empty={t("filings.queue.empty")}
        pagination={pagination}
        testId="filings-queue"
      >
        {filings.map((f) => (
          <tr key={f.id} data-testid={`filing-row-${f.id}`}>
            <td className={cellClass}>
              <Link to={`/admin/filings/${f.id}`} className={adminLinkClass}>
                #{f.id}
                <span className="sr-only">, {f.name ?? kindLabel(f.kind)}</span>
              </Link>
            </td>
            <td className={cellClass}>{kindLabel(f.kind)}</td>
            <td className={cellClass}>{f.name ?? "—"}</td>
            <td className={cellClass}>{f.applicant ?? "—"}</td>
            <td className={cellClass}>
              <FilingStatusBadge status={f.status} label={t(`filings.statuses.${f.status}`)} />
            </td>
            <td className={`${cellClass} whitespace-nowrap`}>{cardDate(f.submittedAt, "—")}</td>
            <td className={cellClass}>{f.daysWaiting ?? "—"}</td>
          </tr>
        ))}
      </DataTable>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
