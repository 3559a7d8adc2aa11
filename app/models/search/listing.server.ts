/**
 * Listings without a business name, following the planner's "tags" and "listing" plans: filters
 * that are all tags counted and paged in businesses_fts (tagListing), any other counted and paged
 * by the index the plan walks, or sorted from the ids the full-text index counted (listing).
 */
import type Database from "better-sqlite3";
import { paginate } from "~/lib/pagination";
import { getTownArea } from "~/models/town.server";
import { numberIndex, type SqlEstimates } from "./estimates.server";
import { COUNT_CAP, LISTING_SPLIT, NUMBER_COUNT_SPLIT, copyTags, type ListingWalk, type SearchPlan } from "./planner.server";
import { BY_ADDRESS, CARD_COLUMNS, cappedCount, cardsOfIds, cardsWithReasons, CITY_BY_NAME, prepare, type CardRow, type Where } from "./sql.server";
import { clean, tagSplit } from "./tag-split.server";
import type { SearchFilters, SearchResult } from "./types.server";

/** A listing's page. */
type Page = { requestedPage: number; limit: number };

/**
 * Filters that are all tags (other than a city alone, which its (city, name) index lists
 * directly): counted by intersecting their tags in the full-text index, those the copy in memory
 * holds checked there instead when that reads less (copyTags: "340" with LLC, the type's 4M
 * entries not read). Registry order (rowid) is the index's own order, so a page is a skip through
 * the matches. Within a city the order is by name: a few matches (not capped, at most the plan's
 * `sortUpTo`) are sorted; many are found by walking the city's names in the index that carries
 * the filter columns.
 */
export function tagListing(
  client: Database.Database,
  params: SearchFilters,
  where: Where,
  plan: Extract<SearchPlan, { kind: "tags" }>,
  est: SqlEstimates,
  { requestedPage, limit }: Page,
): SearchResult {
  const { match, check } = copyTags(params, tagSplit(params, getTownArea(), LISTING_SPLIT), est);
  const { sql: matches, params: matchParams } = est.tagMatchesQuery(match, check);
  const { total, capped } = cappedCount(client, `(${matches})`, "", matchParams);
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  let rows: CardRow[] = [];
  if (total === 0) rows = [];
  else if (plan.order === "id") {
    rows = prepare(
      client,
      `WITH ids AS (${matches} ORDER BY rowid LIMIT ? OFFSET ?)
       SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ids.id`,
    ).all(...matchParams, limit, offset) as CardRow[];
  } else if (!capped && total <= plan.sortUpTo) {
    rows = prepare(
      client,
      `SELECT ${CARD_COLUMNS} FROM businesses b WHERE b.id IN (${matches}) ORDER BY b.name, b.id LIMIT ? OFFSET ?`,
    ).all(...matchParams, limit, offset) as CardRow[];
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

const ORDER = { number: "b.document_number", name: "b.name, b.id", id: "b.id" } as const;

/** The index each walk reads (SQLite's own choice for "table"). */
const walkFrom = (walk: ListingWalk, filters: SearchFilters) =>
  ({ address: BY_ADDRESS, city: CITY_BY_NAME, number: numberIndex(filters), "type+number": numberIndex(filters), table: "businesses b" })[walk];

/**
 * Any other listing without a name: its count from the tags in businesses_fts (with the ids it
 * counted) or from its walk, then the page's ids first (from the index alone when it covers the
 * filters: a town's listing skips `offset` index entries, not table rows), then the ten cards; a
 * few matches the full-text index counted are sorted instead.
 */
export function listing(
  client: Database.Database,
  params: SearchFilters,
  where: Where,
  plan: Extract<SearchPlan, { kind: "listing" }>,
  est: SqlEstimates,
  { requestedPage, limit }: Page,
): SearchResult {
  const order = ORDER[plan.order];
  const counted = plan.count === "tags" ? copyTags(params, tagSplit(params, getTownArea(), NUMBER_COUNT_SPLIT), est) : null;
  const tagged = counted ? est.tagMatches(counted.match, counted.check) : null;
  const from = plan.rows === "sort" ? null : walkFrom(plan.rows, params);
  const whereSql = where.clauses.length ? ` WHERE ${where.clauses.join(" AND ")}` : "";
  // A small city's rows with a number's prefix are read once, in number order: their count and
  // the page's ids both come from that read ("P9" in the town with INACTIVE read the town's rows
  // twice, 4.4 ms each at 3.5M businesses).
  const inCity =
    plan.rows === "city" && clean(params.doc)
      ? (prepare(client, `SELECT b.id AS id FROM ${from}${whereSql} ORDER BY ${order}`).all(...where.params) as { id: number }[]).map((r) => r.id)
      : null;
  // Counted as every plan counts: at most COUNT_CAP (a city of up to MOST_IN_CITY is read whole).
  const { total, capped } =
    tagged ?? (inCity ? { total: Math.min(inCity.length, COUNT_CAP), capped: inCity.length > COUNT_CAP } : cappedCount(client, from!, where.clauses.join(" AND "), where.params));
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  const rows =
    total === 0
      ? []
      : plan.rows === "sort"
        ? cardsOfIds(client, tagged!.ids!, order, { limit, offset })
        : inCity
          ? cardsOfIds(client, JSON.stringify(inCity.slice(offset, offset + limit)), "j.key")
          : (prepare(
              client,
              `WITH ids AS (SELECT b.id AS id FROM ${from}${whereSql} ORDER BY ${order} LIMIT ? OFFSET ?)
               SELECT ${CARD_COLUMNS} FROM ids CROSS JOIN businesses b ON b.id = ids.id ORDER BY ${order}`,
            ).all(...where.params, limit, offset) as CardRow[]);
  return { businesses: cardsWithReasons(client, rows, params), pagination, capped };
}
