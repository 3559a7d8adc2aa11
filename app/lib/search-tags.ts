/**
 * The filter values a business carries as tags in the full-text index (drizzle/0009, 0013), and
 * the FTS5 terms that find them. One token per tag:
 *   _c<hex(city)>                 the city,
 *   _x<status code>_<type code>   the status and the filing type together,
 *   _t<type code>                 the filing type alone,
 *   _k<0/1>                       claimed,
 *   _d<document number>           the number's first 8 characters (drizzle/0016; 4 in people_fts, 0021), searched by prefix,
 *   _z<ZIP code>                  the ZIP code's leading digits, at most 5 (drizzle/0018), searched by prefix,
 *   _a<street address>            the street address's first letters, digits and spaces, at most 4 (drizzle/0020), searched by prefix.
 * A code is one letter for the statuses and filing types the registry uses (ACTIVE -> g, LLC -> g,
 * ...), else the hex of the value (SQLite's hex() of its UTF-8 bytes). Both keep the exact value,
 * spaces and case included (hex digits are 0-9 a-f once folded, codes are letters from g on, so
 * they never meet), so a tag matches exactly the rows `city = ?` / `status = ?` /
 * `filing_type = ?` match. A status alone is the prefix `"_x<code>_"*`: one precomputed prefix
 * list (the index keeps prefixes of up to 12 characters), the same rows a status tag would hold.
 * Why the pair: a name with a status and a type intersected three long lists (a million
 * entries each are read between matches); the pair is one list, a fraction as long. Why short
 * codes: every token adds an entry per prefix length (1-12) to the index, so long hex tags were
 * most of the full-text build's time; the short ones make it about a fifth cheaper.
 * `_` never appears in a name query's words (search-query.ts splits on it), so names and tags
 * cannot meet.
 */
export type TagFilters = { city?: string; type?: string; status?: string; claimed?: boolean | null };

/** One-letter codes (g onwards: never a hex digit). Append only: changing one needs a reindex. */
const STATUS_CODES: Readonly<Record<string, string>> = {
  ACTIVE: "g",
  INACTIVE: "h",
  PENDING: "i",
  DISSOLVED: "j",
  REVOKED: "k",
  WITHDRAWN: "m",
};
const TYPE_CODES: Readonly<Record<string, string>> = {
  LLC: "g",
  CORP: "h",
  FIC: "i",
  LP: "j",
  TRUST: "k",
  LLLP: "m",
  ABN: "n",
  LIC: "p",
  FICA: "q",
};

const encoder = new TextEncoder();
const hex = (value: string) =>
  Array.from(encoder.encode(value), (byte) => byte.toString(16).padStart(2, "0").toUpperCase()).join("");

const statusCodes = new Map(Object.entries(STATUS_CODES));
const typeCodes = new Map(Object.entries(TYPE_CODES));
const statusCode = (status: string) => statusCodes.get(status) ?? hex(status);
const typeCode = (type: string) => typeCodes.get(type) ?? hex(type);

/**
 * The quoted FTS5 terms for the given filters (empty values are no filter). A status and a type
 * given together are one term.
 */
export function filterTagTerms({ city, type, status, claimed }: TagFilters): string[] {
  const terms: string[] = [];
  if (city) terms.push(`"_c${hex(city)}"`);
  if (status && type) terms.push(`"_x${statusCode(status)}_${typeCode(type)}"`);
  else if (status) terms.push(`"_x${statusCode(status)}_"*`);
  else if (type) terms.push(`"_t${typeCode(type)}"`);
  if (typeof claimed === "boolean") terms.push(`"_k${claimed ? 1 : 0}"`);
  return terms;
}

const sqlCode = (column: string, codes: Record<string, string>) =>
  `CASE ${column} ${Object.entries(codes)
    .map(([value, code]) => `WHEN '${value}' THEN '${code}'`)
    .join(" ")} ELSE hex(${column}) END`;

/** A name as both indexes hold it: apostrophes and dots dropped, `_` a space (so a name can never hold a tag). */
const indexedNameSql = (name: string) =>
  `replace(replace(replace(replace(replace(${name}, '''', ''), '’', ''), 'ʼ', ''), '.', ''), '_', ' ')`;

/** A business row's filter tags (`row` is the alias, e.g. `new`), each after a space. */
const ftsTagsSql = (row: string) =>
  `' _c' || hex(coalesce(${row}.city, ''))
    || ' _x' || ${sqlCode(`${row}.status`, STATUS_CODES)} || '_' || ${sqlCode(`${row}.filing_type`, TYPE_CODES)}
    || ' _t' || ${sqlCode(`${row}.filing_type`, TYPE_CODES)} || ' _k' || ${row}.is_claimed`;

