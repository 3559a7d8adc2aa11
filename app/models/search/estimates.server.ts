/**
 * The planner's estimates (planner.server.ts, Estimates) answered from the database: capped
 * counts that stop at the planner's threshold, and list densities sampled from the full-text
 * indexes (a few µs each). Each is asked at most once per search; the ids a count gathers (a
 * person's few entries, a listing's tag matches) are kept for the search that follows the plan.
 */
import type Database from "better-sqlite3";
import { currentTagStore, tagCheckClause, type TagCheck, type TagStoreHandle } from "./tag-store.server";
import { addressClause, addressPrefix, matchTerms, personParts } from "~/models/registry-search.server";
import type { Capped, Estimates, RegistryKey } from "./planner.server";
import { NUMBER_COUNT_SPLIT, PERSON_SPLIT } from "./planner.server";
import { BY_ADDRESS, CITY_BY_NAME, cappedCount, cappedMatches, filterClauses, prepare, splitFilters } from "./sql.server";
import { matchOf } from "./tag-split.server";
import type { SearchFilters } from "./types.server";

/** How many of a list's first entries its density is sampled from. */
const SAMPLE = 64;

/**
 * The share of the registry's ids a full-text match holds, from the span of its first SAMPLE
 * matches (a few µs). In people_fts (rowid = business id * 8 + block) `span` is 8 times the registry's.
 */
function matchDensity(client: Database.Database, match: string, span: number, index: "businesses_fts" | "people_fts"): number {
  const r = prepare(
    client,
    `SELECT count(*) AS n, min(rowid) AS lo, max(rowid) AS hi FROM (SELECT rowid FROM ${index} WHERE ${index} MATCH ? LIMIT ${SAMPLE})`,
  ).get(match) as { n: number; lo: number; hi: number };
  return r.n < SAMPLE ? r.n / span : (r.n - 1) / Math.max(1, r.hi - r.lo);
}

/** A listing by number walks this index: the type's numbers (drizzle/0017) or every number with the filter columns (drizzle/0015). */
export const numberIndex = (filters: SearchFilters) =>
  filters.type?.trim() ? "businesses b INDEXED BY businesses_type_document_idx" : "businesses b INDEXED BY businesses_document_filters_idx";

/**
 * The businesses of a name's one registry filter, read from the filter's own index (SQLite walks a
 * number's prefix in its unique index, which holds no id: the one with the filter columns does).
 */
export function registryFilterSql(client: Database.Database, filters: SearchFilters, key: RegistryKey) {
  const from = key === "doc" ? "businesses b INDEXED BY businesses_document_filters_idx" : "businesses b";
  const filter = filterClauses(client, { [key]: filters[key] })!;
  return { from, filter, condition: filter.clauses.join(" AND ") };
}

type Gathered = Capped & { ids: string | null };

export class SqlEstimates implements Estimates {
  private memo = new Map<string, unknown>();
  /** The name's matches as nameMatches listed them for a person (a JSON array in id order), and how many. */
  private nameList: { ids: string; n: number } | null = null;
  /** `nameMatch`, `personMatch`: the name's and the person's FTS5 expressions, when asked. */
  constructor(
    private client: Database.Database,
    private filters: SearchFilters,
    private matches: { name?: string; person?: string } = {},
    /** false: the search's copy in memory is not to be used (SearchPlanOptions.tagCopy "off"). */
    private copyAllowed = true,
  ) {}

  /**
   * The search's copy in memory (decision 0030) when it may be used, asked once for the whole
   * search so that its plan and its queries agree; null: the rows.
   */
  private tagStore(): TagStoreHandle | null {
    return this.once("tag store", () => (this.copyAllowed ? currentTagStore(this.client) : null));
  }

  tagCopy(): boolean {
    return this.tagStore() !== null;
  }

  /** `check` as SQL on the copy for the businesses whose id is `id` (an SQL expression); null when there is no check or no copy to use. */
  copyClause(check: TagCheck | null, id: string): { clause: string; params: unknown[] } | null {
    const copy = check ? this.tagStore() : null;
    return check && copy ? tagCheckClause(copy, id, check) : null;
  }

