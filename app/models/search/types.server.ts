/**
 * What a registry search is asked and what it answers (business-search.server.ts re-exports
 * these for the routes), and the options that make the planner take a given way (tests).
 */
import type { RegistryFields } from "~/models/business.server";
import type { Pagination } from "~/lib/pagination";
import type { RegistrySearchFilters } from "~/models/registry-search.server";

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

/** Where tag filters are checked: by cost (the planner's choice), all in the full-text index, all on rows. */
export type TagPlan = "cost" | "index" | "rows";

/** A name's one registry filter as a list of ids: by cost, always, always driving the full-text queries, never. */
export type ListPlan = "cost" | "list" | "drive" | "rows";

/** The planner's thresholds and choices, changed by tests (and the benchmark) to take every way to a page. */
export type SearchPlanOptions = {
  /** Up to how many matches a filtered name search or a town's listing sorts them (default SORT_LIMIT; 0 forces the walks). */
  sortLimit?: number;
  /**
   * Where a name search checks its tag filters: by cost (default), all in the index, all on rows;
   * and where a listing by number with tags is counted: by cost, in the full-text index, on the number's index.
   */
  tagPlan?: TagPlan;
  /** Where a person listing (no name) checks its tag filters: the same three choices. */
  personPlan?: TagPlan;
  /** A person listing with tags in people_fts: its rarest word intersected with them and its entries checked for the other words (see wordFirst) for a common person of several words (default), for any, or never. */
  personByWord?: "always" | "never";
  /** A person listing by a number's prefix: its numbers walked and each checked for the person (see numbersFirst) by cost (default), whenever it can be, or never. */
  personNumbers?: "always" | "never";
  /** A status, type or claimed flag left for a search's rows: checked on the search's copy of those columns when it is current (default), or on the rows ("off"). */
  tagCopy?: "off";
  /**
   * A person listing by cost: above how many entries in people_fts a tag is common (default
   * COUNT_CAP), and up to how many entries the person's businesses are few (default FEW_PEOPLE);
   * see fewPeopleFirst. Tests lower both to take every branch on the demo data.
   */
  commonTag?: number;
  fewPeople?: number;
  /** The same when only a status or a type is left for the rows (default FEW_PEOPLE_BY_STATUS in id order, else fewPeople). */
  fewPeopleByStatus?: number;
  /** A person listing by cost: the common tags checked on the copy in memory as the person's entries stream when their sparsest list holds over this many times the person's entries (default COPY_STREAM_ENTRIES; 0: whenever the copy holds them). */
  copyStreamEntries?: number;
  /** Those streamed entries gathered in memory whole and checked there, with the frequent agents' businesses from the copy (see copyFirst): by cost (default), whenever streamed, or never. */
  personGather?: "always" | "never";
  /** A person listing by document number: up to how many matches it sorts them (default PERSON_SORT_LIMIT; 0: always walks the number's index). */
  personSortLimit?: number;
  /** A person listing by document number: what its walk of the number's index checks each entry against, by cost (default) or as given (see numberWalkSet; "rows": with no limit on the entries walked). */
  personWalkSet?: "matches" | "person" | "rows" | { rowsUpTo: number };
  /** A listing by street address: up to how many businesses at the address its rows are read (default FEW_AT_ADDRESS; 0: never). */
  fewAtAddress?: number;
  /** A listing by number within a city: its rows read instead of the number's index walked by cost (default, see numberWalk), always, or never. */
  cityRows?: "cost" | "always" | "never";
  /** A person with a name: up to how many name matches the two are intersected first (default FEW_NAME_MATCHES, or up to MOST_NAME_MATCHES for a common person). */
  fewNameMatches?: number;
  /** A person with a name of few matches: its words intersected in people_fts ("index", or read as a list and merged with the name's: "lists"), its rarest word there and their people read ("word"), the name's matches' people read ("rows"), or its frequent agents on the copy and its words alone in people_fts ("agents"; "index" when it has none), by cost (default) or as given (see personAndNameWay); "names": the person's businesses' names read, also past the count; "window": with no other filter, the first ids of both read window by window (also past the count). */
  personAndName?: "index" | "lists" | "names" | "word" | "rows" | "agents" | "window";
  /** The count's cap of the "window" way (default COUNT_CAP; tests: a small registry's matches are fewer). */
  windowCap?: number;
  /** A name in the town (at most a status, type or claimed beside it): counted from the town's rows by cost (default), always (true), or never (false); see townWalk. */
  townWalk?: boolean;
  /** A name with a document number, ZIP, street or FEI: that filter checked as its businesses' list by cost (default), always, always driving the full-text queries, or never (on rows). */
  listPlan?: ListPlan;
};
