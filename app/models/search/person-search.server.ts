/**
 * A listing by an officer's or agent's name (no business name), following the planner's "person"
 * plan: the businesses come from people_fts (rowid = business id * 8 + block, so in id order)
 * instead of the general listing's `b.id IN (every match)`, which gathers and sorts all of a
 * common surname's matches first ("rodriguez": 210,000 people at 3.5M businesses, 200 ms). The
 * tag filters are intersected with the name inside people_fts, whose documents carry their
 * business's tags, or checked on the person's few rows (the plan's `tags`); the rest is checked
 * on the businesses found. Same rows, same order whichever way.
 */
import type Database from "better-sqlite3";
import { paginate } from "~/lib/pagination";
import { normalizeDocNumber } from "~/lib/search-query";
import { hasId, mergedIds } from "~/lib/id-lists";
import { agentToken, documentTag } from "~/lib/search-tags";
import { personClause, personParts } from "~/models/registry-search.server";
import { numberIndex, type SqlEstimates } from "./estimates.server";
import { comparedPerson, entriesMatching, personAmong } from "./person-check.server";
import { COUNT_CAP, PERSON_SPLIT, type PersonOrder, type SearchPlan } from "./planner.server";
import {
  CARD_COLUMNS,
  cappedCount,
  cardsOfIds,
  cappedMatches,
  cardsWithReasons,
  filterClauses,
  itemsNamed,
  peopleEntryIds,
  prepare,
  splitFilters,
  withItems,
  withoutPerson,
  type CardRow,
  type Where,
} from "./sql.server";
import { clean, documentClause, matchOf, tagCheckOf } from "./tag-split.server";
import type { TagCheck } from "./tag-store.server";
import type { SearchParams, SearchResult } from "./types.server";

type Ids = { sql: string; params: unknown[] };

