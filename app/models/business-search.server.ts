/**
 * Registry search: name (FTS5), document number (prefix over the unique index), city, filing
 * type, status and claimed filters, with exact and leading name matches ranked first.
 *
 * Ranking without scoring every match: a name query is answered in three tiers, each a cheap
 * FTS5 scan in rowid order that stops at LIMIT:
 *   1. exact   - the name starts with the query's words (whole words, in order),
 *   2. leading - the name starts with them as prefixes ("gulf log" -> Gulfstream Logistics),
 *   3. any     - every word appears somewhere as a prefix.
 * A page is filled from tier 1, then 2, then 3, skipping `offset` rows across them, so deep
 * pages cost O(offset) like any OFFSET, and page 1 costs a few index reads whatever the size.
 */
import type Database from "better-sqlite3";
import { getDb } from "~/db/client.server";
import { holdsCurrentReceiptRawSql } from "~/models/receipt.server";
import type { RegistryFields } from "~/models/business.server";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paginate, type Pagination } from "~/lib/pagination";
import { buildNameKeys, buildNameQuery, normalizeDocNumber, prefixUpperBound } from "~/lib/search-query";
import { rememberWhileRegistryUnchanged } from "~/utils/cache.server";

/** What a result card (and the public JSON list) shows. Never the private fields. */
export type BusinessCard = RegistryFields;

export type BusinessSuggestion = { id: number; name: string; documentNumber: string; city: string | null };

export type SearchFilters = {
  /** Business name words (the `q` parameter is an alias the routes fold into this). */
  name?: string | null;
  /** Document number, full or prefix, any case, spaces ignored. */
  doc?: string | null;
  city?: string | null;
  /** Filing type code (CORP, LLC, ...). */
  type?: string | null;
  status?: string | null;
  claimed?: boolean | null;
};

export type SearchParams = SearchFilters & { page?: number; limit?: number };

export type SearchResult = {
  businesses: BusinessCard[];
  pagination: Pagination;
  /** True when there are more than COUNT_CAP matches (`total` is then COUNT_CAP). */
  capped: boolean;
};

const CARD_COLUMNS = `b.id, b.name, b.document_number, b.filing_type, b.status, b.address1, b.address2,
  b.city, b.state, b.zip, b.registered_on, b.category, b.is_claimed, b.can_be_claimed,
  ${holdsCurrentReceiptRawSql("b")} AS has_paid_btr`;

type CardRow = {
  id: number;
  name: string;
  document_number: string;
  filing_type: string;
  status: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  registered_on: string | null;
  category: string | null;
  is_claimed: number;
  can_be_claimed: number;
  has_paid_btr: number;
};

function toCard(r: CardRow): BusinessCard {
  return {
    id: r.id,
    name: r.name,
    documentNumber: r.document_number,
    filingType: r.filing_type,
    status: r.status,
    address1: r.address1,
    address2: r.address2,
    city: r.city,
    state: r.state,
    zip: r.zip,
    registeredOn: r.registered_on,
    category: r.category,
    isClaimed: r.is_claimed === 1,
    canBeClaimed: r.can_be_claimed === 1,
    hasPaidBTR: r.has_paid_btr === 1,
  };
}

// Prepared statements, cached per connection (tests reopen the database per file).
const statementCache = new WeakMap<Database.Database, Map<string, Database.Statement>>();
function prepare(client: Database.Database, sql: string): Database.Statement {
  let cache = statementCache.get(client);
  if (!cache) statementCache.set(client, (cache = new Map()));
  let statement = cache.get(sql);
  if (!statement) cache.set(sql, (statement = client.prepare(sql)));
  return statement;
}

const clean = (v: string | null | undefined) => (typeof v === "string" ? v.trim() : "");

type Where = { clauses: string[]; params: unknown[] };

