/**
 * How search text becomes a safe query (pure functions, shared by the model and the benchmark).
 *
 * Names: accents, case, apostrophes and dots are dropped ("Café O'Malley's L.L.C." ->
 * cafe omalleys llc), every other non-letter/digit separates words, and the words people leave
 * off ("inc", "llc", "the", "&"/"and"...) are ignored unless the query has nothing else. Each
 * remaining word becomes a quoted FTS5 prefix string, so no user text is ever read as FTS syntax
 * (quotes, *, -, NEAR, OR, parentheses, emoji are all harmless).
 * The index side applies the same rules in drizzle/0001_business_search.sql (0002 sets its
 * prefix indexes).
 */

export const MAX_QUERY_CHARS = 200;
export const MAX_QUERY_TOKENS = 8;

/** Legal suffixes of business names ("Inc.", "L.L.C." read as inc, llc). */
export const LEGAL_SUFFIXES = [
  "llc",
  "lc",
  "inc",
  "incorporated",
  "corp",
  "corporation",
  "co",
  "company",
  "ltd",
  "limited",
  "lp",
  "llp",
  "lllp",
  "pllc",
  "pa",
  "plc",
];

/** Words left off a business name when searching (legal suffixes, articles, conjunctions). */
export const STOP_WORDS = new Set(["the", "and", "of", ...LEGAL_SUFFIXES]);

/**
 * What separates words: anything but a letter or digit, and the few code points that are letters
 * in JavaScript's Unicode but separators in the Unicode 6.1 tables of SQLite's unicode61
 * tokenizer (New Tai Lue vowel signs, two Vedic signs). Were they kept inside a word, SQLite would
 * read the word as a two-word phrase, which the detail=none index refuses with an error.
 */
const WORD_SEPARATORS = /[^\p{L}\p{N}]+|[\u19B0-\u19C0\u19C8\u19C9\u1CF2\u1CF3]+/u;

/** The words of a name or query, folded the way the FTS index folds them. */
export function nameTokens(text: string): string[] {
  const folded = text
    .slice(0, MAX_QUERY_CHARS)
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/['’ʼ.]/g, "");
  return folded.split(WORD_SEPARATORS).filter(Boolean);
}

/** Query words without the ignorable ones (unless that would leave nothing). */
export function searchTokens(text: string): string[] {
  const tokens = nameTokens(text);
  const meaningful = tokens.filter((t) => !STOP_WORDS.has(t));
  return (meaningful.length > 0 ? meaningful : tokens).slice(0, MAX_QUERY_TOKENS);
}

/**
 * The words a match needs: a word that starts another is left off, since every name the longer
 * word matches the shorter matches too (each is a prefix of some word of the name). FTS5 would
 * walk the short word's long list for nothing: in people_fts at 10.3M businesses, " C T
 * CORPORATION SYSTEM" reads "c"'s 4.6M entries beside the other words', 122 -> 83 ms with a name.
 */
export function neededWords(tokens: string[]): string[] {
  return tokens.filter((t, i) => !tokens.some((u, j) => u.startsWith(t) && (u.length > t.length || j < i)));
}

/** Words when each is ASCII letters and digits, else null: see person-check.server.ts. */
const plain = (words: string[]) => (words.length > 0 && words.every((word) => /^[a-z0-9]+$/.test(word)) ? words : null);

/** A person's words (those a match needs) when each is ASCII letters and digits, else null. */
export const plainWords = (person: string) => plain(neededWords(nameTokens(person).slice(0, MAX_QUERY_TOKENS)));

/** A business name query's words (those its match needs, buildNameQuery) when each is ASCII letters and digits, else null. */
export const plainNameWords = (name: string) => plain(neededWords(searchTokens(name)));

const quote = (token: string) => `"${token.replace(/"/g, '""')}"`;

/**
 * The index's own words starting with a query word, when the model looked them up (words longer
 * than the index's prefix lists: app/models/fts-vocabulary.server.ts); null to keep the prefix.
 */
export type WordsFor = (token: string) => string[] | null;

/**
 * A query word as an FTS5 term: a prefix (`"smi"*`), or the index's words that start with it
 * (`("environmental" OR "environmentally")`, the same rows). A word no index word starts with
 * becomes the word itself, which matches nothing.
 */
export function prefixTerm(token: string, wordsFor?: WordsFor): string {
  const words = wordsFor?.(token);
  if (!words) return `${quote(token)}*`;
  if (words.length === 0) return quote(token);
  return words.length === 1 ? quote(words[0]) : `(${words.map(quote).join(" OR ")})`;
}

export type NameQuery = {
  tokens: string[];
  /** Every word the match needs (neededWords), as a prefix, anywhere in the name (the FTS5 MATCH expression). */
  all: string;
};

/** The FTS5 match expression for a name query, or null when the text has no searchable word. */
export function buildNameQuery(text: string, wordsFor?: WordsFor): NameQuery | null {
  const tokens = searchTokens(text);
  if (tokens.length === 0) return null;
  return { tokens, all: neededWords(tokens).map((t) => prefixTerm(t, wordsFor)).join(" AND ") };
}

/** Document numbers: letters and digits only, upper case ("l24 000-0001" -> L240000001). */
export function normalizeDocNumber(text: string): string {
  return text.slice(0, MAX_QUERY_CHARS).replace(/[^A-Za-z0-9]/g, "").toUpperCase().slice(0, 20);
}

/** The exclusive upper bound of a prefix range over BINARY text ("L24" -> "L25"). */
export function prefixUpperBound(prefix: string): string {
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * The "name key" the B-tree index holds: ASCII lower case, without apostrophes, dots and commas
 * (SQLite's lower() folds ASCII only, so this does too). Mirrors NAME_KEY_SQL.
 */
export function nameKey(text: string): string {
  return text.replace(/['’.,]/g, "").replace(/[A-Z]/g, (c) => c.toLowerCase());
}

export type NameKeys = {
  /** Names starting with this (what was typed, keyed) are leading matches. */
  prefix: string;
  /** Names equal to one of these (typed words with or without a legal suffix) are exact matches. */
  exact: string[];
};

/** The exact and leading keys for typed text, or null when nothing is left to compare. */
export function buildNameKeys(text: string): NameKeys | null {
  const prefix = nameKey(text.slice(0, MAX_QUERY_CHARS)).replace(/\s+/g, " ").trim();
  if (!prefix) return null;
  const words = prefix.split(" ");
  while (words.length > 1 && STOP_WORDS.has(words[words.length - 1])) words.pop();
  const base = words.join(" ");
  const exact = new Set([prefix, base, ...LEGAL_SUFFIXES.map((s) => `${base} ${s}`)]);
  return { prefix, exact: [...exact] };
}
