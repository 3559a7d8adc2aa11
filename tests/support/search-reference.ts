/**
 * The plain reading of the search rules, for the tests that check the planned search against it
 * (search-plan, search-person-plan): one SQL statement over the whole table, filters as plain
 * comparisons (LIKE for the document number), the name's three tiers written out as a CASE, a
 * person as the set of businesses people_fts finds for the name alone, and those of the frequent
 * agents whose names have its words; no tags, no caps, no index choices.
 */
import { getDb } from "~/db/client.server";
import { buildNameKeys, MAX_QUERY_TOKENS, nameTokens, normalizeDocNumber, prefixTerm, searchTokens } from "~/lib/search-query";
import type { SearchParams } from "~/models/business-search.server";

/** Every word as a prefix, none left off (the searches leave off a word that starts another). */
const everyWord = (tokens: string[]) => (tokens.length ? tokens.map((t) => prefixTerm(t)).join(" AND ") : null);

const NAME_KEY = `lower(replace(replace(replace(replace(b.name, '''', ''), '’', ''), '.', ''), ',', ''))`;

export type Ref = { ids: number[]; count: number };

/** Every matching id in the order the rules define, and the (uncapped) count. */
export function reference(p: SearchParams): Ref {
  const client = getDb().$client;
  const clauses: string[] = [];
  const params: unknown[] = [];
  if (p.doc) {
    const prefix = normalizeDocNumber(p.doc);
    if (!prefix) return { ids: [], count: 0 };
    clauses.push("b.document_number LIKE ?");
    params.push(`${prefix}%`);
  }
  const add = (clause: string, value: unknown) => {
    clauses.push(clause);
    params.push(value);
  };
  // The town's name means the town as configured (README "The town's businesses"): its city
  // names as the state and the product write them, and its ZIP codes.
  if (p.city?.toUpperCase() === "PEMBROKE PARK") {
    // The ZIPs as TOWN_ZIPS says (33009 and 33023 unless a test sets others).
    const zips = (process.env.TOWN_ZIPS ?? "33009,33023").split(",").map((z) => z.trim().slice(0, 5));
    clauses.push(`b.city IN ('Pembroke Park', 'PEMBROKE PARK') AND substr(b.zip, 1, 5) IN (${zips.map(() => "?").join(", ")})`);
    params.push(...zips);
  } else if (p.city) add("b.city = ?", p.city);
  if (p.type) add("b.filing_type = ?", p.type);
  if (p.status) add("b.status = ?", p.status.toUpperCase());
  if (typeof p.claimed === "boolean") add("b.is_claimed = ?", p.claimed ? 1 : 0);
  if (p.zip) add("b.zip LIKE ?", `${p.zip}%`);
  if (p.address) add("upper(b.address1) LIKE ?", `${p.address.trim().replace(/\s+/g, " ").toUpperCase()}%`);
  // An FEI of nine digits, written with or without its dash (the state writes both).
  if (p.fei) add("replace(b.fei, '-', '') = ?", p.fei.replace(/\D/g, ""));
  if (p.person) {
    const match = everyWord(nameTokens(p.person).slice(0, MAX_QUERY_TOKENS));
    if (!match) return { ids: [], count: 0 };
    // The frequent agents are tokens in people_fts (decision 0032): their names compared here, word by word.
    const words = nameTokens(p.person).slice(0, MAX_QUERY_TOKENS);
    const agents = (client.prepare("SELECT name FROM frequent_agents").pluck().all() as string[]).filter((agent) => {
      const own = nameTokens(agent.replace(/_/g, " "));
      return words.every((word) => own.some((w) => w.startsWith(word)));
    });
    clauses.push(`(b.id IN (SELECT rowid >> 3 FROM people_fts WHERE people_fts MATCH ?) OR b.agent_name IN (${agents.map(() => "?").join(", ")}))`);
    params.push(match, ...agents);
  }
  const filters = clauses.length ? clauses.join(" AND ") : "1";
  if (p.name) {
    const match = everyWord(searchTokens(p.name));
    const keys = buildNameKeys(p.name);
    if (!match || !keys) return { ids: [], count: 0 };
    const upper = keys.prefix.slice(0, -1) + String.fromCodePoint(keys.prefix.codePointAt(keys.prefix.length - 1)! + 1);
    const marks = keys.exact.map(() => "?").join(",");
    const rows = client
      .prepare(
        `SELECT id, tier FROM (
           SELECT b.id AS id, ${NAME_KEY} AS k,
             CASE WHEN ${NAME_KEY} IN (${marks}) THEN 0
                  WHEN ${NAME_KEY} >= ? AND ${NAME_KEY} < ? THEN 1
                  WHEN b.id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?) THEN 2 END AS tier
           FROM businesses b WHERE ${filters})
         WHERE tier IS NOT NULL ORDER BY tier, CASE WHEN tier < 2 THEN k END, id`,
      )
      .all(...keys.exact, keys.prefix, upper, match, ...params) as { id: number }[];
    const count = (
      client
        .prepare(
          `SELECT count(*) AS n FROM businesses b WHERE ${filters} AND b.id IN (SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?)`,
        )
        .get(...params, match) as { n: number }
    ).n;
    return { ids: rows.map((r) => r.id), count };
  }
  const order = p.doc ? "b.document_number" : p.city ? "b.name, b.id" : "b.id";
  const ids = client.prepare(`SELECT b.id AS id FROM businesses b WHERE ${filters} ORDER BY ${order}`).all(...params) as {
    id: number;
  }[];
  return { ids: ids.map((r) => r.id), count: ids.length };
}

