/**
 * The search planner: from the filters and a few cheap estimates (capped counts that stop at a
 * threshold, list densities sampled from the full-text indexes), which way a search goes. Its
 * answer is a plan, a plain value (SearchPlan) that a test can print; the searches
 * (name-search.server.ts, person-search.server.ts, listing.server.ts) build the SQL of the plan
 * and read the rows. Every plan gives the same rows in the same order (the plan tests compare
 * each forced way with a naive reference); only the cost differs.
 *
 * The estimates are asked lazily, only where a choice needs one, as the costs below were measured
 * with (a probe of a city and a prefix costs up to a few ms). Some are exact capped counts the
 * search then reuses (estimates.server.ts keeps the ids it gathered). Figures are CPU time at
 * 3.5M businesses unless said otherwise (`npm run bench:search`; decisions 0011 to 0022).
 */
import { DEFAULT_PAGE_SIZE } from "~/lib/pagination";
import { normalizeDocNumber } from "~/lib/search-query";
import { documentTagTerm } from "~/lib/search-tags";
import type { TownArea } from "~/models/town.server";
import { clean, hasRegistryFilter, restOnRows, tagCheckOf, tagsMatch, tagSplit, type TagFilter, type TagKey, type TagSplit } from "./tag-split.server";
import type { TagCheck } from "./tag-store.server";
import type { SearchFilters, SearchPlanOptions, TagPlan } from "./types.server";

// ---------------------------------------------------------------------------------------------
// The thresholds: what each trades, and the measurement that set it.
// ---------------------------------------------------------------------------------------------

/**
 * Counts stop here: past this many matches the page says "10,000+" instead of walking (say) every
 * "llc" of the registry (1.6M matches; decision 0011). Also where a person's tag is common
 * (fewPeopleFirst) and up to where a person's row filters are checked against their set.
 */
export const COUNT_CAP = 10_000;

/**
 * Sorting the matches (a table read each) against walking a covering index in order (index
 * entries, a page found quickly when matches are plentiful): sorting wins only for a few hundred
 * matches (measured at 1M rows with `bench:search -- --sort-limit N`, commit 7ad6b09).
 */
export const SORT_LIMIT = 300;

/**
 * A person's matches by document number: sorting them (a row each) against walking the number's
 * index and looking each entry up in the matches' set ("SMITH" with "P": 30,000 rows sorted,
 * 125 ms; the class "person + street or document number" p95 634 -> 14 ms, decision 0021).
 */
export const PERSON_SORT_LIMIT = 3_000;

/**
 * A person with a business name: the two intersected once in people_fts against the name's
 * matches (a list, made once) when the name has at most this many, rather than each query of the
 * search gathering a common surname's businesses again ("SMITH" with "kim" 34 -> 10 ms; person +
 * name p95 40 -> 17 ms, commit 3f6c4e6).
 */
export const FEW_NAME_MATCHES = 60_000;
/**
 * FEW_NAME_MATCHES for a common person: up to the person's estimated entries in people_fts, at
 * most this many. Either way walks the person's entries, against the name's matches (the list)
 * or against every name match the search reads, so the list pays while the name's matches are
 * fewer than the person's: at 10.3M businesses "SMITH" (269,000 entries) with "gall" (64,000
 * matches) 130 -> 82 ms, "REN" with "har" (167,000) 174 -> 122 ms.
 */
export const MOST_NAME_MATCHES = 300_000;

/**
 * A person with a name (personAndNameWay), each against an entry of the person's words walked in
 * people_fts and looked up in the name's matches (~45 ns): a business's agent and officers read and
 * compared with the person's words (~6 µs); an entry of the one word walked alone (~60 ns).
 * Measured at 10.3M businesses on " C T CORPORATION SYSTEM", "C T", "REG" and "ANTHONY RAY" with a name.
 */
export const PERSON_CHECK_COST = 130;
/** A name match's frequent agent looked up in the copy in memory (decision 0032, ~50 ns). */
const AGENT_CHECK_COST = 1;
/**
 * An id read from a full-text index and made part of SQLite's set that the other side's ids are
 * looked up in (~210 ns: the name's matches for the person's entries, or the person's for the
 * count's walk of the name's matches), against read as one list of ids and the two lists merged
 * in memory ("lists": ~65 ns). At 10.3M businesses "REN" with "Har" (191,000 entries, 167,000
 * matches): 53 ms with the matches a set, ~35 as lists; "FRA" with "Athens" (392,000 entries,
 * 7,900 matches) 31 with the set, 36 as lists.
 */
const SET_COST = 4.5;
const LIST_COST = 1.5;
/**
 * An id of either list read in a window ("window", first-common.server.ts), the name's looked up
 * in the person's ids of the window (~70 ns): at 10.3M businesses "SMITH" with "llc" (the cap's
 * ids by id 1.05M: 27,000 entries, 493,000 matches) 56 ms, against 166-200 walking the matches
 * against the person's set; "JOHN" with "llc" 20 against 650.
 */
const WINDOW_COST = 1.5;
/**
 * The person's businesses read and their names compared with the name's words ("names",
 * person-check.server.ts: ~3 µs an entry of the person's), against a name match walked by the
 * count and looked up in the person's set (~70 ns): "ALMA" (3,775 entries) with "Man" (184,000
 * matches) 24 -> ~13 ms at 10.3M businesses.
 */
const NAME_CHECK_COST = 65;
const NAME_WALK_COST = 1.6;
/**
 * An entry of each word's list read as FTS5 intersects them (~9 ns: it reads every entry of each,
 * "john"* with "lopa"*, 1.65M and 3,700 entries, 9 ms at 10.3M businesses), beside an entry of
 * the intersection walked (1).
 */
const LIST_READ_COST = 0.2;
const WALK_COST = 1.33;

/**
 * A name's one registry filter (number, ZIP, street, FEI) as its businesses' list of ids rather
 * than a row read per name match (a row read costs about two ids of the list): "llc" in ZIP 33023
 * 2.4 s -> 60 ms, with "P040" 1.2 s -> 160 ms (decision 0016); the list is made only up to this
 * many businesses, and twice the name's matches.
 */
export const FEW_LISTED = 60_000;

/**
 * A listing at a street address: the address's few businesses read from its index and the other
 * filters checked on them, against intersecting the address's tag with a status's list in
 * businesses_fts ("279" with INACTIVE 22 -> ~3 ms; a whole street in a ZIP 140 -> 0.3 ms,
 * decision 0020).
 */
export const FEW_AT_ADDRESS = 2_000;

/**
 * A listing by number within a small city or the town: its rows read (an index entry costs about
 * a fortieth of a row read, so when the prefix has 40 times its businesses) against the number's
 * index walked ("L" within the town, 1.6M numbers: 95 ms walking, a few ms reading the town's rows;
 * decision 0016). A city is counted up to this many businesses, or up to a fortieth of the prefix's
 * estimated numbers, at most MOST_IN_CITY: at 10.3M the town has 7,800 businesses, and "L" with
 * ACTIVE in it walked 4M numbers (630 ms) where its rows take 15 ms.
 */
export const FEW_IN_CITY = 5_000;
/** The most businesses of a city whose rows are read instead of the number's index walked (a few tens of ms). */
export const MOST_IN_CITY = 20_000;

/**
 * A name in the town counted from the town's rows, their names compared in memory (~0.45 µs a
 * row of the town's (city, name) index), against FTS5 intersecting the name's list with the
 * town's tags (~3 ns an entry of the name's list: it seeks each town id in it, decoding part of a
 * leaf each time). At 10.3M businesses "c" in the town (4.3M entries, 7,796 rows) 15 -> ~4 ms;
 * "ba" (357,000 entries) 2.7 ms in the index. The walk pays where the name has this many times
 * the town's rows, and the name at least TOWN_WALK_ENTRIES entries (below, the index is a ms).
 */
const TOWN_WALK_RATIO = 150;
const TOWN_WALK_ENTRIES = 300_000;

