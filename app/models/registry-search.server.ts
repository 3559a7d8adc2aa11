/**
 * Search by what the state's registry file adds (issue 19): an officer's or registered agent's
 * name (`person`), the ZIP code (`zip`), a street address (`address`) and the FEI number (`fei`).
 * Kept apart from business-search.server.ts, which only asks for these clauses and the reasons.
 *
 * Indexes (drizzle/0005): people_fts (one row per agent, rowid = business id * 8, and per officer,
 * rowid = business id * 8 + block), businesses_zip_idx, businesses_address_idx (upper(address1)),
 * businesses_fei_idx. Every clause is a range or lookup on one of them.
 */
import type Database from "better-sqlite3";
import { nameTokens, neededWords, MAX_QUERY_TOKENS, prefixTerm, prefixUpperBound } from "~/lib/search-query";
import { AGENT_TOKEN_PREFIX, agentToken } from "~/lib/search-tags";
import { indexWords, PEOPLE_INDEX } from "~/models/fts-vocabulary.server";
import { agentsMatching } from "~/models/search/frequent-agents.server";
import { comparedPerson } from "~/models/search/person-check.server";

export type RegistrySearchFilters = {
  /** An officer's or registered agent's name, words in any order, each as a prefix. */
  person?: string | null;
  /** ZIP code or its start ("33023", "3302"). */
  zip?: string | null;
  /** The start of the principal street address ("3150 SW 52"). */
  address?: string | null;
  /** FEI/EIN, with or without the dash. */
  fei?: string | null;
};

const clean = (v: string | null | undefined) => (typeof v === "string" ? v.trim() : "");

/** A search's ZIP code as it is compared: without spaces. */
export const zipPrefix = (zip: string | null | undefined) => clean(zip).replace(/\s+/g, "");

/** The businesses whose ZIP code starts with `prefix`. */
export const zipClause = (prefix: string) => ({ clause: "b.zip >= ? AND b.zip < ?", params: [prefix, prefixUpperBound(prefix)] });

/** A search's street address as it is compared: upper case, runs of spaces as one. */
export const addressPrefix = (address: string | null | undefined) => clean(address).replace(/\s+/g, " ").toUpperCase();

/** The businesses whose street address (upper-cased) starts with `prefix`. */
export const addressClause = (prefix: string) => ({
  clause: "upper(b.address1) >= ? AND upper(b.address1) < ?",
  params: [prefix, prefixUpperBound(prefix)],
});

/**
 * The people_fts MATCH expression for a name, or null when it has no word. Each word is a prefix;
 * words longer than the index's prefix lists are written as the index's words starting with them
 * (app/models/fts-vocabulary.server.ts). The frequent agents whose names the words match are
 * asked by their tokens beside the words, since people_fts holds them so (frequent-agents.server.ts):
 * `(("smi"* AND "jo"*) OR "_p1" OR "_p4")`.
 */
export function personMatch(client: Database.Database, text: string): string | null {
  const tokens = neededWords(nameTokens(text).slice(0, MAX_QUERY_TOKENS));
  if (!tokens.length) return null;
  const wordsFor = indexWords(client, PEOPLE_INDEX);
  const words = tokens.map((t) => prefixTerm(t, wordsFor)).join(" AND ");
  const agents = agentsMatching(client, comparedPerson(text, words));
  return agents.length ? `((${words}) OR ${agents.map((code) => `"${agentToken(code)}"`).join(" OR ")})` : words;
}

/** A personMatch expression with agents' tokens: its words and its tokens (each `"_p<code>"`). */
const TOKEN = `"${AGENT_TOKEN_PREFIX}(\\d+)"`;
const WITH_AGENTS = new RegExp(`^\\(\\((.*)\\) OR ((?:${TOKEN})(?: OR ${TOKEN})*)\\)$`);

/**
 * The terms of a personMatch (or a name's) expression, each a word or its index words, all
 * needed; with agents' tokens, each word or any of the tokens (`("smi"* OR "_p1" OR "_p4")`), so
 * that every term's list holds the agents' businesses, as a word's did when it held their names.
 */
export function matchTerms(match: string): string[] {
  const agents = WITH_AGENTS.exec(match);
  if (!agents) return match.split(" AND ");
  return agents[1].split(" AND ").map((word) => `(${word} OR ${agents[2]})`);
}

/** A personMatch expression's words alone (their expression) and the codes of the agents it asks; null when it asks none. */
export function personParts(match: string): { words: string; agents: number[] } | null {
  const agents = WITH_AGENTS.exec(match);
  return agents ? { words: agents[1], agents: [...agents[2].matchAll(new RegExp(TOKEN, "g"))].map((m) => Number(m[1])) } : null;
}

/** "591234567" and "59-1234567" (the state writes both). */
function feiForms(text: string): string[] {
  const digits = text.replace(/\D/g, "");
  if (!digits) return [];
  return digits.length === 9 ? [digits, `${digits.slice(0, 2)}-${digits.slice(2)}`] : [digits, text.toUpperCase()];
}

