import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { ActionError, AdminPage, AdminSection, adminLinkClass } from "~/components/admin/admin-page";
import { cellClass, DataTable } from "~/components/admin/data-table";
import { FilterInput } from "~/components/admin/filter-form";
import { RowAction } from "~/components/admin/row-action";
import { TrackingFigures, UnansweredLinks } from "~/components/admin/tracking-figures";
import { CsvDownloadLink } from "~/components/csv-download-link";
import { Button, buttonClass } from "~/components/ui/button";
import { parseId } from "~/lib/ids";
import { DEFAULT_PAGE_SIZE } from "~/lib/pagination";
import { MarkMailedSchema } from "~/lib/schemas/letter-batch";
import { getLetterBatch, LetterError, listBatchLetters, markBatchMailed, reissueLetter, trackingStats, unansweredLetters } from "~/models/letters.server";
import { requireListQuery } from "~/utils/admin-list.server";
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
  const { page } = await requireListQuery(request);
  const id = batchId(params.id);
  const batch = getLetterBatch(id);
  if (!batch) throw new Response("Letter batch not found", { status: 404 });
  const letters = listBatchLetters(id, { page, limit: DEFAULT_PAGE_SIZE });
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

export default function LetterBatch() {
  const { batch, stats, unanswered, letters } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const fieldErrors: Record<string, string[] | undefined> = actionData?.fieldErrors ?? {};
  const base = `/api/admin/letter-batches/${batch.id}`;
  return (
    <AdminPage
      back={{ to: "/admin/letters", label: "Claim letters" }}
      title={`Letter batch ${batch.id}`}
      lead={`${batch.letterCount} letters, fiscal year ${batch.fiscalYear}. ${batch.mailedOn ? `Mailed on ${batch.mailedOn}.` : "Not mailed yet."}`}
    >
      <ActionError error={actionData?.error} />

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
        <FilterInput id="mailed-on" type="date" name="mailedOn" label="Mailed on" required defaultValue={batch.mailedOn ?? ""} errors={fieldErrors.mailedOn ?? []} />
        <Button type="submit" variant="outline">
          Mark mailed
        </Button>
      </Form>

      <AdminSection id="tracking" title="Claim tracking" className="mt-8">
        <TrackingFigures stats={stats} label={`Batch ${batch.id}`} testId="tracking-batch" />
        <UnansweredLinks unanswered={unanswered} batchId={batch.id} label={(u) => `Not answered after ${u.days} days: ${u.count} (CSV)`} />
      </AdminSection>

      <AdminSection id="letters" title="Letters" className="mt-8">
        <DataTable className="mt-3" caption={`Letters of batch ${batch.id}`} headers={["Letter", "Business", "Code", "Claimed", "Actions"]} pagination={letters.pagination}>
          {letters.items.map((l) => (
            <tr key={l.letterId} data-testid={`letter-row-${l.letterId}`}>
              <td className={cellClass}>{l.letterId}</td>
              <td className={cellClass}>
                <Link to={`/admin/businesses/${l.businessId}`} className={adminLinkClass}>
                  {l.name}
                </Link>
              </td>
              <td className={cellClass}>{l.current ? (l.reissued ? "Reissued, live" : "Live") : "Replaced"}</td>
              <td className={cellClass}>{l.isClaimed ? "Yes" : "No"}</td>
              <td className={`${cellClass} flex flex-wrap gap-2`}>
                <a href={`${base}/letters.pdf?letter=${l.letterId}`} className={adminLinkClass} download>
                  PDF<span className="sr-only"> of letter {l.letterId}</span>
                </a>
                {!l.isClaimed ? (
                  <RowAction fields={{ intent: "reissue", letterId: l.letterId }} label="Reissue" rowName={`letter ${l.letterId} with a new code`} variant="ghost" buttonClassName="px-2 py-0" />
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