/**
 * A person listing: up to this many entries in people_fts, its common tags (a status, a type, not
 * claimed, a large ZIP prefix) are checked on the person's rows (~4 µs each) rather than
 * intersected in people_fts (10-16 ms whatever the person: "JOHN SMITH" in "333" with INACTIVE
 * 50 -> ~2 ms; decision 0019).
 */
export const FEW_PEOPLE = 2_000;

/**
 * FEW_PEOPLE when only a status or a type is left for the rows and the page is in id order: such a
 * tag is a dense list that costs FTS5 about a page read per match (~10 µs) against ~2 µs a row
 * through the memory map (decision 0022). "SMITH" in 32105 with INACTIVE 39 -> 9 ms; person +
 * status + type p99 26 -> 15 ms (commit 681e23c). 10,000 for a ZIP, street or number too made the
 * class "person + street or document number" p95 11 -> 17-22 ms.
 */
export const FEW_PEOPLE_BY_STATUS = 10_000;

/**
 * A common tag intersected with a person in people_fts reads about its whole list (~16 ns an
 * entry: "SMITH" AND `"_dL"*`, 12.8M entries at 10.3M businesses, 210 ms), where a person's entry
 * checked on its row costs about what PEOPLE_ROW_ENTRIES of those do (~5 µs: "COBB" with "P" and
 * INACTIVE, 11,700 entries on rows, 60 ms against 340 ms intersected). So the person's entries
 * are few enough for the rows up to the sparsest of those tags' entries over this, when more than
 * FEW_PEOPLE, and at most MOST_PEOPLE (a list the search gathers whole).
 */
const PEOPLE_ROW_ENTRIES = 250;
export const MOST_PEOPLE = 40_000;

/**
 * A person listing whose common tags are all in the search's copy in memory (a status, a type,
 * claimed, a number's first one or two characters) and nothing left for the rows: the person's entries
 * streamed from people_fts and those tags checked on the copy (~0.25 µs an entry, its read and
 * the check), or the tags intersected in people_fts (~13 ns an entry of both lists read), each
 * until the count cap. The two cost the same when the sparsest of those tags' lists holds about
 * 19 times the person's entries; the copy is chosen above this many, since a list's density is
 * sampled from its first entries (ACTIVE and CORP 3.9M estimated, 2.9M in fact). At 10.3M
 * businesses, counted to the cap: "HOL" with INACTIVE and LLC (61,000 entries against 9.4M)
 * 22.7 -> 8.7 ms on the copy, "GAR" with INACTIVE (415,000 against 19M) 5.3 -> 3.3; "SMITH" with
 * ACTIVE and CORP (269,000 against 2.9M) 11.4 ms intersected, 20.4 on the copy.
 */
export const COPY_STREAM_ENTRIES = 24;

/**
 * Those entries read whole instead, as one list of ids (~75 ns an entry), and checked on the copy
 * in memory (a ZIP's prefix too, decision 0033), a frequent agent's businesses taken from the
 * copy's list of them (~1.5 ms for 600,000) rather than from its token's entries: when the
 * person's words hold at most GATHERED_ENTRIES and cost less than intersecting the lists (~5 ns
 * an entry of both), an entry gathered counting GATHER_ENTRY_COST of those and an agent's list
 * AGENT_SCAN_COST. At 10.3M businesses "GIBSON" in ZIP "333" (23,700 entries against 3.3M)
 * 14 -> ~2 ms, " REGIS" in 32767 (three agents) 18 -> ~5.
 */
export const GATHERED_ENTRIES = 200_000;
/**
 * By number, whose page walks the number's index against the whole gathered set: at most this many
 * entries, and no frequent agent (an agent's 280,000 businesses with "L" made and merged, 17 ms,
 * against 11.5 walked in the index). "BLACK" with "G" (38,600 entries) 17.5 -> 11 ms; "KEL" with "L"
 * (179,000) 21 -> 25 gathered.
 */
const GATHERED_BY_NUMBER = 60_000;
const GATHER_ENTRY_COST = 15;
const AGENT_SCAN_COST = 300_000;

/**
 * A person listing by number past the count cap walks the number's index and looks each entry up
 * in a set of businesses, made whole first: the person's intersection with the tags in people_fts
 * (~16 ns an entry of the tags' lists: "SMITH" with "L", 12.8M entries of `"_dL"*` at 10.3M
 * businesses, 210 ms), or the person's own entries (~0.3 µs each: "smith"*, 269,000, 65 ms) with
 * the filters checked on the index's entries, when they are fewer than the tags' entries over this.
 */
const PERSON_SET_ENTRIES = 20;
/** The most entries of a person's rarest word with the tags whose names are read (wordFirst): ~20 ms. */
const WORD_ENTRIES = 8_000;
/** A business's people read and compared (~6 µs, person-check.server.ts) against an entry of a tag's list (~16 ns). */
const ROW_CHECK_ENTRIES = 375;
/** The matches a walk with row checks is chosen for: the first two pages. */
const FIRST_PAGES = 20;

/**
 * A listing by number with a ZIP: a number of the walk (its index entry, the ZIP, status and type
 * checked on it, ~80 ns) against an entry an FTS5 intersection reads (~7 ns). "L930" in "323" with
 * INACTIVE: 16.7 ms intersecting, 3.6 ms walking 46,000 numbers (commit 812f73d).
 */
export const NUMBER_WALK_COST = 11;

/**
 * A name's tag filter checked on the row its match brings back (a table read, ~1 µs, ~2.5 µs
 * cold) against intersecting it in businesses_fts (~7 ns an entry read): "smith" (2,700 rows)
 * with ACTIVE (a million entries) 7-15 ms intersected, 2-3 ms on rows (commit 51f19bc).
 */
export const ROW_READ_COST = 1000;

/**
 * The same filter checked on the search's copy in memory (decision 0030) instead: the match's id
 * out of businesses_fts and `tag_in`, ~0.2 µs. "Berg" with the number "L" at 10.3M businesses:
 * 20,000 matches, 18 ms intersected with the number's tag.
 */
export const COPY_CHECK_COST = 30;

/**
 * A person listing by a number's prefix of at most this many numbers (with the type's, when asked)
 * walks them in number order and checks each on the copy in memory (its frequent agent, status,
 * claimed) and against the person's words intersected with the number's tag in people_fts
 * (numbersFirst): ~0.15 µs a number. At 10.3M businesses " C T CORPORATION SYSTEM" with
 * "L03001" (12,837 numbers) 31 -> ~3 ms: people_fts's tag is the number's first four characters,
 * whose 7,700 entries of the agent's had their rows read for the other two.
 */
export const FEW_NUMBERS = 40_000;

/** A seek in a full-text list costs about what walking 300 of a name's matches does (filterList's drive). */
const SEEK_COST = 300;
/** A seek in a full-text list costs about what 40 of its entries do (a listing's count by the number's tag). */
const SEEK_ENTRIES = 40;
/** A row read costs about what 40 index entries do (a listing by number within a small city). */
const ROW_ENTRIES = 40;
/** Below this many name matches, no list of a registry filter is worth making. */
const FEW_TO_LIST = 100;

// ---------------------------------------------------------------------------------------------
// What the planner may ask, and what it answers.
// ---------------------------------------------------------------------------------------------

export type Capped = { total: number; capped: boolean };

/**
 * The cheap estimates, asked lazily (estimates.server.ts answers them from the database; a test
 * from a table). Counts stop at `cap` + 1; densities are shares of the registry's ids.
 */