/** The non-name filters, as SQL over `b` (businesses). `null` means "cannot match anything". */
function filterClauses(filters: SearchFilters): Where | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const doc = clean(filters.doc);
  if (doc) {
    const prefix = normalizeDocNumber(doc);
    if (!prefix) return null;
    clauses.push("b.document_number >= ? AND b.document_number < ?");
    params.push(prefix, prefixUpperBound(prefix));
  }
  const city = clean(filters.city);
  if (city) {
    clauses.push("b.city = ?");
    params.push(city);
  }
  const type = clean(filters.type);
  if (type) {
    clauses.push("b.filing_type = ?");
    params.push(type);
  }
  const status = clean(filters.status);
  if (status) {
    clauses.push("b.status = ?");
    params.push(status.toUpperCase());
  }
  if (typeof filters.claimed === "boolean") {
    clauses.push("b.is_claimed = ?");
    params.push(filters.claimed ? 1 : 0);
  }
  return { clauses, params };
}

const andWhere = (clauses: string[]) => (clauses.length ? ` AND ${clauses.join(" AND ")}` : "");

function clampLimit(limit: number | undefined, fallback = DEFAULT_PAGE_SIZE) {
  const n = Number.isFinite(limit) ? Math.trunc(limit as number) : fallback;
  return Math.min(Math.max(1, n), MAX_PAGE_SIZE);
}

/**
 * Counts stop here: past this many matches the page says "10,000+" instead of walking (say)
 * every "llc" in a 3.5-million-row registry. See README "Search" for the measurements.
 */
export const COUNT_CAP = 10_000;

/** Must stay identical to the expression of businesses_name_key_idx (drizzle/0001). */
const NAME_KEY_SQL = `lower(replace(replace(replace(replace(b.name, '''', ''), '’', ''), '.', ''), ',', ''))`;

/** One ranking tier: rows matching `where` (plus the filters), in `order`. */
type Tier = { from: string; where: string; params: unknown[]; order: string };

function nameTiers(nameText: string): { tiers: Tier[]; match: string } | null {
  const fts = buildNameQuery(nameText);
  const keys = buildNameKeys(nameText);
  if (!fts || !keys) return null;
  const exactMarks = keys.exact.map(() => "?").join(", ");
  const upper = prefixUpperBound(keys.prefix);
  const plain = "businesses b";
  const tiers: Tier[] = [
    // 1. exact: the name is what was typed, with or without a legal suffix
    { from: plain, where: `${NAME_KEY_SQL} IN (${exactMarks})`, params: keys.exact, order: `${NAME_KEY_SQL}, b.id` },
    // 2. leading: the name starts with what was typed
    {
      from: plain,
      where: `${NAME_KEY_SQL} >= ? AND ${NAME_KEY_SQL} < ? AND ${NAME_KEY_SQL} NOT IN (${exactMarks})`,
      params: [keys.prefix, upper, ...keys.exact],
      order: `${NAME_KEY_SQL}, b.id`,
    },
    // 3. anywhere: every word (accents, case, punctuation, suffixes ignored) as a word prefix
    {
      from: "businesses_fts f CROSS JOIN businesses b ON b.id = f.rowid",
      where: `businesses_fts MATCH ? AND NOT (${NAME_KEY_SQL} >= ? AND ${NAME_KEY_SQL} < ?) AND ${NAME_KEY_SQL} NOT IN (${exactMarks})`,
      params: [fts.all, keys.prefix, upper, ...keys.exact],
      order: "f.rowid",
    },
  ];
  return { tiers, match: fts.all };
}