/** The page `requestedPage` of a person listing (`match`: the person's people_fts expression). */
export function personListing(
  client: Database.Database,
  params: SearchParams,
  where: Where,
  plan: Extract<SearchPlan, { kind: "person" }>,
  est: SqlEstimates,
  match: string,
  requestedPage: number,
  limit: number,
): SearchResult | null {
  if (plan.tags === "numbers") return personByNumbers(client, params, est, match, requestedPage, limit);
  const split = splitFilters(client, { ...params, person: undefined }, PERSON_SPLIT);
  if (!split) return null;
  const people = `SELECT DISTINCT id FROM (SELECT rowid >> 3 AS id FROM people_fts WHERE people_fts MATCH ? ORDER BY rowid)`;
  const few = typeof plan.tags === "object" && "fewFirst" in plan.tags ? plan.tags : null;
  const byWord = typeof plan.tags === "object" && "byWord" in plan.tags ? plan.tags : null;
  const streamedPlan = typeof plan.tags === "object" && "streamed" in plan.tags ? plan.tags.streamed : null;
  const gather = typeof plan.tags === "object" && "gathered" in plan.tags && plan.tags.gathered;
  // The few (or streamed) businesses' status, type or claimed flag, when nothing else is left for
  // their rows, checked on the search's copy of those columns instead of the rows (decision 0030).
  const copyKeys = few ? few.fewFirst.onRows : streamedPlan ? streamedPlan.onRows : null;
  const check = copyKeys && split.rest.clauses.length === 0 ? tagCheckOf(itemsNamed(split, copyKeys)) : null;
  const onCopy = est.copyClause(check, "p.id");
  // Streamed only on the copy, which the plan's estimates found current: else every tag in people_fts.
  const streamed = streamedPlan && onCopy ? streamedPlan : null;
  const rest = plan.tags === "rows" ? withoutPerson(where) : few ? withItems(split.rest, itemsNamed(split, few.fewFirst.onRows)) : split.rest;
  const inIndex = streamed ? itemsNamed(split, streamed.inIndex).map((item) => item.term) : split.tags;
  // The few businesses' ids come in id order with repeats (a business's several people), as
  // people_fts gives them: DISTINCT keeps the first of each, as in `people`.
  const source: Ids = byWord
    ? {
        // The word's entries with every tag, each checked for the person's other words on its name.
        sql: "SELECT value AS id FROM json_each(?)",
        params: [JSON.stringify(entriesMatching(client, est.wordEntries(byWord.byWord, split.tags, byWord.upTo).ids!, comparedPerson(params.person, match)))],
      }
    : few
    ? {
        sql: "SELECT DISTINCT value AS id FROM json_each(?)",
        params: [est.personEntries(itemsNamed(split, few.fewFirst.inIndex).map((item) => item.term), few.upTo).ids],
      }
    : { sql: people, params: [plan.tags === "rows" ? match : matchOf([match, ...inIndex], [])] };
  let ids: Ids;
  if (rest.clauses.length === 0 && !streamed) ids = source;
  else if (onCopy) {
    ids = { sql: `SELECT p.id AS id FROM (${source.sql}) p WHERE ${onCopy.clause}`, params: [...source.params, ...onCopy.params] };
  }
  else if (!plan.restSet) {
    // The tags have narrowed the people (the town's cities, say), or the people are few: check
    // the rest on their rows.
    ids = {
      sql: `SELECT p.id AS id FROM (${source.sql}) p CROSS JOIN businesses b ON b.id = p.id WHERE ${rest.clauses.join(" AND ")}`,
      params: [...source.params, ...rest.params],
    };
  } else {
    ids = {
      sql: `${people} WHERE id IN (SELECT b.id FROM businesses b WHERE ${rest.clauses.join(" AND ")})`,
      params: [...source.params, ...rest.params],
    };
  }
  // The matches are read once, with the count, rather than asked of people_fts again for the page
  // (when within the count cap): "JOHN SMITH" in 32267, 12 matches, intersected twice 25 -> 14 ms
  // at 10.3M businesses. Except a person alone in id order, mostly past the cap, whose page reads
  // the matches up to the page only (gathering 10,001 ids costs a millisecond).
  const alone = ids === source && !few && split.tags.length === 0;
  // In id order, the count cap's first matches are all the page needs; by name, every one.
  const found = streamed && gather && check ? gatheredMatches(client, est, match, inIndex, check, plan.order === "id" ? COUNT_CAP + 1 : Infinity) : null;
  const { total, capped, ids: matched } = found
    ? { total: Math.min(found.length, COUNT_CAP), capped: found.length > COUNT_CAP, ids: null }
    : plan.order === "id" && alone
      ? { ...cappedCount(client, `(${ids.sql})`, "", ids.params), ids: null }
      : cappedMatches(client, ids.sql, ids.params);
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  if (total === 0) return { businesses: [], pagination, capped };
  const many = capped || total > plan.walkAbove;
  const walk = plan.order === "number" && many && plan.walkSet !== "matches";
  const compared = walk && typeof plan.walkSet === "object" ? comparedPerson(params.person, match) : null;
  const byPeople = (entries: number[]) => new Set(personAmong(client, JSON.stringify(entries), compared!));
  // Gathered matches past the page's sort: the number's index walked, each entry looked up in
  // them (in id order: a binary search, where a Set of an agent's 240,000 would cost 15 ms to make).
  const gatheredSet = found && plan.order === "number" && many ? { has: (id: number) => hasId(found, id) } : null;
  const checked = gatheredSet
    ? checkedNumberWalk(client, withoutPerson(where), params, { limit, offset }, Infinity, () => gatheredSet)
    : compared && typeof plan.walkSet === "object"
      ? checkedNumberWalk(client, withoutPerson(where), params, { limit, offset }, plan.walkSet.rowsUpTo, byPeople)
      : null;
  const rows = checked
    ? checked
    : walk
      ? personNumberWalk(client, withoutPerson(where), match, params, limit, offset)
      : personPage(client, matched || found ? { sql: "SELECT value AS id FROM json_each(?)", params: [matched ?? JSON.stringify(found)] } : ids, plan.order, params, many, limit, offset);
  return { businesses: cardsWithReasons(client, rows, params), pagination, capped };
}

/**
 * A streamed person listing's matches gathered whole (the plan's `gathered`), in id order (the first `upTo`): the
 * person's words' entries with the rare tags (`inIndex`) read as one list, and its frequent
 * agents' businesses from the copy's lists of them (with rare tags, their tokens' entries with
 * those tags), each kept when the copy passes `check`.
 */
function gatheredMatches(client: Database.Database, est: SqlEstimates, match: string, inIndex: string[], check: TagCheck, upTo: number): number[] {
  const parts = personParts(match);
  const copy = est.copyTest(check);
  const entries = (terms: string[]) => peopleEntryIds(client, matchOf(terms, []));
  // A business's several people come one after the other: passing keeps its id once.
  const words = copy.passing(entries([parts ? `(${parts.words})` : match, ...inIndex]), upTo);
  if (!parts) return words;
  const agents = parts.agents.map((code) => (inIndex.length ? copy.passing(entries([`"${agentToken(code)}"`, ...inIndex]), upTo) : copy.agentPassing(code, upTo)));
  return mergedIds([words, ...agents], upTo);
}

/**
 * A person listing by a number's few numbers (the plan's "numbers"; the copy in memory current):
 * each number of the prefix (of the type, when asked) in number order, kept when the copy passes
 * its status and claimed flag and either its frequent agent is one the person asks or the
 * person's words found it (in people_fts with the number's tag, gathered as a set). One walk
 * gives the count and the page, already in number order.
 */
