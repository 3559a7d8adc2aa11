/**
 * The SQL pieces every search plan is built from: the card's columns, the filters as clauses over
 * `b` (businesses), the id lists that stand for a filter, and the capped counts. No choice is made
 * here: the planner (planner.server.ts) chooses, the searches (name-search, person-search and
 * listing.server.ts) put these together for the plan.
 */
import type Database from "better-sqlite3";
import { holdsCurrentReceiptRawSql } from "~/models/receipt.server";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "~/lib/pagination";
import { normalizeDocNumber } from "~/lib/search-query";
import { explainMatches, personClause, registryFilterClauses } from "~/models/registry-search.server";
import { getTownArea, isTownCity, townWhere } from "~/models/town.server";
import { COUNT_CAP } from "./planner.server";
import { clean, documentClause, tagSplit, type SplitOptions, type TagFilter, type TagSplit } from "./tag-split.server";
import { prepare } from "./statements.server";
import type { BusinessCard, SearchFilters } from "./types.server";

export { prepare };

export const CARD_COLUMNS = `b.id, b.name, b.document_number, b.filing_type, b.status, b.address1, b.address2,
  b.city, b.state, b.zip, b.registered_on, b.category, b.is_claimed, b.can_be_claimed,
  ${holdsCurrentReceiptRawSql("b")} AS has_paid_btr`;