  private once<T>(key: string, answer: () => T): T {
    if (!this.memo.has(key)) this.memo.set(key, answer());
    return this.memo.get(key) as T;
  }

  span(): number {
    return this.once("span", () => (prepare(this.client, "SELECT max(rowid) AS n FROM businesses").get() as { n: number | null }).n ?? 0);
  }

  density(term: string, index: "businesses_fts" | "people_fts" = "businesses_fts"): number {
    return this.once(`density ${index} ${term}`, () => matchDensity(this.client, term, index === "people_fts" ? this.span() * 8 : this.span(), index));
  }

  nameDensity(): number {
    return Math.min(...matchTerms(this.matches.name!).map((word) => this.density(word)));
  }

  personDensity(): number {
    return this.density(this.matches.person!, "people_fts");
  }

  personWordDensities(): number[] {
    return matchTerms(this.matches.person!).map((word) => this.density(word, "people_fts"));
  }

  personWithoutAgents(): { density: number; wordDensities: number[]; agents: number } | null {
    const parts = personParts(this.matches.person!);
    if (!parts || !this.tagStore()) return null;
    return {
      density: this.density(parts.words, "people_fts"),
      wordDensities: matchTerms(parts.words).map((word) => this.density(word, "people_fts")),
      agents: parts.agents.length,
    };
  }

  /** `check` (all businesses when null) on the copy, which tagCopy found current, for lists of ids. */
  copyTest(check: TagCheck | null) {
    const copy = this.tagStore()!;
    const handle = copy.handle(check ?? {});
    return {
      /** Of `ids` (in order, repeats next to each other), each once that passes `check`, the first `upTo`. */
      passing: (ids: ArrayLike<number>, upTo = Infinity) => copy.passing(ids, handle, upTo),
      /** The businesses of the agent `code` (in id order) that pass `check`, the first `upTo`. */
      agentPassing: (code: number, upTo = Infinity) => copy.agentPassing(code, handle, upTo),
    };
  }

  /** Of `ids`, those whose registered agent is one of the person's frequent agents, from the copy (which personWithoutAgents found current). */
  ofPersonAgents(ids: number[]): number[] {
    const codes = new Set(personParts(this.matches.person!)?.agents ?? []);
    const copy = this.tagStore()!;
    return ids.filter((id) => codes.has(copy.agentOf(id)));
  }

  nameMatches(cap: number): Capped {
    return this.once(`name ${cap}`, () => {
      // A name of one word whose sampled density puts it past twice the cap is past it, without
      // the cap's matches walked ("Lim", 174,000 matches: 60,000 walked in 2.5 ms at 10.3M
      // businesses). One word's sample is within a quarter of its count; several words' rarest
      // density says nothing of their intersection.
      const words = matchTerms(this.matches.name!);
      const sampled = words.length === 1 && this.span() > 0 ? this.density(words[0]) * this.span() : null;
      if (sampled !== null && sampled > 2 * cap) return { total: cap, capped: true };
      if (sampled === null || sampled > cap || this.matches.person === undefined) return cappedCount(this.client, "businesses_fts", "businesses_fts MATCH ?", [this.matches.name], cap);
      // Likely all of them, with a person: their ids kept as they are counted, for the way that reads
      // them (nameIdList), which walks them once instead of twice ("REN" with "Har": 167,000
      // matches, 8.4 ms counted and 10.7 read again, or 11.6 both). Not stopped at the cap (a
      // LIMIT's subquery costs 3.5 ms more there): the sample is within a quarter of the count.
      const all = prepare(this.client, "SELECT count(*) AS n, json_group_array(rowid) AS ids FROM businesses_fts WHERE businesses_fts MATCH ?").get(this.matches.name) as {
        n: number;
        ids: string;
      };
      // Kept past the cap too (the sample fell short): the person's "lists" way can read them.
      this.nameList = all;
      return all.n > cap ? { total: cap, capped: true } : { total: all.n, capped: false };
    });
  }