export interface Estimates {
  /** The registry's largest id (0: empty). */
  span(): number;
  /** The share of the registry's ids a full-text term holds (in people_fts: of the people's rowids). */
  density(term: string, index?: "businesses_fts" | "people_fts"): number;
  /** The name's density: its words are intersected, so at most the rarest word's. */
  nameDensity(): number;
  /** The person's density in people_fts (a share of the people's rowids). */
  personDensity(): number;
  /** The density in people_fts of each word the person's match needs. */
  personWordDensities(): number[];
  /**
   * When the person asks frequent agents (decision 0032) and the copy in memory has theirs: the
   * density in people_fts of its words without them, and of each of those words, and how many agents; else null.
   */
  personWithoutAgents(): { density: number; wordDensities: number[]; agents: number } | null;
  /** The name's matches in businesses_fts. */
  nameMatches(cap: number): Capped;
  /** How many they are, when nameMatches counted (and listed) them all, past its cap too; else null. */
  nameCounted(): number | null;
  /** The businesses the one registry filter `key` selects (from its own index). */
  listed(key: RegistryKey, cap: number): Capped;
  /** The businesses whose street address starts with the one asked. */
  atAddress(cap: number): Capped;
  /** The businesses of the city (or the town). */
  inCity(cap: number): Capped;
  /** The numbers of the prefix (of the type, when one is asked). */
  numbers(cap: number): Capped;
  /** A tag's entries in people_fts. */
  peopleWithTag(term: string, cap: number): Capped;
  /** The density in people_fts of the person's `word` (its place in the person's match) with `terms` intersected. */
  wordDensity(word: number, terms: string[]): number;
  /** The entries in people_fts of the person's `word` (its place in the person's match) with `terms` intersected (their rowids are kept for the search). */
  wordEntries(word: number, terms: string[], cap: number): Capped;
  /** The person's entries in people_fts with `terms` intersected (their ids are kept for the search). */
  personEntries(terms: string[], cap: number): Capped;
  /** The businesses a person listing's row filters select. */
  personRest(cap: number): Capped;
  /** The matches of a listing's tags in businesses_fts, up to COUNT_CAP (their ids are kept for the search), `check`ed on the copy in memory. */
  tagMatches(match: string, check?: TagCheck): Capped;
  /** Whether the search's copy of status, type, claimed and the number's first two characters can be used (decision 0030). */
  tagCopy(): boolean;
}

export type RegistryKey = "doc" | "zip" | "address" | "fei";

/** Where tag filters are checked: intersected inside the full-text index, or on the rows it finds. */
export type TagPlacement = { inIndex: TagKey[]; onRows: TagKey[] };

/**
 * The "window" way's cost: the person's entries and the name's matches read from the first id
 * until the count's cap is passed where the person's share of the matches reaches it, if the two
 * are independent. It pays only where it stops early: read to the registry's end it costs both
 * lists and more ("LOZANO" with "Par": 25 ms, against the count's walk's 13).
 */
function windowCost(person: number, matches: number, span: number): number {
  const [share, nameShare] = [Math.min(1, person / span), Math.min(1, matches / span)];
  const reach = COUNT_CAP / (share * nameShare);
  return reach < span / 2 ? reach * (share + nameShare) * WINDOW_COST : Infinity;
}

/**
 * How a person's businesses are found among a name's matches (personAndNameWay): from people_fts
 * ("index"; `word`: its rarest word alone, then their people), the person's entries and the
 * matches as two lists merged ("lists"), or their first ids window by window up to the count's
 * cap ("window"), the person's businesses' names ("names"), the matches' people ("rows"), or
 * the person's frequent agents on the copy in memory and its words alone in people_fts ("agents").
 */
export type PersonAndName = "index" | "lists" | "names" | "rows" | "agents" | "window" | { word: number };

/** The way to a search's page. */
export type SearchPlan =
  /** Nothing can match (a registry filter that selects no business). */
  | { kind: "nothing" }
  /**
   * A business name: its three tiers (name-search.server.ts). `personAndName`: the person's
   * businesses among the name's matches as a list, from people_fts ("index"; `word`: its rarest
   * word alone, then their people) or the matches' people ("rows"); `list`: the one registry
   * filter as its list of ids (`drive`: the list drives the full-text queries); `tags`: where the tag filters are checked
   * ("town": the town's city names in the index, the rest on rows); `sortUpTo`: up to how many
   * counted matches the page is sorted from them, else the tiers are walked.
   */
  | {
      kind: "name";
      personAndName: false | PersonAndName;
      list: { filter: RegistryKey; drive: boolean } | null;
      tags: TagPlacement | "town";
      /** In the town: counted from the town's rows, their names compared in memory (townWalk). */
      townWalk: boolean;
      sortUpTo: number;
    }
  /**
   * An officer's or agent's name (person-search.server.ts): its tags all in people_fts, all on
   * rows, or the person's few entries first (`fewFirst`: those tags in the index, the rest on the
   * rows, at most `upTo` entries), or the person's entries streamed (`streamed`: those tags in
   * the index, the rest on the copy in memory; `gathered`: read whole and checked in memory, the
   * frequent agents' businesses from the copy's lists), or the person's rarest word's entries with every
   * tag (`byWord`: at most `upTo`) checked for the other words on their names, or the number's
   * few numbers walked and each checked for the person (`numbers`); the row filters on
   * those rows, or against their set (`restSet`); a page by `order`, walking the number's index above `walkAbove` matches,
   * looking its entries up in the matches or (`walkSet` "person") the person's own businesses, or
   * reading each entry's people (`rowsUpTo`: for at most so many entries, then the person's).
   */
  | {
      kind: "person";
      tags:
        | "index"
        | "rows"
        | "numbers"
        | { fewFirst: TagPlacement; upTo: number }
        | { streamed: TagPlacement; gathered: boolean }
        | { byWord: number; upTo: number };
      restSet: boolean;
      order: PersonOrder;
      walkAbove: number;
      walkSet: "matches" | "person" | { rowsUpTo: number };
    }
  /** Filters that are all tags (listing.server.ts): intersected in businesses_fts; in a city, by name (sorted up to `sortUpTo`, else the city's index walked). */
  | { kind: "tags"; order: "id" }
  | { kind: "tags"; order: "name"; sortUpTo: number }
  /**
   * Any other listing without a name (listing.server.ts): counted from the tags in
   * businesses_fts (`count` "tags") or by its walk; the page sorted from the counted ids ("sort")
   * or walked in `walk`'s index; "number walk": a ZIP checked on the number's index entries.
   */
  | { kind: "listing"; order: "number" | "name" | "id"; count: "tags" | "number walk" | "walk"; rows: "sort" | ListingWalk };

export type PersonOrder = "number" | "name" | "id";
/** A listing's walk: the street's index, the city's (city, name) index, the number's, the type's numbers', or as SQLite plans. */
export type ListingWalk = "address" | "city" | "number" | "type+number" | "table";

export type PlanInput = { filters: SearchFilters; town: TownArea; options?: SearchPlanOptions };

/** The plan of a search (`filters` can match: filterClauses gave clauses). */
export function planSearch({ filters, town, options = {} }: PlanInput, est: Estimates): SearchPlan {
  if (clean(filters.name)) return planName(filters, town, est, options);
  const person = clean(filters.person) ? planPerson(filters, town, est, options) : null;
  return person ?? planListing(filters, town, est, options);
}

/** The splits each search makes of the filters (tag-split.server.ts): the searches use the same ones. */
export const NAME_SPLIT = { narrowTown: true, docTag: "businesses_fts", zipTag: true, addressTag: true } as const;
export const PERSON_SPLIT = { docTag: "people_fts", zipTag: true, addressTag: true } as const;
export const LISTING_SPLIT = { zipTag: true, addressTag: true } as const;
export const NUMBER_COUNT_SPLIT = { docTag: "businesses_fts", zipTag: true, addressTag: true } as const;

const keys = (items: TagFilter[]) => items.map((item) => item.key);
const FILTERS = ["doc", "city", "type", "status", "person", "zip", "address", "fei"] as const;

// ---------------------------------------------------------------------------------------------
// A business name (with any other filters)
// ---------------------------------------------------------------------------------------------

