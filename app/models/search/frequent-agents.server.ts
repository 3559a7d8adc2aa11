/**
 * The registry's frequent registered agents (decision 0032): the companies that are the agent of
 * a large share of the registry ("C T CORPORATION SYSTEM", "REGISTERED AGENTS INC."). people_fts
 * holds such an agent as one token, `_p<code>` (app/lib/search-tags.ts, agentDocumentSql), instead
 * of its name's words: each of those words would otherwise carry the agent's hundreds of thousands
 * of businesses in its list, which every search of an officer's name with that word walked.
 *
 * Which agents: those of at least FREQUENT_SHARE of the first SAMPLE_RECORDS records of a full
 * load (and at least LEAST_BUSINESSES), decided by the importer before it indexes any person, and
 * kept in `frequent_agents` until the next full load. The choice only makes searches faster: a
 * search asks the tokens of the frequent agents whose names its person matches, so an agent left
 * out (one that became frequent after the load) is found by its words as before.
 */
import type Database from "better-sqlite3";
import type { ComparedPerson } from "./person-check.server";
import { namesMatching } from "./person-check.server";
import { prepare } from "./statements.server";

/** How many records of a full load are counted (the people index's worker stores theirs meanwhile, indexing none). */
export const SAMPLE_RECORDS = 20_000;
/** The share of the counted records an agent must have. */
const FREQUENT_SHARE = 0.01;
/** And at least this many (a small registry's agents stay words). */
const LEAST_BUSINESSES = 20;

export type FrequentAgent = { code: number; name: string };

/** Counts the agents of a full load's first records and names the frequent ones. */
export class AgentSample {
  private counts = new Map<string, number>();
  private counted = 0;

  /** Counts a record's agent; true once the sample is complete (then decide). */
  add(agent: string | null): boolean {
    if (this.counted >= SAMPLE_RECORDS) return true;
    this.counted++;
    if (agent === null) return this.counted >= SAMPLE_RECORDS;
    // A copy of the name: a parsed field is a slice of the file's chunk, which a key would keep
    // alive (20,000 records' keys held ~90 MB of chunks through a whole load).
    const name = Buffer.from(agent, "utf8").toString("utf8");
    this.counts.set(name, (this.counts.get(name) ?? 0) + 1);
    return this.counted >= SAMPLE_RECORDS;
  }

  /** The frequent agents, most frequent first, coded from 1. */
  decide(): FrequentAgent[] {
    const least = Math.max(LEAST_BUSINESSES, this.counted * FREQUENT_SHARE);
    const counts = this.counts;
    this.counts = new Map();
    return [...counts]
      .filter(([, n]) => n >= least)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([name], i) => ({ code: i + 1, name }));
  }
}

/** Replaces the frequent agents (the importer, inside a full load's transaction, before people_fts is filled). */
export function writeFrequentAgents(db: Database.Database, agents: FrequentAgent[]) {
  db.exec("DELETE FROM frequent_agents");
  const insert = db.prepare("INSERT INTO frequent_agents (code, name) VALUES (?, ?)");
  for (const a of agents) insert.run(a.code, a.name);
}

/** The codes of the frequent agents whose names `person` matches, as people_fts would match their words. */
export function agentsMatching(client: Database.Database, person: ComparedPerson): number[] {
  const agents = prepare(client, "SELECT code AS id, name FROM frequent_agents").all() as { id: number; name: string }[];
  return agents.length ? namesMatching(client, agents, person) : [];
}
