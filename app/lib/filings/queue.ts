/** The staff review queue's filters, read from the URL leniently (an unknown value is no filter). */
import { isFilingKind, isFilingStatus, type FilingKind, type FilingStatus } from "./kinds";

/** Waiting at least this many days (the queue's age filter). */
export const AGE_FILTERS = { "": "Any age", "2": "2 days or more", "7": "7 days or more", "30": "30 days or more" } as const;

export type FilingQueueFilters = { status?: FilingStatus; kind?: FilingKind; minAgeDays?: number; q?: string };

export function readQueueFilters(params: URLSearchParams): FilingQueueFilters {
  const status = params.get("status");
  const kind = params.get("kind");
  const age = Number(params.get("age"));
  const q = params.get("q")?.trim().slice(0, 100);
  return {
    status: isFilingStatus(status) ? status : undefined,
    kind: isFilingKind(kind) ? kind : undefined,
    minAgeDays: Number.isInteger(age) && age > 0 && age <= 3650 ? age : undefined,
    q: q || undefined,
  };
}