  /** Every match of the name as a JSON array in id order, when nameMatches counted them all for a person. */
  nameIdList(): string | null {
    return this.nameList?.ids ?? null;
  }

  nameCounted(): number | null {
    return this.nameList?.n ?? null;
  }

  listed(key: RegistryKey, cap: number): Capped {
    const { from, filter, condition } = registryFilterSql(this.client, this.filters, key);
    return this.once(`listed ${key} ${cap}`, () => cappedCount(this.client, from, condition, filter.params, cap));
  }

  atAddress(cap: number): Capped {
    const range = addressClause(addressPrefix(this.filters.address));
    return this.once(`address ${cap}`, () => cappedCount(this.client, BY_ADDRESS, range.clause, range.params, cap));
  }

  inCity(cap: number): Capped {
    const city = filterClauses(this.client, { city: this.filters.city })!;
    return this.once(`city ${cap}`, () => cappedCount(this.client, CITY_BY_NAME, city.clauses.join(" AND "), city.params, cap));
  }

  numbers(cap: number): Capped {
    const number = filterClauses(this.client, { doc: this.filters.doc, type: this.filters.type })!;
    return this.once(`numbers ${cap}`, () => cappedCount(this.client, numberIndex(this.filters), number.clauses.join(" AND "), number.params, cap));
  }

  peopleWithTag(term: string, cap: number): Capped {
    return this.once(`people ${term} ${cap}`, () => cappedCount(this.client, "people_fts", "people_fts MATCH ?", [term], cap));
  }

  /** With the business ids of the entries (a JSON array in rowid order, repeats kept) when not capped. */
  personEntries(terms: string[], cap: number): Gathered {
    const match = matchOf([this.matches.person!, ...terms], []);
    return this.once(`person ${match} ${cap}`, () =>
      cappedMatches(this.client, "SELECT rowid >> 3 AS id FROM people_fts WHERE people_fts MATCH ? ORDER BY rowid", [match], cap),
    );
  }

  private personWordTerm(word: number): string {
    return matchTerms(this.matches.person!)[word];
  }

  wordDensity(word: number, terms: string[]): number {
    return this.density(matchOf([this.personWordTerm(word), ...terms], []), "people_fts");
  }

  /** With the rowids of the entries (a JSON array in rowid order) when not capped. */
  wordEntries(word: number, terms: string[], cap: number): Gathered {
    const match = matchOf([this.personWordTerm(word), ...terms], []);
    return this.once(`word ${match} ${cap}`, () =>
      cappedMatches(this.client, "SELECT rowid AS id FROM people_fts WHERE people_fts MATCH ? ORDER BY rowid", [match], cap),
    );
  }

  personRest(cap: number): Capped {
    const { rest } = splitFilters(this.client, { ...this.filters, person: undefined }, PERSON_SPLIT)!;
    return this.once(`person rest ${cap}`, () => cappedCount(this.client, "businesses b", rest.clauses.join(" AND "), rest.params, cap));
  }

  /** With the ids it counted (a JSON array) when not capped. */
  tagMatches(match: string, check?: TagCheck): Gathered {
    const { sql, params } = this.tagMatchesQuery(match, check);
    return this.once(`tags ${match} ${JSON.stringify(check ?? null)}`, () => cappedMatches(this.client, sql, params));
  }

  /** The ids (`id`, in rowid order) of businesses_fts's matches of `match`, `check`ed on the copy in memory when there is one to use. */
  tagMatchesQuery(match: string, check?: TagCheck): { sql: string; params: unknown[] } {
    const onCopy = this.copyClause(check ?? null, "rowid");
    const sql = "SELECT rowid AS id FROM businesses_fts WHERE businesses_fts MATCH ?";
    return onCopy ? { sql: `${sql} AND ${onCopy.clause}`, params: [match, ...onCopy.params] } : { sql, params: [match] };
  }
}

/** The split a listing by number is counted with in businesses_fts (numberCount's). */
export const numberCountSplit = (client: Database.Database, filters: SearchFilters) => splitFilters(client, filters, NUMBER_COUNT_SPLIT);