function personByNumbers(client: Database.Database, params: SearchParams, est: SqlEstimates, match: string, requestedPage: number, limit: number): SearchResult {
  const prefix = normalizeDocNumber(clean(params.doc));
  const number = filterClauses(client, { doc: prefix, type: params.type })!;
  const numbers = prepare(client, `SELECT b.id FROM ${numberIndex(params)} WHERE ${number.clauses.join(" AND ")} ORDER BY b.document_number`)
    .pluck()
    .all(...number.params) as number[];
  const parts = personParts(match);
  const tag = documentTag(prefix, "people_fts");
  const byWords = new Set(peopleEntryIds(client, matchOf([parts ? `(${parts.words})` : match, ...(tag ? [tag.term] : [])], [])));
  // The status, type and claimed flag as the tags check them (the type again: the walk's index had it).
  const { items } = splitFilters(client, { status: params.status, type: params.type, claimed: params.claimed })!;
  const passing = est.copyTest(items.length ? tagCheckOf(items) : null).passing(numbers);
  const byAgents = new Set(parts ? est.ofPersonAgents(passing) : []);
  const matched: number[] = [];
  for (const id of passing) {
    if (byWords.has(id) || byAgents.has(id)) matched.push(id);
    if (matched.length > COUNT_CAP) break;
  }
  const capped = matched.length > COUNT_CAP;
  const total = Math.min(matched.length, COUNT_CAP);
  const { offset, ...pagination } = paginate(total, requestedPage, limit);
  const rows = cardsOfIds(client, JSON.stringify(matched.slice(offset, offset + limit)), "j.key");
  return { businesses: cardsWithReasons(client, rows, params), pagination, capped };
}

/**
 * A page by number of a person's businesses (`person`: the person's people_fts expression alone)
 * that `filters` select: the number's index carrying the filter columns walked in number order,
 * each entry's filters checked on it and its id looked up in the person's entries, gathered once.
 */
function personNumberWalk(client: Database.Database, filters: Where, person: string, params: SearchParams, limit: number, offset: number): CardRow[] {
  return prepare(
    client,
    `SELECT ${CARD_COLUMNS} FROM ${numberIndex(params)}
      WHERE ${filters.clauses.join(" AND ")} AND ${personClause("b.id")} ORDER BY b.document_number LIMIT ? OFFSET ?`,
  ).all(...filters.params, person, limit, offset) as CardRow[];
}

/**
 * A page by number of a person's businesses that `filters` select, the number's index walked from
 * the prefix a batch of entries at a time and each batch's matches found by `matching`: each
 * entry's people read and compared with the person (person-check.server.ts), a common person's
 * first pages found without gathering its set; or looked up in the gathered matches. null when
 * the page lies past `budget` entries, or will by the share of matches seen so far (the caller
 * gathers the set).
 */
function checkedNumberWalk(
  client: Database.Database,
  filters: Where,
  params: SearchParams,
  page: { limit: number; offset: number },
  budget: number,
  matching: (ids: number[]) => { has: (id: number) => boolean },
): CardRow[] | null {
  const { limit, offset } = page;
  const next = prepare(
    client,
    `SELECT b.id AS id, b.document_number AS number FROM ${numberIndex(params)}
      WHERE ${filters.clauses.join(" AND ")} AND b.document_number > ? ORDER BY b.document_number LIMIT ?`,
  );
  const ids: number[] = [];
  let [after, skip, walked, batch] = ["", offset, 0, 32];
  while (ids.length < limit && walked < budget) {
    const entries = next.all(...filters.params, after, batch) as { id: number; number: string }[];
    if (entries.length === 0) break;
    const found = matching(entries.map((e) => e.id));
    for (const entry of entries) {
      if (!found.has(entry.id) || ids.length === limit) continue;
      if (skip > 0) skip--;
      else ids.push(entry.id);
    }
    [after, walked, batch] = [entries[entries.length - 1].number, walked + entries.length, Math.min(batch * 2, 1024)];
    // A page that the share of matches seen so far puts past the budget: the set at once.
    const seen = offset - skip + ids.length;
    if (ids.length < limit && seen > 0 && walked + ((offset + limit - seen) * walked) / seen > budget) return null;
  }
  if (ids.length < limit && walked >= budget) return null;
  return cardsOfIds(client, JSON.stringify(ids), "b.document_number");
}

/**
 * A page of a person search's matches (`ids`, in id order) in `order`. By number with `many`
 * matches, the number's index is walked from the prefix and each entry's id looked up in the
 * matches' set, so only the page's rows are read: sorting reads every match's row ("SMITH" with
 * "P": 30,000 rows, 125 ms at 3.5M businesses).
 */
function personPage(client: Database.Database, ids: Ids, order: PersonOrder, params: SearchParams, many: boolean, limit: number, offset: number): CardRow[] {
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
