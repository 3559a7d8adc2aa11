/**
 * A search by business name (FTS5), with any other filters, following the planner's "name" plan.
 *
 * Ranking without scoring every match: a name query is answered in three tiers, each a cheap
 * FTS5 scan in rowid order that stops at LIMIT:
 *   1. exact   - the name starts with the query's words (whole words, in order),
 *   2. leading - the name starts with them as prefixes ("gulf log" -> Gulfstream Logistics),
 *   3. any     - every word appears somewhere as a prefix.
 * A page is filled from tier 1, then 2, then 3, skipping `offset` rows across them, so deep
 * pages cost O(offset) like any OFFSET, and page 1 costs a few index reads whatever the size.
 * When the filters leave few matches (the plan's `sortUpTo`), the counted matches are sorted
 * into the same order instead (rankedRows).
 */
import type Database from "better-sqlite3";
import { commonIds, mergedIds } from "~/lib/id-lists";
import { MAX_PAGE_SIZE } from "~/lib/pagination";
import { buildNameKeys, buildNameQuery, prefixUpperBound, type NameQuery } from "~/lib/search-query";
import { indexWords, NAME_INDEX } from "~/models/fts-vocabulary.server";
import { matchTerms, personParts } from "~/models/registry-search.server";
import { getTownArea } from "~/models/town.server";
import { registryFilterSql, SqlEstimates } from "./estimates.server";
import { COUNT_CAP, NAME_SPLIT, planSearch } from "./planner.server";
import { firstCommonIds } from "./first-common.server";
import { comparedName, comparedPerson, namedAmong, namesMatching, personAmong, type ComparedPerson, type Person } from "./person-check.server";
import {
  andWhere,
  CARD_COLUMNS,
  cappedCount,
  CITY_BY_NAME,
  cappedMatches,
  FTS_ID,
  FTS_JOIN,
  idList,
  itemsNamed,
  NAME_KEY_SQL,
  onBusinessId,
  peopleEntryIds,
  personAt,
  prepare,
  ROWS_ID,
  splitFilters,
  withIdList,
  withItems,
  withPersonSet,
  type CardRow,
  type Where,
} from "./sql.server";
import { matchOf, tagCheckOf } from "./tag-split.server";
import type { SearchFilters, SearchPlanOptions } from "./types.server";

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
 * The ids of tiers 1 and 2 (names that are, or start with, the words typed) from the name-key
 * index; its parameters: the exact keys, then the prefix and its upper bound.
 */
function leadingIdsSql(exactKeys: number): string {
  return `SELECT b.id AS id FROM businesses b WHERE ${NAME_KEY_SQL} IN (${Array.from({ length: exactKeys }, () => "?").join(", ")})
    UNION ALL SELECT b.id FROM businesses b WHERE ${NAME_KEY_SQL} >= ? AND ${NAME_KEY_SQL} < ?`;
}

/**
 * Past the count's cap, the names a common person's tier walk must find whole: at most this many
 * businesses whose name starts with the words typed (tiers 1 and 2) have their people read (~6 µs
 * each); more, and the search walks the name's matches against the person's set.
 */
const WINDOW_LEADING = 2_000;

/**
 * The person's businesses among the name's matches, the "window" way (first-common.server.ts):
 * every one of them, or past `cap` the first ones by id (the tier walk's third tier, in id
 * order, finds a page up to the cap among them) with every business of the first two tiers (the
 * names that start with the words, walked by name) whose people match: null when those are too many.
 */
function personAndNameWindow(client: Database.Database, est: SqlEstimates, person: ComparedPerson, name: string, nameText: string, cap: number) {
  const keys = buildNameKeys(nameText);
  if (!keys) return null;
  const leading = idList(client, `SELECT id FROM (${leadingIdsSql(keys.exact.length)}) LIMIT ?`, [
    ...keys.exact,
    keys.prefix,
    prefixUpperBound(keys.prefix),
    WINDOW_LEADING + 1,
  ]);
  if ((JSON.parse(leading) as number[]).length > WINDOW_LEADING) return null;
  // Enough ids for the last page of the cap's, whatever its size; the first window where the
  // person's share of the name's matches reaches them, if the two are independent (a person's
  // entries per business id: people_fts's density * 8).
  const both = est.personDensity() * 8 * est.nameDensity();
  const enough = cap + MAX_PAGE_SIZE;
  const first = firstCommonIds(client, person.match, name, enough, Math.min(est.span() + 1, (1.25 * enough) / Math.max(both, 1e-9)), est.span());
  if (!first.capped) return { ids: first.ids, total: Math.min(first.ids.length, cap), capped: first.ids.length > cap };
  return { ids: mergedIds([first.ids, personAmong(client, leading, person)], Infinity), total: cap, capped: true };
}

