/**
 * The search's copy of four values of every business (status, filing type, claimed, and its
 * document number's first two characters) in this process's memory, one 16-bit code per business id
 * (the code of its combination of the four): checking a business's status or type here
 * costs about 0.1 µs, against 2.5-4 µs for reading its row in a registry of 10.3M businesses
 * (decision 0030). SQL reaches it through the function `tag_in(id, filter)`. Beside them, each
 * business's registered agent when the agent is a frequent one (its code in frequent_agents, one
 * byte a business; decision 0032), read from people_fts's lists of the agents' tokens, and its
 * place: its ZIP's leading digits and its street address's first two characters (4 bytes), which a
 * person's entries gathered or streamed past the copy are checked for; and each frequent agent's
 * businesses as a list, with their codes and places beside them (decision 0033).
 *
 * Kept exact: triggers (drizzle/0029, 0031, 0032) write every business whose four values, agent, ZIP or street change, from any
 * process, to business_tag_changes; before each use, the copy reads the entries it has not seen and
 * reads those businesses' rows again. When it cannot (an entry 0: the registry was loaded again;
 * its last seen entry trimmed away; too many entries at once), it is read again whole, and until
 * then `currentTagStore` answers null and the searches read the rows as before.
 */
import type Database from "better-sqlite3";
import { lowerBound } from "~/lib/id-lists";
import { agentToken } from "~/lib/search-tags";

/** business_tag_changes's entry for "every business" (a registry loaded again). */
export const EVERY_BUSINESS = 0;
/** How many entries the importer keeps (trimTagChanges): a day's claims and corrections many times over. */
export const TAG_CHANGES_KEPT = 100_000;
/** The most filters the copy keeps the handles of (forgetFiltersIfMany). */
export const MOST_FILTERS = 2_000;
/** More changes than this at once are read as a new copy rather than row by row. */
const MOST_CHANGES_READ = 20_000;
/**
 * A registry of at most `atOnce` ids is read whole at once (a town's demo); a larger one `step`
 * index entries at a time (~4 ms), the server answering others between them (each of a request's
 * steps may wait for one: 20,000 at a time made searches 80 ms slower while it read). Tests
 * lower both.
 */
export const TAG_STORE_READS = { atOnce: 200_000, step: 5_000 };

/** What a search holds of the copy: a handle for each filter it checks there, each business's frequent agent (0: none), and the businesses passing a filter. */
export type TagStoreHandle = {
  handle: (check: TagCheck) => number;
  agentOf: (id: number) => number;
  passing: (ids: ArrayLike<number>, handle: number, upTo?: number) => number[];
  agentPassing: (agent: number, handle: number, upTo?: number) => number[];
};

/** A frequent agent's businesses in id order, each with its combination's code and its place beside it, so that a scan reads them in order. */
type AgentList = { ids: Int32Array; codes: Uint16Array; places: Uint32Array };

/**
 * What a filter asks of the four values (`doc`: the number's first one or two characters) and of the place
 * (`zip`: a prefix of 1 to 5 digits; `address`: the street address's first 1 or 2 characters,
 * letters, digits or spaces, upper case; each as its tag finds it); a missing field is not asked.
 */
export type TagCheck = { status?: string; type?: string; claimed?: boolean; doc?: string; zip?: string; address?: string };

/**
 * A business's place as the copy holds it, in 31 bits: its ZIP's leading digits (at most 5, as its
 * tag in the full-text indexes, search-tags.ts) padded to five, times 8, plus their count (0 for
 * none), and above them (from bit 20) its street address's first two characters as their places
 * in STREET_CHARACTERS (1 to 37; 0 for none or another character, as the tag stops there). A ZIP's
 * or a street's prefix is then one range of each part (placeRange).
 */
const STREET_CHARACTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ";
const STREET_SHIFT = 20;

function placeCode(zip: string | null, street: string | null): number {
  const digits = /^\d{1,5}/.exec(zip ?? "")?.[0] ?? "";
  const first = street ? STREET_CHARACTERS.indexOf(street.charAt(0)) + 1 : 0;
  const second = first && street!.length > 1 ? STREET_CHARACTERS.indexOf(street!.charAt(1)) + 1 : 0;
  return ((first * 38 + second) << STREET_SHIFT) + Number(digits.padEnd(5, "0")) * 8 + digits.length;
}

/** The places (placeCode) that pass a check: a ZIP part from `lo` below `hi` with at least `digits` digits, a street part from `streetLo` below `streetHi`. */
type PlaceRange = { lo: number; hi: number; digits: number; streetLo: number; streetHi: number };