/**
 * A business row's document number as a tag, its first DOCUMENT_TAG_CHARS characters:
 * `"_d<prefix>"*` then finds exactly the rows whose number starts with a prefix of up to that
 * many characters (one list each: the index keeps every token's prefixes of up to 12), as
 * `document_number >= ? AND < ?` does, because a number is capital letters and digits (the
 * state's are; the importer refuses any other, cordata.ts) and a search's prefix is made so
 * (normalizeDocNumber), and FTS5 folds both to one lower-case token. Why not the whole number:
 * 3.5M distinct tokens, each with its own prefix entries, made the index's build 2.4x longer
 * (17.6 -> 42.6 s at 3.5M; 20.4 s with 8 characters), and a longer prefix holds at most about a
 * thousand numbers, which the rows or a list of ids check cheaply. A number with any other
 * character gets no tag (it could split into words a name search would find); no search by
 * prefix then finds it through the index.
 */
const DOCUMENT_TAG_CHARS = 8;
const documentTagSql = (row: string, chars = DOCUMENT_TAG_CHARS) =>
  `CASE WHEN ${row}.document_number GLOB '*[^A-Z0-9]*' THEN '' ELSE ' _d' || substr(${row}.document_number, 1, ${chars}) END`;

/**
 * The FTS5 term for the document numbers starting with `prefix` (capital letters and digits:
 * normalizeDocNumber), or null for a prefix longer than the tag.
 */
export const documentTagTerm = (prefix: string) => (prefix.length <= DOCUMENT_TAG_CHARS ? `"_d${prefix}"*` : null);

/**
 * people_fts's number tag is the number's first PEOPLE_DOCUMENT_TAG_CHARS characters: that index
 * keeps prefixes of up to 6 characters (`_d` and 4), and FTS5 answers a longer prefix by merging
 * every term it starts, copying their lists first ("SMITH" with "L94002": 34 ms at 3.5M
 * businesses). A longer prefix is its first 4 characters' tag and the rest checked on rows.
 */
const PEOPLE_DOCUMENT_TAG_CHARS = 4;

/**
 * The term of either full-text index for the document numbers starting with `prefix`
 * (normalizeDocNumber: capital letters and digits), in addressTagTerm's shape: the characters it
 * finds (`tagged`) and whether that is all of `prefix` (`whole`). In businesses_fts the prefix
 * itself, or null when it is longer than the tag (a listing walks such few numbers by number); in
 * people_fts its first PEOPLE_DOCUMENT_TAG_CHARS characters, the rest then checked on rows.
 */
export function documentTag(prefix: string, index: "businesses_fts" | "people_fts"): { term: string; tagged: string; whole: boolean } | null {
  if (index === "businesses_fts") {
    const term = documentTagTerm(prefix);
    return term ? { term, tagged: prefix, whole: true } : null;
  }
  const tagged = prefix.slice(0, PEOPLE_DOCUMENT_TAG_CHARS);
  return { term: `"_d${tagged}"*`, tagged, whole: tagged.length === prefix.length };
}

/**
 * A business row's ZIP code as a tag: the digits it starts with, at most ZIP_TAG_DIGITS of them
 * (none: no tag). `"_z<prefix>"*` then finds exactly the rows whose ZIP starts with a prefix of
 * up to 5 digits, as `zip >= ? AND zip < ?` does: a row's ZIP starts with such a prefix exactly
 * when its leading digits do ("33023-1234" and "33023" are both _z33023; "3302A" is _z3302,
 * which "3302" finds and "33023" does not, as the range). A search's ZIP is digits and dashes
 * (registryFilterClauses), so a longer or dashed prefix is checked on rows instead. Why: a ZIP's
 * prefix with a status, a type or a name read every business of the prefix ("331" with ACTIVE:
 * 150 ms at 3.5M businesses, "llc" in "331" 290 ms); as a tag it is one more intersection in
 * the index.
 */
const ZIP_TAG_DIGITS = 5;
const zipTagSql = (row: string) =>
  `CASE ${Array.from({ length: ZIP_TAG_DIGITS }, (_, i) => ZIP_TAG_DIGITS - i)
    .map((n) => `WHEN substr(${row}.zip, 1, ${n}) GLOB '${"[0-9]".repeat(n)}' THEN ' _z' || substr(${row}.zip, 1, ${n})`)
    .join(" ")} ELSE '' END`;

const ZIP_TAG_PREFIX = new RegExp(`^\\d{1,${ZIP_TAG_DIGITS}}$`);

/**
 * The FTS5 term for the ZIP codes starting with `prefix`, or null when it is not 1 to 5 digits.
 * Five digits are the whole tag, so the exact term: as a prefix, "_z33396"* is longer than
 * people_fts's prefix indexes, and FTS5 then copies the ZIP's whole list before reading it
 * (94 ms against 18 for a ZIP of 470,000 people at 3.5M businesses).
 */
export const zipTagTerm = (prefix: string) =>
  !ZIP_TAG_PREFIX.test(prefix) ? null : prefix.length === ZIP_TAG_DIGITS ? `"_z${prefix}"` : `"_z${prefix}"*`;