function planName(filters: SearchFilters, town: TownArea, est: Estimates, options: SearchPlanOptions): SearchPlan {
  const { sortLimit = SORT_LIMIT, tagPlan = "cost", listPlan = "cost" } = options;
  const split = tagSplit(filters, town, NAME_SPLIT);
  const person = Boolean(clean(filters.person));
  // A person's name matches are few enough to intersect up to the person's own entries (bounded).
  const fewNameMatches = () => Math.max(FEW_NAME_MATCHES, Math.min(MOST_NAME_MATCHES, Math.floor(peopleEntries(est, est.personDensity()))));
  const names = person ? est.nameMatches(options.fewNameMatches ?? fewNameMatches()) : null;
  // Only a person with the name: the window's first ids are the search's matches.
  const alone = FILTERS.every((key) => key === "person" || !clean(filters[key])) && typeof filters.claimed !== "boolean";
  const personAndName = names ? personAndNameWay(names, est, options, alone) : false;
  // A ZIP or a short street address that is a tag (drizzle/0018, 0020) is intersected inside the
  // index, which beats its list even driving ("llc" in ZIP 33023: 115 -> 8 ms; "group" at "92":
  // 62 -> 12 ms): no list unless a test forces one.
  const list = registryList(filters, est, split.registryTagged && listPlan === "cost" ? "rows" : listPlan);
  if (list === "none") return { kind: "nothing" };
  const items = list ? split.items.filter((item) => item.key !== list.filter) : split.items;
  // Without a tag left to place, the split's own tags are in the index (the town's city names, or
  // the listed filter's tag).
  const tags: TagPlacement | "town" = split.townCity
    ? "town"
    : items.length
      ? planTags(est, items, restOnRows(split) || list !== null, tagPlan)
      : { inIndex: keys(split.items), onRows: [] };
  // Suggestions and searches without filters never sort: the tier walks find their page.
  const filtered = FILTERS.some((key) => clean(filters[key])) || typeof filters.claimed === "boolean";
  return { kind: "name", personAndName, list, tags, townWalk: tags === "town" && townWalk(filters, est, options), sortUpTo: filtered ? sortLimit : 0 };
}

/**
 * A name in the town with at most a status, a type or the claimed flag beside it (the columns
 * the town's (city, name) index carries): counted from the town's rows when the name's entries in
 * businesses_fts are many beside them (TOWN_WALK_RATIO).
 */
function townWalk(filters: SearchFilters, est: Estimates, options: SearchPlanOptions): boolean {
  if (hasRegistryFilter(filters) || clean(filters.doc)) return false;
  if (options.townWalk !== undefined) return options.townWalk;
  const entries = est.nameDensity() * est.span();
  return entries >= TOWN_WALK_ENTRIES && !est.inCity(Math.floor(entries / TOWN_WALK_RATIO)).capped;
}

/**
 * The entries of people_fts FTS5 reads to intersect a person's words (`density`, the whole
 * person's; `densities`, each word's): the person's, and each word's list read past them.
 */
function intersectedEntries(est: Estimates, density: number, densities: number[]): number {
  const rows = est.span() * 8;
  return density * rows + (densities.length > 1 ? densities.reduce((sum, d) => sum + d * rows, 0) * LIST_READ_COST : 0);
}

const personWalked = (est: Estimates, words: number[]) => intersectedEntries(est, est.personDensity(), words);

/**
 * A person with a name of few matches (`names`), the two intersected once for the search, whichever
 * way costs least (in entries of people_fts walked, PERSON_CHECK_COST a business read):
 * - "index": every word of the person intersected in people_fts against the name's matches, about
 *   each word's list skipped through to the rarest's end and every entry of the person read
 *   ("ANTHONY RAY" with "Quint": 263 entries, 6 ms at 10.3M businesses), the matches made a set;
 * - "lists": the same, the person's entries and the name's matches each read as one list and the
 *   two merged, when the matches are many beside the entries (SET_COST);
 * - "names": the person's businesses read and their names compared with the name's words, when
 *   they are few; also past the count (`capped`), against the count's walk of the name's matches;
 * - "window": for a person with no other filter (`alone`) expected to share more than the count's
 *   cap with the name, also past the count, the person's entries and the name's matches read over
 *   the same ids from the first, window by window, until the cap is passed (first-common.server.ts;
 *   windowCost): a common person with a common word ("JOHN" with "llc" 404 -> 32 ms);
 * - { word }: the person's rarest word walked there alone and its businesses checked for the other
 *   words on their people, when the person has many entries that all share it (" C T CORPORATION
 *   SYSTEM" with "Tokyo": 601,000 entries of three words 83 ms, "system"'s alone and 455
 *   businesses read 40 ms);
 * - "rows": every name match's agent and officers read and compared (person-check.server.ts),
 *   when even the rarest word has millions of entries ("C T" with "Whitehead": 7,928 businesses
 *   read 50 ms, "t" walked 125 ms).
 */
function personAndNameWay({ total: names, capped }: Capped, est: Estimates, options: SearchPlanOptions, alone: boolean): PersonAndName | false {
  const person = peopleEntries(est, est.personDensity());
  if (capped) {
    // Past the count: the person's few businesses' names read, or the name's matches walked by the
    // count against the person's set (reading them as a list costs about as much), until the count
    // cap (the person's share of them), or both read from the first id until the cap is passed
    // (where the person's share of the name's matches reaches it, if they are independent).
    // When the name's estimate counted its matches all the same (listing them), the two lists
    // merged: "ROBIN" with "Colli" (48,800 entries, 64,500 matches listed) 21 -> 14 ms.
    const counted = est.nameCounted();
    const forced = options.personAndName;
    if (forced === "lists" && counted !== null) return "lists";
    if (forced || options.fewNameMatches !== undefined) return forced === "names" || (forced === "window" && alone) ? forced : false;
    const span = Math.max(1, est.span());
    const matches = Math.max(names, est.nameDensity() * est.span());
    const share = Math.min(1, person / span);
    const walk = Math.min(matches, COUNT_CAP / share) * NAME_WALK_COST + person * SET_COST;
    const window = alone ? windowCost(person, matches, span) : Infinity;
    const lists = counted === null ? Infinity : personWalked(est, est.personWordDensities()) + (person + counted) * LIST_COST;
    const least = Math.min(walk, window, lists, person * NAME_CHECK_COST);
    return least === walk ? false : least === window ? "window" : least === lists ? "lists" : "names";
  }
  const words = est.personWordDensities();
  const word = rarest(words);
  const byWord = words.length > 1 ? { word } : "index";
  const withoutAgents = est.personWithoutAgents();
  if (options.personAndName) {
    if (options.personAndName === "agents") return withoutAgents ? "agents" : "index";
    if (options.personAndName === "window") return alone ? "window" : false;
    return options.personAndName === "word" ? byWord : options.personAndName;
  }
  const fewest = words[word] * est.span() * 8;
  // Every way but "rows", "lists" and "names" makes the name's matches a set for people_fts's entries.
  const nameSet = names * SET_COST;
  const walked = personWalked(est, words);
  const costs = {
    index: walked + nameSet,
    lists: walked + person * LIST_COST + names * LIST_COST,
    names: walked + person * NAME_CHECK_COST,
    word: fewest * WALK_COST + nameSet + names * Math.min(1, fewest / est.span()) * PERSON_CHECK_COST,
    rows: names * PERSON_CHECK_COST,
    agents: withoutAgents ? intersectedEntries(est, withoutAgents.density, withoutAgents.wordDensities) + nameSet + names * AGENT_CHECK_COST : Infinity,
    window: alone ? windowCost(person, names, Math.max(1, est.span())) : Infinity,
  };
  const least = Math.min(...Object.values(costs));
  if (costs.window === least) return "window";
  if (costs.agents === least) return "agents";
  if (costs.rows === least) return "rows";
  if (costs.lists === least) return "lists";
  if (costs.names === least) return "names";
  return costs.word === least ? byWord : "index";
}

