/**
 * A search's filters as the full-text indexes see them: which are tags (intersected inside
 * businesses_fts or people_fts, drizzle/0009 onwards, app/lib/search-tags.ts) and which are left
 * for the rows. Pure: the planner reads it to decide, the SQL builders (sql.server.ts,
 * splitFilters) add the rows' clauses.
 */
import { normalizeDocNumber, prefixUpperBound } from "~/lib/search-query";
import { addressTagTerm, documentTag, filterTagTerms, zipTagTerm } from "~/lib/search-tags";
import { addressClause, addressPrefix, zipClause, zipPrefix } from "~/models/registry-search.server";
import { isTownCity, type TownArea } from "~/models/town.server";
import type { TagCheck } from "./tag-store.server";
import type { SearchFilters } from "./types.server";

export const clean = (v: string | null | undefined) => (typeof v === "string" ? v.trim() : "");

/** The document numbers starting with `prefix` (normalizeDocNumber's), as SQL over `b`. */
export const documentClause = (prefix: string) => ({
  clause: "b.document_number >= ? AND b.document_number < ?",
  params: [prefix, prefixUpperBound(prefix)],
});

/**
 * One filter that is a tag: `key` names it in a plan, `term` is its FTS term, `clause` the same
 * test as SQL on the row, and for "not claimed" `not` is the term whose absence it is (every row
 * carries exactly one of _k0 and _k1, and claimed rows are few, so "NOT _k1" reads a short list
 * where "_k0" would read nearly every row's entry). `column`: the clause compares a column with a
 * value (a status, a type), the cheapest check on a row. `check`: the same test on the search's copy
 * of the status, type and claimed columns (tag-store.server.ts), cheaper still.
 */
export type TagFilter = { key: TagKey; term: string; not?: string; clause: string; params: unknown[]; column?: true; check?: TagCheck };
export type TagKey = "city" | "doc" | "zip" | "address" | "status" | "type" | "status+type" | "claimed" | "not claimed";

/**
 * The filters split for a full-text index: `tags` (type, status, claimed, a plain city, and
 * outside the town, when asked, a document number's prefix (`docTag`), a ZIP's (`zipTag`) and a
 * street address's first characters (`addressTag`)) are intersected inside it; `rest` (the other
 * registry filters, a number, ZIP or address not a tag or longer than its tag, and the town's ZIP
 * rule) are checked on the rows it finds. The town's city names become one OR group of city tags,
 * so the town still narrows inside the index, and so do its ZIPs (shared with neighbours) when
 * they are five digits each, as a second OR group (else they stay in `rest`).
 * Together they select exactly the rows filterClauses selects. `items` are the tags outside a
 * town, each with its SQL twin, for a search to choose where to check them (the planner).
 */
export type TagSplit = {
  tags: string[];
  items: TagFilter[];
  /** The filters left for the rows: the registry filters not found whole by a tag, ... */
  rest: Pick<SearchFilters, "doc" | "person" | "zip" | "address" | "fei">;
  /** ... the town's type, status and claimed (narrowTown), and its ZIPs. */
  restInTown: { columns: boolean; zips: string[] };
  townCity: TownArea | null;
  /** A ZIP's or a street address's prefix that its tag finds whole (no clause left for the rows). */
  registryTagged: boolean;
};

export type SplitOptions = { narrowTown?: boolean; docTag?: "businesses_fts" | "people_fts"; zipTag?: boolean; addressTag?: boolean };

