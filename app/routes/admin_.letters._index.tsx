import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrackingFigures } from "~/components/admin/tracking-figures";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaginationNav } from "~/components/pagination-nav";
import { Button } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { formatCardDate } from "~/lib/dates";
import { FILING_TYPE_CODES, filingTypeLabel } from "~/lib/filing-types";
import { letterTerms } from "~/lib/letters";
import { DEFAULT_PAGE_SIZE, parsePage } from "~/lib/pagination";
import { letterFiltersFromForm, LetterBatchFiltersSchema, type LetterBatchFilters } from "~/lib/schemas/letter-batch";
import { BUSINESS_STATUSES } from "~/lib/status";
import { countLetterRecipients, createLetterBatch, LetterError, listLetterBatches, trackingStats, unansweredLetters } from "~/models/letters.server";
import { fieldErrorsOf } from "~/utils/http";
import { requireStaff } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";
import { getTownContact } from "~/utils/town.server";

export const meta: MetaFunction = () => [{ title: "Claim letters | Admin | Florida Business Registry" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request);
  const params = new URL(request.url).searchParams;
  const town = getTownContact().name;
  let preview: { filters: LetterBatchFilters; count: number } | null = null;
  let errors: Record<string, string[]> | null = null;
  if (params.get("filters")) {
    const parsed = LetterBatchFiltersSchema.safeParse(letterFiltersFromForm(params));
    if (parsed.success) preview = { filters: parsed.data, count: countLetterRecipients(town, parsed.data) };
    else errors = fieldErrorsOf(parsed.error);
  }
  const batches = listLetterBatches({ page: parsePage(params.get("page")), limit: DEFAULT_PAGE_SIZE });
  const now = new Date();
  return {
    town,
    fiscalYear: letterTerms(now).fiscalYear,
    form: Object.fromEntries(params),
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

const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";
const cell = "px-3 py-2 align-top";

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
    <div className="mx-auto max-w-7xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin" className={linkClass}>
          Admin Dashboard
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Claim letters</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        Letters to the businesses of {town} with a fresh claim code each, for fiscal year {fiscalYear}.
      </p>

      <section aria-labelledby="new-batch" className="mt-8">
        <h2 id="new-batch" className="text-xl font-semibold">
          New batch
        </h2>
        <Form method="get" className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Choose the businesses">
          <input type="hidden" name="filters" value="1" />
          <div className="flex items-center gap-2 pt-6">
            <input id="f-unclaimed" type="checkbox" name="unclaimed" defaultChecked={unclaimedChecked} className="h-4 w-4" />
            <label htmlFor="f-unclaimed" className="text-sm font-medium">
              Not claimed only
            </label>
          </div>
          <div>
            <label htmlFor="f-mailed" className="mb-1 block text-sm font-medium">
              Earlier letters
            </label>
            <select id="f-mailed" name="mailed" defaultValue={form.mailed ?? "never"} className={inputClass}>
              <option value="never">Never sent a letter</option>
              <option value="before">No letter mailed since a date</option>
              <option value="any">Any</option>
            </select>
          </div>
          <div>
            <label htmlFor="f-mailed-before" className="mb-1 block text-sm font-medium">
              Mailed before (for &ldquo;since a date&rdquo;)
            </label>
            <input id="f-mailed-before" type="date" name="mailedBefore" defaultValue={form.mailedBefore} className={inputClass} aria-describedby="f-mailed-before-errors" />
            <ErrorList id="f-mailed-before-errors" errors={fieldErrors.mailedBefore} />
          </div>
          <div>
            <label htmlFor="f-status" className="mb-1 block text-sm font-medium">
              Status
            </label>
            <select id="f-status" name="status" defaultValue={form.status ?? ""} className={inputClass}>
              <option value="">Any status</option>
              {BUSINESS_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-type" className="mb-1 block text-sm font-medium">
              Filing type
            </label>
            <select id="f-type" name="filingType" defaultValue={form.filingType ?? ""} className={inputClass}>
              <option value="">Any filing type</option>
              {FILING_TYPE_CODES.map((t) => (
                <option key={t} value={t}>
                  {filingTypeLabel(t)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="f-q" className="mb-1 block text-sm font-medium">
              Name contains
            </label>
            <input id="f-q" type="search" name="q" maxLength={200} defaultValue={form.q} className={inputClass} />
          </div>
          <div>
            <Button type="submit" variant="outline">
              Preview count
            </Button>
          </div>
        </Form>

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
        {actionData?.error ? (
          <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
            {actionData.error}
          </p>
        ) : null}
      </section>

      <section aria-labelledby="tracking" className="mt-10">
        <h2 id="tracking" className="text-xl font-semibold">
          Claim tracking, all batches
        </h2>
        <TrackingFigures stats={overall} label="All batches" testId="tracking-overall" />
        <h3 className="mt-6 font-semibold">Not answered after mailing</h3>
        <ul className="mt-2 flex flex-wrap gap-3">
          {unanswered.map((u) => (
            <li key={u.days}>
              <CsvDownloadLink href={`/api/admin/letters/unanswered?days=${u.days}&format=csv`} filename={`unanswered-${u.days}-days.csv`} what={`${u.days}-day list`}>
                {u.days} days: {u.count} (CSV)
              </CsvDownloadLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="batches" className="mt-10">
        <h2 id="batches" className="text-xl font-semibold">
          Batches
        </h2>
        {batches.items.length === 0 ? (
          <p className="mt-3 text-sm">No batches yet.</p>
        ) : (
          <div className="mt-3 overflow-x-auto">
            <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
              <caption className="sr-only">Letter batches</caption>
              <thead>
                <tr>
                  {["Batch", "Created", "Fiscal year", "Letters", "Mailed", "Claimed", "Paid"].map((h) => (
                    <th key={h} scope="col" className="px-3 py-2 text-left font-semibold">
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
                {batches.items.map((b) => (
                  <tr key={b.id} data-testid={`batch-row-${b.id}`}>
                    <td className={cell}>
                      <Link to={`/admin/letters/${b.id}`} className={linkClass}>
                        Batch {b.id}
                      </Link>
                    </td>
                    <td className={cell}>{formatCardDate(b.createdAt)}</td>
                    <td className={cell}>{b.fiscalYear}</td>
                    <td className={cell}>{b.letterCount}</td>
                    <td className={cell}>{b.mailedOn ?? "Not yet"}</td>
                    <td className={cell}>{b.stats.claimed}</td>
                    <td className={cell}>{b.stats.paid}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <PaginationNav page={batches.pagination.page} totalPages={batches.pagination.totalPages} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