/**
 * A business row's street address as a tag: its first characters (upper-cased as the search
 * compares them, `upper(address1)`) as long as they are capital letters, digits and spaces, at
 * most ADDRESS_TAG_CHARS of them, each space written `_` so that the tag is one token ("3150 SW
 * 52ND AVE" is _a3150, "12 OAK ST" _a12_o). `"_a<prefix>"*` then finds exactly the rows whose
 * address starts with a prefix of such characters of up to that length, as `upper(address1) >= ?
 * AND < ?` does: a row's tag stops where its address stops or has another character, where such a
 * prefix could not match it either. A longer prefix is its first ADDRESS_TAG_CHARS characters'
 * tag and the rest checked on rows; a prefix with any other character ("#", ".", an accent) is
 * checked on rows alone. Why: a street's prefix with a status, a type, a ZIP or a name read every
 * business of the prefix ("1" in "331": 790 ms at 3.5M businesses, "1" with ACTIVE 140 ms, "llc"
 * at "100" 150 ms); as a tag it is one more intersection in the index. Why 4 characters: every
 * character adds an entry per prefix length to the index, and the street's many distinct starts
 * (208,000 of 8 characters at 3.5M) each their own list: the name index's fill took +11 s with 4,
 * +22 s with 6, +25-50 s with 8 (38 s without); a longer street prefix is few businesses, which
 * its B-tree index finds (fewAtAddress, filterList).
 */
const ADDRESS_TAG_CHARS = 4;
const addressTagSql = (row: string) => {
  const upper = `upper(${row}.address1)`;
  return `CASE ${Array.from({ length: ADDRESS_TAG_CHARS }, (_, i) => ADDRESS_TAG_CHARS - i)
    .map((n) => `WHEN substr(${upper}, 1, ${n}) GLOB '${"[A-Z0-9 ]".repeat(n)}' THEN ' _a' || replace(substr(${upper}, 1, ${n}), ' ', '_')`)
    .join(" ")} ELSE '' END`;
};

const ADDRESS_TAG_PREFIX = /^[A-Z0-9 ]+$/;

/**
 * The FTS5 term for the street addresses starting with the first ADDRESS_TAG_CHARS characters of
 * `prefix` (as the search compares it: upper case, spaces collapsed; addressPrefix), and whether
 * that term finds exactly `prefix`'s rows (`whole`: the prefix is no longer than the tag), or
 * null when the prefix holds a character the tag does not keep.
 */
export function addressTagTerm(prefix: string): { term: string; tagged: string; whole: boolean } | null {
  if (!ADDRESS_TAG_PREFIX.test(prefix)) return null;
  const tagged = prefix.slice(0, ADDRESS_TAG_CHARS);
  return { term: `"_a${tagged.replaceAll(" ", "_")}"*`, tagged, whole: tagged.length === prefix.length };
}

/**
 * Every tag of a business row, each after a space: the filter tags, the number (its first
 * `documentChars` characters), the ZIP, the street.
 */
const businessTagsSql = (row: string, documentChars = DOCUMENT_TAG_CHARS) => `${ftsTagsSql(row)}
    || ${documentTagSql(row, documentChars)}
    || ${zipTagSql(row)}
    || ${addressTagSql(row)}`;

/**
 * The document the full-text index holds for a business row (`row` is the alias, e.g. `new`):
 * its normalised name, its filter tags, its document number, its ZIP code and its street address.
 * drizzle/0020's triggers hold this expression as it printed; the importer's rebuild uses it, so a full load
 * indexes exactly what the triggers would.
 */
export const ftsDocumentSql = (row: string) => `${indexedNameSql(`${row}.name`)}
    || ${businessTagsSql(row)}`;

/**
 * The document people_fts holds for a person (a registered agent or an officer, `name`) of the
 * business row `row`: the person's name and every tag of the business, as businesses_fts holds
 * them but for a shorter number (PEOPLE_DOCUMENT_TAG_CHARS), so that a person with a city, status,
 * type, claimed, document number, ZIP or street filter is one intersection inside that index
 * (drizzle/0021 holds it as printed, in its triggers and its refill; the importer's rebuild uses it).
 */
export const peopleDocumentSql = (name: string, row: string) => `${indexedNameSql(name)}
    || ${businessTagsSql(row, PEOPLE_DOCUMENT_TAG_CHARS)}`;

/**
 * The token people_fts holds instead of a frequent registered agent's name (frequent_agents,
 * drizzle/0031): `_p<code>`. One token, whose list is that agent's businesses, in place of the
 * name's words, which each carried the agent's hundreds of thousands of businesses in their own
 * lists (decision 0032). `_` keeps it apart from every query word, as the tags.
 */
export const AGENT_TOKEN_PREFIX = "_p";
export const agentToken = (code: number) => `${AGENT_TOKEN_PREFIX}${code}`;

/**
 * The document people_fts holds for the registered agent `name` of the business row `row`: the
 * agent's token when the agent is frequent (app/models/search/frequent-agents.server.ts), else its
 * name as peopleDocumentSql writes it; every tag of the business either way (drizzle/0031 holds it
 * as printed in its triggers; both fills of a load use it).
 */
export const agentDocumentSql = (name: string, row: string) => `coalesce((SELECT '${AGENT_TOKEN_PREFIX}' || f.code FROM frequent_agents f WHERE f.name = ${name}), ${indexedNameSql(name)})
    || ${businessTagsSql(row, PEOPLE_DOCUMENT_TAG_CHARS)}`;