export function tagSplit(filters: SearchFilters, town: TownArea, options: SplitOptions = {}): TagSplit {
  const city = clean(filters.city);
  const inTown = city && isTownCity(town, city) ? town : null;
  const status = clean(filters.status).toUpperCase();
  const type = clean(filters.type);
  const items: TagFilter[] = [];
  if (city && !inTown) items.push({ key: "city", term: filterTagTerms({ city })[0], clause: "b.city = ?", params: [city] });
  // A document number's prefix is a tag too (drizzle/0016) for a search outside the town (the
  // town's rows are few: they are checked instead); a listing by number walks its index in number
  // order instead. `docTag` names the index: people_fts's tag is shorter, a longer prefix is also
  // checked on the rows.
  const docPrefix = options.docTag && !inTown ? normalizeDocNumber(clean(filters.doc)) : "";
  const docTag = docPrefix && options.docTag ? documentTag(docPrefix, options.docTag) : null;
  // A prefix of one or two characters: the search's copy holds the number's first two too.
  if (docTag) items.push({ key: "doc", term: docTag.term, ...documentClause(docTag.tagged), ...(docTag.tagged.length <= 2 ? { check: { doc: docTag.tagged } } : {}) });
  // So is a ZIP code's prefix of up to 5 digits (drizzle/0018), outside the town, which the copy holds too.
  const zip = options.zipTag && !inTown ? zipPrefix(filters.zip) : "";
  const zipTerm = zip ? zipTagTerm(zip) : null;
  if (zipTerm) items.push({ key: "zip", term: zipTerm, ...zipClause(zip), check: { zip } });
  // And a street address's first characters (drizzle/0020); a longer address is also checked on
  // the rows. Within the town too, except where the town's other filters go to its rows
  // (narrowTown): the town's 7,796 rows at 10.3M businesses cost 28 ms to check for a street.
  const address = options.addressTag && !(inTown && options.narrowTown) ? addressTagTerm(addressPrefix(filters.address)) : null;
  // Its first one or two characters, when they are the whole prefix, are in the copy too.
  if (address) items.push({ key: "address", term: address.term, ...addressClause(address.tagged), ...(address.whole && address.tagged.length <= 2 ? { check: { address: address.tagged } } : {}) });
  // A status and a type together are one tag (search-tags.ts), so one filter here.
  if (status && type) {
    items.push({ key: "status+type", term: filterTagTerms({ status, type })[0], clause: "b.status = ? AND b.filing_type = ?", params: [status, type], column: true, check: { status, type } });
  } else if (status) items.push({ key: "status", term: filterTagTerms({ status })[0], clause: "b.status = ?", params: [status], column: true, check: { status } });
  else if (type) items.push({ key: "type", term: filterTagTerms({ type })[0], clause: "b.filing_type = ?", params: [type], column: true, check: { type } });
  if (typeof filters.claimed === "boolean") {
    const claimed = filters.claimed;
    items.push({
      key: claimed ? "claimed" : "not claimed",
      term: filterTagTerms({ claimed })[0],
      ...(claimed ? {} : { not: filterTagTerms({ claimed: true })[0] }),
      clause: "b.is_claimed = ?",
      params: [claimed ? 1 : 0],
      check: { claimed },
    });
  }
  const tags = items.map((item) => item.term);
  const rest = {
    doc: docTag?.whole ? undefined : filters.doc,
    person: filters.person,
    zip: zipTerm ? undefined : filters.zip,
    address: address?.whole ? undefined : filters.address,
    fei: filters.fei,
  };
  // With a name, the town (a few thousand rows) narrows enough: the other filters are checked
  // on its rows instead of intersecting the long status and type lists inside the index.
  const columns = Boolean(inTown && options.narrowTown && tags.length);
  if (columns) tags.length = 0;
  // The town's ZIPs, when each is 5 digits, are tags too: the exact term "_z33023" holds the rows
  // whose ZIP's first five characters are 33023, as `substr(zip, 1, 5) IN (...)` does, without
  // reading them (a one-letter name in the town: 4,332 rows, 13 ms at 10.3M businesses).
  const zipTerms = inTown?.zips.length && inTown.zips.every((z) => /^\d{5}$/.test(z)) ? inTown.zips.map((z) => zipTagTerm(z)!) : null;
  if (inTown) {
    items.length = 0;
    tags.unshift(`(${inTown.cities.flatMap((c) => filterTagTerms({ city: c })).join(" OR ")})`);
    if (zipTerms) tags.splice(1, 0, `(${zipTerms.join(" OR ")})`);
  }
  return {
    tags,
    items,
    rest,
    restInTown: { columns, zips: inTown && !zipTerms ? inTown.zips : [] },
    townCity: inTown,
    registryTagged: zipTerm !== null || address?.whole === true,
  };
}

/** The tag filters `items` as one check on the search's copy of the columns, or null if one of them has none. */
export function tagCheckOf(items: TagFilter[]): TagCheck | null {
  if (!items.length || items.some((item) => !item.check)) return null;
  return Object.assign({}, ...items.map((item) => item.check)) as TagCheck;
}

/** Whether any filter is left for the rows (its clauses: splitFilters). */
export const restOnRows = (split: TagSplit) =>
  Object.values(split.rest).some((v) => clean(v)) || split.restInTown.columns || split.restInTown.zips.length > 0;

/** The FTS5 expression: every positive term, less any negated one. */
export const matchOf = (terms: string[], not: string[]) =>
  not.length ? `(${terms.join(" AND ")}) NOT (${not.join(" OR ")})` : terms.join(" AND ");

/**
 * The FTS5 expression of filters that are all tags. "Not claimed" is nearly every row: with
 * another tag to start from, it is read as "not claimed" (the short _k1 list taken out) instead of
 * intersecting the _k0 list.
 */
export function tagsMatch(params: SearchFilters, tags: string[]): string {
  const [claimedTerm] = filterTagTerms({ claimed: false });
  return params.claimed === false && tags.length > 1
    ? matchOf(tags.filter((t) => t !== claimedTerm), filterTagTerms({ claimed: true }))
    : tags.join(" AND ");
}

/** The registry filters, which have their own indexes, narrower than a city or a number's prefix. */
export const hasRegistryFilter = (params: SearchFilters) => [params.person, params.zip, params.address, params.fei].some((v) => clean(v));