/**
 * A name's matches in the town (the plan's `townWalk`): the town's rows read from its (city, name)
 * index, which carries the columns of `where` (the town, a status, a type, claimed), and their
 * names compared with the name's words as businesses_fts cuts them (person-check.server.ts).
 */
function townMatches(client: Database.Database, where: Where, name: ComparedPerson) {
  // As two JSON arrays: one value each instead of a row object each (7,796 rows: 2 against 6 ms).
  const read = prepare(client, `SELECT json_group_array(b.id) AS ids, json_group_array(b.name) AS names FROM ${CITY_BY_NAME} WHERE ${where.clauses.join(" AND ")}`);
  const { ids: idsJson, names: namesJson } = read.get(...where.params) as { ids: string; names: string };
  const names = JSON.parse(namesJson) as string[];
  const rows: Person[] = (JSON.parse(idsJson) as number[]).map((id, i) => ({ id, name: names[i] }));
  const ids = namesMatching(client, rows, name);
  return ids.length > COUNT_CAP ? { total: COUNT_CAP, capped: true, ids: null } : { total: ids.length, capped: false, ids: JSON.stringify(ids) };
}

export type PageWindow = { offset: number; limit: number };

/**
 * A page of a name search with its filters: the planner's plan, the capped count from the
 * full-text index (names and tags intersected there, the rest checked on the rows it finds), then
 * the plan's way to the page: sorting the few matches (rankedRows) or the tier walks. `page`: a
 * fixed window (suggestions: no count without filters), or the window for the count.
 */