/**
 * Where a name search checks each tag filter (issue 20): intersected with the name inside the
 * full-text index, or on the rows the name finds. An FTS5 intersection walks every entry of each
 * list between the matches (a long list is read entry by entry, not skipped through), so "smith"
 * (2,700 rows) AND "not claimed" (3.5M) reads 3.5M entries, and "smith" AND "ACTIVE" (a million)
 * a million (7-15 ms), while reading smith's 2,700 rows and checking them costs 2-3 ms. The costs,
 * per rowid of the registry: the index reads `d(name) + sum d(tag)` entries for the tags inside
 * it; each row its matches bring back costs ROW_READ_COST entries' worth, when any filter is left
 * for the rows (`rowsReadAnyway`: one already is), or COPY_CHECK_COST when all the filters left
 * are on the search's copy in memory (and nothing else is read). Every split gives the same rows.
 */
export function planTags(est: Estimates, items: TagFilter[], rowsReadAnyway: boolean, how: TagPlan): TagPlacement {
  if (how === "index" || items.length === 0) return { inIndex: keys(items), onRows: [] };
  if (how === "rows") return { inIndex: [], onRows: keys(items) };
  const span = est.span();
  if (span <= 0) return { inIndex: keys(items), onRows: [] };
  const name = est.nameDensity();
  const copy = est.tagCopy();
  const walk = items.map((item) => est.density(item.not ?? item.term));
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
    const onRows = items.filter((_, i) => !(mask & (1 << i)));
    if (rowsReadAnyway || (onRows.length && !copy)) cost += ROW_READ_COST * matches;
    else if (onRows.length) cost += (onRows.every((item) => item.check) ? COPY_CHECK_COST : ROW_READ_COST) * matches;
    if (cost < best.cost) best = { cost, mask };
  }
  return {
    inIndex: keys(items.filter((_, i) => best.mask & (1 << i))),
    onRows: keys(items.filter((_, i) => !(best.mask & (1 << i)))),
  };
}

/**
 * A name with one filter that is checked on rows (a document number's prefix, a ZIP, a street, an
 * FEI) selecting few businesses for the name's matches: those businesses as a list of ids, read
 * from the filter's own index alone, which each of the name's matches is checked against instead
 * of its row being read. "nothing" when the filter selects no business; null when there is no such
 * filter or more than one, the name matches fewer than FEW_TO_LIST businesses, or the filter
 * selects more than twice the name's matches or FEW_LISTED. The name is counted first, and the
 * filter's index walked no further than the name's matches justify (a walk of tens of thousands
 * of entries would push the search's pages out of SQLite's cache). A list under a SEEK_COST-th
 * of the name's (estimated) matches drives the full-text queries: "llc" in ZIP 33023, 1,326 ids,
 * 98 -> 28 ms a query. A number's prefix is listed only to drive (a whole number with a common
 * name); otherwise it is a tag that planTags places. `plan` "list" always makes the list, "drive"
 * always makes it drive, "rows" never makes one.
 */
function registryList(filters: SearchFilters, est: Estimates, plan: SearchPlanOptions["listPlan"]): { filter: RegistryKey; drive: boolean } | "none" | null {
  if (plan === "rows") return null;
  const given = (["doc", "zip", "address", "fei"] as const).filter((key) => clean(filters[key]));
  if (given.length !== 1) return null;
  const [filter] = given;
  const names = plan === "cost" ? est.nameMatches(FEW_LISTED / 8) : null;
  if (names && names.total < FEW_TO_LIST) return null;
  const cap = !names ? Number.MAX_SAFE_INTEGER : names.capped ? FEW_LISTED : names.total * 2;
  const listed = est.listed(filter, cap);
  if (listed.total === 0) return "none";
  if (listed.capped) return null;
  const span = names?.capped ? est.span() : 0;
  const drive = plan === "drive" || (span > 0 && listed.total * SEEK_COST < est.nameDensity() * span);
  // A number's prefix too long a list to drive is intersected as a tag inside the index.
  if (filter === "doc" && plan === "cost" && !drive && documentTagTerm(normalizeDocNumber(clean(filters.doc)))) return null;
  return { filter, drive };
}

// ---------------------------------------------------------------------------------------------
// An officer's or agent's name, without a business name
// ---------------------------------------------------------------------------------------------

/**
 * A listing by a person: the businesses come from people_fts (rowid = business id * 8 + block, so
 * in id order) with the tag filters intersected there (drizzle/0014, 0019, 0021: "ANDERSON" with
 * INACTIVE and CORP is one intersection, not 40,000 businesses read), or the common ones checked
 * on the person's few rows (fewPeopleFirst). The rest (FEI, a number, ZIP or street longer than
 * its tag, the town's ZIPs) is checked on the businesses found; alone, against their set when it
 * holds at most COUNT_CAP businesses, else null: the general listing (planListing).
 */
function planPerson(filters: SearchFilters, town: TownArea, est: Estimates, options: SearchPlanOptions): SearchPlan | null {
  const { personPlan: plan = "cost", commonTag = COUNT_CAP, personSortLimit = PERSON_SORT_LIMIT } = options;
  const order = personOrder(filters);
  const fewPeople = options.fewPeople ?? FEW_PEOPLE;
  const fewPeopleByStatus = options.fewPeopleByStatus ?? options.fewPeople ?? (order === "id" ? FEW_PEOPLE_BY_STATUS : FEW_PEOPLE);
  const split = tagSplit({ ...filters, person: undefined }, town, PERSON_SPLIT);
  if (order === "number" && numbersFirst(filters, split, est, plan, options.personNumbers)) {
    return { kind: "person", tags: "numbers", restSet: false, order, walkAbove: personSortLimit, walkSet: "matches" };
  }
  // Every tag on the rows (`plan` "rows"); by cost, the common ones on the copy in memory as the
  // person's entries stream, or on the rows of the person's businesses when they are few; else
  // every one inside people_fts, with the person's rarest word alone when it has many.
  const everyRow = plan === "rows" && split.tags.length > 0;
  const wordAlways = options.personByWord === "always";
  const byNumber = order === "number";
  const streamed =
    everyRow || wordAlways ? null : copyFirst(est, split, plan, commonTag, options.copyStreamEntries ?? COPY_STREAM_ENTRIES, options.personGather, byNumber);
  // By number, gathered: the page walks the number's index against the matches' set. Streamed
  // only when the page walks it reading each entry's people (numberWalkSet), which needs no set:
  // the count's first 10,001 then stream past the copy ("KEL" with "L": 178,000 entries, ~6 ms)
  // where people_fts intersected them with the number's 12.8M (10-18 ms).
  const forced = options.personWalkSet === "rows" ? { rowsUpTo: Number.MAX_SAFE_INTEGER } : options.personWalkSet;
  const streamedWalk = byNumber && streamed !== null && !streamed.gathered ? (forced ?? numberWalkSet(est, split)) : null;
  const rowsWalk = typeof streamedWalk === "object" && streamedWalk !== null ? streamedWalk : null;
  const copied = byNumber && !streamed?.gathered && !rowsWalk ? null : streamed;
  const few =
    everyRow || wordAlways || copied ? null : fewPeopleFirst(est, split, plan, { commonTag, fewPeople, fewPeopleByStatus, scaled: options.fewPeople === undefined });
  const rowsLeft = everyRow || restOnRows(split) || (few !== null && few.onRows.length > 0);
  // Row filters and no tag to narrow the people first: checked against their set, when it is small.
  const restSet = rowsLeft && split.tags.length === 0;
  if (restSet && est.personRest(COUNT_CAP).capped) return null;
  const word = everyRow || copied || few || plan !== "cost" ? null : wordFirst(est, split, options);
  const tags = everyRow
    ? "rows"
    : few
      ? { fewFirst: { inIndex: keys(few.inIndex), onRows: keys(few.onRows) }, upTo: few.upTo }
      : copied
        ? { streamed: { inIndex: keys(copied.inIndex), onRows: keys(copied.onCopy) }, gathered: copied.gathered }
        : (word ?? "index");
  const walkSet = forced ?? rowsWalk ?? (order === "number" && tags === "index" && !restSet ? numberWalkSet(est, split) : "matches");
  return { kind: "person", tags, restSet, order, walkAbove: personSortLimit, walkSet };
}

