import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { TrackingFigures } from "~/components/admin/tracking-figures";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { PaginationNav } from "~/components/pagination-nav";
import { Button, buttonClass } from "~/components/ui/button";
import { ErrorList, inputClass } from "~/components/ui/form-field";
import { parseId } from "~/lib/ids";
import { DEFAULT_PAGE_SIZE, parsePage } from "~/lib/pagination";
import { MarkMailedSchema } from "~/lib/schemas/letter-batch";
import { getLetterBatch, LetterError, listBatchLetters, markBatchMailed, reissueLetter, trackingStats, unansweredLetters } from "~/models/letters.server";
import { fieldErrorsOf } from "~/utils/http";
import { requireStaff } from "~/utils/session.server";
import { redirectWithToast } from "~/utils/toast.server";

export const meta: MetaFunction = () => [{ title: "Letter batch | Admin | Florida Business Registry" }];

function batchId(value: string | undefined) {
  const id = parseId(value);
  if (id === null) throw new Response("Letter batch not found", { status: 404 });
  return id;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireStaff(request);
  const id = batchId(params.id);
  const batch = getLetterBatch(id);
  if (!batch) throw new Response("Letter batch not found", { status: 404 });
  const letters = listBatchLetters(id, { page: parsePage(new URL(request.url).searchParams.get("page")), limit: DEFAULT_PAGE_SIZE });
  const now = new Date();
  return {
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
  try {
    if (form.get("intent") === "mailed") {
      const parsed = MarkMailedSchema.safeParse({ mailedOn: form.get("mailedOn") || undefined });
      if (!parsed.success) return data({ fieldErrors: fieldErrorsOf(parsed.error), error: null }, { status: 400 });
      markBatchMailed(user, id, parsed.data.mailedOn);
      return redirectWithToast(`/admin/letters/${id}`, { title: "Batch marked mailed", description: `Mailed on ${parsed.data.mailedOn}.` });
    }
    if (form.get("intent") === "reissue") {
      const letterId = parseId(form.get("letterId"));
      if (letterId === null) return data({ fieldErrors: {}, error: "Choose a letter" }, { status: 400 });
      reissueLetter(user, letterId);
      return redirectWithToast(`/admin/letters/${id}`, {
        title: "Letter reissued",
        description: `Letter ${letterId} has a new claim code; the old one no longer works. Download the letter to print it.`,
      });
    }
    return data({ fieldErrors: {}, error: "Unknown action" }, { status: 400 });
  } catch (error) {
    if (error instanceof LetterError) return data({ fieldErrors: {}, error: error.message }, { status: error.status });
    throw error;
  }
}

const linkClass = "font-medium text-primary-700 underline hover:text-primary-800 dark:text-primary-100";
const cell = "px-3 py-2 align-top";

export default function LetterBatch() {
  const { batch, stats, unanswered, letters } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fieldErrors: Record<string, string[] | undefined> = actionData?.fieldErrors ?? {};
  const base = `/api/admin/letter-batches/${batch.id}`;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10">
      <p className="text-sm">
        <Link to="/admin/letters" className={linkClass}>
          Claim letters
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-bold">Letter batch {batch.id}</h1>
      <p className="mt-2 text-slate-700 dark:text-slate-300">
        {batch.letterCount} letters, fiscal year {batch.fiscalYear}. {batch.mailedOn ? `Mailed on ${batch.mailedOn}.` : "Not mailed yet."}
      </p>
      {actionData?.error ? (
        <p role="alert" className="mt-4 text-sm text-red-700 dark:text-red-300">
          {actionData.error}
        </p>
      ) : null}

      <div className="mt-6 flex flex-wrap gap-3">
        <a href={`${base}/letters.pdf`} className={buttonClass("primary")} download>
          Download letters (PDF)
        </a>
        <CsvDownloadLink href={`${base}/letters.csv`} filename={`letters-batch-${batch.id}.csv`} what="letters">
          Download for the mail house (CSV)
        </CsvDownloadLink>
      </div>

      <Form method="post" className="mt-6 flex flex-wrap items-end gap-3" aria-label="Mark the batch mailed">
        <input type="hidden" name="intent" value="mailed" />
        <div>
          <label htmlFor="mailed-on" className="mb-1 block text-sm font-medium">
            Mailed on
          </label>
          <input id="mailed-on" type="date" name="mailedOn" required defaultValue={batch.mailedOn ?? ""} className={inputClass} aria-describedby="mailed-on-errors" />
          <ErrorList id="mailed-on-errors" errors={fieldErrors.mailedOn} />
        </div>
        <Button type="submit" variant="outline">
          Mark mailed
        </Button>
      </Form>

      <section aria-labelledby="tracking" className="mt-8">
        <h2 id="tracking" className="text-xl font-semibold">
          Claim tracking
        </h2>
        <TrackingFigures stats={stats} label={`Batch ${batch.id}`} testId="tracking-batch" />
        <ul className="mt-3 flex flex-wrap gap-3">
          {unanswered.map((u) => (
            <li key={u.days}>
              <CsvDownloadLink href={`/api/admin/letters/unanswered?days=${u.days}&batch=${batch.id}&format=csv`} filename={`unanswered-${u.days}-days.csv`} what={`${u.days}-day list`}>
                Not answered after {u.days} days: {u.count} (CSV)
              </CsvDownloadLink>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="letters" className="mt-8">
        <h2 id="letters" className="text-xl font-semibold">
          Letters
        </h2>
        <div className="mt-3 overflow-x-auto">
          <table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700">
            <caption className="sr-only">Letters of batch {batch.id}</caption>
            <thead>
              <tr>
                {["Letter", "Business", "Code", "Claimed", "Actions"].map((h) => (
                  <th key={h} scope="col" className="px-3 py-2 text-left font-semibold">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
              {letters.items.map((l) => (
                <tr key={l.letterId} data-testid={`letter-row-${l.letterId}`}>
                  <td className={cell}>{l.letterId}</td>
                  <td className={cell}>
                    <Link to={`/admin/businesses/${l.businessId}`} className={linkClass}>
                      {l.name}
                    </Link>
                  </td>
                  <td className={cell}>{l.current ? (l.reissued ? "Reissued, live" : "Live") : "Replaced"}</td>
                  <td className={cell}>{l.isClaimed ? "Yes" : "No"}</td>
                  <td className={`${cell} flex flex-wrap gap-2`}>
                    <a href={`${base}/letters.pdf?letter=${l.letterId}`} className={linkClass} download>
                      PDF<span className="sr-only"> of letter {l.letterId}</span>
                    </a>
                    {!l.isClaimed ? (
                      <Form method="post">
                        <input type="hidden" name="intent" value="reissue" />
                        <input type="hidden" name="letterId" value={l.letterId} />
                        <Button type="submit" variant="ghost" className="px-2 py-0">
                          Reissue<span className="sr-only"> letter {l.letterId} with a new code</span>
                        </Button>
                      </Form>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <PaginationNav page={letters.pagination.page} totalPages={letters.pagination.totalPages} />
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