function placeRange({ zip, address }: TagCheck): PlaceRange {
  const range = { lo: 0, hi: 2 ** STREET_SHIFT, digits: 0, streetLo: 0, streetHi: 2 ** 11 };
  if (zip !== undefined) {
    const scale = 10 ** (5 - zip.length);
    Object.assign(range, { lo: Number(zip) * scale * 8, hi: (Number(zip) + 1) * scale * 8, digits: zip.length });
  }
  if (address !== undefined) {
    const first = STREET_CHARACTERS.indexOf(address.charAt(0)) + 1;
    const second = address.length > 1 ? STREET_CHARACTERS.indexOf(address.charAt(1)) + 1 : 0;
    Object.assign(range, second ? { streetLo: first * 38 + second, streetHi: first * 38 + second + 1 } : { streetLo: first * 38, streetHi: first * 38 + 38 });
  }
  return range;
}

// One unsigned comparison a range: two would each be a branch the CPU cannot predict (a frequent
// agent's 600,000 businesses with a ZIP's prefix: 3.7 -> 1.2 ms).
const inRange = (place: number, { lo, hi, digits, streetLo, streetHi }: PlaceRange) =>
  ((place & 0xfffff) - lo) >>> 0 < hi - lo && (place & 7) >= digits && ((place >>> STREET_SHIFT) - streetLo) >>> 0 < streetHi - streetLo;

type Combo = { status: string; type: string; claimed: boolean; doc: string };

class TagStore {
  /** The code of each business id's combination of values; 0: no such business. */
  codes = new Uint16Array(0);
  /** The code of each business id's frequent agent; 0: none (or not a frequent one). */
  agents = new Uint8Array(0);
  /** Each business id's place (placeCode). */
  places = new Uint32Array(0);
  /** Each frequent agent's businesses (by code), made from `agents` when first asked after a change of agent, kept as their values change. */
  private agentLists: AgentList[] | null = null;
  /** The frequent agents' codes by name, as the last whole copy read them. */
  agentCodes = new Map<string, number>();
  /** The combinations by code (code 0 unused). */
  combos: Combo[] = [{ status: "", type: "", claimed: false, doc: "" }];
  private comboCodes = new Map<string, number>();
  /** The filters `tag_in` was given, by handle, each with its verdict per code and its range of places. */
  private filters: { check: TagCheck; verdicts: Uint8Array; place: PlaceRange }[] = [];
  private filterHandles = new Map<string, number>();
  /** The last business_tag_changes entry read; -1 before the first copy. */
  seen = -1;
  reading: Promise<void> | null = null;

  /**
   * The filters asked so far are forgotten once there are MOST_FILTERS of them (each holds a
   * verdict a combination): a ZIP's and a street's prefixes make many. Only between searches,
   * since a search holds its handles until it ends (currentTagStore).
   */
  forgetFiltersIfMany() {
    if (this.filters.length < MOST_FILTERS) return;
    this.filters = [];
    this.filterHandles.clear();
  }

  code(status: string, type: string, claimed: boolean, number: string): number {
    const doc = number.slice(0, 2);
    const key = `${status}\u0000${type}\u0000${claimed ? 1 : 0}\u0000${doc}`;
    let code = this.comboCodes.get(key);
    if (code === undefined) {
      code = this.combos.length;
      if (code > 0xffff) throw new Error("tag store: more than 65,535 combinations of status, type, claimed and number's first two characters");
      this.combos.push({ status, type, claimed, doc });
      this.comboCodes.set(key, code);
    }
    return code;
  }

  set(id: number, code: number, agent: number, zip: string | null, street: string | null) {
    if (id >= this.codes.length) {
      if (code === 0) return;
      const size = Math.max(id + 1, Math.ceil(this.codes.length * 1.25));
      const grown = new Uint16Array(size);
      grown.set(this.codes);
      this.codes = grown;
      const agents = new Uint8Array(size);
      agents.set(this.agents);
      this.agents = agents;
      const places = new Uint32Array(size);
      places.set(this.places);
      this.places = places;
    }
    this.codes[id] = code;
    this.places[id] = placeCode(zip, street);
    if (this.agents[id] !== agent) this.agentLists = null;
    this.agents[id] = agent;
    const list = agent && this.agentLists?.[agent];
    const at = list ? lowerBound(list.ids, id) : -1;
    if (list && list.ids[at] === id) {
      list.codes[at] = code;
      list.places[at] = this.places[id];
    }
  }

  agentOf(id: number): number {
    return id < this.agents.length ? this.agents[id] : 0;
  }

  /** A new copy's agents (each business's code), their lists made again. */
  setAgents(agents: Uint8Array<ArrayBuffer>) {
    this.agents = agents;
    this.agentLists = null;
    this.agentList(0);
  }