/**
 * Whether a person listing by number walks the prefix's numbers (FEW_NUMBERS) instead of reading
 * the person's entries: when its other filters are a type (the walk's index) and what the copy in
 * memory holds (a status, claimed), and the person's entries outnumber the numbers. Within the
 * town, whose cities the copy does not hold, or with a ZIP, a street or an FEI, never.
 */
function numbersFirst(filters: SearchFilters, split: TagSplit, est: Estimates, plan: TagPlan, forced?: "always" | "never"): boolean {
  if (forced === "never" || (plan !== "cost" && !forced) || !est.tagCopy()) return false;
  if ([filters.city, filters.zip, filters.address, filters.fei].some((v) => clean(v)) || split.townCity) return false;
  if (forced === "always") return true;
  const numbers = est.numbers(FEW_NUMBERS);
  return !numbers.capped && est.span() > 0 && peopleEntries(est, est.personDensity()) > numbers.total;
}

/**
 * A person of several words, each a long list (an agent company not among the frequent agents,
 * whose names are tokens: decision 0032; " NORTHWEST REGISTERED AGENT LLC" as words held about
 * 600,000 entries a word at 10.3M businesses), with tags in people_fts: FTS5 seeks in each
 * word's list at every entry of the sparsest tag, so its rarest word alone is intersected with the
 * tags and each entry found has its one name read and checked for the other words
 * (person-check.server.ts, ~2.5 µs), when they are at most `upTo` (gathered here, kept for the
 * search). With ZIP 32741: every word 35 ms; "northwest" ~8 ms and its 2,258 entries read ~6 ms.
 */
function wordFirst(est: Estimates, split: TagSplit, options: SearchPlanOptions): { byWord: number; upTo: number } | null {
  if (split.tags.length === 0 || est.span() <= 0) return null;
  // A person asking frequent agents (decision 0032) has their tokens in every word's list: the
  // rarest word's entries would be an agent's hundreds of thousands, each read for the others
  // (" REGISTERED AGENTS INC." in "329": 41 ms), where the index intersects the token with the
  // tags (15 ms).
  if (options.personByWord !== "always" && est.personWithoutAgents()) return null;
  const many = options.personByWord === "always" || peopleEntries(est, est.personDensity()) > (options.personByWord === "never" ? Infinity : MOST_PEOPLE);
  if (!many) return null;
  const words = est.personWordDensities();
  if (words.length < 2) return null;
  const byWord = rarest(words);
  const upTo = WORD_ENTRIES;
  // Their density sampled first: gathering up to the cap and finding more costs about a third of
  // the words' intersection (" REGISTERED AGENTS INC." in "329": 8,000 entries, ~10 ms).
  const sampled = peopleEntries(est, est.wordDensity(byWord, split.tags));
  if (sampled > upTo) return null;
  return est.wordEntries(byWord, split.tags, upTo).capped ? null : { byWord, upTo };
}

/**
 * What a person listing by number with every tag in people_fts looks its walk's entries up in:
 * the person's own entries when gathering them costs less than intersecting them with the tags'
 * lists (PERSON_SET_ENTRIES); or neither (`rowsUpTo`): each entry's people read and compared
 * (person-check.server.ts) when the person holds so large a share of the registry that the walk
 * reaches its first pages within a few entries, whatever the set would cost ("REGISTERED AGENTS
 * INC." with "L": 601,000 entries, its set gathered 120 ms; 5.8% of the registry, a page of 10 a
 * walk of ~170 numbers). Outside the town, whose city tags are short lists.
 */
function numberWalkSet(est: Estimates, split: TagSplit): "matches" | "person" | { rowsUpTo: number } {
  if (split.townCity || est.span() <= 0) return "matches";
  const tags = split.items.reduce((sum, item) => sum + (item.not ? 0 : peopleEntries(est, est.density(item.term, "people_fts"))), 0);
  const person = peopleEntries(est, est.personDensity()) * PERSON_SET_ENTRIES;
  // The share is the person's in the whole registry, not among the filter's numbers: the walk is
  // chosen only when it costs under an eighth of the cheaper set.
  const share = Math.min(1, peopleEntries(est, est.personDensity()) / est.span());
  if ((FIRST_PAGES / share) * ROW_CHECK_ENTRIES * 8 < Math.min(person, tags)) return { rowsUpTo: rowsWalkBudget(est) };
  return person < tags ? "person" : "matches";
}

/**
 * A person listing by number walked with its entries' people read: the most entries it walks
 * before it gathers the person's set instead (a deep page, or a share smaller than the person's
 * share of the registry): half of what the set costs.
 */
function rowsWalkBudget(est: Estimates): number {
  return Math.ceil((peopleEntries(est, est.personDensity()) * PERSON_SET_ENTRIES) / ROW_CHECK_ENTRIES / 2);
}

/** The place of the rarest of a person's words, by their densities. */
const rarest = (densities: number[]) => densities.indexOf(Math.min(...densities));

/** A density in people_fts as entries: its rowids are a business id * 8 + a block. */
const peopleEntries = (est: Estimates, density: number) => density * est.span() * 8;

/** A person search's order, the general listing's: by number for a document search, by name within a city, else by id. */
const personOrder = (filters: SearchFilters): PersonOrder => (normalizeDocNumber(clean(filters.doc)) ? "number" : clean(filters.city) ? "name" : "id");

/**
 * A person search's tag filters (outside the town) split for its few businesses: the rare ones
 * (at most `commonTag` entries in people_fts: a ZIP, a city, claimed) intersected with the person
 * inside people_fts, then the common ones (a status, a type, not claimed, a large ZIP's prefix)
 * added one by one, the sparsest first, until the person's entries are few (at most `fewPeople`,
 * or `fewPeopleByStatus` when only a status or a type would be left); the common ones left
 * (`onRows`) are checked on those businesses' rows. Intersecting a common tag costs FTS5 a seek
 * in its long list for every step of the walk: ~15 ms even when the person has 72 entries ("PRIYA
 * ANDERSON"), 50 ms for "JOHN SMITH" in "333" with INACTIVE, where reading the person's 647
 * businesses in "333" and checking them costs ~2 ms. null: every tag in the index (also when the
 * last common tag would be needed: that is the index plan itself). Within the town, whose city
 * tags are short lists, every tag stays in the index.
 */
function fewPeopleFirst(
  est: Estimates,
  split: TagSplit,
  plan: TagPlan,
  { commonTag, fewPeople, fewPeopleByStatus, scaled }: { commonTag: number; fewPeople: number; fewPeopleByStatus: number; scaled: boolean },
): { inIndex: TagFilter[]; onRows: TagFilter[]; upTo: number } | null {
  if (plan !== "cost" || split.townCity || !split.items.length) return null;
  const common = split.items.filter((item) => est.peopleWithTag(item.term, commonTag).capped);
  if (!common.length) return null;
  const density = new Map(common.map((item) => [item, est.density(item.term, "people_fts")]));
  common.sort((a, b) => density.get(a)! - density.get(b)!);
  const rare = split.items.filter((item) => !common.includes(item));
  // A common tag's entries, as many as the rows it would be checked on may be worth.
  const entries = scaled ? (item: TagFilter) => peopleEntries(est, density.get(item)!) / PEOPLE_ROW_ENTRIES : () => 0;
  for (let k = 0; k < common.length; k++) {
    const inIndex = [...rare, ...common.slice(0, k)];
    const onRows = common.slice(k);
    const least = onRows.every((item) => item.column) ? fewPeopleByStatus : fewPeople;
    // Against the next step's, which intersects the sparsest of them too.
    const upTo = Math.max(least, Math.min(MOST_PEOPLE, Math.floor(entries(onRows[0]))));
    if (!est.personEntries(inIndex.map((item) => item.term), upTo).capped) return { inIndex, onRows, upTo };
  }
  return null;
}

