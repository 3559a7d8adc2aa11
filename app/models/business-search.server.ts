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
import { buildNameKeys, buildNameQuery, normalizeDocNumber, prefixUpperBound, type NameQuery } from "~/lib/search-query";
import { indexWords, NAME_INDEX } from "~/models/fts-vocabulary.server";
import { rememberWhileRegistryUnchanged } from "~/utils/cache.server";
import { addressTagTerm, documentTag, documentTagTerm, filterTagTerms, zipTagTerm } from "~/lib/search-tags";
import { getTownArea, isTownCity, townWhere, type TownArea } from "~/utils/town-area.server";
import {
  addressClause,
  addressPrefix,
  explainMatches,
  personClause,
  personMatch,
  registryFilterClauses,
  type RegistrySearchFilters,
  zipClause,
  zipPrefix,
} from "~/models/registry-search.server";

/** What a result card (and the public JSON list) shows. Never the private fields. */
export type BusinessCard = RegistryFields & {
  /** Why it matched the registry filters (person, zip, address, fei), e.g. "Officer: SMITH, JOHN A". */
  matchedBy?: string[];
};

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
} & RegistrySearchFilters;

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

/** The document numbers starting with `prefix` (normalizeDocNumber's), as SQL over `b`. */
const documentClause = (prefix: string) => ({
  clause: "b.document_number >= ? AND b.document_number < ?",
  params: [prefix, prefixUpperBound(prefix)],
});