  private agentList(agent: number): AgentList {
    if (!this.agentLists) {
      // Two passes over a byte a business (~50 ms at 10.3M): the lists' sizes, then their entries.
      const { agents, codes, places } = this;
      const sizes = new Int32Array(256);
      for (let id = 0; id < agents.length; id++) sizes[agents[id]]++;
      const lists = Array.from(sizes, (size, c) => {
        const n = c === 0 ? 0 : size;
        return { ids: new Int32Array(n), codes: new Uint16Array(n), places: new Uint32Array(n) };
      });
      const filled = new Int32Array(256);
      for (let id = 0; id < agents.length; id++) {
        const c = agents[id];
        if (c === 0) continue;
        const list = lists[c];
        const at = filled[c]++;
        [list.ids[at], list.codes[at], list.places[at]] = [id, codes[id], places[id]];
      }
      this.agentLists = lists;
    }
    return this.agentLists[agent] ?? this.agentLists[0];
  }

  handle(check: TagCheck): number {
    const key = JSON.stringify([check.status ?? null, check.type ?? null, check.claimed ?? null, check.doc ?? null, check.zip ?? null, check.address ?? null]);
    let handle = this.filterHandles.get(key);
    if (handle === undefined) {
      handle = this.filters.length;
      this.filters.push({ check, verdicts: new Uint8Array(0), place: placeRange(check) });
      this.filterHandles.set(key, handle);
    }
    return handle;
  }

  /** Whether business `id` passes filter `handle` (1) or not (0). */
  test(id: number, handle: number): number {
    const code = id < this.codes.length ? this.codes[id] : 0;
    if (code === 0) return 0;
    const filter = this.filterOf(handle);
    return filter.verdicts[code] && inRange(this.places[id], filter.place) ? 1 : 0;
  }

  /** Of `ids` (in order, a repeated id next to itself), each once that passes filter `handle`, the first `upTo`: test's loop without a call an id. */
  passing(ids: ArrayLike<number>, handle: number, upTo = Infinity): number[] {
    const { codes, places } = this;
    const { verdicts, place } = this.filterOf(handle);
    const out: number[] = [];
    let last = -1;
    for (let i = 0; i < ids.length && out.length < upTo; i++) {
      const id = ids[i];
      if (id === last || id >= codes.length) continue;
      last = id;
      // The place first: the most selective, and each array read is a cache miss at this size.
      if (inRange(places[id], place) && verdicts[codes[id]]) out.push(id);
    }
    return out;
  }

  /** The first `upTo` businesses of frequent agent `agent` that pass filter `handle`, in id order: passing's test on the agent's list, read in order (~1 ms for 600,000). */
  agentPassing(agent: number, handle: number, upTo = Infinity): number[] {
    const { ids, codes, places } = this.agentList(agent);
    const { verdicts, place } = this.filterOf(handle);
    const out: number[] = [];
    for (let i = 0; i < ids.length && out.length < upTo; i++) {
      if (inRange(places[i], place) && verdicts[codes[i]]) out.push(ids[i]);
    }
    return out;
  }

  private filterOf(handle: number) {
    const filter = this.filters[handle];
    if (filter.verdicts.length !== this.combos.length) filter.verdicts = this.verdicts(filter.check);
    return filter;
  }

  private verdicts({ status, type, claimed, doc }: TagCheck): Uint8Array {
    const out = new Uint8Array(this.combos.length);
    this.combos.forEach((c, code) => {
      const passes =
        (status === undefined || c.status === status) &&
        (type === undefined || c.type === type) &&
        (claimed === undefined || c.claimed === claimed) &&
        (doc === undefined || c.doc.startsWith(doc));
      out[code] = code > 0 && passes ? 1 : 0;
    });
    return out;
  }
}

declare global {
  // One copy per connection for the whole process: the server's build and its start script
  // (whose warm-up reads the copy) each load this module, and must share what it read.
  var __tagStores: WeakMap<Database.Database, TagStore> | undefined;
}

function storeOf(client: Database.Database): TagStore {
  const stores = (globalThis.__tagStores ??= new WeakMap());
  let store = stores.get(client);
  if (!store) {
    const created = new TagStore();
    client.function("tag_in", { deterministic: false, directOnly: true }, (id, handle) => created.test(Number(id), Number(handle)));
    stores.set(client, (store = created));
  }
  return store;
}

const lastChangeStatements = new WeakMap<Database.Database, Database.Statement>();
function lastChange(client: Database.Database): number {
  let statement = lastChangeStatements.get(client);
  if (!statement) lastChangeStatements.set(client, (statement = client.prepare("SELECT max(seq) FROM business_tag_changes").pluck()));
  return (statement.get() as number | null) ?? 0;
}

