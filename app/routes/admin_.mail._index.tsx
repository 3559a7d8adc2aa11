import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminPage, AdminSection } from "~/components/admin/admin-page";
import { DataTable } from "~/components/admin/data-table";
import { RowAction } from "~/components/admin/row-action";
import { listJobRuns } from "~/jobs/registry.server";
import { formatTownTime } from "~/lib/dates";
import { translatedMeta } from "~/lib/meta";
import { OUTBOX_STATUSES, type OutboxStatus } from "~/lib/outbox-status";
import { listOutbox, outboxCounts, retryFailed } from "~/models/outbox.server";
import { requireListQuery } from "~/utils/admin-list.server";
import { parseId } from "~/utils/http";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireAdmin } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

const PAGE_SIZE = 20;

export async function loader({ request }: LoaderFunctionArgs) {
  const { params, page } = await requireListQuery(request, "admin");
  const { t, language } = await requestT(request, "admin");
  const when = (at: Date | null) => formatTownTime(at, language);
  const statusParam = params.get("status");
  const status = OUTBOX_STATUSES.includes(statusParam as OutboxStatus) ? (statusParam as OutboxStatus) : undefined;
  const { items, total } = listOutbox({ page, pageSize: PAGE_SIZE, status });
  return {
    meta: pageMetaText(t, t("mail.metaTitle"), t("mail.description")),
    status: status ?? null,
    page,
    totalPages: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    counts: outboxCounts(),
    items: items.map((m) => ({
      ...m,
      nextAttemptAt: when(m.nextAttemptAt),
      sentAt: when(m.sentAt),
      createdAt: when(m.createdAt),
    })),
    jobs: listJobRuns().map((j) => ({
      name: j.name,
      lastStartedAt: when(j.lastStartedAt),
      lastResult: j.lastResult,
      lastError: j.lastError ? j.lastError.split("\n")[0] : null,
    })),
  };
}

/** "Send again" for a message that failed for good. */
export async function action({ request }: ActionFunctionArgs) {
  await requireAdmin(request);
  const form = await request.formData();
  const { t } = await requestT(request, "admin");
  const id = parseId(form.get("id"));
  const ok = id !== null && retryFailed(id);
  return redirectWithToast(
    "/admin/mail?status=failed",
    ok
      ? { title: t("mail.toasts.queued"), description: t("mail.toasts.queuedText", { id }) }
      : { title: t("mail.toasts.notQueued"), description: t("mail.toasts.notQueuedText"), variant: "destructive" },
  );
}

export default function AdminMail() {
  const { status, page, totalPages, counts, items, jobs } = useLoaderData<typeof loader>();
  const { t } = useTranslation("admin");
  const statusLabel = (s: string) => t(`mail.statuses.${s}`, { defaultValue: s });
  return (
    <AdminPage
      title={t("mail.title")}
      lead={t("mail.lead")}
    >
      <nav aria-label={t("mail.filterLabel")} className="mt-6">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link to="/admin/mail" aria-current={status === null ? "page" : undefined} className={filterClass(status === null)}>
              {t("mail.all")} ({counts.pending + counts.sending + counts.sent + counts.failed})
            </Link>
          </li>
          {OUTBOX_STATUSES.map((s) => (
            <li key={s}>
              <Link to={`/admin/mail?status=${s}`} aria-current={status === s ? "page" : undefined} className={filterClass(status === s)}>
                {statusLabel(s)} ({counts[s]})
              </Link>
            </li>
          ))}
        </ul>
      </nav>

      <DataTable
        className="mt-4 rounded-lg border border-slate-200 dark:border-slate-700"
        caption={t("mail.caption")}
        headers={["#", t("mail.headers.queued"), t("mail.headers.to"), t("mail.headers.subject"), t("mail.headers.status"), t("mail.headers.attempts"), t("mail.headers.details")]}
        pagination={{ page, totalPages }}
      >
        {items.length === 0 ? (
          <tr>
            <td colSpan={7} className="px-3 py-6 text-center text-slate-700 dark:text-slate-300">
              {t("mail.empty")}
            </td>
          </tr>
        ) : (
          items.map((m) => (
            <tr key={m.id} data-testid="outbox-row">
              <td className="px-3 py-2">{m.id}</td>
              <td className="whitespace-nowrap px-3 py-2">{m.createdAt}</td>
              <td className="px-3 py-2">{m.toAddress}</td>
              <td className="px-3 py-2">
                <Link to={`/admin/mail/${m.id}`} className="text-primary-700 underline dark:text-primary-100">
                  {m.subject}
                </Link>
              </td>
              <td className="px-3 py-2">{statusLabel(m.status)}</td>
              <td className="px-3 py-2">{m.attempts}</td>
              <td className="px-3 py-2">
                {m.status === "sent" ? t("mail.sentAt", { when: m.sentAt }) : null}
                {m.status === "pending" && m.attempts > 0 ? `${t("mail.nextTry", { when: m.nextAttemptAt })} ` : null}
                {m.lastError && m.status !== "sent" ? <span className="text-red-800 dark:text-red-300">{m.lastError}</span> : null}
                {m.status === "failed" ? <RowAction className="mt-1" fields={{ id: m.id }} label={t("mail.sendAgain")} rowName={t("mail.messageRow", { id: m.id })} buttonClassName="px-2 py-1 text-xs" /> : null}
              </td>
            </tr>
          ))
        )}
      </DataTable>

      <AdminSection id="jobs-heading" title={t("mail.jobs")}>
        {jobs.length === 0 ? (
          <p className="mt-2 text-slate-700 dark:text-slate-300">{t("mail.noJobs")}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {jobs.map((j) => (
              <li key={j.name}>
                <strong>{j.name}</strong>: {t("mail.lastRun", { when: j.lastStartedAt || t("mail.never") })}
                {j.lastError ? <span className="text-red-800 dark:text-red-300"> {t("mail.jobFailed", { error: j.lastError })}</span> : j.lastResult ? ` ${j.lastResult}` : null}
              </li>
            ))}
          </ul>
        )}
      </AdminSection>
    </AdminPage>
  );
}

function filterClass(active: boolean) {
  return `inline-block rounded-md border px-3 py-1.5 text-sm ${
    active
      ? "border-primary-700 bg-primary-700 text-white dark:border-primary-100"
      : "border-slate-300 text-slate-800 dark:border-slate-600 dark:text-slate-200"
  }`;
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