export function nameSearch(
  client: Database.Database,
  nameText: string,
  filters: SearchFilters,
  where: Where,
  page: PageWindow | ((total: number) => PageWindow),
  options: SearchPlanOptions = {},
) {
  const split = splitFilters(client, filters, NAME_SPLIT);
  if (!split) return null;
  const fts = buildNameQuery(nameText, indexWords(client, NAME_INDEX));
  if (!fts) return null;
  const person = personAt(where);
  const est = new SqlEstimates(client, filters, { name: fts.all, person: person ? (where.params[person.param] as string) : undefined }, options.tagCopy !== "off");
  const plan = planSearch({ filters: { ...filters, name: nameText }, town: getTownArea(), options }, est);
  if (plan.kind !== "name") return null;
  let counted: { total: number; capped: boolean; ids: string | null } | null = null;
  if (plan.personAndName && person) {
    // The person's businesses among the name's matches, once for every query of the search, the
    // plan's way (personAndNameWay): the person's words or its rarest word in people_fts against
    // the name's matches (that word's businesses then checked for the others on their people),
    // the two as lists merged, or their first ids window by window up to the count's cap, the person's
    // businesses' names, or the name's matches' people (person-check.server.ts).
    const compared = comparedPerson(filters.person, where.params[person.param] as string);
    const names = "SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?";
    const nameIdList = () => est.nameIdList() ?? idList(client, names, [fts.all]);
    const nameIds = () => JSON.parse(nameIdList()) as number[];
    const among = (match: string) =>
      JSON.parse(idList(client, `SELECT DISTINCT rowid >> 3 AS id FROM people_fts WHERE people_fts MATCH ? AND (rowid >> 3) IN (${names})`, [match, fts.all])) as number[];
    const way = plan.personAndName;
    const window = way === "window" ? personAndNameWindow(client, est, compared, fts.all, nameText, options.windowCap ?? COUNT_CAP) : null;
    // Too many leading names for the window: the count's walk of the name's matches, as without a way.
    const walk = way === "window" && !window;
    const both =
      way === "window"
        ? (window?.ids ?? [])
        : way === "rows"
        ? personAmong(client, nameIdList(), compared)
        : way === "index"
          ? among(compared.match)
          : way === "lists"
            ? commonIds(peopleEntryIds(client, compared.match), nameIds())
            : way === "names"
              ? namedAmong(client, idList(client, "SELECT DISTINCT rowid >> 3 AS id FROM people_fts WHERE people_fts MATCH ?", [compared.match]), comparedName(nameText, fts.all))
            : way === "agents"
              ? // The matches whose agent is one of the person's frequent ones, from the copy, and those its words find.
                mergedIds([est.ofPersonAgents(nameIds()), among(personParts(compared.match)!.words)], Infinity)
              : personAmong(client, JSON.stringify(among(matchTerms(compared.match)[way.word])), compared);
    if (!walk) {
      const set = JSON.stringify(both);
      where = withPersonSet(where, set);
      split.rest = withPersonSet(split.rest, set);
    }
    // No other filter: those businesses are the search's matches, counted without the name's
    // matches walked again ("REN" with "Har": 167,000 walked, 15 ms at 10.3M businesses); the
    // window's as it counted them (past its cap, only the first are known: the pages up to it).
    if (window) counted = { total: window.total, capped: window.capped, ids: window.capped ? null : JSON.stringify(window.ids) };
    else if (!walk && where.clauses.length === 1)
      counted = { total: Math.min(both.length, COUNT_CAP), capped: both.length > COUNT_CAP, ids: JSON.stringify(both.slice(0, COUNT_CAP + 1)) };
  }
  if (plan.list) {
    const { from, filter, condition } = registryFilterSql(client, filters, plan.list.filter);
    const ids = idList(client, `SELECT b.id AS id FROM ${from} WHERE ${condition}`, filter.params);
    where = withIdList(where, filter, ids, plan.list.drive);
    split.rest = withIdList(split.rest, filter, ids, plan.list.drive);
  }
  // `doc` is checked on the full-text index's matches (FTS_JOIN): the id lists on their rowid.
  const rest = onBusinessId(split.rest, FTS_ID);
  let tags: TagMatch = { terms: split.tags, not: [], filterIndex: split.tags.length > 0 };
  let doc: Where = rest;
  if (plan.tags !== "town") {
    const inIndex = itemsNamed(split, plan.tags.inIndex);
    doc = withItems(rest, itemsNamed(split, plan.tags.onRows));
    tags = {
      terms: inIndex.filter((item) => !item.not).map((item) => item.term),
      not: inIndex.flatMap((item) => (item.not ? [item.not] : [])),
      filterIndex: plan.tags.inIndex.length + plan.tags.onRows.length > 0,
    };
  }
  const name = nameTiers(nameText, fts, tags);
  if (!name) return null;
  // The tag filters left for the rows, when nothing else is, checked on the search's copy in
  // memory instead (decision 0030): the matches are counted without reading a row.
  const check = plan.tags !== "town" && split.rest.clauses.length === 0 ? tagCheckOf(itemsNamed(split, plan.tags.onRows)) : null;
  const onCopy = est.copyClause(check, "f.rowid");
  // Suggestions without filters need no count: the tier walks answer them in a few reads.
  const { total, capped, ids } = counted
    ? counted
    : typeof page !== "function" && where.clauses.length === 0
      ? { total: -1, capped: true, ids: null }
      : plan.townWalk
        ? townMatches(client, where, comparedName(nameText, fts.all))
        : onCopy
        ? cappedMatches(client, `SELECT f.rowid AS id FROM businesses_fts f WHERE businesses_fts MATCH ? AND ${onCopy.clause}`, [name.match, ...onCopy.params])
        : doc.clauses.length
          ? cappedMatches(client, `SELECT b.id AS id FROM ${FTS_JOIN} WHERE businesses_fts MATCH ?${andWhere(doc.clauses)}`, [name.match, ...doc.params])
          : { ...cappedCount(client, "businesses_fts", "businesses_fts MATCH ?", [name.match]), ids: null };
  const { offset, limit } = typeof page === "function" ? page(total) : page;
  const rows =
    total === 0
      ? []
      : !capped && total <= plan.sortUpTo
        ? rankedRows(client, name, ids ? { ids } : { doc }, offset, limit)
        : tierRows(client, name.tiers, { rows: onBusinessId(where, ROWS_ID), fts: onBusinessId(where, FTS_ID) }, offset, limit);
  return { total, capped, rows, plan };
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
      const page = prepare(
        client,
        `WITH ids AS (SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ? AND rowid NOT IN (${leadingIdsSql(ex.exact.length)})
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