type Row = [id: number, status: string, type: string, claimed: number, number: string, zip: string | null];

/** A street address's first two characters as the tag compares them (upper case, as SQLite's upper()). */
const streetStart = (address: string) => `substr(upper(${address}), 1, 2)`;

/** The four values, the ZIP and the agent of the businesses in a JSON array of ids (those that exist). */
const rowsOf = (client: Database.Database, ids: string) =>
  client
    .prepare(
      `SELECT b.id, b.status, b.filing_type, b.is_claimed, b.document_number, b.zip, ${streetStart("b.address1")}, b.agent_name FROM json_each(?) j CROSS JOIN businesses b ON b.id = j.value`,
    )
    .raw()
    .all(ids) as [...Row, street: string | null, agent: string | null][];

/**
 * A reader of every business's columns into a new copy, from the index that carries them
 * (businesses_type_document_idx, far smaller than the rows), then of their streets' first
 * characters from the street's index, then of the frequent agents' lists in people_fts (their
 * tokens', in rowid order: business id * 8), a step at a time. Entries written
 * meanwhile are read after (their rows read again), so the copy is exact once caught up.
 */
function wholeReader(client: Database.Database, store: TagStore) {
  const from = lastChange(client);
  const highest = (client.prepare("SELECT max(id) FROM businesses").pluck().get() as number | null) ?? 0;
  const codes = new Uint16Array(highest + 1);
  const agents = new Uint8Array(highest + 1);
  const places = new Uint32Array(highest + 1);
  const agentCodes = new Map((client.prepare("SELECT name, code FROM frequent_agents").raw().all() as [string, number][]).map(([name, code]) => [name, code]));
  const columns = "SELECT id, status, filing_type, is_claimed, document_number, zip FROM businesses INDEXED BY businesses_type_document_idx";
  const first = client.prepare(`${columns} ORDER BY filing_type, document_number LIMIT ?`).raw();
  const next = client.prepare(`${columns} WHERE (filing_type, document_number) > (?, ?) ORDER BY filing_type, document_number LIMIT ?`).raw();
  // The streets from their index, in its order: the rest of the last address read (by id, the
  // index's last column: one seek), then the addresses after it. One condition for both, with an
  // OR or a row value, made SQLite scan from the start of the address (or of the index) each step.
  const street = `SELECT id, ${streetStart("address1")}, upper(address1) FROM businesses INDEXED BY businesses_address_idx`;
  const sameStreet = client.prepare(`${street} WHERE upper(address1) = ? AND id > ? ORDER BY id LIMIT ?`).raw();
  const laterStreets = client.prepare(`${street} WHERE upper(address1) > ? ORDER BY upper(address1), id LIMIT ?`).raw();
  let streetAfter: [string, number] | null = null;
  const readStreets = (whole: boolean): boolean => {
    const limit = whole ? -1 : TAG_STORE_READS.step;
    type StreetRow = [id: number, start: string, address: string];
    const same = (streetAfter ? sameStreet.all(...streetAfter, limit) : []) as StreetRow[];
    const rows = whole || same.length < limit ? same.concat(laterStreets.all(streetAfter?.[0] ?? "", whole ? -1 : limit - same.length) as StreetRow[]) : same;
    for (const [id, start] of rows) if (id <= highest) places[id] |= placeCode(null, start);
    if (!whole && rows.length === limit) {
      const last = rows[rows.length - 1];
      streetAfter = [last[2], last[0]];
      return false;
    }
    return true;
  };
  // One agent's list a step, whole: read in pieces (`rowid > ?`), FTS5 walked each list from its
  // start every time (15 s instead of 7 for the copy at 10.3M businesses); a whole list of 600,000
  // entries is ~80 ms.
  const agentList = client.prepare("SELECT rowid FROM people_fts WHERE people_fts MATCH ?").pluck();
  const agentsLeft = [...agentCodes.values()];
  const readAgents = (whole: boolean): boolean => {
    while (agentsLeft.length) {
      const code = agentsLeft.shift()!;
      for (const rowid of agentList.all(`"${agentToken(code)}"`) as number[]) if (rowid >> 3 <= highest) agents[rowid >> 3] = code;
      if (!whole) return agentsLeft.length === 0;
    }
    return true;
  };
  let after: [string, string] | null = null;
  let businessesRead = false;
  let streetsRead = false;
  return {
    small: highest <= TAG_STORE_READS.atOnce,
    /** Reads the next `step` entries (all of them when `whole`); true once the copy is complete. */
    step(whole = false): boolean {
      const limit = whole ? -1 : TAG_STORE_READS.step;
      if (!businessesRead) {
        const rows = (after ? next.all(...after, limit) : first.all(limit)) as Row[];
        // An id beyond `highest` is a business added meanwhile: its own entry brings it in.
        for (const [id, status, type, claimed, number, zip] of rows) {
          if (id > highest) continue;
          codes[id] = store.code(status, type, claimed === 1, number);
          places[id] = placeCode(zip, null);
        }
        if (!whole && rows.length === limit) {
          const last = rows[rows.length - 1];
          after = [last[2], last[4]];
          return false;
        }
        businessesRead = true;
        if (!whole) return false;
      }
      if (!streetsRead) {
        streetsRead = readStreets(whole);
        if (!whole) return false;
      }
      if (!readAgents(whole)) return false;
      store.codes = codes;
      store.places = places;
      // Last: the agents' lists are made from the codes and places.
      store.setAgents(agents);
      store.agentCodes = agentCodes;
      store.seen = from;
      return true;
    },
  };
}