export type CardRow = {
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

/** The cards, each saying why it matched when a registry filter (person, zip, ...) was used. */
export function cardsWithReasons(client: Database.Database, rows: CardRow[], filters: SearchFilters): BusinessCard[] {
  const reasons = explainMatches(client, rows, filters);
  return rows.map((r) => {
    const why = reasons.get(r.id);
    return why ? { ...toCard(r), matchedBy: why } : toCard(r);
  });
}

export function clampLimit(limit: number | undefined, fallback = DEFAULT_PAGE_SIZE) {
  const n = Number.isFinite(limit) ? Math.trunc(limit as number) : fallback;
  return Math.min(Math.max(1, n), MAX_PAGE_SIZE);
}

export type Where = { clauses: string[]; params: unknown[] };

export const andWhere = (clauses: string[]) => (clauses.length ? ` AND ${clauses.join(" AND ")}` : "");

/** The non-name filters, as SQL over `b` (businesses). `null` means "cannot match anything". */
export function filterClauses(client: Database.Database, filters: SearchFilters): Where | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const doc = clean(filters.doc);
  if (doc) {
    const prefix = normalizeDocNumber(doc);
    if (!prefix) return null;
    const number = documentClause(prefix);
    clauses.push(number.clause);
    params.push(...number.params);
  }
  const city = clean(filters.city);
  if (city) {
    // The town's own name means the town's businesses as configured (city names and ZIPs).
    const town = getTownArea();
    if (isTownCity(town, city)) {
      const where = townWhere(town);
      clauses.push(where.clause);
      params.push(...where.params);
    } else {
      clauses.push("b.city = ?");
      params.push(city);
    }
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
  const registry = registryFilterClauses(client, filters);
  if (!registry) return null;
  clauses.push(...registry.clauses);
  params.push(...registry.params);
  return { clauses, params };
}

/** tagSplit (tag-split.server.ts) with the clauses its `rest` leaves for the rows. */
export type SplitFilters = Omit<TagSplit, "rest"> & { rest: Where };

export function splitFilters(client: Database.Database, filters: SearchFilters, options: SplitOptions = {}): SplitFilters | null {
  const split = tagSplit(filters, getTownArea(), options);
  const rest = filterClauses(client, split.rest);
  if (!rest) return null;
  if (split.restInTown.columns) {
    const row = filterClauses(client, { type: filters.type, status: filters.status, claimed: filters.claimed });
    if (!row) return null;
    rest.clauses.push(...row.clauses);
    rest.params.push(...row.params);
  }
  const { zips } = split.restInTown;
  if (zips.length) {
    rest.clauses.push(`substr(b.zip, 1, 5) IN (${zips.map(() => "?").join(", ")})`);
    rest.params.push(...zips);
  }
  return { ...split, rest };
}

/** The items of a split named by `keys` (a plan's), in that order. */
export const itemsNamed = (split: { items: TagFilter[] }, keys: readonly string[]) =>
  keys.map((key) => split.items.find((item) => item.key === key)!);

/** `where` and the SQL twins of the tag filters `items`. */
export const withItems = (where: Where, items: TagFilter[]): Where => ({
  clauses: [...where.clauses, ...items.map((item) => item.clause)],
  params: [...where.params, ...items.flatMap((item) => item.params)],
});

/** Must stay identical to the expression of businesses_name_key_filters_idx (drizzle/0009). */
export const NAME_KEY_SQL = `lower(replace(replace(replace(replace(b.name, '''', ''), '’', ''), '.', ''), ',', ''))`;

export const FTS_JOIN = "businesses_fts f CROSS JOIN businesses b ON b.id = f.rowid";

/** A small city's (or the town's) businesses, read from their (city, name) index. */
export const CITY_BY_NAME = "businesses b INDEXED BY businesses_city_name_idx";

/** A street address's businesses, read from its index (upper(address1)). */
export const BY_ADDRESS = "businesses b INDEXED BY businesses_address_idx";

/**
 * The business id where the full-text index drives a query (FTS_JOIN, tier 3): its rowid, with a
 * unary plus so that SQLite checks a clause on it (a person's set of businesses) on each match
 * before reading the match's row, and never hands it to FTS5 as a rowid constraint (one FTS5
 * query per id of the set). "WHITE" with "cor": 1,056 -> 64 ms at 3.5M businesses.
 */
export const FTS_ID = "+f.rowid";

/**
 * The same for the tiers that walk the name-key index: a person's set is checked on each name
 * there, not used to drive the walk (SQLite would otherwise read every business of a common
 * surname by id and test its name: "SMITH" with "wal", 91,000 rows, 295 ms).
 */
export const ROWS_ID = "+b.id";

/**
 * A filter as a list of business ids (a JSON array, one parameter), worked out once for a name
 * search: the person's businesses among the name's matches, a document number's prefix's, ZIP's,
 * street's or FEI's businesses (the planner's `list`).
 */
const idSetClause = (id: string) => `${id} IN (SELECT value FROM json_each(?))`;

/**
 * The same for a list short enough to drive the full-text queries: on `f.rowid` (no unary plus)
 * SQLite hands it to FTS5 as a rowid constraint, one seek per id (~20 µs), instead of walking
 * all of a common name's matches to test them against the list.
 */
const drivingIdSetClause = (id: string) => `${id} IN (SELECT value FROM json_each(?) AS driving)`;

/** `where` with the clauses on the business id (the person's, the id lists) on the id expression `id` (same parameters). */
export function onBusinessId(where: Where, id: string): Where {
  const [onB, setOnB, drivingOnB] = [personClause("b.id"), idSetClause("b.id"), drivingIdSetClause("b.id")];
  const driving = drivingIdSetClause(id === FTS_ID ? "f.rowid" : id);
  return {
    clauses: where.clauses.map((c) => (c === onB ? personClause(id) : c === setOnB ? idSetClause(id) : c === drivingOnB ? driving : c)),
    params: where.params,
  };
}

/** Where the person's clause and its parameter (the personMatch expression) are in `where`. */
export function personAt(where: Where): { clause: number; param: number } | null {
  const clause = where.clauses.indexOf(personClause("b.id"));
  if (clause < 0) return null;
  return { clause, param: where.clauses.slice(0, clause).join(" ").split("?").length - 1 };
}

/** `where` without the person's clause and its parameter. */
export function withoutPerson(where: Where): Where {
  const at = personAt(where);
  if (!at) return where;
  return { clauses: where.clauses.filter((_, i) => i !== at.clause), params: where.params.filter((_, i) => i !== at.param) };
}

/** `where` with the person's clause, if any, replaced by the list `ids` (a JSON array). */
export function withPersonSet(where: Where, ids: string): Where {
  const at = personAt(where);
  if (!at) return where;
  return {
    clauses: where.clauses.map((c, i) => (i === at.clause ? idSetClause("b.id") : c)),
    params: where.params.map((p, i) => (i === at.param ? ids : p)),
  };
}

/** `where` with the clauses of `filter` (and their parameters) replaced by the list `ids` (a JSON array; `drive`: see drivingIdSetClause). */
export function withIdList(where: Where, filter: Where, ids: string, drive: boolean): Where {
  const out: Where = { clauses: [], params: [] };
  let at = 0;
  for (const clause of where.clauses) {
    const count = clause.split("?").length - 1;
    if (!filter.clauses.includes(clause)) {
      out.clauses.push(clause);
      out.params.push(...where.params.slice(at, at + count));
    }
    at += count;
  }
  return { clauses: [...out.clauses, (drive ? drivingIdSetClause : idSetClause)("b.id")], params: [...out.params, ids] };
}

/**
 * The ids a query selects (its column `id`) as a JSON array, made by SQLite: tens of thousands of
 * ids cost a millisecond or two this way, against ~1 µs each as rows handed to JavaScript and
 * joined there ("P040": 35,000 ids, 37 -> 3 ms).
 */
export function idList(client: Database.Database, select: string, params: unknown[]): string {
  return (prepare(client, `SELECT json_group_array(id) AS ids FROM (${select})`).get(...params) as { ids: string }).ids;
}

/**
 * The business ids of the entries of people_fts that `match` finds, in rowid order (a business's
 * several people one after the other), as FTS5 returns a full-text query's rows: one JSON array
 * made in SQLite costs less than a row an id (119,000 ids: 11 -> 9 ms; an ORDER BY would need a
 * subquery, 2 ms more).
 */
export const peopleEntryIds = (client: Database.Database, match: string) =>
  JSON.parse(prepare(client, "SELECT json_group_array(rowid >> 3) AS ids FROM people_fts WHERE people_fts MATCH ?").pluck().get(match) as string) as number[];

/**
 * A count with the ids it counted (a JSON array of up to `cap` + 1): when they are few, a page
 * is sorted from them instead of walking the matches and reading their rows a second time
 * ("garcia" with the number "L040": 14 -> 9 ms at 3.5M businesses). Gathering them costs nothing
 * measurable beside the rows the count reads.
 */
export function cappedMatches(client: Database.Database, select: string, params: unknown[], cap = COUNT_CAP) {
  const r = prepare(client, `SELECT count(*) AS n, json_group_array(id) AS ids FROM (${select} LIMIT ?)`).get(...params, cap + 1) as {
    n: number;
    ids: string;
  };
  return r.n > cap ? { total: cap, capped: true, ids: null } : { total: r.n, capped: false, ids: r.ids };
}

/** count(*) of a FROM/WHERE, stopping at `cap` + 1 (COUNT_CAP unless given). */
export function cappedCount(client: Database.Database, from: string, condition: string, params: unknown[], cap = COUNT_CAP) {
  const n = (
    prepare(client, `SELECT count(*) AS n FROM (SELECT 1 FROM ${from}${condition ? ` WHERE ${condition}` : ""} LIMIT ?)`).get(
      ...params,
      cap + 1,
    ) as { n: number }
  ).n;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
}

/** A page of the cards of the ids in a JSON array, in `order` (the array's own order: "j.key"). */
export const cardsOfIds = (client: Database.Database, ids: string, order: string, page?: { limit: number; offset: number }) =>
  prepare(
    client,
    `SELECT ${CARD_COLUMNS} FROM json_each(?) AS j CROSS JOIN businesses b ON b.id = j.value ORDER BY ${order}${page ? " LIMIT ? OFFSET ?" : ""}`,
  ).all(ids, ...(page ? [page.limit, page.offset] : [])) as CardRow[];