/** Rows `offset .. offset+limit` across the tiers, in tier order, with the filters applied. */
function tierRows(client: Database.Database, tiers: Tier[], where: Where, offset: number, limit: number): CardRow[] {
  const rows: CardRow[] = [];
  let skip = offset;
  for (const tier of tiers) {
    const need = limit - rows.length;
    if (need <= 0) break;
    const condition = `${tier.where}${andWhere(where.clauses)}`;
    const page = prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM ${tier.from} WHERE ${condition} ORDER BY ${tier.order} LIMIT ? OFFSET ?`,
    ).all(...tier.params, ...where.params, need, skip) as CardRow[];
    rows.push(...page);
    if (page.length > 0) {
      skip = 0;
      continue;
    }
    // Nothing from this tier at this offset: skip past the whole tier (at most `skip` rows).
    if (skip > 0) {
      const inTier = prepare(
        client,
        `SELECT count(*) AS n FROM (SELECT 1 FROM ${tier.from} WHERE ${condition} LIMIT ?)`,
      ).get(...tier.params, ...where.params, skip) as { n: number };
      skip -= inTier.n;
    }
  }
  return rows;
}

/** count(*) of a FROM/WHERE, stopping at COUNT_CAP + 1. */
function cappedCount(client: Database.Database, from: string, condition: string, params: unknown[]) {
  const n = (
    prepare(client, `SELECT count(*) AS n FROM (SELECT 1 FROM ${from}${condition ? ` WHERE ${condition}` : ""} LIMIT ?)`).get(
      ...params,
      COUNT_CAP + 1,
    ) as { n: number }
  ).n;
  return n > COUNT_CAP ? { total: COUNT_CAP, capped: true } : { total: n, capped: false };
}

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

/** searchBusinesses, always asking the database (the benchmark times this). */
export function uncachedSearch(client: Database.Database, params: SearchParams): SearchResult {
  const limit = clampLimit(params.limit);
  const requestedPage = Number.isFinite(params.page) ? Math.max(1, Math.trunc(params.page as number)) : 1;
  const where = filterClauses(params);
  if (!where) return EMPTY(requestedPage, limit);

  const nameText = clean(params.name);
  if (nameText) {
    const name = nameTiers(nameText);
    if (!name) return EMPTY(requestedPage, limit);
    const { total, capped } = where.clauses.length
      ? cappedCount(
          client,
          "businesses_fts f CROSS JOIN businesses b ON b.id = f.rowid",
          `businesses_fts MATCH ?${andWhere(where.clauses)}`,
          [name.match, ...where.params],
        )
      : cappedCount(client, "businesses_fts", "businesses_fts MATCH ?", [name.match]);
    const { offset, ...pagination } = paginate(total, requestedPage, limit);
    const rows = total === 0 ? [] : tierRows(client, name.tiers, where, offset, limit);
    return { businesses: rows.map(toCard), pagination, capped };
  }

  // Without a name: document-number order when searching by number; by name within a city (the
  // (city, name) index gives that order without sorting); registry order otherwise.
  const order = clean(params.doc) ? "b.document_number" : clean(params.city) ? "b.name, b.id" : "b.id";
  const { total, capped } = cappedCount(client, "businesses b", where.clauses.join(" AND "), where.params);
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  const whereSql = where.clauses.length ? ` WHERE ${where.clauses.join(" AND ")}` : "";
  const rows =
    total === 0
      ? []
      : (prepare(client, `SELECT ${CARD_COLUMNS} FROM businesses b${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
          ...where.params,
          limit,
          offset,
        ) as CardRow[]);
  return { businesses: rows.map(toCard), pagination, capped };
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
  const where = filterClauses({ doc, city });
  if (!where) return [];
  let rows: CardRow[] = [];
  const nameText = clean(name);
  if (nameText) {
    const tiers = nameTiers(nameText);
    if (tiers) rows = tierRows(client, tiers.tiers, where, 0, max);
  } else if (clean(doc)) {
    rows = prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM businesses b WHERE ${where.clauses.join(" AND ")} ORDER BY b.document_number LIMIT ?`,
    ).all(...where.params, max) as CardRow[];
  }
  return rows.map((r) => ({ id: r.id, name: r.name, documentNumber: r.document_number, city: r.city }));
}
