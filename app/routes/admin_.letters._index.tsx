import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionError, AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterForm, FilterInput, FilterSelect } from "~/components/admin/filter-form";
import { TrackingFigures, UnansweredLinks } from "~/components/admin/tracking-figures";
import { Button } from "~/components/ui/button";
import { formatCardDate } from "~/lib/dates";
import { FILING_TYPE_CODES, filingTypeLabel } from "~/lib/filing-types";
import { letterTerms } from "~/lib/letters";
import { DEFAULT_PAGE_SIZE } from "~/lib/pagination";
import { letterFiltersFromForm, LetterBatchFiltersSchema, type LetterBatchFilters } from "~/lib/schemas/letter-batch";
import { BUSINESS_STATUSES } from "~/lib/status";
import { countLetterRecipients, createLetterBatch, LetterError, listLetterBatches, trackingStats, unansweredLetters } from "~/models/letters.server";
import { requireListQuery } from "~/utils/admin-list.server";
import { fieldErrorsOf } from "~/utils/http";
import { requireStaff } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getTownContact } from "~/models/town.server";

export const meta: MetaFunction = () => [{ title: "Claim letters | Admin | Florida Business Registry" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { params, page, form } = await requireListQuery(request);
  const town = getTownContact().name;
  let preview: { filters: LetterBatchFilters; count: number } | null = null;
  let errors: Record<string, string[]> | null = null;
  if (params.get("filters")) {
    const parsed = LetterBatchFiltersSchema.safeParse(letterFiltersFromForm(params));
    if (parsed.success) preview = { filters: parsed.data, count: countLetterRecipients(town, parsed.data) };
    else errors = fieldErrorsOf(parsed.error);
  }
  const batches = listLetterBatches({ page, limit: DEFAULT_PAGE_SIZE });
  const now = new Date();
  return {
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
  const parsed = LetterBatchFiltersSchema.safeParse(letterFiltersFromForm(form));
  if (!parsed.success) return data({ error: "Please check the filters", fieldErrors: fieldErrorsOf(parsed.error) }, { status: 400 });
  try {
    const batch = createLetterBatch(user, getTownContact().name, parsed.data, letterTerms(new Date()).fiscalYear);
    return redirectWithToast(`/admin/letters/${batch.id}`, { title: "Letter batch created", description: `${batch.count} letters with fresh claim codes.` });
  } catch (error) {
    if (error instanceof LetterError) return data({ error: error.message, fieldErrors: {} }, { status: error.status });
    throw error;
  }
}

const MAILED_OPTIONS = [
  { value: "never", label: "Never sent a letter" },
  { value: "before", label: "No letter mailed since a date" },
  { value: "any", label: "Any" },
];
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
  return (
    <AdminPage
      title="Claim letters"
      lead={`Letters to the businesses of ${town} with a fresh claim code each, for fiscal year ${fiscalYear}.`}
    >
      <AdminSection id="new-batch" title="New batch" className="mt-8">
        <FilterForm label="Choose the businesses" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          <input type="hidden" name="filters" value="1" />
          <div className="flex items-center gap-2 pt-6">
            <input id="f-unclaimed" type="checkbox" name="unclaimed" defaultChecked={unclaimedChecked} className="h-4 w-4" />
            <label htmlFor="f-unclaimed" className="text-sm font-medium">
              Not claimed only
            </label>
          </div>
          <FilterSelect id="f-mailed" name="mailed" label="Earlier letters" defaultValue={form.mailed ?? "never"} options={MAILED_OPTIONS} />
          <FilterInput
            id="f-mailed-before"
            type="date"
            name="mailedBefore"
            label={<>Mailed before (for &ldquo;since a date&rdquo;)</>}
            defaultValue={form.mailedBefore}
            errors={fieldErrors.mailedBefore ?? []}
          />
          <FilterSelect id="f-status" name="status" label="Status" defaultValue={form.status} anyLabel="Any status" options={BUSINESS_STATUSES} />
          <FilterSelect id="f-type" name="filingType" label="Filing type" defaultValue={form.filingType} anyLabel="Any filing type" options={FILING_TYPES} />
          <FilterInput id="f-q" type="search" name="q" label="Name contains" maxLength={200} defaultValue={form.q} />
          <div>
            <Button type="submit" variant="outline">
              Preview count
            </Button>
          </div>
        </FilterForm>

        {preview ? (
          <div className="mt-6 rounded-lg border border-slate-200 p-4 dark:border-slate-700" data-testid="batch-preview">
            <p role="status">
              <strong>{preview.count.toLocaleString("en-US")}</strong> {preview.count === 1 ? "business matches" : "businesses match"} these filters.
            </p>
            {preview.count > 0 ? (
              <Form method="post" className="mt-3">
                <HiddenFilters filters={preview.filters} />
                <Button type="submit">Create batch of {preview.count.toLocaleString("en-US")} letters</Button>
                <p className="mt-2 text-xs text-slate-700 dark:text-slate-300">Each business gets a new claim code: codes of earlier letters stop working.</p>
              </Form>
            ) : null}
          </div>
        ) : null}
        <ActionError error={actionData?.error} />
      </AdminSection>

      <AdminSection id="tracking" title="Claim tracking, all batches">
        <TrackingFigures stats={overall} label="All batches" testId="tracking-overall" />
        <h3 className="mt-6 font-semibold">Not answered after mailing</h3>
        <UnansweredLinks className="mt-2" unanswered={unanswered} label={(u) => `${u.days} days: ${u.count} (CSV)`} />
      </AdminSection>

      <AdminSection id="batches" title="Batches">
        <DataTable
          className="mt-3"
          caption="Letter batches"
          headers={["Batch", "Created", "Fiscal year", "Letters", "Mailed", "Claimed", "Paid"]}
          rowCount={batches.items.length}
          empty="No batches yet."
          pagination={batches.pagination}
        >
          {batches.items.map((b) => (
            <tr key={b.id} data-testid={`batch-row-${b.id}`}>
              <td className={cellClass}>
                <Link to={`/admin/letters/${b.id}`} className={adminLinkClass}>
                  Batch {b.id}
                </Link>
              </td>
              <td className={cellClass}>{formatCardDate(b.createdAt)}</td>
              <td className={cellClass}>{b.fiscalYear}</td>
              <td className={cellClass}>{b.letterCount}</td>
              <td className={cellClass}>{b.mailedOn ?? "Not yet"}</td>
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
