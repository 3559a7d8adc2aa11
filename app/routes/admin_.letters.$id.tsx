import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ActionError, AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterInput } from "~/components/admin/filter-form";
import { RowAction } from "~/components/admin/row-action";
import { TrackingFigures, UnansweredLinks } from "~/components/admin/tracking-figures";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { Button, buttonClass } from "~/components/ui/button";
import { translateMessage } from "~/lib/i18n-message";
import { parseId } from "~/lib/ids";
import { translatedMeta } from "~/lib/meta";
import { DEFAULT_PAGE_SIZE } from "~/lib/pagination";
import { letterErrorText, MarkMailedSchema } from "~/lib/schemas/letter-batch";
import { getLetterBatch, LetterError, listBatchLetters, markBatchMailed, reissueLetter, trackingStats, unansweredLetters } from "~/models/letters.server";
import { requireListQuery } from "~/utils/admin-list.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireStaff } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

function batchId(value: string | undefined) {
  const id = parseId(value);
  if (id === null) throw new Response("Letter batch not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { page } = await requireListQuery(request);
  const { t } = await requestT(request, "admin");
  const id = batchId(params.id);
  const batch = getLetterBatch(id);
  if (!batch) throw new Response("Letter batch not found", { status: 404 });
  const letters = listBatchLetters(id, { page, limit: DEFAULT_PAGE_SIZE });
  const now = new Date();
  return {
    meta: pageMetaText(t, t("letters.batch.metaTitle"), t("letters.batch.description")),
    batch: { id: batch.id, letterCount: batch.letterCount, fiscalYear: batch.fiscalYear, mailedOn: batch.mailedOn, createdAt: batch.createdAt.toISOString() },
    stats: trackingStats(id),
    unanswered: [30, 60, 90].map((days) => ({ days, count: unansweredLetters(days, now, id).length })),
    letters: {
      pagination: letters.pagination,
      items: letters.items.map((l) => ({ letterId: l.letterId, businessId: l.businessId, name: l.name, current: l.code !== null, isClaimed: l.isClaimed, reissued: l.reissuedAt !== null })),
    },
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const id = batchId(params.id);
  const form = await request.formData();
  const { t } = await requestT(request, "admin");
  try {
    if (form.get("intent") === "mailed") {
      const parsed = MarkMailedSchema.safeParse({ mailedOn: form.get("mailedOn") || undefined });
      if (!parsed.success) {
        const fieldErrors: Record<string, string[]> = {};
        for (const issue of parsed.error.issues) (fieldErrors[issue.path.join(".")] ??= []).push(translateMessage(t, issue.message));
        return data({ fieldErrors, error: null }, { status: 400 });
      }
      markBatchMailed(user, id, parsed.data.mailedOn);
      return redirectWithToast(`/admin/letters/${id}`, { title: t("letters.toasts.mailed"), description: t("letters.toasts.mailedText", { date: parsed.data.mailedOn }) });
    }
    if (form.get("intent") === "reissue") {
      const letterId = parseId(form.get("letterId"));
      if (letterId === null) return data({ fieldErrors: {}, error: t("letters.errors.chooseLetter") }, { status: 400 });
      reissueLetter(user, letterId);
      return redirectWithToast(`/admin/letters/${id}`, {
        title: t("letters.toasts.reissued"),
        description: t("letters.toasts.reissuedText", { id: letterId }),
      });
    }
    return data({ fieldErrors: {}, error: t("letters.errors.unknownAction") }, { status: 400 });
  } catch (error) {
    if (error instanceof LetterError) return data({ fieldErrors: {}, error: letterErrorText(t, error.message) }, { status: error.status });
    throw error;
  }
}

export default function LetterBatch() {
  const { batch, stats, unanswered, letters } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fieldErrors: Record<string, string[] | undefined> = actionData?.fieldErrors ?? {};
  const base = `/api/admin/letter-batches/${batch.id}`;
  const { t } = useTranslation("admin");
  return (
    <AdminPage
      back={{ to: "/admin/letters", label: t("letters.title") }}
      title={t("letters.batch.title", { id: batch.id })}
      lead={`${t("letters.batch.lead", { total: batch.letterCount, fiscalYear: batch.fiscalYear })} ${
        batch.mailedOn ? t("letters.batch.mailedOn", { date: batch.mailedOn }) : t("letters.batch.notMailed")
      }`}
    >
      <ActionError error={actionData?.error} />

      <div className="mt-6 flex flex-wrap gap-3">
        <a href={`${base}/letters.pdf`} className={buttonClass("primary")} download>
          {t("letters.batch.downloadPdf")}
        </a>
        <CsvDownloadLink href={`${base}/letters.csv`} filename={`letters-batch-${batch.id}.csv`} what="admin:letters.batch.downloadWhat">
          {t("letters.batch.downloadCsv")}
        </CsvDownloadLink>
      </div>

      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3" aria-label={t("letters.batch.markLabel")}>
        <input type="hidden" name="intent" value="mailed" />
        <FilterInput id="mailed-on" type="date" name="mailedOn" label={t("letters.batch.mailedOnLabel")} required defaultValue={batch.mailedOn ?? ""} errors={fieldErrors.mailedOn ?? []} />
        <Button type="submit" variant="outline">
          {t("letters.batch.markMailed")}
        </Button>
      </Form>

      <AdminSection id="tracking" title={t("letters.batch.tracking")} className="mt-8">
        <TrackingFigures stats={stats} label={t("letters.batchLink", { id: batch.id })} testId="tracking-batch" />
        <UnansweredLinks unanswered={unanswered} batchId={batch.id} label={(u) => t("letters.batch.unansweredLink", { days: u.days, total: u.count })} />
      </AdminSection>

      <AdminSection id="letters" title={t("letters.batch.letters")} className="mt-8">
        <DataTable className="mt-3" caption={t("letters.batch.caption", { id: batch.id })}
          headers={[t("letters.batch.headers.letter"), t("letters.batch.headers.business"), t("letters.batch.headers.code"), t("letters.batch.headers.claimed"), t("letters.batch.headers.actions")]} pagination={letters.pagination}>
          {letters.items.map((l) => (
            <tr key={l.letterId} data-testid={`letter-row-${l.letterId}`}>
              <td className={cellClass}>{l.letterId}</td>
              <td className={cellClass}>
                <Link to={`/admin/businesses/${l.businessId}`} className={adminLinkClass}>
                  {l.name}
                </Link>
              </td>
              <td className={cellClass}>{l.current ? (l.reissued ? t("letters.batch.reissuedLive") : t("letters.batch.live")) : t("letters.batch.replaced")}</td>
              <td className={cellClass}>{l.isClaimed ? t("letters.batch.yes") : t("letters.batch.no")}</td>
              <td className={`${cellClass} flex flex-wrap gap-2`}>
                <a href={`${base}/letters.pdf?letter=${l.letterId}`} className={adminLinkClass} download>
                  PDF<span className="sr-only"> {t("letters.batch.ofLetter", { id: l.letterId })}</span>
                </a>
                {!l.isClaimed ? (
                  <RowAction fields={{ intent: "reissue", letterId: l.letterId }} label={t("letters.batch.reissue")} rowName={t("letters.batch.reissueRow", { id: l.letterId })} variant="ghost" buttonClassName="px-2 py-0" />
                ) : null}
              </td>
            </tr>
          ))}
        </DataTable>
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