/** The non-name filters, as SQL over `b` (businesses). `null` means "cannot match anything". */
function filterClauses(client: Database.Database, filters: SearchFilters): Where | null {
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

/** Must stay identical to the expression of businesses_name_key_filters_idx (drizzle/0009). */
const NAME_KEY_SQL = `lower(replace(replace(replace(replace(b.name, '''', ''), '’', ''), '.', ''), ',', ''))`;

/** One ranking tier: rows matching `where` (plus the filters), in `order`. */
/**
 * One ranking tier: rows matching `where` (plus the filters), in `order`. `idsFirst`: find the
 * page's ids in the index alone, then read only those rows (else a sort of the order's tie-break
 * would carry every skipped row's columns, a table read each, through a deep page's offset).
 */
type Tier = {
  from: string;
  where: string;
  params: unknown[];
  order: string;
  idsFirst?: boolean;
  /** Tier 3 of an unfiltered name search: how to page it from the full-text index alone. */
  skipById?: { match: string; exact: string[]; prefix: string; upper: string };
};

type NameTiers = {
  tiers: Tier[];
  /** The FTS5 expression: the name's words and the filters' tags. */
  match: string;
  keys: { exact: string[]; prefix: string; upper: string };
};

/**
 * How a name query's filters reach the full-text index: `terms` are intersected with the name
 * there, `not` (claimed: false, as "not claimed") are taken out of it, and `filterIndex` says the
 * search has tag filters, so tiers 1 and 2 walk the name-key index that carries their columns.
 */
type TagMatch = { terms: string[]; not: string[]; filterIndex: boolean };

/** The FTS5 expression: every positive term, less any negated one. */
const matchOf = (terms: string[], not: string[]) =>
  not.length ? `(${terms.join(" AND ")}) NOT (${not.join(" OR ")})` : terms.join(" AND ");

/**
 * The three tiers of a name query. `tags` (filter values as FTS terms) narrow tier 3 inside the
 * full-text index; with filters, tiers 1 and 2 walk the name-key index that carries the filter
 * columns, so rows of other towns or statuses are passed over without reading the table.
 */
function nameTiers(nameText: string, fts: NameQuery, tags: TagMatch): NameTiers | null {
  const keys = buildNameKeys(nameText);
  if (!keys) return null;
  const exactMarks = keys.exact.map(() => "?").join(", ");
  const upper = prefixUpperBound(keys.prefix);
  const match = matchOf([fts.all, ...tags.terms], tags.not);
  const plain = tags.filterIndex ? "businesses b INDEXED BY businesses_name_key_filters_idx" : "businesses b";
  const tiers: Tier[] = [
    // 1. exact: the name is what was typed, with or without a legal suffix
    {
      from: plain,
      where: `${NAME_KEY_SQL} IN (${exactMarks})`,
      params: keys.exact,
      order: `${NAME_KEY_SQL}, b.id`,
      idsFirst: tags.filterIndex,
    },
    // 2. leading: the name starts with what was typed
    {
      from: plain,
      where: `${NAME_KEY_SQL} >= ? AND ${NAME_KEY_SQL} < ? AND ${NAME_KEY_SQL} NOT IN (${exactMarks})`,
      params: [keys.prefix, upper, ...keys.exact],
      order: `${NAME_KEY_SQL}, b.id`,
      idsFirst: tags.filterIndex,
    },
    // 3. anywhere: every word (accents, case, punctuation, suffixes ignored) as a word prefix
    {
      from: FTS_JOIN,
      where: `businesses_fts MATCH ? AND NOT (${NAME_KEY_SQL} >= ? AND ${NAME_KEY_SQL} < ?) AND ${NAME_KEY_SQL} NOT IN (${exactMarks})`,
      params: [match, keys.prefix, upper, ...keys.exact],
      order: "f.rowid",
      // Without filters, a deep page of this tier skips the rows of tiers 1 and 2 by id (they are
      // fewer than the offset, hence than COUNT_CAP) in the full-text index alone, instead of
      // reading each skipped row's name from the table (see tierRows).
      ...(tags.filterIndex ? {} : { skipById: { match, exact: keys.exact, prefix: keys.prefix, upper } }),
    },
  ];
  return { tiers, match, keys: { exact: keys.exact, prefix: keys.prefix, upper } };
}

const FTS_JOIN = "businesses_fts f CROSS JOIN businesses b ON b.id = f.rowid";

/**
 * The business id where the full-text index drives a query (FTS_JOIN, tier 3): its rowid, with a
 * unary plus so that SQLite checks a clause on it (a person's set of businesses) on each match
 * before reading the match's row, and never hands it to FTS5 as a rowid constraint (one FTS5
 * query per id of the set). "WHITE" with "cor": 1,056 -> 64 ms at 3.5M businesses.
 */
const FTS_ID = "+f.rowid";

/**
 * The same for the tiers that walk the name-key index: a person's set is checked on each name
 * there, not used to drive the walk (SQLite would otherwise read every business of a common
 * surname by id and test its name: "SMITH" with "wal", 91,000 rows, 295 ms).
 */
const ROWS_ID = "+b.id";

/**
 * A filter as a list of business ids (a JSON array, one parameter), worked out once for a name
 * search: the person's businesses among the name's matches (personAndName), a document number's
 * prefix's, ZIP's, street's or FEI's businesses (filterList).
 */
const idSetClause = (id: string) => `${id} IN (SELECT value FROM json_each(?))`;

/**
 * The same for a list short enough to drive the full-text queries: on `f.rowid` (no unary plus)
 * SQLite hands it to FTS5 as a rowid constraint, one seek per id (~20 µs), instead of walking
 * all of a common name's matches to test them against the list (filterList).
 */
const drivingIdSetClause = (id: string) => `${id} IN (SELECT value FROM json_each(?) AS driving)`;

/** `where` with the clauses on the business id (the person's, the id lists) on the id expression `id` (same parameters). */
function onBusinessId(where: Where, id: string): Where {
  const [onB, setOnB, drivingOnB] = [personClause("b.id"), idSetClause("b.id"), drivingIdSetClause("b.id")];
  const driving = drivingIdSetClause(id === FTS_ID ? "f.rowid" : id);
  return {
    clauses: where.clauses.map((c) => (c === onB ? personClause(id) : c === setOnB ? idSetClause(id) : c === drivingOnB ? driving : c)),
    params: where.params,
  };
}

/** Where the person's clause and its parameter (the personMatch expression) are in `where`. */
function personAt(where: Where): { clause: number; param: number } | null {
  const clause = where.clauses.indexOf(personClause("b.id"));
  if (clause < 0) return null;
  return { clause, param: where.clauses.slice(0, clause).join(" ").split("?").length - 1 };
}

/** `where` without the person's clause and its parameter. */
function withoutPerson(where: Where): Where {
  const at = personAt(where);
  if (!at) return where;
  return { clauses: where.clauses.filter((_, i) => i !== at.clause), params: where.params.filter((_, i) => i !== at.param) };
}

/** `where` with the person's clause, if any, replaced by the list `ids` (a JSON array). */
function withPersonSet(where: Where, ids: string): Where {
  const at = personAt(where);
  if (!at) return where;
  return {
    clauses: where.clauses.map((c, i) => (i === at.clause ? idSetClause("b.id") : c)),
    params: where.params.map((p, i) => (i === at.param ? ids : p)),
  };
}

/**
 * Up to this many businesses matching a name, a person with that name is worked out as the list
 * of the name's businesses the person is in (personAndName).
 */
export const FEW_NAME_MATCHES = 60_000;

/**
 * A person with a business name that matches few businesses: the businesses of both, found once
 * by walking the person's entries in people_fts against the name's matches (a short list), as a
 * JSON array; null otherwise. Without it every query of the search (the count and each tier)
 * gathered all of a common surname's businesses again to check the name's matches against them:
 * "SMITH" (91,000 entries at 3.5M) with "kim" (2,700 matches) took 34 ms.
 */
function personAndName(client: Database.Database, where: Where, nameMatch: string, few: number): string | null {
  const at = personAt(where);
  if (!at) return null;
  const match = where.params[at.param];
  const names = cappedCount(client, "businesses_fts", "businesses_fts MATCH ?", [nameMatch], few);
  if (names.capped) return null;
  return idList(
    client,
    `SELECT DISTINCT rowid >> 3 AS id FROM people_fts
      WHERE people_fts MATCH ? AND (rowid >> 3) IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?)`,
    [match, nameMatch],
  );
}

/**
 * The ids a query selects (its column `id`) as a JSON array, made by SQLite: tens of thousands of
 * ids cost a millisecond or two this way, against ~1 µs each as rows handed to JavaScript and
 * joined there ("P040": 35,000 ids, 37 -> 3 ms).
 */
function idList(client: Database.Database, select: string, params: unknown[]): string {
  return (prepare(client, `SELECT json_group_array(id) AS ids FROM (${select})`).get(...params) as { ids: string }).ids;
}

/**
 * Up to this many businesses, the one registry filter of a name search (a document number's
 * prefix, a ZIP, a street or an FEI) can be checked as their list of ids (filterList).
 */
export const FEW_LISTED = 60_000;
export type ListPlan = "cost" | "list" | "drive" | "rows";

/**
 * A name with one filter that is checked on rows (a document number's prefix, a ZIP, a street, an
 * FEI) selecting few businesses for the name's matches: those businesses as a list of ids (a JSON
 * array, read from the filter's own index alone), which each of the name's matches is checked
 * against instead of its row being read (a row read costs about what two ids of the list cost,
 * made and parsed by each of the search's queries). At 3.5M businesses: "llc" (1.6M matches) in
 * ZIP 33023 2.4 s -> 60 ms, with one FEI 3.2 s -> 0 (no match), "llc" with the prefix "P040"
 * (35,000 numbers) 1.2 s -> 160 ms. Returns the list and the filter's clauses it stands for;
 * "none" when the filter selects no business (nothing can match); null when there is no such
 * filter or more than one, the name matches fewer than 100 businesses, or the filter selects more
 * than twice the name's matches or FEW_LISTED. A list under a three-hundredth of the name's
 * (estimated) matches drives the full-text queries (drivingIdSetClause): "llc" in ZIP 33023,
 * 1,326 ids, 98 -> 28 ms a query. A number's prefix is listed only to drive (a whole number with
 * a common name); otherwise it is a tag (drizzle/0016) that planTags places (a ZIP that is a tag,
 * drizzle/0018, is not listed at all: nameSearch). `plan` "list" always
 * makes the list, "drive" always makes it drive, "rows" never makes one.
 */
function filterList(
  client: Database.Database,
  filters: SearchFilters,
  nameMatch: string,
  plan: ListPlan,
): { ids: string; filter: Where; drive: boolean } | "none" | null {
  if (plan === "rows") return null;
  const given = (["doc", "zip", "address", "fei"] as const).filter((key) => clean(filters[key]));
  if (given.length !== 1) return null;
  const filter = filterClauses(client, { [given[0]]: filters[given[0]] });
  if (!filter) return null;
  // The name first, and the filter's index walked no further than the name's matches justify:
  // a walk of tens of thousands of entries would push the search's pages out of SQLite's cache.
  const names = plan === "cost" ? cappedCount(client, "businesses_fts", "businesses_fts MATCH ?", [nameMatch], FEW_LISTED / 8) : null;
  if (names && names.total < 100) return null;
  // SQLite walks a number's prefix in its unique index, which holds no id: the one with the filter columns does.
  const from = given[0] === "doc" ? "businesses b INDEXED BY businesses_document_filters_idx" : "businesses b";
  const condition = filter.clauses.join(" AND ");
  const cap = !names ? Number.MAX_SAFE_INTEGER : names.capped ? FEW_LISTED : names.total * 2;
  const listed = cappedCount(client, from, condition, filter.params, cap);
  if (listed.total === 0) return "none";
  if (listed.capped) return null;
  // A seek per id costs about what walking 300 of the name's matches does.
  const span = names?.capped ? registrySpan(client) : 0;
  const drive = plan === "drive" || (span > 0 && listed.total * 300 < nameDensity(client, nameMatch, span) * span);
  // A number's prefix too long a list to drive is intersected as a tag inside the index (splitFilters).
  if (given[0] === "doc" && plan === "cost" && !drive && documentTagTerm(normalizeDocNumber(clean(filters.doc)))) return null;
  const ids = idList(client, `SELECT b.id AS id FROM ${from} WHERE ${condition}`, filter.params);
  return { ids, filter, drive };
}

/** `where` with the clauses of `filter` (and their parameters) replaced by the list `ids` (a JSON array; `drive`: see drivingIdSetClause). */
function withIdList(where: Where, filter: Where, ids: string, drive: boolean): Where {
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
 * The same page as tierRows, from the full-text matches alone: every match (at most COUNT_CAP,
 * all found by one FTS intersection) is given its tier and sorted. Chosen when filters make the
 * match set small, where the tier walks could pass over many names of other towns first.
 */
function rankedRows(
  client: Database.Database,
  name: NameTiers,
  matches: { doc: Where } | { ids: string },
  offset: number,
  limit: number,
): CardRow[] {
  const exactMarks = name.keys.exact.map(() => "?").join(", ");
  // The matches: found again in the full-text index, or the ids the count gathered (cappedMatches).
  const [m, mParams] =
    "ids" in matches
      ? [`SELECT b.id AS id, ${NAME_KEY_SQL} AS k FROM json_each(?) AS j CROSS JOIN businesses b ON b.id = j.value`, [matches.ids]]
      : [`SELECT b.id AS id, ${NAME_KEY_SQL} AS k FROM ${FTS_JOIN} WHERE businesses_fts MATCH ?${andWhere(matches.doc.clauses)}`, [name.match, ...matches.doc.params]];
  return prepare(
    client,
    `WITH m AS (${m}),
       r AS (SELECT id, k, CASE WHEN k IN (${exactMarks}) THEN 0 WHEN k >= ? AND k < ? THEN 1 ELSE 2 END AS tier FROM m)
     SELECT ${CARD_COLUMNS} FROM r CROSS JOIN businesses b ON b.id = r.id
     ORDER BY r.tier, CASE WHEN r.tier < 2 THEN r.k END, r.id LIMIT ? OFFSET ?`,
  ).all(...mParams, ...name.keys.exact, name.keys.prefix, name.keys.upper, limit, offset) as CardRow[];
}

/**
 * The filters split for the full-text index: `tags` (type, status, claimed, a plain city, and
 * outside the town, when asked, a document number's prefix (`docTag`), a ZIP's (`zipTag`) and a
 * street address's first characters (`addressTag`)) are intersected inside it; `rest` (the other
 * registry filters, a number, ZIP or address not a tag or longer than its tag, and the town's ZIP
 * rule) are checked on the rows it finds. The town's city names become one OR group of city tags, so
 * the town still narrows inside the index; its ZIPs (shared with neighbours) stay in `rest`.
 * Together they select exactly the rows filterClauses selects. `items` are the tags outside a
 * town, each with its SQL twin, for a name search to choose where to check them (planTags).
 */
type SplitFilters = {
  tags: string[];
  items: TagFilter[];
  rest: Where;
  townCity: TownArea | null;
  /** A ZIP's or a street address's prefix that its tag finds whole (no clause left for the rows). */
  registryTagged: boolean;
};

/**
 * One filter that is a tag: its FTS term, the same test as SQL on the row, and for "not claimed"
 * the term whose absence it is (every row carries exactly one of _k0 and _k1, and claimed rows
 * are few, so "NOT _k1" reads a short list where "_k0" would read nearly every row's entry).
 * `column`: the clause compares a column with a value (a status, a type), the cheapest check on a row.
 */
type TagFilter = { term: string; not?: string; clause: string; params: unknown[]; column?: true };

function splitFilters(
  client: Database.Database,
  filters: SearchFilters,
  options: { narrowTown?: boolean; docTag?: "businesses_fts" | "people_fts"; zipTag?: boolean; addressTag?: boolean } = {},
): SplitFilters | null {
  const city = clean(filters.city);
  const area = city ? getTownArea() : null;
  const town = area && isTownCity(area, city) ? area : null;
  const status = clean(filters.status).toUpperCase();
  const type = clean(filters.type);
  const items: TagFilter[] = [];
  if (city && !town) items.push({ term: filterTagTerms({ city })[0], clause: "b.city = ?", params: [city] });
  // A document number's prefix is a tag too (drizzle/0016) for a name search outside the town
  // (the town's rows are few: they are checked instead); a listing by number walks its index in
  // number order instead. `docTag` names the index: people_fts's tag is shorter, a longer prefix
  // is also checked on the rows.
  const docPrefix = options.docTag && !town ? normalizeDocNumber(clean(filters.doc)) : "";
  const docTag = docPrefix && options.docTag ? documentTag(docPrefix, options.docTag) : null;
  if (docTag) items.push({ term: docTag.term, ...documentClause(docTag.tagged) });
  // So is a ZIP code's prefix of up to 5 digits (drizzle/0018), outside the town.
  const zip = options.zipTag && !town ? zipPrefix(filters.zip) : "";
  const zipTerm = zip ? zipTagTerm(zip) : null;
  if (zipTerm) items.push({ term: zipTerm, ...zipClause(zip) });
  // And a street address's first characters (drizzle/0020), outside the town; a longer address is
  // also checked on the rows.
  const address = options.addressTag && !town ? addressTagTerm(addressPrefix(filters.address)) : null;
  if (address) items.push({ term: address.term, ...addressClause(address.tagged) });
  // A status and a type together are one tag (search-tags.ts), so one filter here.
  if (status && type) {
    items.push({ term: filterTagTerms({ status, type })[0], clause: "b.status = ? AND b.filing_type = ?", params: [status, type], column: true });
  } else if (status) items.push({ term: filterTagTerms({ status })[0], clause: "b.status = ?", params: [status], column: true });
  else if (type) items.push({ term: filterTagTerms({ type })[0], clause: "b.filing_type = ?", params: [type], column: true });
  if (typeof filters.claimed === "boolean") {
    const claimed = filters.claimed;
    items.push({
      term: filterTagTerms({ claimed })[0],
      ...(claimed ? {} : { not: filterTagTerms({ claimed: true })[0] }),
      clause: "b.is_claimed = ?",
      params: [claimed ? 1 : 0],
    });
  }
  const tags = items.map((item) => item.term);
  const rest = filterClauses(client, {
    doc: docTag?.whole ? undefined : filters.doc,
    person: filters.person,
    zip: zipTerm ? undefined : filters.zip,
    address: address?.whole ? undefined : filters.address,
    fei: filters.fei,
  });
  if (!rest) return null;
  if (town && options.narrowTown && tags.length) {
    // With a name, the town (a few thousand rows) narrows enough: the other filters are checked
    // on its rows instead of intersecting the long status and type lists inside the index.
    const row = filterClauses(client, { type: filters.type, status: filters.status, claimed: filters.claimed });
    if (!row) return null;
    rest.clauses.push(...row.clauses);
    rest.params.push(...row.params);
    tags.length = 0;
  }
  if (town) {
    items.length = 0;
    tags.unshift(`(${town.cities.flatMap((c) => filterTagTerms({ city: c })).join(" OR ")})`);
  }
  if (town && town.zips.length) {
    rest.clauses.push(`substr(b.zip, 1, 5) IN (${town.zips.map(() => "?").join(", ")})`);
    rest.params.push(...town.zips);
  }
  return { tags, items, rest, townCity: town, registryTagged: zipTerm !== null || address?.whole === true };
}

/**
 * Where a name search checks each tag filter (issue 20): intersected with the name inside the
 * full-text index, or on the rows the name finds. An FTS5 intersection walks every entry of
 * each list between the matches (a long list is read entry by entry, not skipped through), so
 * "smith" (2,700 rows) AND "not claimed" (3.5M) reads 3.5M entries, and "smith" AND "ACTIVE"
 * (a million) a million (7-15 ms), while reading smith's 2,700 rows and checking them costs 2-3
 * ms (cold rows ~2.5 us each: ROW_READ_COST). The costs,
 * per rowid of the registry: the index reads `d(name) + sum d(tag)` entries for the tags inside
 * it; each row its matches bring back costs ROW_READ_COST entries' worth (a table read, ~1 us
 * against ~7 ns an entry), when any filter is left for the rows. Densities are sampled (the
 * span of a list's first SAMPLE entries), a few microseconds each; every split gives the same
 * rows, only the cost differs.
 */
export type TagPlan = "cost" | "index" | "rows";
const ROW_READ_COST = 1000;
const SAMPLE = 64;

function planTags(
  client: Database.Database,
  nameMatch: string,
  items: TagFilter[],
  rowsReadAnyway: boolean,
  how: TagPlan,
): { inIndex: TagFilter[]; onRows: TagFilter[] } {
  if (how === "index" || items.length === 0) return { inIndex: items, onRows: [] };
  if (how === "rows") return { inIndex: [], onRows: items };
  const span = registrySpan(client);
  if (span <= 0) return { inIndex: items, onRows: [] };
  const name = nameDensity(client, nameMatch, span);
  const walk = items.map((item) => matchDensity(client, item.not ?? item.term, span));
  const keep = items.map((item, i) => (item.not ? Math.max(0, 1 - walk[i]) : walk[i]));
  let best = { cost: Infinity, mask: 0 };
  const all = (1 << items.length) - 1;
  for (let mask = all; mask >= 0; mask--) {
    let cost = name;
    let matches = name;
    items.forEach((_, i) => {
      if (mask & (1 << i)) {
        cost += walk[i];
        matches *= keep[i];
      }
    });
    if (rowsReadAnyway || mask !== all) cost += ROW_READ_COST * matches;
    if (cost < best.cost) best = { cost, mask };
  }
  return {
    inIndex: items.filter((_, i) => best.mask & (1 << i)),
    onRows: items.filter((_, i) => !(best.mask & (1 << i))),
  };
}

/** The registry's largest id: the span the densities are shares of. */
const registrySpan = (client: Database.Database) =>
  (prepare(client, "SELECT max(rowid) AS n FROM businesses").get() as { n: number | null }).n ?? 0;

/**
 * The share of the registry's ids a full-text match holds, from the span of its first SAMPLE
 * matches (a few µs). In people_fts (rowid = business id * 8 + block) `span` is 8 times the registry's.
 */
function matchDensity(client: Database.Database, match: string, span: number, index: "businesses_fts" | "people_fts" = "businesses_fts"): number {
  const r = prepare(
    client,
    `SELECT count(*) AS n, min(rowid) AS lo, max(rowid) AS hi FROM (SELECT rowid FROM ${index} WHERE ${index} MATCH ? LIMIT ${SAMPLE})`,
  ).get(match) as { n: number; lo: number; hi: number };
  return r.n < SAMPLE ? r.n / span : (r.n - 1) / Math.max(1, r.hi - r.lo);
}

/** A name's density: its words are intersected, so at most the rarest word's. */
const nameDensity = (client: Database.Database, nameMatch: string, span: number) =>
  Math.min(...nameMatch.split(" AND ").map((word) => matchDensity(client, word, span)));

/**
 * A page of a name search with its filters: the capped count from the full-text index (names
 * and tags intersected there), then the cheaper way to the page: sorting the few matches
 * (rankedRows) when the filters leave at most COUNT_CAP of them, else the tier walks, which find
 * a page quickly because matches are then plentiful.
 */
type PageWindow = { offset: number; limit: number };

function nameSearch(
  client: Database.Database,
  nameText: string,
  filters: SearchFilters,
  where: Where,
  page: PageWindow | ((total: number) => PageWindow),
  { sortLimit = SORT_LIMIT, tagPlan = "cost", fewNameMatches = FEW_NAME_MATCHES, listPlan = "cost" }: SearchPlanOptions = {},
) {
  const split = splitFilters(client, filters, { narrowTown: true, docTag: "businesses_fts", zipTag: true, addressTag: true });
  if (!split) return null;
  const fts = buildNameQuery(nameText, indexWords(client, NAME_INDEX));
  if (!fts) return null;
  const both = personAndName(client, where, fts.all, fewNameMatches);
  if (both) {
    where = withPersonSet(where, both);
    split.rest = withPersonSet(split.rest, both);
  }
  // A ZIP or a short street address that is a tag (drizzle/0018, 0020) is intersected inside the
  // index, which beats its list even driving ("llc" in ZIP 33023: 115 -> 8 ms at 3.5M businesses;
  // "group" at "92": 62 -> 12 ms): no list unless a test forces one.
  const listed = filterList(client, filters, fts.all, split.registryTagged && listPlan === "cost" ? "rows" : listPlan);
  if (listed === "none") return null;
  if (listed) {
    where = withIdList(where, listed.filter, listed.ids, listed.drive);
    split.rest = withIdList(split.rest, listed.filter, listed.ids, listed.drive);
    split.items = split.items.filter((item) => !listed.filter.clauses.includes(item.clause));
  }
  // `doc` is checked on the full-text index's matches (FTS_JOIN): the id lists on their rowid.
  const rest = onBusinessId(split.rest, FTS_ID);
  const doc: Where = { clauses: [...rest.clauses], params: [...rest.params] };
  let tags: TagMatch = { terms: split.tags, not: [], filterIndex: split.tags.length > 0 };
  if (split.items.length) {
    const plan = planTags(client, fts.all, split.items, doc.clauses.length > 0, tagPlan);
    for (const item of plan.onRows) {
      doc.clauses.push(item.clause);
      doc.params.push(...item.params);
    }
    tags = {
      terms: plan.inIndex.filter((item) => !item.not).map((item) => item.term),
      not: plan.inIndex.flatMap((item) => (item.not ? [item.not] : [])),
      filterIndex: true,
    };
  }
  const name = nameTiers(nameText, fts, tags);
  if (!name) return null;
  const filtered = where.clauses.length > 0;
  // Suggestions without filters need no count: the tier walks answer them in a few reads.
  const { total, capped, ids } =
    typeof page !== "function" && !filtered
      ? { total: -1, capped: true, ids: null }
      : doc.clauses.length
        ? cappedMatches(client, `SELECT b.id AS id FROM ${FTS_JOIN} WHERE businesses_fts MATCH ?${andWhere(doc.clauses)}`, [name.match, ...doc.params])
        : { ...cappedCount(client, "businesses_fts", "businesses_fts MATCH ?", [name.match]), ids: null };
  const { offset, limit } = typeof page === "function" ? page(total) : page;
  const rows =
    total === 0
      ? []
      : filtered && !capped && total <= sortLimit
        ? rankedRows(client, name, ids ? { ids } : { doc }, offset, limit)
        : tierRows(client, name.tiers, { rows: onBusinessId(where, ROWS_ID), fts: onBusinessId(where, FTS_ID) }, offset, limit);
  return { total, capped, rows };
}

/**
 * Rows `offset .. offset+limit` across the tiers, in tier order, with the filters applied (`fts`:
 * the same filters written for the tiers the full-text index drives, FTS_ID).
 */
function tierRows(client: Database.Database, tiers: Tier[], filters: { rows: Where; fts: Where }, offset: number, limit: number): CardRow[] {
  const rows: CardRow[] = [];
  let skip = offset;
  for (const tier of tiers) {
    const where = tier.from.startsWith(FTS_JOIN) ? filters.fts : filters.rows;
    const need = limit - rows.length;
    if (need <= 0) break;
    const condition = `${tier.where}${andWhere(where.clauses)}`;
    if (tier.skipById && skip > 0 && where.clauses.length === 0) {
      // Tier 3 of an unfiltered search at a deep offset: its rows are the full-text matches
      // less those of tiers 1 and 2, whose ids (fewer than `skip`, since this tier is reached
      // past them) come from the name-key index; the offset is then skipped in the full-text
      // index alone. Same rows, same order (rowid) as the walk below.
      const ex = tier.skipById;
      const marks = ex.exact.map(() => "?").join(", ");
      const page = prepare(
        client,
        `WITH ids AS (SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ? AND rowid NOT IN (
             SELECT b.id FROM businesses b WHERE ${NAME_KEY_SQL} IN (${marks})
             UNION ALL SELECT b.id FROM businesses b WHERE ${NAME_KEY_SQL} >= ? AND ${NAME_KEY_SQL} < ?)
           ORDER BY rowid LIMIT ? OFFSET ?)
         SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ids.id`,
      ).all(ex.match, ...ex.exact, ex.prefix, ex.upper, need, skip) as CardRow[];
      rows.push(...page);
      break;
    }
    const sql = tier.idsFirst
      ? `WITH ids AS (SELECT b.id AS id, ${NAME_KEY_SQL} AS k FROM ${tier.from} WHERE ${condition} ORDER BY ${tier.order} LIMIT ? OFFSET ?)
         SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ids.k, ids.id`
      : `SELECT ${CARD_COLUMNS} FROM ${tier.from} WHERE ${condition} ORDER BY ${tier.order} LIMIT ? OFFSET ?`;
    const page = prepare(client, sql).all(...tier.params, ...where.params, need, skip) as CardRow[];
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

/**
 * cappedCount for a name search whose filters are checked on rows, with the ids it counted (a
 * JSON array of up to COUNT_CAP + 1): when they are few, the page is sorted from them
 * (rankedRows) instead of walking the name's matches and reading their rows a second time
 * ("garcia" with the number "L040": 14 -> 9 ms at 3.5M businesses). Gathering them costs nothing
 * measurable beside the rows the count reads.
 */
function cappedMatches(client: Database.Database, select: string, params: unknown[], cap = COUNT_CAP) {
  const r = prepare(client, `SELECT count(*) AS n, json_group_array(id) AS ids FROM (${select} LIMIT ?)`).get(...params, cap + 1) as {
    n: number;
    ids: string;
  };
  return r.n > cap ? { total: cap, capped: true, ids: null } : { total: r.n, capped: false, ids: r.ids };
}

/** count(*) of a FROM/WHERE, stopping at `cap` + 1 (COUNT_CAP unless given). */
function cappedCount(client: Database.Database, from: string, condition: string, params: unknown[], cap = COUNT_CAP) {
  const n = (
    prepare(client, `SELECT count(*) AS n FROM (SELECT 1 FROM ${from}${condition ? ` WHERE ${condition}` : ""} LIMIT ?)`).get(
      ...params,
      cap + 1,
    ) as { n: number }
  ).n;
  return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
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

/**
 * How the planner chooses: result sets of up to `sortLimit` matches are sorted, bigger ones
 * walked in order. Measured at 1M rows (CPU time, `npm run bench:search -- --sort-limit N`):
 * sorting costs a table read per match, walking the covering indexes mostly reads index entries,
 * so sorting wins only for a few hundred matches. Tests change it (0 forces the walks, whose
 * answers must be the same as the sorts').
 */
export const SORT_LIMIT = 300;

export type SearchPlanOptions = {
  sortLimit?: number;
  /**
   * Where a name search checks its tag filters: by cost (default), all in the index, all on rows;
   * and where a listing by number with tags is counted: by cost, in the full-text index, on the number's index.
   */
  tagPlan?: TagPlan;
  /** Where a person listing (no name) checks its tag filters: the same three choices. */
  personPlan?: TagPlan;
  /**
   * A person listing by cost: above how many entries in people_fts a tag is common (default
   * COUNT_CAP), and up to how many entries the person's businesses are few (default FEW_PEOPLE);
   * see fewPeopleFirst. Tests lower both to take every branch on the demo data.
   */
  commonTag?: number;
  fewPeople?: number;
  /** The same when only a status or a type is left for the rows (default FEW_PEOPLE_BY_STATUS in id order, else fewPeople). */
  fewPeopleByStatus?: number;
  /** A person listing by document number: up to how many matches it sorts them (default PERSON_SORT_LIMIT; 0: always walks the number's index). */
  personSortLimit?: number;
  /** A listing by street address: up to how many businesses at the address its rows are read (default FEW_AT_ADDRESS; 0: never). */
  fewAtAddress?: number;
  /** A person with a name: up to how many name matches the two are intersected first (default FEW_NAME_MATCHES). */
  fewNameMatches?: number;
  /** A name with a document number, ZIP, street or FEI: that filter checked as its businesses' list by cost (default), always, always driving the full-text queries, or never (on rows). */
  listPlan?: ListPlan;
};

/** searchBusinesses, always asking the database (the benchmark times this). */
export function uncachedSearch(
  client: Database.Database,
  params: SearchParams,
  options: SearchPlanOptions = {},
): SearchResult {
  const { sortLimit = SORT_LIMIT } = options;
  const limit = clampLimit(params.limit);
  const requestedPage = Number.isFinite(params.page) ? Math.max(1, Math.trunc(params.page as number)) : 1;
  const where = filterClauses(client, params);
  if (!where) return EMPTY(requestedPage, limit);

  const nameText = clean(params.name);
  if (nameText) {
    let pagination: Pagination | undefined;
    const found = nameSearch(client, nameText, params, where, (total) => {
      const { offset, ...rest } = paginate(total, requestedPage, limit);
      pagination = rest;
      return { offset, limit };
    }, options);
    if (!found || !pagination) return EMPTY(requestedPage, limit);
    return { businesses: cardsWithReasons(client, found.rows, params), pagination, capped: found.capped };
  }

  const byPerson = personListing(client, params, where, requestedPage, limit, options);
  if (byPerson) return byPerson;

  // Filters that are all tags (beyond a city alone; a ZIP's prefix and a short street address are
  // ones): the FTS index intersects them (see filteredListing).
  const split = splitFilters(client, params, { zipTag: true, addressTag: true });
  if (!split) return EMPTY(requestedPage, limit);
  const atAddress = fewAtAddress(client, params, options.fewAtAddress);
  if (!atAddress && split.rest.clauses.length === 0 && split.tags.length > (clean(params.city) ? 1 : 0)) {
    return filteredListing(client, params, where, split.tags, requestedPage, limit, sortLimit);
  }

  // Without a name: document-number order when searching by number; by name within a city (the
  // (city, name) index gives that order without sorting); registry order otherwise.
  const order = clean(params.doc) ? "b.document_number" : clean(params.city) ? "b.name, b.id" : "b.id";
  const counted = clean(params.doc) ? documentTagsCount(client, params, options.tagPlan) : null;
  const tagged = counted === "walk" ? null : counted;
  // Where the walk goes is worked out only for a walk (its city and prefix probes cost up to ms).
  // A street is not in the number's index: its walk reads a row per number, as sorting reads one
  // per match, so ten times as many matches are sorted ("L" at "237", 1,835 of 1.6M numbers: 61 -> 13 ms at 3.5M).
  const sortUpTo = clean(params.address) ? sortLimit * 10 : sortLimit;
  const sorted = tagged?.ids && tagged.total <= sortUpTo ? tagged.ids : null;
  const from = sorted ? null : atAddress ? "businesses b INDEXED BY businesses_address_idx" : listingFrom(client, params, counted !== null);
  const whereSql = where.clauses.length ? ` WHERE ${where.clauses.join(" AND ")}` : "";
  // A small city's rows with a number's prefix (documentListingFrom) are read once, in number
  // order: their count and the page's ids both come from that read ("P9" in the town with
  // INACTIVE read the town's rows twice, 4.4 ms each at 3.5M businesses).
  const inCity =
    from === CITY_BY_NAME && clean(params.doc)
      ? (prepare(client, `SELECT b.id AS id FROM ${from}${whereSql} ORDER BY ${order}`).all(...where.params) as { id: number }[]).map((r) => r.id)
      : null;
  const { total, capped } = tagged ?? (inCity ? { total: inCity.length, capped: false } : cappedCount(client, from!, where.clauses.join(" AND "), where.params));
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  // The page's ids first (from the index alone when it covers the filters: a town's listing
  // skips `offset` index entries, not table rows), then the ten cards; a few matches the
  // full-text index counted are sorted instead.
  const rows =
    total === 0
      ? []
      : sorted
        ? (prepare(
            client,
            `SELECT ${CARD_COLUMNS} FROM json_each(?) AS j CROSS JOIN businesses b ON b.id = j.value ORDER BY ${order} LIMIT ? OFFSET ?`,
          ).all(sorted, limit, offset) as CardRow[])
        : inCity
          ? (prepare(client, `SELECT ${CARD_COLUMNS} FROM json_each(?) AS j CROSS JOIN businesses b ON b.id = j.value ORDER BY j.key`).all(
              JSON.stringify(inCity.slice(offset, offset + limit)),
            ) as CardRow[])
          : (prepare(
              client,
              `WITH ids AS (SELECT b.id AS id FROM ${from}${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?)
               SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ${order}`,
            ).all(...where.params, limit, offset) as CardRow[]);
  return { businesses: cardsWithReasons(client, rows, params), pagination, capped };
}

/**
 * Whether a listing's street address is the start of at most FEW_AT_ADDRESS businesses' addresses:
 * its rows are then read from the address's index and the other filters checked on them. Beats
 * intersecting the address's tag with a status's list in the full-text index ("279" with
 * INACTIVE: 22 -> ~3 ms at 3.5M businesses) and SQLite's own choice of the ZIP's index for a whole
 * street in a ZIP (140 ms). A few hundred index entries to know.
 */
function fewAtAddress(client: Database.Database, params: SearchParams, few = FEW_AT_ADDRESS): boolean {
  const address = addressPrefix(params.address);
  if (!address || clean(params.fei)) return false;
  const range = addressClause(address);
  return !cappedCount(client, "businesses b INDEXED BY businesses_address_idx", range.clause, range.params, few).capped;
}
export const FEW_AT_ADDRESS = 2_000;

/** The registry filters, which have their own indexes, narrower than a city or a number's prefix. */
const hasRegistryFilter = (params: SearchParams) => [params.person, params.zip, params.address, params.fei].some((v) => clean(v));

/**
 * Where a listing without a name walks: by number (documentListingFrom); a city's or the town's
 * by its (city, name) index, in name order (SQLite, left alone, would take the type's index of
 * drizzle/0017 for a type, and sort: the town's LLCs 1 -> 330 ms at 3.5M); else as SQLite plans.
 */
function listingFrom(client: Database.Database, params: SearchParams, tagsCounted = false): string {
  if (clean(params.doc)) return documentListingFrom(client, params, tagsCounted);
  if (clean(params.city) && !hasRegistryFilter(params)) return CITY_BY_NAME;
  return "businesses b";
}

/**
 * Where a listing by document number (no name) with tag filters walks: the number's index that
 * carries the filter columns (drizzle/0015), in number order, reading no row to check status, type, claimed, a city
 * or the town. SQLite picks the unique index on its own, which reads a row per number of the
 * prefix ("P150" with ACTIVE CORP: 40,000 rows, 200 ms at 3.5M businesses; 4 ms this way). Except
 * for a small city or the town when the prefix covers many more numbers than it has businesses:
 * its own index then ("L", 1.6M numbers, within the town: 95 ms walking the numbers, a few ms
 * reading the town's rows). An index entry costs about a fortieth of a row read.
 */
function documentListingFrom(client: Database.Database, params: SearchParams, tagsCounted = false): string {
  // A ZIP or a street the full-text index counted (documentTagsCount) is checked on the rows of
  // the walk by number, and so is any registry filter with a number's prefix longer than its tag
  // (at most a thousand numbers: SQLite chose the street's index for "P07003003331" at "70", 245 ms);
  // other registry filters are left to SQLite's choice.
  const fewNumbers = documentTagTerm(normalizeDocNumber(clean(params.doc))) === null;
  if (hasRegistryFilter(params) && !tagsCounted && !fewNumbers) return "businesses b";
  // With a filing type, its numbers alone: "L" with CORP is then a seek that finds none, where
  // the number's index walks the prefix's 1.6M entries (drizzle/0017).
  const byNumber = clean(params.type) ? "businesses b INDEXED BY businesses_type_document_idx" : "businesses b INDEXED BY businesses_document_filters_idx";
  const cityWhere = clean(params.city) ? filterClauses(client, { city: params.city }) : null;
  if (!cityWhere) return byNumber;
  const city = cappedCount(client, CITY_BY_NAME, cityWhere.clauses.join(" AND "), cityWhere.params, FEW_IN_CITY);
  if (city.capped) return byNumber;
  // The numbers the walk would read: with a type, that type's (the type's index, seeked).
  const number = filterClauses(client, { doc: params.doc, type: params.type });
  if (!number) return byNumber;
  // Counting the prefix's numbers up to 40 times the city's businesses reads up to 200,000 index
  // entries ("P9" in the town: 4.5-7 ms, as much as reading the town's rows). The number's tag
  // estimates it in a few reads; only a prefix it estimates as few numbers is counted. An estimate
  // too high reads the city's few rows (at most FEW_IN_CITY), never a long walk.
  const cap = city.total * 40;
  if (!clean(params.type) && estimatedNumbers(client, normalizeDocNumber(clean(params.doc))) > cap) return CITY_BY_NAME;
  const numbers = cappedCount(client, byNumber, number.clauses.join(" AND "), number.params, cap);
  return numbers.capped ? CITY_BY_NAME : byNumber;
}

/** A small city's (or the town's) businesses, read from their (city, name) index. */
const CITY_BY_NAME = "businesses b INDEXED BY businesses_city_name_idx";

/**
 * How many document numbers start with `prefix`, estimated from its tag's density in the name
 * index (matchDensity: within a few tens of percent at 3.5M businesses, 3.6x too high for 6-character
 * prefixes, whose tag lists cluster); 0 when the prefix is longer than its tag.
 */
function estimatedNumbers(client: Database.Database, prefix: string): number {
  const term = documentTagTerm(prefix);
  if (!term) return 0;
  const span = registrySpan(client);
  return span > 0 ? matchDensity(client, term, span) * span : 0;
}

/**
 * A listing by number with tag filters (status, type, claimed, a city, a ZIP's or a street's
 * prefix that is a whole tag; not the town's ZIP rule nor a person or FEI): its count from the
 * full-text index, where the number is a tag (drizzle/0016), with the ids it counted, when one of
 * the tags is a short list, or a ZIP or street is given: the index then seeks the number's list
 * once per entry of the short one, where the number's B-tree index walks every number of the
 * prefix ("P" with PENDING: 1.26M entries, 95 ms at 3.5M; a few µs this way). A seek costs about
 * what 40 index entries do. null: walk the number's index (also for `plan` "rows"; "index" always
 * counts here); "walk": walk it with a ZIP, which the index holds, checked on its entries.
 */
function documentTagsCount(client: Database.Database, params: SearchParams, plan: TagPlan = "cost") {
  if (plan === "rows" || clean(params.person) || clean(params.fei)) return null;
  const split = splitFilters(client, params, { docTag: "businesses_fts", zipTag: true, addressTag: true });
  const numberTerm = documentTagTerm(normalizeDocNumber(clean(params.doc)));
  const number = split?.items.find((item) => item.term === numberTerm);
  if (!split || !number || split.townCity || split.rest.clauses.length > 0 || split.items.length < 2) return null;
  // With a ZIP or a street (whole tags here: nothing is left for the rows), counting by number
  // walks every number of the prefix, and reads a row per number for a street, which the number's
  // index does not hold: counted here ("L2" at "1" 414 -> 9 ms, "L2" in "331" 30 -> 12 ms at 3.5M).
  if (plan === "cost" && !hasRegistryFilter(params)) {
    const span = registrySpan(client);
    const others = split.items.filter((item) => item !== number && !item.not);
    if (!others.length || span <= 0) return null;
    const shortest = Math.min(...others.map((item) => matchDensity(client, item.term, span)));
    if (shortest * 40 >= matchDensity(client, number.term, span)) return null;
  }
  // A ZIP (no street, person or FEI) is in the number's index too: walking the prefix's numbers
  // checks it there, with the status, type and claimed. That beats the intersection when the
  // numbers are few against every entry of the lists the index would read ("L930" in "323" with
  // INACTIVE: 16.7 ms intersecting the status's 2M entries, 3.6 ms walking 46,000 numbers).
  if (plan === "cost" && clean(params.zip) && !clean(params.address)) {
    const span = registrySpan(client);
    const entries = split.items.reduce((sum, item) => sum + (item.not ? 0 : matchDensity(client, item.term, span)), 0);
    if (span > 0 && matchDensity(client, number.term, span) * NUMBER_WALK_COST < entries) return "walk" as const;
  }
  const match = tagsMatch(params, split.tags);
  return cappedMatches(client, "SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?", [match]);
}

/**
 * A number of the walk by number (its index entry, the filters checked on it) against an entry an
 * FTS5 intersection reads: about 80 ns against 7 at 3.5M businesses.
 */
const NUMBER_WALK_COST = 11;

/** Up to this many businesses, a city's (or the town's) rows are read for a listing by number rather than the number's index walked. */
const FEW_IN_CITY = 5_000;

/**
 * A listing by an officer's or agent's name (no business name): the businesses come from
 * people_fts (rowid = business id * 8 + block, so in id order) instead of the general plan's
 * `b.id IN (every match)`, which gathers and sorts all of a common surname's matches first
 * ("rodriguez": 210,000 people at 3.5M businesses, 200 ms). The filters that are tags (a city or
 * the town's city names, status, type, claimed, and outside the town a document number's, a ZIP's
 * and a street's prefix) are intersected with the name inside people_fts, whose documents carry
 * their business's tags (drizzle/0014; the ZIP's since 0019, the number's and the street's since
 * 0021): "ANDERSON" with INACTIVE and CORP is one intersection there, not 40,000 businesses read;
 * so are "SMITH" in "323", at "12" or with "L2". The rest (FEI, a number, ZIP or street longer than
 * its tag, the town's ZIPs) is checked on the businesses found; alone, against their set when it
 * holds at most COUNT_CAP businesses (else null: the general plan). Same rows, same order either way.
 */
function personListing(
  client: Database.Database,
  params: SearchParams,
  where: Where,
  requestedPage: number,
  limit: number,
  { personPlan: plan = "cost", commonTag = COUNT_CAP, fewPeople: fewPeopleOption, fewPeopleByStatus: byStatusOption, personSortLimit = PERSON_SORT_LIMIT }: SearchPlanOptions,
): SearchResult | null {
  const person = clean(params.person);
  if (!person) return null;
  const order = personOrder(params);
  const fewPeople = fewPeopleOption ?? FEW_PEOPLE;
  const fewPeopleByStatus = byStatusOption ?? fewPeopleOption ?? (order === "id" ? FEW_PEOPLE_BY_STATUS : FEW_PEOPLE);
  const match = personMatch(client, person);
  if (!match) return EMPTY(requestedPage, limit);
  const split = splitFilters(client, { ...params, person: undefined }, { docTag: "people_fts", zipTag: true, addressTag: true });
  if (!split) return EMPTY(requestedPage, limit);
  const people = `SELECT DISTINCT id FROM (SELECT rowid >> 3 AS id FROM people_fts WHERE people_fts MATCH ? ORDER BY rowid)`;
  // Where the tag filters are checked: every one on the rows (`plan` "rows"); by cost, the common
  // ones on the rows of the person's businesses when they are few (fewPeopleFirst); else every one
  // inside people_fts.
  const everyRow = plan === "rows" && split.tags.length > 0;
  const few = everyRow ? null : fewPeopleFirst(client, match, split, plan, { commonTag, fewPeople, fewPeopleByStatus });
  const rest = everyRow ? withoutPerson(where) : few ? withItems(split.rest, few.onRows) : split.rest;
  // The few businesses' ids come in id order with repeats (a business's several people), as
  // people_fts gives them: DISTINCT keeps the first of each, as in `people`.
  const source = few
    ? { sql: "SELECT DISTINCT value AS id FROM json_each(?)", params: [few.ids] }
    : { sql: people, params: [everyRow ? match : matchOf([match, ...split.tags], [])] };
  let ids: { sql: string; params: unknown[] };
  if (rest.clauses.length === 0) ids = source;
  else if (split.tags.length) {
    // The tags have narrowed the people (the town's cities, say), or the people are few: check
    // the rest on their rows.
    ids = {
      sql: `SELECT p.id AS id FROM (${source.sql}) p CROSS JOIN businesses b ON b.id = p.id WHERE ${rest.clauses.join(" AND ")}`,
      params: [...source.params, ...rest.params],
    };
  } else {
    const set = cappedCount(client, "businesses b", rest.clauses.join(" AND "), rest.params);
    if (set.capped) return null;
    ids = {
      sql: `${people} WHERE id IN (SELECT b.id FROM businesses b WHERE ${rest.clauses.join(" AND ")})`,
      params: [...source.params, ...rest.params],
    };
  }
  // A page in id order reads the matches up to the page; in another order, all of them: those are
  // read once, with the count, rather than asked of people_fts again (when within the count cap).
  const { total, capped, ids: matched } =
    order === "id" ? { ...cappedCount(client, `(${ids.sql})`, "", ids.params), ids: null } : cappedMatches(client, ids.sql, ids.params);
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  if (total === 0) return { businesses: [], pagination, capped };
  const page = matched ? { sql: "SELECT value AS id FROM json_each(?)", params: [matched] } : ids;
  const rows = personPage(client, page, order, params, capped || total > personSortLimit, limit, offset);
  return { businesses: cardsWithReasons(client, rows, params), pagination, capped };
}

/** Up to this many matches, a person search by document number sorts them; more walk the number's index. */
const PERSON_SORT_LIMIT = 3_000;

/** A person search's order, the general plan's: by number for a document search, by name within a city, else by id. */
const personOrder = (params: SearchParams) => (normalizeDocNumber(clean(params.doc)) ? "number" : clean(params.city) ? "name" : "id");

/**
 * A page of a person search's matches (`ids`, in id order) in personOrder. By number with `many`
 * matches, the number's index is walked from the prefix and each entry's id looked up in the
 * matches' set, so only the page's rows are read: sorting reads every match's row ("SMITH" with
 * "P": 30,000 rows, 125 ms at 3.5M businesses).
 */
function personPage(
  client: Database.Database,
  ids: { sql: string; params: unknown[] },
  order: ReturnType<typeof personOrder>,
  params: SearchParams,
  many: boolean,
  limit: number,
  offset: number,
): CardRow[] {
  if (order === "number" && many) {
    const range = documentClause(normalizeDocNumber(clean(params.doc)));
    return prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM businesses b INDEXED BY businesses_document_number_unique
        WHERE ${range.clause} AND b.id IN (${ids.sql}) ORDER BY b.document_number LIMIT ? OFFSET ?`,
    ).all(...range.params, ...ids.params, limit, offset) as CardRow[];
  }
  if (order !== "id") {
    return prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM businesses b WHERE b.id IN (${ids.sql}) ORDER BY ${order === "number" ? "b.document_number" : "b.name, b.id"} LIMIT ? OFFSET ?`,
    ).all(...ids.params, limit, offset) as CardRow[];
  }
  return prepare(
    client,
    `WITH ids AS (${ids.sql} LIMIT ? OFFSET ?) SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ids.id`,
  ).all(...ids.params, limit, offset) as CardRow[];
}

/**
 * A person search's tag filters (outside the town) split for its few businesses: the rare ones
 * (at most `commonTag` entries in people_fts, COUNT_CAP by default: a ZIP, a city, claimed)
 * intersected with the person inside people_fts, then the common ones (a status, a type, not
 * claimed, a large ZIP's prefix) added one by one, the sparsest first, until the person's
 * businesses are few (`ids`, a JSON array of their at most `fewPeople` entries' business ids,
 * FEW_PEOPLE by default); the common
 * ones left (`onRows`) are checked on those businesses' rows. Intersecting a common tag costs FTS5 a seek in its long list
 * for every step of the walk: ~15 ms at 3.5M even when the person has 72 entries ("PRIYA
 * ANDERSON"), 50 ms for "JOHN SMITH" in "333" with INACTIVE, where reading the person's 647
 * businesses in "333" and checking them costs ~2 ms. null: every tag in the index (also when the
 * last common tag would be needed: that is the index plan itself). `plan` "index": null.
 * Within the town, whose city tags are short lists, every tag stays in the index.
 */
function fewPeopleFirst(
  client: Database.Database,
  match: string,
  split: SplitFilters,
  plan: TagPlan,
  { commonTag, fewPeople, fewPeopleByStatus }: { commonTag: number; fewPeople: number; fewPeopleByStatus: number },
): { ids: string; onRows: TagFilter[] } | null {
  if (plan !== "cost" || split.townCity || !split.items.length) return null;
  const common = split.items.filter((item) => cappedCount(client, "people_fts", "people_fts MATCH ?", [item.term], commonTag).capped);
  if (!common.length) return null;
  const span = registrySpan(client) * 8;
  const density = new Map(common.map((item) => [item, matchDensity(client, item.term, span, "people_fts")]));
  common.sort((a, b) => density.get(a)! - density.get(b)!);
  const inIndex = split.items.filter((item) => !common.includes(item)).map((item) => item.term);
  for (let k = 0; k < common.length; k++) {
    const narrowed = matchOf([match, ...inIndex, ...common.slice(0, k).map((item) => item.term)], []);
    const cap = common.slice(k).every((item) => item.column) ? fewPeopleByStatus : fewPeople;
    const { ids } = cappedMatches(client, "SELECT rowid >> 3 AS id FROM people_fts WHERE people_fts MATCH ? ORDER BY rowid", [narrowed], cap);
    if (ids) return { ids, onRows: common.slice(k) };
  }
  return null;
}

/** `where` and the SQL twins of the tag filters `items`. */
const withItems = (where: Where, items: TagFilter[]): Where => ({
  clauses: [...where.clauses, ...items.map((item) => item.clause)],
  params: [...where.params, ...items.flatMap((item) => item.params)],
});

/**
 * Up to this many entries in people_fts (the person with its rare tags), a person's common tags
 * are checked on its businesses' rows (fewPeopleFirst). A row costs ~4 us to read and check, a
 * common tag's intersection in people_fts 10-16 ms whatever the person: measured at 3.5M businesses
 * (tests/integration/search-person-plan.test.ts checks every plan gives the same answers).
 */
export const FEW_PEOPLE = 2_000;

/**
 * FEW_PEOPLE when only a status or a type is left to check on the rows and the page is in id
 * order (no document number, no city). Such a tag is a dense list: intersected in people_fts it
 * costs FTS5 about a page read per match (~10 us), where its check on a row costs ~2 us through
 * the memory map (decision 0022), and a page in id order keeps the order the ids already have.
 * "SMITH" in 32105 with INACTIVE (2,322 entries before the status): 39 -> 9 ms; "SMI" in "343"
 * with ACTIVE: 24 -> 8 ms at 3.5M. A ZIP's, a street's or a number's prefix costs more on a row
 * and is a sparser list, and a page by number or by name sorts or walks the matches: with 10,000
 * for those too, the class "person + street or document number" went from a p95 of 11 to 17-22 ms.
 */
export const FEW_PEOPLE_BY_STATUS = 10_000;

/** The cards, each saying why it matched when a registry filter (person, zip, ...) was used. */
function cardsWithReasons(client: Database.Database, rows: CardRow[], filters: SearchFilters): BusinessCard[] {
  const reasons = explainMatches(client, rows, filters);
  return rows.map((r) => {
    const why = reasons.get(r.id);
    return why ? { ...toCard(r), matchedBy: why } : toCard(r);
  });
}

/**
 * The FTS5 expression of filters that are all tags. "Not claimed" is nearly every row: with
 * another tag to start from, it is read as "not claimed" (the short _k1 list taken out) instead of
 * intersecting the _k0 list.
 */
function tagsMatch(params: SearchFilters, tags: string[]): string {
  const [claimedTerm] = filterTagTerms({ claimed: false });
  return params.claimed === false && tags.length > 1
    ? matchOf(tags.filter((t) => t !== claimedTerm), filterTagTerms({ claimed: true }))
    : tags.join(" AND ");
}

/**
 * Filters without a name (other than a town alone, which its (city, name) index lists directly):
 * counted by intersecting their tags in the full-text index. Registry order (rowid) is the index's
 * own order, so a page is a skip through the intersection. Within a town the order is by name:
 * a few matches (not capped) are sorted; many are found by walking the town's names in the index
 * that carries the filter columns.
 */
function filteredListing(
  client: Database.Database,
  params: SearchFilters,
  where: Where,
  tags: string[],
  requestedPage: number,
  limit: number,
  sortLimit: number,
): SearchResult {
  const match = tagsMatch(params, tags);
  const { total, capped } = cappedCount(client, "businesses_fts", "businesses_fts MATCH ?", [match]);
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  let rows: CardRow[] = [];
  if (total === 0) rows = [];
  else if (!clean(params.city)) {
    rows = prepare(
      client,
      `WITH ids AS (SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ? ORDER BY rowid LIMIT ? OFFSET ?)
       SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ids.id`,
    ).all(match, limit, offset) as CardRow[];
  } else if (!capped && total <= sortLimit) {
    rows = prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM businesses b WHERE b.id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?)
       ORDER BY b.name, b.id LIMIT ? OFFSET ?`,
    ).all(match, limit, offset) as CardRow[];
  } else {
    // The page's ids from the index alone (name, filters and rowid are all in it), then 10 rows.
    rows = prepare(
      client,
      `WITH ids AS (SELECT b.id AS id, b.name AS name FROM ${CITY_BY_NAME}
         WHERE ${where.clauses.join(" AND ")} ORDER BY b.name, b.id LIMIT ? OFFSET ?)
       SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ids.name, ids.id`,
    ).all(...where.params, limit, offset) as CardRow[];
  }
  return { businesses: cardsWithReasons(client, rows, params), pagination, capped };
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
