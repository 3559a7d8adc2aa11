import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import type { TFunction } from "i18next";
import type { z } from "zod";
import { Trans, useTranslation } from "react-i18next";
import { ActionError, AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { TrackingFigures, UnansweredLinks } from "~/components/admin/tracking-figures";
import { Button } from "~/components/ui/button";
import { useFormat } from "~/lib/hooks/use-format";
import { translateMessage } from "~/lib/i18n-message";
import { LANGUAGE_LOCALES } from "~/lib/languages";
import { translatedMeta } from "~/lib/meta";
import { FILING_TYPE_CODES, filingTypeLabel } from "~/lib/filing-types";
import { letterTerms } from "~/lib/letters";
import { DEFAULT_PAGE_SIZE } from "~/lib/pagination";
import { letterErrorText, letterFiltersFromForm, LetterBatchFiltersSchema, type LetterBatchFilters } from "~/lib/schemas/letter-batch";
import { BUSINESS_STATUSES } from "~/lib/status";
import { countLetterRecipients, createLetterBatch, LetterError, listLetterBatches, trackingStats, unansweredLetters } from "~/models/letters.server";
import { requireListQuery } from "~/utils/admin-list.server";
import { pageMetaText, requestT } from "~/utils/i18n.server";
import { requireStaff } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getTownContact } from "~/models/town.server";

export const handle = { i18n: ["admin"] };

export const meta: MetaFunction<typeof loader> = ({ data }) => translatedMeta(data?.meta);

/** The schema's messages (keys) in the page's language, by field. */
function localFieldErrors(t: TFunction, error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[issue.path.join(".")] ??= []).push(translateMessage(t, issue.message));
  return fieldErrors;
}