/** Reads the entries after `seen`; false when they call for a new copy instead. */
function catchUp(client: Database.Database, store: TagStore, last: number): boolean {
  if (last - store.seen > MOST_CHANGES_READ) return false;
  const entries = client
    .prepare("SELECT seq, business_id FROM business_tag_changes WHERE seq > ? ORDER BY seq")
    .raw()
    .all(store.seen) as [number, number][];
  // The entry right after the last seen one must still be there (not trimmed away).
  if (!entries.length || entries[0][0] !== store.seen + 1) return false;
  const ids = new Set<number>();
  for (const [, id] of entries) {
    if (id === EVERY_BUSINESS) return false;
    ids.add(id);
  }
  const list = JSON.stringify([...ids]);
  for (const [id, status, type, claimed, number, zip, street, agent] of rowsOf(client, list)) {
    store.set(id, store.code(status, type, claimed === 1, number), agent === null ? 0 : (store.agentCodes.get(agent) ?? 0), zip, street);
    ids.delete(id);
  }
  // The businesses no longer there.
  for (const id of ids) store.set(id, 0, 0, null, null);
  store.seen = entries[entries.length - 1][0];
  return true;
}

/** Reads a new copy: at once for a small registry, else in steps with the event loop free between them. */
function readAgain(client: Database.Database, store: TagStore): Promise<void> {
  if (store.reading) return store.reading;
  store.seen = -1;
  const reader = wholeReader(client, store);
  if (reader.small) {
    reader.step(true);
    return Promise.resolve();
  }
  store.reading = (async () => {
    while (!reader.step()) await new Promise((resolve) => setImmediate(resolve));
  })().finally(() => {
    store.reading = null;
  });
  return store.reading;
}

/**
 * The copy for `client`, exact as of now, or null while a new copy is being read (the first use
 * of a large registry, or after a load). A small registry's copy is read at once.
 */
export function currentTagStore(client: Database.Database): TagStoreHandle | null {
  const store = storeOf(client);
  // Inside a transaction the connection sees its own changes, which may yet be rolled back (and
  // their entries' numbers then given to others): the search reads the rows instead.
  if (store.reading || client.inTransaction) return null;
  // A search asks for the copy once, before any handle of its own (SqlEstimates keeps it).
  store.forgetFiltersIfMany();
  if (store.seen >= 0) {
    const last = lastChange(client);
    if (last === store.seen || catchUp(client, store, last)) return store;
  }
  try {
    void readAgain(client, store).catch(() => {
      // A copy that could not be read leaves the searches on the rows; the next use tries again.
    });
  } catch {
    return null;
  }
  return store.seen >= 0 ? store : null;
}

/** Reads the copy for `client` now (the server's warm-up, the benchmarks). */
export async function readTagStore(client: Database.Database): Promise<void> {
  const store = storeOf(client);
  if (store.reading) await store.reading;
  if (currentTagStore(client)) return;
  await store.reading;
}

/** Keeps the latest TAG_CHANGES_KEPT entries (the importer, in its transaction). */
export function trimTagChanges(db: Database.Database) {
  db.prepare("DELETE FROM business_tag_changes WHERE seq <= (SELECT max(seq) FROM business_tag_changes) - ?").run(TAG_CHANGES_KEPT);
}

/** The SQL that passes the businesses whose id (an SQL expression) passes `check`, and its parameter. */
export function tagCheckClause(store: TagStoreHandle, id: string, check: TagCheck) {
  return { clause: `tag_in(${id}, ?)`, params: [store.handle(check)] };
}