/**
 * The person filter's clause on the business id expression `id` (its one parameter: the
 * personMatch expression). `b.id` in registryFilterClauses; a search may put it on another
 * expression of the same id (business-search.server.ts, onPersonId).
 */
export const personClause = (id: string) => `${id} IN (SELECT rowid >> 3 FROM people_fts WHERE people_fts MATCH ?)`;

/**
 * SQL clauses over `b` (businesses) for the registry filters, or null when a given filter cannot
 * match anything (e.g. a person filter with no word in it).
 */
export function registryFilterClauses(client: Database.Database, filters: RegistrySearchFilters): { clauses: string[]; params: unknown[] } | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  const person = clean(filters.person);
  if (person) {
    const match = personMatch(client, person);
    if (!match) return null;
    clauses.push(personClause("b.id"));
    params.push(match);
  }
  const zip = zipPrefix(filters.zip);
  if (zip) {
    if (!/^[\d-]+$/.test(zip)) return null;
    const range = zipClause(zip);
    clauses.push(range.clause);
    params.push(...range.params);
  }
  const address = addressPrefix(filters.address);
  if (address) {
    const range = addressClause(address);
    clauses.push(range.clause);
    params.push(...range.params);
  }
  const fei = clean(filters.fei);
  if (fei) {
    const forms = feiForms(fei);
    if (!forms.length) return null;
    clauses.push(`b.fei IN (${forms.map(() => "?").join(", ")})`);
    params.push(...forms);
  }
  return { clauses, params };
}

export function hasRegistryFilters(filters: RegistrySearchFilters): boolean {
  return Boolean(clean(filters.person) || clean(filters.zip) || clean(filters.address) || clean(filters.fei));
}

type PersonStatements = { hits: Database.Statement; people: Database.Statement };
const personStatements = new WeakMap<Database.Database, PersonStatements>();

/**
 * Why each business matched the registry filters, e.g. ["Officer: SMITH, JOHN A"] or
 * ["Registered agent: ...", "ZIP: 33023"]; keyed by business id. Only for the page's rows.
 */
export function explainMatches(
  client: Database.Database,
  rows: { id: number; zip: string | null; address1: string | null }[],
  filters: RegistrySearchFilters,
): Map<number, string[]> {
  const reasons = new Map<number, string[]>();
  if (!hasRegistryFilters(filters)) return reasons;
  const person = clean(filters.person);
  const match = person && rows.length ? personMatch(client, person) : null;
  const people = match ? matchedPeople(client, match, rows.map((r) => r.id)) : new Map<number, string[]>();
  for (const row of rows) {
    const why: string[] = [...(people.get(row.id) ?? [])];
    if (clean(filters.zip) && row.zip) why.push(`ZIP: ${row.zip}`);
    if (clean(filters.address) && row.address1) why.push(`Address: ${row.address1}`);
    if (clean(filters.fei)) why.push(`FEI: ${clean(filters.fei)}`);
    reasons.set(row.id, why);
  }
  return reasons;
}

/**
 * The people of the given businesses whose names match, as "Registered agent: ..." / "Officer:
 * ...", by business id: one lookup of the person's list per business. The rowid bounds are cast
 * to integers because better-sqlite3 binds a JS number as a REAL, and FTS5 uses a rowid bound
 * only when it is an INTEGER: with a REAL it reads the whole list (15 ms a business for
 * "rodriguez" at 3.5M businesses, against 0.05 ms).
 */
function matchedPeople(client: Database.Database, match: string, ids: number[]): Map<number, string[]> {
  let statements = personStatements.get(client);
  if (!statements) {
    statements = {
      hits: client
        .prepare(
          "SELECT rowid FROM people_fts WHERE people_fts MATCH ? AND rowid BETWEEN CAST(? AS INTEGER) AND CAST(? AS INTEGER) ORDER BY rowid",
        )
        .pluck(),
      people: client.prepare(
        `SELECT b.agent_name AS agent, o.name AS officer FROM businesses b
           LEFT JOIN business_officers o ON o.business_id = b.id AND o.position = ?
          WHERE b.id = ?`,
      ),
    };
    personStatements.set(client, statements);
  }
  const found = new Map<number, string[]>();
  for (const id of ids) {
    const labels: string[] = [];
    // rowid = business id * 8 + block (0: the registered agent, 1-6: the officers)
    for (const rowid of statements.hits.all(match, id * 8, id * 8 + 7) as number[]) {
      const position = rowid % 8;
      const p = statements.people.get(position, id) as { agent: string | null; officer: string | null } | undefined;
      if (position === 0 && p?.agent) labels.push(`Registered agent: ${p.agent}`);
      else if (position > 0 && p?.officer) labels.push(`Officer: ${p.officer}`);
    }
    if (labels.length) found.set(id, labels);
  }
  return found;
}