export async function loader({ request }: LoaderFunctionArgs) {
  const { params, page, form } = await requireListQuery(request);
  const { t } = await requestT(request, "admin");
  const town = getTownContact().name;
  let preview: { filters: LetterBatchFilters; count: number } | null = null;
  let errors: Record<string, string[]> | null = null;
  if (params.get("filters")) {
    const parsed = LetterBatchFiltersSchema.safeParse(letterFiltersFromForm(params));
    if (parsed.success) preview = { filters: parsed.data, count: countLetterRecipients(town, parsed.data) };
    else errors = localFieldErrors(t, parsed.error);
  }
  const batches = listLetterBatches({ page, limit: DEFAULT_PAGE_SIZE });
  const now = new Date();
  return {
    meta: pageMetaText(t, t("letters.metaTitle"), t("letters.description")),
    town,
    fiscalYear: letterTerms(now).fiscalYear,
    form,
    preview,
    errors,
    overall: trackingStats(),
    unanswered: [30, 60, 90].map((days) => ({ days, count: unansweredLetters(days, now).length })),
    batches: {
      pagination: batches.pagination,
      items: batches.items.map((b) => ({ id: b.id, letterCount: b.letterCount, fiscalYear: b.fiscalYear, mailedOn: b.mailedOn, createdAt: b.createdAt.toISOString(), stats: b.stats })),
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireStaff(request);
  const form = await request.formData();
  const { t } = await requestT(request, "admin");
  const parsed = LetterBatchFiltersSchema.safeParse(letterFiltersFromForm(form));
  if (!parsed.success) return data({ error: t("letters.errors.checkFilters"), fieldErrors: localFieldErrors(t, parsed.error) }, { status: 400 });
  try {
    const batch = createLetterBatch(user, getTownContact().name, parsed.data, letterTerms(new Date()).fiscalYear);
    return redirectWithToast(`/admin/letters/${batch.id}`, { title: t("letters.toasts.created"), description: t("letters.toasts.createdText", { total: batch.count }) });
  } catch (error) {
    if (error instanceof LetterError) return data({ error: letterErrorText(t, error.message), fieldErrors: {} }, { status: error.status });
    throw error;
  }
}

const FILING_TYPES = FILING_TYPE_CODES.map((t) => ({ value: t, label: filingTypeLabel(t) }));

function HiddenFilters({ filters }: { filters: LetterBatchFilters }) {
  return (
    <>
      <input type="hidden" name="filters" value="1" />
      {filters.unclaimed ? <input type="hidden" name="unclaimed" value="on" /> : null}
      <input type="hidden" name="mailed" value={filters.mailed} />
      {filters.mailedBefore ? <input type="hidden" name="mailedBefore" value={filters.mailedBefore} /> : null}
      {filters.status ? <input type="hidden" name="status" value={filters.status} /> : null}
      {filters.filingType ? <input type="hidden" name="filingType" value={filters.filingType} /> : null}
      {filters.q ? <input type="hidden" name="q" value={filters.q} /> : null}
    </>
  );
}

export default function LetterBatches() {
  const { town, fiscalYear, form, preview, errors, overall, unanswered, batches } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fieldErrors: Record<string, string[] | undefined> = errors ?? actionData?.fieldErrors ?? {};
  const unclaimedChecked = form.filters ? form.unclaimed === "on" : true;
  const { t } = useTranslation("admin");
  const { cardDate, language } = useFormat();
  const number = (n: number) => n.toLocaleString(LANGUAGE_LOCALES[language]);
  const mailedOptions = (["never", "before", "any"] as const).map((value) => ({ value, label: t(`letters.mailedOptions.${value}`) }));
  return (
    <AdminPage
      title={t("letters.title")}
      lead={t("letters.lead", { town, fiscalYear })}
    >
      <AdminSection id="new-batch" title={t("letters.newBatch")} className="mt-8">
        <FilterForm label={t("letters.chooseBusinesses")} className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <input type="hidden" name="filters" value="1" />
          <div className="flex items-center gap-2 pt-6">
            <input id="f-unclaimed" type="checkbox" name="unclaimed" defaultChecked={unclaimedChecked} className="h-4 w-4" />
            <label htmlFor="f-unclaimed" className="text-sm font-medium">
              {t("letters.unclaimedOnly")}
            </label>
          </div>
          <FilterSelect id="f-mailed" name="mailed" label={t("letters.earlierLetters")} defaultValue={form.mailed ?? "never"} options={mailedOptions} />
          <FilterInput
            id="f-mailed-before"
            type="date"
            name="mailedBefore"
            label={t("letters.mailedBefore")}
            defaultValue={form.mailedBefore}
            errors={fieldErrors.mailedBefore ?? []}
          />
          <FilterSelect id="f-status" name="status" label={t("letters.status")} defaultValue={form.status} anyLabel={t("letters.anyStatus")} options={BUSINESS_STATUSES} />
          <FilterSelect id="f-type" name="filingType" label={t("letters.filingType")} defaultValue={form.filingType} anyLabel={t("letters.anyFilingType")} options={FILING_TYPES} />
          <FilterInput id="f-q" type="search" name="q" label={t("letters.nameContains")} maxLength={200} defaultValue={form.q} />
          <div>
            <Button type="submit" variant="outline">
              {t("letters.preview")}
            </Button>
          </div>
        </FilterForm>

        {preview ? (
          <div className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="batch-preview">
            <p role="status">
              <Trans
                t={t}
                i18nKey={preview.count === 1 ? "letters.matchesOne" : "letters.matchesMany"}
                values={{ total: number(preview.count) }}
                components={{ strong: <strong /> }}
              />
            </p>
            {preview.count > 0 ? (
              <Form method="post" className="mt-3">
                <HiddenFilters filters={preview.filters} />
                <Button type="submit">{t("letters.create", { total: number(preview.count) })}</Button>
                <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">{t("letters.newCodes")}</p>
              </Form>
            ) : null}
          </div>
        ) : null}
        <ActionError error={actionData?.error} />
      </AdminSection>

      <AdminSection id="tracking" title={t("letters.trackingAll")}>
        <TrackingFigures stats={overall} label={t("letters.allBatches")} testId="tracking-overall" />
        <h3 className="mt-6 font-semibold">{t("letters.notAnswered")}</h3>
        <UnansweredLinks className="mt-2" unanswered={unanswered} label={(u) => t("letters.unansweredLink", { days: u.days, total: u.count })} />
      </AdminSection>

      <AdminSection id="batches" title={t("letters.batches")}>
        <DataTable
          className="mt-3"
          caption={t("letters.batchesCaption")}
          headers={[
            t("letters.headers.batch"),
            t("letters.headers.created"),
            t("letters.headers.fiscalYear"),
            t("letters.headers.letters"),
            t("letters.headers.mailed"),
            t("letters.headers.claimed"),
            t("letters.headers.paid"),
          ]}
          rowCount={batches.items.length}
          empty={t("letters.noBatches")}
          pagination={batches.pagination}
        >
          {batches.items.map((b) => (
            <tr key={b.id} data-testid={`batch-row-${b.id}`}>
              <td className={cellClass}>
                <Link to={`/admin/letters/${b.id}`} className={adminLinkClass}>
                  {t("letters.batchLink", { id: b.id })}
                </Link>
              </td>
              <td className={cellClass}>{cardDate(b.createdAt)}</td>
              <td className={cellClass}>{b.fiscalYear}</td>
              <td className={cellClass}>{b.letterCount}</td>
              <td className={cellClass}>{b.mailedOn ?? t("letters.notYet")}</td>
              <td className={cellClass}>{b.stats.claimed}</td>
              <td className={cellClass}>{b.stats.paid}</td>
            </tr>
          ))}
        </DataTable>
      </AdminSection>
    </AdminPage>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/error-boundary";