/**
 * A person search's tags (outside the town, no filter left for the rows) split for the copy in
 * memory: the rare ones (at most `commonTag` entries in people_fts) intersected with the person
 * there, the common ones checked on the copy as the person's entries stream (COPY_STREAM_ENTRIES
 * compares the two), or as they are gathered whole (`gathered`: GATHERED_ENTRIES, `gather` forcing
 * it either way). null: every tag in the index (the copy not current, a common tag it does not
 * hold, or the person's entries too many against the sparsest common tag's).
 */
function copyFirst(
  est: Estimates,
  split: TagSplit,
  plan: TagPlan,
  commonTag: number,
  ratio: number,
  gather?: "always" | "never",
  byNumber = false,
): { inIndex: TagFilter[]; onCopy: TagFilter[]; gathered: boolean } | null {
  if (plan !== "cost" || split.townCity || !split.items.length || restOnRows(split) || !est.tagCopy() || est.span() <= 0) return null;
  const common = split.items.filter((item) => est.peopleWithTag(item.term, commonTag).capped);
  if (!common.length) return null;
  const rare = split.items.filter((item) => !common.includes(item));
  const entries = (item: TagFilter) => peopleEntries(est, est.density(item.term, "people_fts"));
  const person = peopleEntries(est, est.personDensity());
  // By number, the page walks the number's index against the matches' set: all in the index.
  const partly = () => (byNumber ? null : partlyOnCopy(est, rare, common, ratio, entries, person));
  if (common.some((item) => !item.check)) return partly();
  const sparsest = Math.min(...common.map(entries));
  // Gathered whole (GATHERED_ENTRIES): the person's words apart from its frequent agents, whose
  // businesses the copy lists.
  const apart = est.personWithoutAgents();
  const words = apart ? peopleEntries(est, apart.density) : person;
  const few = byNumber ? !apart && words <= GATHERED_BY_NUMBER : words <= GATHERED_ENTRIES;
  const gathered = gather === "always" || (gather !== "never" && few && gatherCost() < sparsest + person);
  function gatherCost() {
    // Several words are intersected first, reading their lists ("C T": 163,000 entries, 70 ms).
    const lists = apart ? apart.wordDensities : est.personWordDensities();
    const intersected = lists.length > 1 ? lists.reduce((sum, density) => sum + peopleEntries(est, density), 0) : 0;
    return words * GATHER_ENTRY_COST + intersected + (apart?.agents ?? 0) * AGENT_SCAN_COST;
  }
  if (!gathered && sparsest <= ratio * person) return partly();
  return { inIndex: rare, onCopy: common, gathered };
}

/**
 * Several common tags, the person's entries too many to stream past them all: the sparsest ones
 * intersected with the person in people_fts and the rest checked on the copy as that intersection
 * streams, when the rest's sparsest list holds `ratio` times its entries (the same trade as
 * COPY_STREAM_ENTRIES, the intersection in the person's place, estimated from each tag's share of
 * the businesses: sampling the intersection itself reads both lists whole when it is small). Fewer
 * than MOST_PEOPLE are gathered whole and checked on their rows instead (fewPeopleFirst: the count
 * and the page read them once; streamed, each reads them: "THOMPSON" in 33862 with ACTIVE 3.6 ->
 * 5.5 ms streamed, +1.5 more with the intersection sampled). At 10.3M businesses "CAR" in ZIP "324" with ACTIVE
 * (947,000 entries, the ZIP's 1.7M, ACTIVE's 8.2M; 60,000 intersected): 95 -> 45 ms, where
 * ACTIVE's list cost 45 ms more and the first estimate of the few gathered the first 37,000.
 */
