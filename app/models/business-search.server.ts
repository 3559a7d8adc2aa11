/**
 * Registry search: name (FTS5), document number (prefix over the unique index), city, filing
 * type, status and claimed filters, and the registry's officers, agents, ZIP, street and FEI,
 * with exact and leading name matches ranked first. The public entry: the routes import this.
 *
 * The pieces, under app/models/search/:
 * - planner.server.ts: which way a search goes (a plan, from the filters and cheap estimates),
 *   with the thresholds that decide it;
 * - estimates.server.ts: those estimates from the database;
 * - name-search, person-search and listing.server.ts: the SQL of each plan, and the rows;
 * - sql.server.ts, tag-split.server.ts: the filters as clauses and as full-text tags.
 */
import type Database from "better-sqlite3";
import { getDb } from "~/db/client.server";
import { DEFAULT_PAGE_SIZE, paginate, type Pagination } from "~/lib/pagination";
import { personMatch } from "~/models/registry-search.server";
import { rememberWhileRegistryUnchanged } from "~/utils/cache.server";
import { getTownArea } from "~/models/town.server";
import { SqlEstimates } from "./search/estimates.server";
import { listing, tagListing } from "./search/listing.server";
import { nameSearch } from "./search/name-search.server";
import { personListing } from "./search/person-search.server";
import { planSearch, type SearchPlan } from "./search/planner.server";
import { CARD_COLUMNS, cardsWithReasons, clampLimit, filterClauses, prepare, type CardRow } from "./search/sql.server";
import { clean } from "./search/tag-split.server";
import type { BusinessSuggestion, SearchParams, SearchPlanOptions, SearchResult } from "./search/types.server";

export type {
  BusinessCard,
  BusinessSuggestion,
  ListPlan,
  SearchFilters,
  SearchParams,
  SearchPlanOptions,
  SearchResult,
  TagPlan,
} from "./search/types.server";
// The planner's thresholds are in search/planner.server.ts; the count cap is the pages' too ("10,000+").
export { COUNT_CAP, type SearchPlan } from "./search/planner.server";

const EMPTY = (page: number, limit: number): SearchResult => {
  const { offset: _offset, ...pagination } = paginate(0, page, limit);
  void _offset;
  return { businesses: [], pagination, capped: false };
};

/**
 * One page of businesses matching every given filter. `page` is clamped into the result's range
 * (asking for page 99 of 3 gives page 3); `limit` into 1..100. `total` stops at COUNT_CAP
 * (`capped` then says so).
 */
export function searchBusinesses(params: SearchParams): SearchResult {
  const client = getDb().$client;
  return rememberable(params.limit) ? rememberedSearch(client, params) : uncachedSearch(client, params);
}

// Popular searches (and the home page's featured list) are answered from memory until a
// business changes; see app/utils/cache.server.ts. Only pages of up to 10 are kept (what the
// pages and suggestions ask for), so the 1,000 kept answers stay within ~10 MB whatever the API
// is asked.
const rememberable = (limit: number | undefined) => (limit ?? DEFAULT_PAGE_SIZE) <= DEFAULT_PAGE_SIZE;
const rememberedSearch = rememberWhileRegistryUnchanged(uncachedSearch);

/** searchBusinesses, always asking the database (the benchmark times this). `options` force the planner's ways (tests). */
export function uncachedSearch(client: Database.Database, params: SearchParams, options: SearchPlanOptions = {}): SearchResult {
  return search(client, params, options).result;
}

/** The plan a search follows (null: nothing to plan, the answer is empty), as tests and scripts print it. */
export function searchPlan(client: Database.Database, params: SearchParams, options: SearchPlanOptions = {}): SearchPlan | null {
  return search(client, params, options).plan;
}

function search(client: Database.Database, params: SearchParams, options: SearchPlanOptions): { result: SearchResult; plan: SearchPlan | null } {
  const limit = clampLimit(params.limit);
  const requestedPage = Number.isFinite(params.page) ? Math.max(1, Math.trunc(params.page as number)) : 1;
  const empty = { result: EMPTY(requestedPage, limit), plan: null };
  const where = filterClauses(client, params);
  if (!where) return empty;

  const nameText = clean(params.name);
  if (nameText) {
    let pagination: Pagination | undefined;
    const found = nameSearch(client, nameText, params, where, (total) => {
      const { offset, ...rest } = paginate(total, requestedPage, limit);
      pagination = rest;
      return { offset, limit };
    }, options);
    if (!found || !pagination) return empty;
    return { result: { businesses: cardsWithReasons(client, found.rows, params), pagination, capped: found.capped }, plan: found.plan };
  }

  const person = clean(params.person) ? personMatch(client, clean(params.person)) : null;
  if (clean(params.person) && !person) return empty;
  const est = new SqlEstimates(client, params, { person: person ?? undefined }, options.tagCopy !== "off");
  const plan = planSearch({ filters: params, town: getTownArea(), options }, est);
  const page = { requestedPage, limit };
  const result =
    plan.kind === "person"
      ? personListing(client, params, where, plan, est, person!, requestedPage, limit)
      : plan.kind === "tags"
        ? tagListing(client, params, where, plan, est, page)
        : plan.kind === "listing"
          ? listing(client, params, where, plan, est, page)
          : null;
  return { result: result ?? empty.result, plan };
}

/**
 * Up to `limit` (default 5) suggestions for a name or a document number: exact and leading
 * name matches first. No count, so it stays a few index reads at any registry size.
 */
export function suggestBusinesses(query: SuggestionQuery): BusinessSuggestion[] {
  const client = getDb().$client;
  return rememberable(query.limit) ? rememberedSuggestions(client, query) : uncachedSuggestions(client, query);
}

type SuggestionQuery = { name?: string | null; doc?: string | null; city?: string | null; limit?: number };

const rememberedSuggestions = rememberWhileRegistryUnchanged(uncachedSuggestions);

/** suggestBusinesses, always asking the database (the benchmark times this). */
export function uncachedSuggestions(client: Database.Database, { name, doc, city, limit = 5 }: SuggestionQuery): BusinessSuggestion[] {
  const max = clampLimit(limit, 5);
  const where = filterClauses(client, { doc, city });
  if (!where) return [];
  let rows: CardRow[] = [];
  const nameText = clean(name);
  if (nameText) {
    rows = nameSearch(client, nameText, { doc, city }, where, { offset: 0, limit: max })?.rows ?? [];
  } else if (clean(doc)) {
    rows = prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM businesses b WHERE ${where.clauses.join(" AND ")} ORDER BY b.document_number LIMIT ?`,
    ).all(...where.params, max) as CardRow[];
  }
  return rows.map((r) => ({ id: r.id, name: r.name, documentNumber: r.document_number, city: r.city }));
}
