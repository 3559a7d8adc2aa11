/**
 * What the staff queue (/admin/filings) reads from the URL: the queue's filters
 * (~/lib/filings/queue), with one default. With no `status` at all the queue shows what waits
 * for a decision ("submitted"); the form's "Any status" sends `status=` (empty), which is no
 * status filter. Its CSV link names the status either way, so it downloads the list shown.
 */
import { readQueueFilters, type FilingQueueFilters } from "~/lib/filings/queue";

export const DEFAULT_QUEUE_STATUS = "submitted" as const;

export function staffQueueFilters(params: URLSearchParams): FilingQueueFilters {
  const filters = readQueueFilters(params);
  return params.has("status") ? filters : { ...filters, status: DEFAULT_QUEUE_STATUS };
}

/** The query that asks for exactly these filters (status always present, so "any" stays "any"). */
export function queueQuery(filters: FilingQueueFilters): string {
  const query = new URLSearchParams({ status: filters.status ?? "" });
  if (filters.kind) query.set("kind", filters.kind);
  if (filters.minAgeDays) query.set("age", String(filters.minAgeDays));
  if (filters.q) query.set("q", filters.q);
  return query.toString();
}