function partlyOnCopy(
  est: Estimates,
  rare: TagFilter[],
  common: TagFilter[],
  ratio: number,
  entries: (item: TagFilter) => number,
  person: number,
): { inIndex: TagFilter[]; onCopy: TagFilter[]; gathered: false } | null {
  const bySize = [...common].sort((a, b) => entries(a) - entries(b));
  for (let k = 1; k < bySize.length; k++) {
    const [inIndex, onCopy] = [[...rare, ...bySize.slice(0, k)], bySize.slice(k)];
    if (onCopy.some((item) => !item.check)) continue;
    // The tags as independent of the person: each keeps its share of the businesses.
    const streamed = inIndex.reduce((n, item) => n * Math.min(1, est.density(item.term)), person);
    if (streamed > MOST_PEOPLE && entries(onCopy[0]) > ratio * streamed) return { inIndex, onCopy, gathered: false };
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// Filters without a name (or a person the general listing answers)
// ---------------------------------------------------------------------------------------------

function planListing(filters: SearchFilters, town: TownArea, est: Estimates, options: SearchPlanOptions): SearchPlan {
  const { sortLimit = SORT_LIMIT } = options;
  const city = clean(filters.city);
  // Filters that are all tags (beyond a city alone, which its (city, name) index lists directly;
  // a ZIP's prefix and a short street address are tags): businesses_fts intersects them.
  const split = tagSplit(filters, town, LISTING_SPLIT);
  const atAddress = fewAtAddress(filters, est, options.fewAtAddress);
  // The town's listing walks its (city, name) index, which carries the ZIPs and the filters
  // (its businesses are few), even where its ZIPs are tags: intersecting them with a status's
  // long list costs 20 ms at 10.3M businesses, the walk 2. Not with a street, which the index
  // does not carry: its tag finds the town's businesses on the street without reading the rest.
  const townWalk = split.townCity !== null && split.townCity.zips.length > 0 && !split.registryTagged;
  if (!atAddress && !restOnRows(split) && !townWalk && split.tags.length > (city ? 1 : 0)) {
    return city ? { kind: "tags", order: "name", sortUpTo: sortLimit } : { kind: "tags", order: "id" };
  }
  // By number when searching by number; by name within a city (the (city, name) index gives that
  // order without sorting); registry order otherwise.
  const order = clean(filters.doc) ? "number" : city ? "name" : "id";
  const counted = order === "number" ? numberCount(filters, town, est, options.tagPlan) : null;
  const count = counted === null ? "walk" : counted === "number walk" ? counted : "tags";
  // A street is not in the number's index: its walk reads a row per number, as sorting reads one
  // per match, so ten times as many matches are sorted ("L" at "237", 1,835 of 1.6M numbers: 61 -> 13 ms),
  // and more when the walk to the first page would read more numbers than there are matches.
  const sortUpTo = clean(filters.address) ? sortLimit * 10 : sortLimit;
  if (typeof counted === "object" && counted && !counted.capped) {
    const sorted = counted.total <= sortUpTo || (options.sortLimit === undefined && clean(filters.address) && streetWalk(filters, est, counted.total) > counted.total);
    if (sorted) return { kind: "listing", order, count, rows: "sort" };
  }
  // Where the walk goes is worked out only for a walk (its city and prefix probes cost up to ms).
  return { kind: "listing", order, count, rows: atAddress ? "address" : listingWalk(filters, est, counted !== null, options.cityRows) };
}

/**
 * The numbers a listing by number with a street walks to its first page (a row read each): the
 * prefix's numbers over its `total` matches' share of them. "P" at "135": 4,185 of 3.7M numbers,
 * a walk of 8,800 rows (20 ms at 10.3M businesses) where sorting reads 4,185 (10 ms).
 */
function streetWalk(filters: SearchFilters, est: Estimates, total: number): number {
  return total > 0 ? (estimatedNumbers(est, normalizeDocNumber(clean(filters.doc))) * DEFAULT_PAGE_SIZE) / total : 0;
}

/**
 * Whether a listing's street address is the start of at most `few` businesses' addresses: its rows
 * are then read from the address's index and the other filters checked on them (FEW_AT_ADDRESS;
 * SQLite's own choice of the ZIP's index for a whole street in a ZIP took 140 ms). A few hundred
 * index entries to know.
 */
function fewAtAddress(filters: SearchFilters, est: Estimates, few = FEW_AT_ADDRESS): boolean {
  if (!clean(filters.address) || clean(filters.fei)) return false;
  return !est.atAddress(few).capped;
}

/**
 * How a listing by number with tag filters (status, type, claimed, a city, a ZIP's or a street's
 * prefix that is a whole tag; not the town's ZIP rule nor a person or FEI) is counted: from
 * businesses_fts, where the number is a tag (drizzle/0016), with the ids it counted, when one of
 * the tags is a short list, or a ZIP or street is given: the index then seeks the number's list
 * once per entry of the short one, where the number's B-tree index walks every number of the
 * prefix ("P" with PENDING: 1.26M entries, 95 ms; a few µs this way). With a ZIP or a street
 * (whole tags here), counting by number walks every number of the prefix, and reads a row per
 * number for a street ("L2" at "1" 414 -> 9 ms). null: walk the number's index (also for `plan`
 * "rows"; "index" always counts here); "number walk": walk it with a ZIP, which that index holds,
 * checked on its entries, when the numbers are few against the lists an intersection would read.
 */
function numberCount(filters: SearchFilters, town: TownArea, est: Estimates, plan: TagPlan = "cost"): Capped | "number walk" | null {
  if (plan === "rows" || clean(filters.person) || clean(filters.fei)) return null;
  const split = tagSplit(filters, town, NUMBER_COUNT_SPLIT);
  const numberTerm = documentTagTerm(normalizeDocNumber(clean(filters.doc)));
  const number = split.items.find((item) => item.term === numberTerm);
  if (!number || split.townCity || restOnRows(split) || split.items.length < 2) return null;
  if (plan === "cost" && !hasRegistryFilter(filters)) {
    const others = split.items.filter((item) => item !== number && !item.not);
    if (!others.length || est.span() <= 0) return null;
    const shortest = Math.min(...others.map((item) => est.density(item.term)));
    if (shortest * SEEK_ENTRIES >= est.density(number.term)) return null;
  }
  if (plan === "cost" && clean(filters.zip) && !clean(filters.address)) {
    const entries = split.items.reduce((sum, item) => sum + (item.not ? 0 : est.density(item.term)), 0);
    if (est.span() > 0 && est.density(number.term) * NUMBER_WALK_COST < entries) return "number walk";
  }
  const { match, check } = copyTags(filters, split, est);
  return est.tagMatches(match, check);
}

/**
 * A listing's tags as counted in businesses_fts (by number, or all tags; decision 0037): each
 * one the copy in memory holds (a status, a type, claimed, a number's first one or two
 * characters, a ZIP's prefix, a street's first characters) intersected there or checked on the
 * copy, whichever split reads the fewest entries' worth: the lists in the index, and
 * COPY_CHECK_COST for each of their matches (as if independent) the copy checks. "P0" at "27"
 * with INACTIVE at 10.3M businesses: the street (115,000 entries) and the number (1M)
 * intersected and their 11,400 matches checked for the status, 56 -> 18 ms, where the status's
 * 7.2M entries were read (the street on the copy too would check the number's million).
 */
export function copyTags(filters: SearchFilters, split: TagSplit, est: Estimates): { match: string; check?: TagCheck } {
  const all = { match: tagsMatch(filters, split.tags) };
  const checkable = split.items.filter((item) => item.check);
  if (!checkable.length || !est.tagCopy() || est.span() <= 0) return all;
  // A list's entries read (a "not claimed" reads the claimed list), and the share of ids it keeps.
  const read = (item: TagFilter) => est.density(item.not ?? item.term);
  const kept = (item: TagFilter) => (item.not ? Math.max(0, 1 - est.density(item.not)) : est.density(item.term));
  let best: { cost: number; onCopy: TagFilter[] } = { cost: split.items.reduce((sum, item) => sum + read(item), 0), onCopy: [] };
  for (let mask = 1; mask < 1 << checkable.length; mask++) {
    const onCopy = checkable.filter((_, i) => mask & (1 << i));
    const inIndex = split.items.filter((item) => !onCopy.includes(item));
    if (!inIndex.length) continue;
    const matches = inIndex.reduce((share, item) => share * kept(item), 1);
    const cost = inIndex.reduce((sum, item) => sum + read(item), 0) + matches * COPY_CHECK_COST;
    if (cost < best.cost) best = { cost, onCopy };
  }
  const check = tagCheckOf(best.onCopy);
  if (!check) return all;
  const inIndex = split.items.filter((item) => !best.onCopy.includes(item));
  const rest: SearchFilters = { ...filters, claimed: best.onCopy.some((item) => item.key === "claimed" || item.key === "not claimed") ? undefined : filters.claimed };
  return { match: tagsMatch(rest, inIndex.map((item) => item.term)), check };
}

/**
 * Where a listing without a name walks: by number (numberWalk); a city's or the town's by its
 * (city, name) index, in name order (SQLite, left alone, would take the type's index of
 * drizzle/0017 for a type, and sort: the town's LLCs 1 -> 330 ms); else as SQLite plans.
 */
function listingWalk(filters: SearchFilters, est: Estimates, tagsCounted: boolean, cityRows: SearchPlanOptions["cityRows"] = "cost"): ListingWalk {
  if (clean(filters.doc)) return numberWalk(filters, est, tagsCounted, cityRows);
  if (clean(filters.city) && !hasRegistryFilter(filters)) return "city";
  return "table";
}

/**
 * A listing by number walks the number's index that carries the filter columns (drizzle/0015),
 * in number order, reading no row to check status, type, claimed, a city or the town (SQLite picks
 * the unique index on its own, a row per number: "P150" with ACTIVE CORP 200 -> 4 ms); with a
 * type, that type's numbers alone (drizzle/0017: "L" with CORP is then a seek that finds none).
 * Except for a small city or the town (FEW_IN_CITY, or more businesses for a prefix with more
 * numbers, up to MOST_IN_CITY) when the prefix covers more than ROW_ENTRIES times its
 * businesses: its own rows then. A ZIP or a street the full-text index counted is
 * checked on the walk's rows, and so is any registry filter with a number's prefix longer than
 * its tag (at most a thousand numbers: SQLite chose the street's index for "P07003003331" at
 * "70", 245 ms); other registry filters are left to SQLite's choice.
 */
function numberWalk(filters: SearchFilters, est: Estimates, tagsCounted: boolean, cityRows: SearchPlanOptions["cityRows"]): ListingWalk {
  const prefix = normalizeDocNumber(clean(filters.doc));
  const fewNumbers = documentTagTerm(prefix) === null;
  if (hasRegistryFilter(filters) && !tagsCounted && !fewNumbers) return "table";
  const byNumber = clean(filters.type) ? "type+number" : "number";
  if (!clean(filters.city) || cityRows === "never") return byNumber;
  if (cityRows === "always") return "city";
  const estimated = estimatedNumbers(est, prefix);
  const city = est.inCity(Math.min(MOST_IN_CITY, Math.max(FEW_IN_CITY, Math.ceil(estimated / ROW_ENTRIES))));
  if (city.capped) return byNumber;
  // Counting the prefix's numbers up to ROW_ENTRIES times the city's businesses reads up to
  // 200,000 index entries ("P9" in the town: 4.5-7 ms, as much as reading the town's rows). The
  // number's tag estimates it in a few reads; only a prefix it estimates as few numbers is
  // counted. An estimate too high reads the city's few rows, never a long walk.
  const cap = city.total * ROW_ENTRIES;
  if (!clean(filters.type) && estimated > cap) return "city";
  return est.numbers(cap).capped ? "city" : byNumber;
}

/**
 * How many document numbers start with `prefix`, estimated from its tag's density in the name
 * index (within a few tens of percent at 3.5M businesses, 3.6x too high for 6-character prefixes,
 * whose tag lists cluster); 0 when the prefix is longer than its tag.
 */
function estimatedNumbers(est: Estimates, prefix: string): number {
  const term = documentTagTerm(prefix);
  if (!term) return 0;
  const span = est.span();
  return span > 0 ? est.density(term) * span : 0;
}

/** A plan on one line, as tests and the benchmark's notes print it. */
export const describePlan = (plan: SearchPlan) => JSON.stringify(plan);
