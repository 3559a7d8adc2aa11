/**
 * The app's side of the Prometheus metrics. The registry and its metrics are made by the server
 * (server/metrics.ts, when it starts) and live on globalThis, since the server and the Remix
 * build are two module graphs; here are the few things the app counts as it goes (page cache,
 * searches, sign-ins), which do nothing when there is no server (tests, scripts).
 */
import type { Counter, Histogram, Registry } from "prom-client";

export type AppMetrics = {
  registry: Registry;
  /** Page cache lookups: result = hit | miss. */
  pageCache: Counter<"result">;
  /** Search durations by shape (searchShape). */
  searchDuration: Histogram<"shape">;
  /** Sign-ins by outcome: success | failure (wrong credentials) | locked (refused, 429). */
  signIns: Counter<"outcome">;
};

declare global {
  var __appMetrics: AppMetrics | undefined;
}

export function appMetrics(): AppMetrics | undefined {
  return globalThis.__appMetrics;
}

export function countPageCache(result: "hit" | "miss") {
  globalThis.__appMetrics?.pageCache.inc({ result });
}

export function countSignIn(outcome: "success" | "failure" | "locked") {
  globalThis.__appMetrics?.signIns.inc({ outcome });
}

type ShapeFilters = {
  name?: string | null;
  doc?: string | null;
  person?: string | null;
  address?: string | null;
  fei?: string | null;
  zip?: string | null;
  city?: string | null;
  type?: string | null;
  status?: string | null;
  claimed?: boolean | null;
};

const given = (v: string | boolean | null | undefined) => v !== undefined && v !== null && v !== "";

/**
 * A search's shape, one of a fixed few: what leads it (name, document, person, address, fei,
 * zip, or none: a listing by filters), plus "+filters" when other filters narrow it; `suggest`
 * for the suggestion dropdowns. Never the words searched.
 */
export function searchShape(filters: ShapeFilters, suggest = false): string {
  if (suggest) return "suggest";
  const leads = (["name", "doc", "person", "address", "fei", "zip"] as const).filter((k) => given(filters[k]));
  const lead = leads[0];
  const others = [...leads.slice(1), ...(["city", "type", "status", "claimed"] as const).filter((k) => given(filters[k]))];
  if (!lead) return "listing";
  const name = lead === "doc" ? "document" : lead;
  return others.length > 0 ? `${name}+filters` : name;
}

/** Runs a search, timing it under its shape. */
export function timeSearch<T>(shape: string, search: () => T): T {
  const histogram = globalThis.__appMetrics?.searchDuration;
  if (!histogram) return search();
  const end = histogram.startTimer({ shape });
  try {
    return search();
  } finally {
    end();
  }
}
