/**
 * The search planner alone (app/models/search/planner.server.ts): given filters and a table of
 * estimates (no database), it prints the plan its thresholds choose, and asks only the estimates
 * the choice needs. The figures are the shapes the thresholds were measured on (3.5M businesses).
 */
import { describe, expect, it } from "vitest";
import { addressTagTerm, documentTag, filterTagTerms, zipTagTerm } from "~/lib/search-tags";
import { copyTags, describePlan, LISTING_SPLIT, NUMBER_COUNT_SPLIT, planSearch, type Capped, type Estimates } from "~/models/search/planner.server";
import { tagSplit } from "~/models/search/tag-split.server";
import type { SearchFilters, SearchPlanOptions } from "~/models/search/types.server";

const SPAN = 3_500_000;
const TOWN = { name: "Pembroke Park", cities: ["Pembroke Park", "PEMBROKE PARK"], zips: ["33009", "33023"] };
const [ACTIVE] = filterTagTerms({ status: "ACTIVE" });
const [INACTIVE] = filterTagTerms({ status: "INACTIVE" });

/**
 * Estimates from a table: `counts` by question (a person's entries by the tags intersected with
 * it, "person" alone, "person+<tag>"...), densities by term (a share of the registry), the name's
 * density. Every question asked is logged.
 */
function table({
  counts = {},
  density = {},
  share = {},
  name = 0.001,
  person = 0.001,
  personWords = [person],
  span = SPAN,
  copy = false,
  withoutAgents = null,
  counted = null,
}: {
  counts?: Record<string, number>;
  density?: Record<string, number>;
  /** Densities in businesses_fts (a share of the businesses) where they differ from `density`'s. */
  share?: Record<string, number>;
  name?: number;
  person?: number;
  /** The densities in people_fts of the person's words (default: one word, the person's). */
  personWords?: number[];
  span?: number;
  /** Whether the search's copy in memory is current (decision 0030). */
  copy?: boolean;
  /** The person's words without its frequent agents (decision 0032), when it asks some. */
  withoutAgents?: { density: number; wordDensities: number[]; agents: number } | null;
  /** The name's matches when its estimate counted them all (past its cap too). */
  counted?: number | null;
}) {
  const asked: string[] = [];
  const count = (question: string, cap: number): Capped => {
    asked.push(`${question} (cap ${cap})`);
    const n = counts[question] ?? 0;
    return n > cap ? { total: cap, capped: true } : { total: n, capped: false };
  };
  const est: Estimates = {
    tagCopy: () => copy,
    span: () => span,
    density: (term, index = "businesses_fts") => {
      asked.push(`density ${term}${index === "people_fts" ? " in people" : ""}`);
      return (index === "businesses_fts" ? share[term] : undefined) ?? density[term] ?? 0.01;
    },
    nameDensity: () => name,
    personDensity: () => {
      asked.push("person density");
      return person;
    },
    personWordDensities: () => {
      asked.push("person words");
      return personWords;
    },
    personWithoutAgents: () => withoutAgents,
    nameMatches: (cap) => count("name", cap),
    nameCounted: () => counted,
    listed: (key, cap) => count(`listed ${key}`, cap),
    atAddress: (cap) => count("at address", cap),
    inCity: (cap) => count("in city", cap),
    numbers: (cap) => count("numbers", cap),
    peopleWithTag: (term, cap) => count(`people ${term}`, cap),
    personEntries: (terms, cap) => count(["person", ...terms].join("+"), cap),
    wordDensity: (word, terms) => density[[`word${word}`, ...terms].join("+")] ?? 0.01,
    wordEntries: (word, terms, cap) => count([`word ${word}`, ...terms].join("+"), cap),
    personRest: (cap) => count("person rest", cap),
    tagMatches: (match) => count(`tags ${match}`, 10_000),
  };
  return { est, asked };
}

const plan = (filters: SearchFilters, est: Estimates, options: SearchPlanOptions = {}) => describePlan(planSearch({ filters, town: TOWN, options }, est));

describe("the search planner", () => {
  it("places a name's tag filter on the rows of a rare name, inside the index for a common one", () => {
    // "smith"-like: 100 matches; ACTIVE holds 30% of the registry. Reading 100 rows beats walking ACTIVE's list.
    const rare = table({ name: 100 / SPAN, density: { [ACTIVE]: 0.3 } });
    expect(plan({ name: "zyx", status: "ACTIVE" }, rare.est)).toBe(
      '{"kind":"name","personAndName":false,"list":null,"tags":{"inIndex":[],"onRows":["status"]},"townWalk":false,"sortUpTo":300}',
    );
    const common = table({ name: 0.05, density: { [ACTIVE]: 0.3 } });
    expect(plan({ name: "llc", status: "ACTIVE" }, common.est)).toBe(
      '{"kind":"name","personAndName":false,"list":null,"tags":{"inIndex":["status"],"onRows":[]},"townWalk":false,"sortUpTo":300}',
    );
    // Forced: every tag on the rows; no filter: no sort, no estimate asked.
    expect(plan({ name: "llc", status: "ACTIVE" }, common.est, { tagPlan: "rows", sortLimit: 0 })).toBe(
      '{"kind":"name","personAndName":false,"list":null,"tags":{"inIndex":[],"onRows":["status"]},"townWalk":false,"sortUpTo":0}',
    );
    const bare = table({});
    expect(plan({ name: "llc" }, bare.est)).toBe('{"kind":"name","personAndName":false,"list":null,"tags":{"inIndex":[],"onRows":[]},"townWalk":false,"sortUpTo":0}');
    expect(bare.asked).toEqual([]);
  });

  it("a long name's list in the town: the town's rows walked and their names compared, when the name has 150 times their entries", () => {
    const town = (name: number, inCity: number) => table({ span: 10_300_000, name, counts: { "in city": inCity } });
    const walked = (t: ReturnType<typeof town>, filters: SearchFilters, options?: SearchPlanOptions) =>
      (JSON.parse(plan({ city: "Pembroke Park", ...filters }, t.est, options)) as { townWalk?: boolean }).townWalk;
    // "c" at 10.3M (4.3M entries) in the town (7,796 businesses): counted up to a 150th of the entries.
    const c = town(4_300_000 / 10_300_000, 7_796);
    expect(walked(c, { name: "c" })).toBe(true);
    expect(c.asked).toEqual(["in city (cap 28666)"]);
    // With a status, a type or claimed too (the town's index carries them).
    expect(walked(town(0.42, 7_796), { name: "c", status: "ACTIVE", type: "LLC", claimed: false })).toBe(true);
    // "ba" (357,000 entries): 2,380 town rows at most; the town is more, the index's intersection.
    const ba = town(357_000 / 10_300_000, 7_796);
    expect(walked(ba, { name: "ba" })).toBe(false);
    expect(ba.asked).toEqual(["in city (cap 2380)"]);
    // A name of fewer entries than TOWN_WALK_ENTRIES: the index, the town not counted.
    const sun = town(40_000 / 10_300_000, 7_796);
    expect(walked(sun, { name: "sun" })).toBe(false);
    expect(sun.asked).toEqual([]);
    // Never with a filter the town's index does not carry, even when forced; outside the town, no walk.
    for (const other of [{ doc: "L" }, { person: "SMITH" }, { zip: "33023" }, { address: "3" }, { fei: "59-1234567" }])
      expect(walked(town(0.42, 7_796), { name: "c", ...other }, { townWalk: true }), JSON.stringify(other)).toBe(false);
    expect(walked(town(0.42, 7_796), { name: "c", city: "Miami" })).toBe(false);
    // Forced either way.
    expect(walked(ba, { name: "ba" }, { townWalk: true })).toBe(true);
    expect(walked(c, { name: "c" }, { townWalk: false })).toBe(false);
  });

  it("the town's names in the index with a name; an FEI as a driving list, or nothing when it selects no business", () => {
    expect(plan({ name: "sun", city: "pembroke park", status: "ACTIVE" }, table({}).est)).toBe(
      '{"kind":"name","personAndName":false,"list":null,"tags":"town","townWalk":false,"sortUpTo":300}',
    );
    // "llc" (over FEW_LISTED / 8 matches) with one FEI: a list of one id, which drives the full-text queries.
    const fei = table({ counts: { name: 1_600_000, "listed fei": 1 }, name: 0.45 });
    expect(plan({ name: "llc", fei: "59-1234567" }, fei.est)).toBe(
      '{"kind":"name","personAndName":false,"list":{"filter":"fei","drive":true},"tags":{"inIndex":[],"onRows":[]},"townWalk":false,"sortUpTo":300}',
    );
    expect(fei.asked).toEqual(["name (cap 7500)", "listed fei (cap 60000)"]);
    expect(plan({ name: "llc", fei: "59-0000000" }, table({ counts: { name: 1_600_000 } }).est)).toBe('{"kind":"nothing"}');
    // A person with a name of few matches: the two intersected first.
    expect(plan({ name: "kim", person: "SMITH" }, table({ counts: { name: 2_700 } }).est)).toBe(
      '{"kind":"name","personAndName":"index","list":null,"tags":{"inIndex":[],"onRows":[]},"townWalk":false,"sortUpTo":300}',
    );
    // The name's matches are counted up to the person's entries in people_fts (at least 60,000):
    // "gall" (64,000 matches) with "SMITH" (269,000 entries at 10.3M businesses) are intersected,
    // the matches a set; past the count, a rare person's businesses have their names read ("PRIYA
    // ANDERSON", 500 entries), a less rare one's are looked up by the count's walk of the name's
    // matches, as are a common one's with a name of a million matches, which stops at the count cap,
    // with other filters.
    const rows = 10_300_000 * 8;
    const rarePerson = table({ counts: { name: 64_000 }, person: 500 / rows, name: 64_000 / 10_300_000, span: 10_300_000 });
    expect(plan({ name: "gall", person: "PRIYA ANDERSON" }, rarePerson.est)).toContain('"personAndName":"names"');
    expect(rarePerson.asked).toEqual(["person density", "name (cap 60000)", "person density"]);
    const lessRare = table({ counts: { name: 100_000 }, person: 12_000 / rows, name: 100_000 / 10_300_000, span: 10_300_000 });
    expect(plan({ name: "Lim", person: "FARME" }, lessRare.est, { fewNameMatches: 60_000 })).toContain('"personAndName":false');
    // Alone too: the window would reach the last id, reading both whole ("LOZANO" with "Par" 25 ms
    // against 13).
    expect(plan({ name: "Lim", person: "FARME" }, lessRare.est)).toContain('"personAndName":false');
    const llc = table({ counts: { name: 1_600_000 }, person: 269_000 / rows, name: 1_600_000 / 10_300_000, span: 10_300_000 });
    // Alone, the two read from the first id until the cap is passed ("window"); with a city, the walk.
    expect(plan({ name: "llc", person: "SMITH" }, llc.est)).toContain('"personAndName":"window"');
    expect(plan({ name: "llc", person: "SMITH", city: "Miami" }, llc.est)).toContain('"personAndName":false');
    expect(plan({ name: "llc", person: "SMITH", city: "Miami" }, llc.est, { personAndName: "window" })).toContain('"personAndName":false');
    expect(plan({ name: "llc", person: "SMITH" }, llc.est, { personAndName: "names" })).toContain('"personAndName":"names"');
    expect(plan({ name: "llc", person: "SMITH" }, llc.est, { personAndName: "lists" })).toContain('"personAndName":false');
    const smith = table({ counts: { name: 64_000 }, person: 269_000 / rows, span: 10_300_000 });
    expect(plan({ name: "gall", person: "SMITH" }, smith.est)).toContain('"personAndName":"index"');
    expect(smith.asked).toEqual(["person density", "name (cap 269000)", "person density", "person words", "person density"]);
    // Past the count, the name's matches counted all the same (its sample fell short: "ROBIN",
    // 48,800 entries, with "Colli", 64,500 matches listed past the cap of 60,000): the two lists
    // merged rather than the name's matches walked against the person's set; not when the
    // estimate stopped at the cap ("Lim" above), nor when forced to another way.
    const robin = table({ counts: { name: 64_553 }, person: 48_786 / rows, name: 58_000 / 10_300_000, span: 10_300_000, counted: 64_553 });
    expect(plan({ name: "Colli", person: "ROBIN" }, robin.est)).toContain('"personAndName":"lists"');
    expect(robin.asked).toEqual(["person density", "name (cap 60000)", "person density", "person words", "person density"]);
    expect(plan({ name: "Colli", person: "ROBIN" }, table({ counts: { name: 64_553 }, person: 48_786 / rows, span: 10_300_000 }).est)).toContain('"personAndName":false');
    expect(plan({ name: "Colli", person: "ROBIN" }, robin.est, { personAndName: "names" })).toContain('"personAndName":"names"');
    expect(plan({ name: "Colli", person: "ROBIN" }, robin.est, { personAndName: "lists" })).toContain('"personAndName":"lists"');
    // A rare person with a name of few matches: its businesses' names read.
    const fewNames = table({ counts: { name: 40_000 }, person: 91 / rows, personWords: [111_000 / rows, 16_700 / rows], span: 10_300_000 });
    expect(plan({ name: "Bak", person: "NICHOLAS FRANKLIN" }, fewNames.est)).toContain('"personAndName":"names"');
  });

  it("a person with a name: its words in people_fts, its rarest word there and its businesses read, or the name's matches read", () => {
    const rows = 10_300_000 * 8;
    const words = (...entries: number[]) => entries.map((n) => n / rows);
    const est = (names: number, person: number, personWords: number[]) => table({ counts: { name: names }, person: person / rows, personWords, span: 10_300_000 });
    // " C T CORPORATION SYSTEM" (needed: "t" 2.35M entries, "corporation" 1.2M, "system" 601,000;
    // all 601,000) with "Tokyo" (7,849 matches): "system" walked and its 455 businesses read.
    const agent = est(7_849, 601_000, words(2_352_000, 1_203_000, 601_000));
    expect(plan({ name: "Tokyo", person: " C T CORPORATION SYSTEM" }, agent.est)).toContain('"personAndName":{"word":2}');
    expect(agent.asked).toEqual(["person density", "name (cap 300000)", "person density", "person words", "person density"]);
    // "C T" (needed: "c" 4.6M, "t" 2.35M; both 765,000) with "Whitehead" (7,928): the matches read.
    const ct = est(7_928, 765_000, words(4_558_000, 2_352_000));
    expect(plan({ name: "Whitehead", person: "C T" }, ct.est)).toContain('"personAndName":"rows"');
    // "ANTHONY RAY" (188,000 and 122,000 entries, 263 both) with "Quint": the two intersected and
    // merged with the name's few matches as lists; with "Har" (167,000), its businesses' names read;
    // "REN" (191,000 entries) with "Har", as lists; "FRA" (392,000) with "Athens" (7,900), the
    // matches a set.
    const ray = est(3_000, 263, words(188_000, 122_000));
    expect(plan({ name: "Quint", person: "ANTHONY RAY" }, ray.est)).toContain('"personAndName":"lists"');
    expect(plan({ name: "Har", person: "ANTHONY RAY" }, est(167_000, 263, words(188_000, 122_000)).est)).toContain('"personAndName":"names"');
    // One word: its list, unless it has millions of entries.
    expect(plan({ name: "Ellison", person: "REG" }, est(8_000, 1_802_000, words(1_802_000)).est)).toContain('"personAndName":"rows"');
    expect(plan({ name: "Har", person: "REN" }, est(167_000, 191_000, words(191_000)).est)).toContain('"personAndName":"lists"');
    expect(plan({ name: "Athens", person: "FRA" }, est(7_900, 392_000, words(392_000)).est)).toContain('"personAndName":"index"');
    // The agent company a frequent agent (decision 0032): its token holds its 601,000 businesses,
    // its words now only the officers' (none with "system"): each match's agent looked up in the
    // copy, and the words' few entries intersected.
    const frequent = table({
      counts: { name: 7_849 },
      person: 601_000 / rows,
      personWords: words(1_752_000 + 601_000, 601_200, 601_000),
      span: 10_300_000,
      withoutAgents: { density: 3 / rows, wordDensities: words(1_752_000, 200, 3), agents: 1 },
    });
    expect(plan({ name: "Tokyo", person: " C T CORPORATION SYSTEM" }, frequent.est)).toContain('"personAndName":"agents"');
    // "C T" asks that agent too, but its words alone are still 164,000 officers of two long lists: the matches read.
    const ctFrequent = table({
      counts: { name: 7_928 },
      person: 765_000 / rows,
      personWords: words(4_558_000, 2_352_000),
      span: 10_300_000,
      withoutAgents: { density: 164_000 / rows, wordDensities: words(3_957_000, 1_751_000), agents: 1 },
    });
    expect(plan({ name: "Whitehead", person: "C T" }, ctFrequent.est)).toContain('"personAndName":"rows"');
    // Forced.
    expect(plan({ name: "Whitehead", person: "C T" }, ctFrequent.est, { personAndName: "agents" })).toContain('"personAndName":"agents"');
    expect(plan({ name: "Whitehead", person: "C T" }, ct.est, { personAndName: "agents" })).toContain('"personAndName":"index"');
    expect(plan({ name: "Tokyo", person: " C T CORPORATION SYSTEM" }, agent.est, { personAndName: "rows" })).toContain('"personAndName":"rows"');
    expect(plan({ name: "Whitehead", person: "C T" }, ct.est, { personAndName: "word" })).toContain('"personAndName":{"word":1}');
    expect(plan({ name: "Whitehead", person: "C T" }, ct.est, { personAndName: "index" })).toContain('"personAndName":"index"');
  });

  it("a common person of several words with tags: its rarest word with the tags in people_fts, its entries read for the others", () => {
    const span = 10_300_000;
    const rows = span * 8;
    const zip = zipTagTerm("32741")!;
    // " NORTHWEST REGISTERED AGENT LLC" (601,000 entries; "registered" 1.8M, "northwest" 601,000)
    // in ZIP 32741: "northwest" and the ZIP, 2,300 entries, read.
    const northwest = (entries: number, sampled = entries) =>
      table({
        counts: { [`word 0+${zip}`]: entries, [`people ${zip}`]: 20_000, person: 601_000, [`person+${zip}`]: 2_258 },
        density: { [zip]: 20_000 / rows, [`word0+${zip}`]: sampled / rows },
        person: 601_000 / rows,
        personWords: [601_000 / rows, 1_802_000 / rows, 2_403_000 / rows, 4_000_000 / rows],
        span,
      });
    const few = northwest(2_300);
    expect(plan({ person: " NORTHWEST REGISTERED AGENT LLC", zip: "32741" }, few.est)).toBe(
      '{"kind":"person","tags":{"byWord":0,"upTo":8000},"restSet":false,"order":"id","walkAbove":3000,"walkSet":"matches"}',
    );
    expect(few.asked).toContain(`word 0+${zip} (cap 8000)`);
    // More than 8,000 entries: every word in the index; sampled as more, not gathered.
    expect(plan({ person: " NORTHWEST REGISTERED AGENT LLC", zip: "32741" }, northwest(8_001, 7_000).est)).toContain('"tags":"index"');
    const many = northwest(8_001);
    expect(plan({ person: " NORTHWEST REGISTERED AGENT LLC", zip: "32741" }, many.est)).toContain('"tags":"index"');
    expect(many.asked.filter((q) => q.startsWith("word"))).toEqual([]);
    // Never by a person of one word, or of few entries, unless forced.
    const smith = table({ counts: { [`word 1+${zip}`]: 100, [`people ${zip}`]: 20_000, person: 20_000, [`person+${zip}`]: 60 }, density: { [`word1+${zip}`]: 100 / rows }, person: 20_000 / rows, personWords: [300_000 / rows, 20_000 / rows], span });
    expect(plan({ person: "JOHN SMITH", zip: "32741" }, smith.est, { fewPeople: 0, commonTag: 0 })).not.toContain("byWord");
    expect(plan({ person: "JOHN SMITH", zip: "32741" }, smith.est, { personByWord: "always" })).toContain('"tags":{"byWord":1,"upTo":8000}');
    expect(plan({ person: " NORTHWEST REGISTERED AGENT LLC", zip: "32741" }, few.est, { personByWord: "never" })).toContain('"tags":"index"');
    // A frequent agent (decision 0032): its token is in every word's list, so never by a word.
    const frequent = table({
      counts: { [`word 0+${zip}`]: 2_300, [`people ${zip}`]: 20_000, person: 601_000, [`person+${zip}`]: 2_258 },
      density: { [zip]: 20_000 / rows, [`word0+${zip}`]: 2_300 / rows },
      person: 601_000 / rows,
      personWords: [601_000 / rows, 601_000 / rows],
      withoutAgents: { density: 0, wordDensities: [0, 0], agents: 1 },
      span,
    });
    expect(plan({ person: " NORTHWEST REGISTERED AGENT LLC", zip: "32741" }, frequent.est)).toContain('"tags":"index"');
    expect(plan({ person: " NORTHWEST REGISTERED AGENT LLC", zip: "32741" }, frequent.est, { personByWord: "always" })).toContain('"byWord"');
  });

  it("a person's rare tags in people_fts and a common status on its few rows (more of them in id order)", () => {
    const zip = zipTagTerm("32105");
    const number = documentTag("P", "people_fts")!.term;
    const counts = { [`people ${zip}`]: 3_000, [`people ${INACTIVE}`]: 900_000, [`person+${zip}`]: 2_322, [`person+${number}+${zip}`]: 2_322 };
    const byId = table({ counts });
    expect(plan({ person: "SMITH", zip: "32105", status: "INACTIVE" }, byId.est)).toBe(
      '{"kind":"person","tags":{"fewFirst":{"inIndex":["zip"],"onRows":["status"]},"upTo":10000},"restSet":false,"order":"id","walkAbove":3000,"walkSet":"matches"}',
    );
    // By number, FEW_PEOPLE (2,000) entries at most: 2,322 are too many, every tag in the index.
    const byNumber = table({ counts });
    expect(plan({ person: "SMITH", zip: "32105", status: "INACTIVE", doc: "P" }, byNumber.est)).toContain('"tags":"index"');
    // At 10.3M businesses the tags' lists are long: "COBB" (11,700 entries) with "P" (9.8M
    // entries in people_fts) and INACTIVE (5M) is checked on its rows, up to the sparser list's
    // entries over 250 (at most MOST_PEOPLE); "SMITH" (269,000) is too many.
    const span = 10_300_000;
    const rowids = span * 8;
    const cobb = table({ counts: { [`people ${number}`]: 9_800_000, [`people ${INACTIVE}`]: 5_000_000, person: 11_700 }, density: { [number]: 9_800_000 / rowids, [INACTIVE]: 5_000_000 / rowids }, span });
    expect(plan({ person: "COBB", doc: "P", status: "INACTIVE" }, cobb.est)).toContain('"tags":{"fewFirst":{"inIndex":[],"onRows":["status","doc"]},"upTo":20000}');
    // "REED" (20,000 entries) in ZIP 32743 (40,000) with INACTIVE: the ZIP's short list is
    // intersected, the status checked on the 65 rows left.
    const zip43 = zipTagTerm("32743")!;
    const reed = table({
      counts: { [`people ${zip43}`]: 40_000, [`people ${INACTIVE}`]: 5_000_000, person: 20_000, [`person+${zip43}`]: 65 },
      density: { [zip43]: 40_000 / rowids, [INACTIVE]: 5_000_000 / rowids },
      span,
    });
    expect(plan({ person: "REED", zip: "32743", status: "INACTIVE" }, reed.est)).toContain('"tags":{"fewFirst":{"inIndex":["zip"],"onRows":["status"]},"upTo":20000}');
    // "HOLLOWAY" (100,000 entries) with "L" (12.8M entries): past the count cap, the walk by number
    // looks its entries up in the person's own entries rather than intersecting them with the
    // 12.8M first; "SMITH" (269,000, 2.6% of the registry) reads the people of the entries it
    // walks, ~770 for two pages, instead of gathering either set (up to 7,174 entries: half its set's cost).
    const lEntries = { [number.replace("P", "L")]: 12_800_000 / rowids };
    const withL = (person: number) =>
      table({ counts: { [`people ${number.replace("P", "L")}`]: 12_800_000, person }, density: lEntries, person: person / rowids, span }).est;
    expect(plan({ person: "HOLLOWAY", doc: "L" }, withL(100_000))).toBe(
      '{"kind":"person","tags":"index","restSet":false,"order":"number","walkAbove":3000,"walkSet":"person"}',
    );
    expect(plan({ person: "SMITH", doc: "L" }, withL(269_000))).toBe(
      '{"kind":"person","tags":"index","restSet":false,"order":"number","walkAbove":3000,"walkSet":{"rowsUpTo":7174}}',
    );
    // With the copy current, the count's first matches stream past it (the number's first
    // character) rather than being intersected with the 12.8M, the walk the same ("KEL" with "L"
    // 29 -> 19 ms at 10.3M); "HOLLOWAY", whose walk looks its entries up in its set, as before.
    const copied = (person: number) =>
      table({ counts: { [`people ${number.replace("P", "L")}`]: 12_800_000, person, numbers: 4_800_000 }, density: lEntries, person: person / rowids, span, copy: true }).est;
    expect(plan({ person: "SMITH", doc: "L" }, copied(269_000))).toBe(
      '{"kind":"person","tags":{"streamed":{"inIndex":[],"onRows":["doc"]},"gathered":false},"restSet":false,"order":"number","walkAbove":3000,"walkSet":{"rowsUpTo":7174}}',
    );
    expect(plan({ person: "HOLLOWAY", doc: "L" }, copied(100_000))).toBe(
      '{"kind":"person","tags":"index","restSet":false,"order":"number","walkAbove":3000,"walkSet":"person"}',
    );
    // "SMITH" with "L030" (50,000): the intersection.
    const l030 = documentTag("L030", "people_fts")!.term;
    const smithL030 = table({ counts: { [`people ${l030}`]: 50_000, person: 269_000 }, density: { [l030]: 50_000 / rowids }, person: 269_000 / rowids, span });
    expect(plan({ person: "SMITH", doc: "L030" }, smithL030.est)).toContain('"walkSet":"matches"');
    // A whole FEI left for the rows, no tag: checked against the person's set when it is small, else the general listing.
    expect(plan({ person: "SMITH", fei: "59-1234567" }, table({ counts: { "person rest": 1 } }).est)).toBe(
      '{"kind":"person","tags":"index","restSet":true,"order":"id","walkAbove":3000,"walkSet":"matches"}',
    );
    expect(plan({ person: "SMITH", fei: "59-1234567" }, table({ counts: { "person rest": 50_000 } }).est)).toBe(
      '{"kind":"listing","order":"id","count":"walk","rows":"table"}',
    );
  });

  it("a common person's status and type checked on the copy in memory as its entries stream, when their list is far longer", () => {
    const span = 10_300_000;
    const rowids = span * 8;
    const [inactiveLlc] = filterTagTerms({ status: "INACTIVE", type: "LLC" });
    const [activeCorp] = filterTagTerms({ status: "ACTIVE", type: "CORP" });
    // "HOL" (61,000 entries at 10.3M businesses) with INACTIVE and LLC (9.4M): too many for its
    // rows, 150 times fewer than the tags' entries.
    const hol = { counts: { [`people ${inactiveLlc}`]: 9_357_000, person: 61_000 }, density: { [inactiveLlc]: 9_357_000 / rowids }, person: 61_000 / rowids, span };
    expect(plan({ person: "HOL", status: "INACTIVE", type: "LLC" }, table({ ...hol, copy: true }).est)).toBe(
      '{"kind":"person","tags":{"streamed":{"inIndex":[],"onRows":["status+type"]},"gathered":true},"restSet":false,"order":"id","walkAbove":3000,"walkSet":"matches"}',
    );
    // "JOHN SMITH" (16,300 entries), few enough for its rows: streamed all the same (the few are gathered whole first).
    const john = { ...hol, counts: { ...hol.counts, person: 16_300 }, person: 16_300 / rowids, copy: true };
    expect(plan({ person: "JOHN SMITH", status: "INACTIVE", type: "LLC" }, table(john).est)).toContain('"tags":{"streamed"');
    expect(plan({ person: "JOHN SMITH", status: "INACTIVE", type: "LLC" }, table({ ...john, copy: false }).est)).toContain('"tags":{"fewFirst"');
    // Without the copy (not read yet, or tagCopy "off"), in people_fts.
    expect(plan({ person: "HOL", status: "INACTIVE", type: "LLC" }, table(hol).est)).toContain('"tags":"index"');
    // A ZIP's prefix of 2M entries, which the copy holds too: checked there as well.
    const zip = zipTagTerm("324")!;
    const withZip = { ...hol, counts: { ...hol.counts, [`people ${zip}`]: 2_000_000, [`person+${zip}`]: 45_000 }, density: { ...hol.density, [zip]: 2_000_000 / rowids }, copy: true };
    expect(plan({ person: "HOL", status: "INACTIVE", type: "LLC", zip: "324" }, table(withZip).est)).toContain('"tags":{"streamed":{"inIndex":[],"onRows":["zip","status+type"]}');
    // "ROBINS" (20,000 entries) in ZIP "333" (1.9M entries) alone: the ZIP on the copy.
    const robins = { counts: { [`people ${zipTagTerm("333")!}`]: 1_900_000, person: 20_000 }, density: { [zipTagTerm("333")!]: 1_900_000 / rowids }, person: 20_000 / rowids, span, copy: true };
    expect(plan({ person: "ROBINS", zip: "333" }, table(robins).est)).toContain('"tags":{"streamed":{"inIndex":[],"onRows":["zip"]}');
    // A ZIP whose entries are not 24 times the person's: gathered whole, or else intersected in people_fts.
    const many = table({ ...robins, person: 100_000 / rowids, counts: { ...robins.counts, person: 100_000 } }).est;
    expect(plan({ person: "ROBINS", zip: "333" }, many)).toContain('"gathered":true');
    expect(plan({ person: "ROBINS", zip: "333" }, many, { personGather: "never" })).not.toContain('"streamed"');
    // Gathered whole when the entries are few enough (GATHERED_ENTRIES) and cost less than the
    // intersection: "GIBSON" (23,700) in "333" (3.3M); not "KIM" (184,000) in 33398 (1.4M).
    const lists = (person: number, zipEntries: number, zip: string) => ({
      counts: { [`people ${zipTagTerm(zip)!}`]: zipEntries, person },
      density: { [zipTagTerm(zip)!]: zipEntries / rowids },
      person: person / rowids,
      span,
      copy: true,
    });
    expect(plan({ person: "GIBSON", zip: "333" }, table(lists(23_700, 3_300_000, "333")).est)).toContain('"gathered":true');
    expect(plan({ person: "KIM", zip: "33398" }, table(lists(184_000, 1_400_000, "33398")).est)).not.toContain('"gathered":true');
    expect(plan({ person: "GIBSON", zip: "333" }, table(lists(23_700, 3_300_000, "333")).est, { personGather: "never" })).not.toContain('"gathered":true');
    // A frequent agent (601,000 entries, no word of its own): its list from the copy.
    const agent = { ...lists(601_000, 2_400_000, "329"), withoutAgents: { density: 0, wordDensities: [0, 0, 0], agents: 1 } };
    expect(plan({ person: " REGISTERED AGENTS INC.", zip: "329" }, table(agent).est)).toContain('"gathered":true');
    // Several words of long lists are intersected first: "C T" (its words 10M and 5M entries).
    const ct = { ...lists(1_200_000, 2_000_000, "346"), withoutAgents: { density: 163_000 / rowids, wordDensities: [10_000_000 / rowids, 5_000_000 / rowids], agents: 1 } };
    expect(plan({ person: "C T", zip: "346" }, table(ct).est)).not.toContain('"gathered":true');
    // By number, gathered only for at most 60,000 entries and no frequent agent: "BLACK" (38,600)
    // with "G", not "KEL" (179,000) with "L", nor an agent.
    const byNumber = (person: number) => table({ ...lists(person, 5_000_000, "333"), counts: { [`people ${documentTag("G", "people_fts")!.term}`]: 5_000_000, person, numbers: 2_000_000 }, density: { [documentTag("G", "people_fts")!.term]: 5_000_000 / rowids } }).est;
    expect(plan({ person: "BLACK", doc: "G" }, byNumber(38_600))).toContain('"gathered":true');
    expect(plan({ person: "KEL", doc: "G" }, byNumber(179_000))).not.toContain('"gathered":true');
    expect(plan({ person: " REGISTERED AGENTS INC.", doc: "G" }, table({ ...agent, counts: { ...agent.counts, numbers: 2_000_000 } }).est)).not.toContain('"gathered":true');
    // "SMITH" (269,000) with ACTIVE and CORP (2.9M, 11 times more): intersected in people_fts.
    const smith = table({ counts: { [`people ${activeCorp}`]: 2_946_000, person: 269_000 }, density: { [activeCorp]: 2_946_000 / rowids }, person: 269_000 / rowids, span, copy: true });
    expect(plan({ person: "SMITH", status: "ACTIVE", type: "CORP" }, smith.est)).toContain('"tags":"index"');
  });

  it("a common person with two common tags: the sparser intersected with it, the other on the copy as they stream, when that one's list is far longer", () => {
    const span = 10_300_000;
    const rowids = span * 8;
    const zip = zipTagTerm("324")!;
    // "CAR" (947,000 entries at 10.3M businesses) in "324" (1.7M entries, 8.5% of the businesses)
    // with ACTIVE (8.2M): both too few beside the person for the copy alone; the two intersected
    // stream ~80,000 entries, a hundredth of ACTIVE's.
    const car = {
      counts: { [`people ${zip}`]: 1_720_000, [`people ${ACTIVE}`]: 8_190_000, person: 947_000, [`person+${zip}`]: 60_000 },
      density: { [zip]: 1_720_000 / rowids, [ACTIVE]: 8_190_000 / rowids },
      share: { [zip]: 0.085, [ACTIVE]: 0.4 },
      person: 947_000 / rowids,
      span,
      copy: true,
    };
    const streamed = '"tags":{"streamed":{"inIndex":["zip"],"onRows":["status"]},"gathered":false}';
    expect(plan({ person: "CAR", zip: "324", status: "ACTIVE" }, table(car).est)).toContain(streamed);
    // Not when the intersection is few enough to be gathered whole (MOST_PEOPLE): a ZIP of 2% of
    // the businesses leaves ~19,000 entries, checked on their rows.
    const few = table({ ...car, share: { ...car.share, [zip]: 0.02 }, counts: { ...car.counts, [`person+${zip}`]: 19_000 } }).est;
    expect(plan({ person: "CAR", zip: "324", status: "ACTIVE" }, few)).toContain('"tags":{"fewFirst":{"inIndex":["zip"],"onRows":["status"]}');
    // Not when the other list is not `ratio` times the intersection: in people_fts.
    const close = table({ ...car, share: { ...car.share, [zip]: 0.5 } }).est;
    expect(plan({ person: "CAR", zip: "324", status: "ACTIVE" }, close)).toContain('"tags":"index"');
    // Not by number (the page walks the number's index against the matches' set), nor without the copy.
    expect(plan({ person: "CAR", zip: "324", status: "ACTIVE" }, table({ ...car, copy: false }).est)).toContain('"tags":"index"');
    const doc = documentTag("P2", "people_fts")!.term;
    const byNumber = table({ ...car, counts: { ...car.counts, [`people ${doc}`]: 1_720_000 }, density: { ...car.density, [doc]: 1_720_000 / rowids }, share: { ...car.share, [doc]: 0.085 } }).est;
    expect(plan({ person: "CAR", doc: "P2", status: "ACTIVE" }, byNumber)).not.toContain(streamed.replace("zip", "doc"));
  });

  it("a person by a number's few numbers: the numbers walked and checked for the person, when its entries outnumber them", () => {
    const span = 10_300_000;
    const rowids = span * 8;
    // " C T CORPORATION SYSTEM" (601,000 entries at 10.3M businesses) with "L03001" (12,837 numbers).
    const agent = { counts: { numbers: 12_837, person: 601_000 }, person: 601_000 / rowids, span, copy: true };
    expect(plan({ person: " C T CORPORATION SYSTEM", doc: "L03001" }, table(agent).est)).toBe(
      '{"kind":"person","tags":"numbers","restSet":false,"order":"number","walkAbove":3000,"walkSet":"matches"}',
    );
    expect(plan({ person: " C T CORPORATION SYSTEM", doc: "L03001", status: "INACTIVE", type: "LLC", claimed: false }, table(agent).est)).toContain('"tags":"numbers"');
    // Not with a filter the walk and the copy do not hold, nor without the copy, nor for more numbers
    // than FEW_NUMBERS or than the person's entries; unless forced, or forbidden.
    for (const other of [{ zip: "331" }, { address: "12" }, { city: "Miami" }, { fei: "59-1234567" }]) {
      expect(plan({ person: " C T CORPORATION SYSTEM", doc: "L03001", ...other }, table(agent).est)).not.toContain('"numbers"');
    }
    expect(plan({ person: " C T CORPORATION SYSTEM", doc: "L03001" }, table({ ...agent, copy: false }).est)).not.toContain('"numbers"');
    expect(plan({ person: " C T CORPORATION SYSTEM", doc: "L0" }, table({ ...agent, counts: { numbers: 400_000 } }).est)).not.toContain('"numbers"');
    const rare = { ...agent, counts: { numbers: 12_837, person: 12 }, person: 12 / rowids };
    expect(plan({ person: "QUUXFIELD", doc: "L03001" }, table(rare).est)).not.toContain('"numbers"');
    expect(plan({ person: "QUUXFIELD", doc: "L03001" }, table(rare).est, { personNumbers: "always" })).toContain('"tags":"numbers"');
    expect(plan({ person: " C T CORPORATION SYSTEM", doc: "L03001" }, table(agent).est, { personNumbers: "never" })).not.toContain('"numbers"');
  });

  it("a listing by number counted with each filter the copy holds in the index or on the copy, whichever split reads least", () => {
    const tags = (filters: SearchFilters, est: Estimates) => copyTags(filters, tagSplit(filters, TOWN, NUMBER_COUNT_SPLIT), est);
    const [P0, P, street, zip] = ['"_dP0"*', '"_dP"*', addressTagTerm("27")!.term, zipTagTerm("343")!];
    // At 10.3M: "P0" (1M numbers) at "27" (115,000) with INACTIVE (7.2M): the number and the street
    // intersected, the status checked on their 11,400 matches. Neither the status's list read, nor
    // the street on the copy too, which would check the number's million.
    const wide = { density: { [P0]: 0.1, [street]: 0.011, [INACTIVE]: 0.7, [P]: 0.36, [zip]: 0.02 }, span: 10_300_000 };
    expect(tags({ doc: "P0", address: "27", status: "INACTIVE" }, table({ ...wide, copy: true }).est)).toEqual({ match: `${P0} AND ${street}`, check: { status: "INACTIVE" } });
    // "P" in "343" with INACTIVE: every filter is on the copy, but one list must be read; the
    // number's too, whose matches are a third of the ZIP's. A ZIP a tenth as long: it alone.
    expect(tags({ doc: "P", zip: "343", status: "INACTIVE" }, table({ ...wide, copy: true }).est)).toEqual({ match: `${P} AND ${zip}`, check: { status: "INACTIVE" } });
    const small = table({ ...wide, density: { ...wide.density, [zip]: 0.002 }, copy: true });
    expect(tags({ doc: "P", zip: "343", status: "INACTIVE" }, small.est)).toEqual({ match: zip, check: { doc: "P", status: "INACTIVE" } });
    // Not claimed: the claimed list read to exclude them while it is short; on the copy (the match
    // no longer excluding them) once half the registry is claimed.
    const [claimed] = filterTagTerms({ claimed: true });
    expect(tags({ doc: "P0", address: "27", claimed: false }, table({ ...wide, copy: true }).est)).toEqual({ match: `(${P0} AND ${street}) NOT (${claimed})` });
    const halfClaimed = table({ ...wide, density: { ...wide.density, [claimed]: 0.5 }, copy: true });
    expect(tags({ doc: "P0", address: "27", claimed: false }, halfClaimed.est)).toEqual({ match: `${P0} AND ${street}`, check: { claimed: false } });
    // A tag listing: a street's three characters (its tag, no check) with LLC (4M entries): the street's
    // 5,700 entries read, the type checked on the copy ("340" with LLC 21 -> 5 ms at 10.3M).
    const street340 = addressTagTerm("340")!.term;
    const [LLC] = filterTagTerms({ type: "LLC" });
    const listing = table({ density: { [street340]: 0.0011, [LLC]: 0.4 }, span: 10_300_000, copy: true }).est;
    expect(copyTags({ address: "340", type: "LLC" }, tagSplit({ address: "340", type: "LLC" }, TOWN, LISTING_SPLIT), listing)).toEqual({ match: street340, check: { type: "LLC" } });
    // In the town, whose cities are not among the filters placed: every one in the index.
    expect(copyTags({ address: "8", city: "Pembroke Park" }, tagSplit({ address: "8", city: "Pembroke Park" }, TOWN, LISTING_SPLIT), listing).check).toBeUndefined();
    // No copy current: every one in the index.
    expect(tags({ doc: "P0", address: "27", status: "INACTIVE" }, table({ ...wide, copy: false }).est)).toEqual({ match: `${P0} AND ${street} AND ${INACTIVE}` });
  });

  it("a listing by number with a street sorts its matches when walking to the first page would read more numbers than them", () => {
    const street = addressTagTerm("135")!.term;
    const walk = (matches: number) => table({ density: { '"_dP"*': 0.36, [street]: 0.0011 }, span: 10_300_000, counts: { [`tags "_dP"* AND ${street}`]: matches, "at address": 100_000 } }).est;
    // "P" (3.7M numbers) at "135": 4,185 matches, a first page 8,800 numbers into the walk.
    expect(plan({ doc: "P", address: "135" }, walk(4_185))).toBe('{"kind":"listing","order":"number","count":"tags","rows":"sort"}');
    // 9,000 matches: the first page 4,100 numbers in, walked.
    expect(plan({ doc: "P", address: "135" }, walk(9_000))).toBe('{"kind":"listing","order":"number","count":"tags","rows":"number"}');
    // A forced sort limit is the limit (the tests' walks).
    expect(plan({ doc: "P", address: "135" }, walk(4_185), { sortLimit: 0 })).toBe('{"kind":"listing","order":"number","count":"tags","rows":"number"}');
  });

  it("listings: tags in the index, a number's few entries walked with a ZIP, a small town's rows read before a long prefix", () => {
    expect(plan({ status: "ACTIVE", type: "LLC" }, table({}).est)).toBe('{"kind":"tags","order":"id"}');
    expect(plan({ city: "Miami", claimed: true }, table({}).est)).toBe('{"kind":"tags","order":"name","sortUpTo":300}');
    expect(plan({ city: "Pembroke Park" }, table({}).est)).toBe('{"kind":"listing","order":"name","count":"walk","rows":"city"}');
    // "L930" in "323" with INACTIVE: 46,000 numbers against the status's and the ZIP's lists.
    const walk = table({ density: { '"_dL930"*': 46_000 / SPAN, '"_z323"*': 0.02, [INACTIVE]: 0.4 } });
    expect(plan({ doc: "L930", zip: "323", status: "INACTIVE" }, walk.est)).toBe('{"kind":"listing","order":"number","count":"number walk","rows":"number"}');
    // "P9" in the town (4,000 businesses): the prefix's tag estimates 350,000 numbers, more than 40 times the town's: its rows, never counted.
    const town = table({ counts: { "in city": 4_000 }, density: { '"_dP9"*': 0.1 } });
    expect(plan({ doc: "P9", city: "Pembroke Park" }, town.est)).toBe('{"kind":"listing","order":"number","count":"walk","rows":"city"}');
    expect(town.asked).toEqual(['density "_dP9"*', "in city (cap 8750)"]);
    // At 10.3M the town has 7,800 businesses and "L" 4M numbers: the town is counted up to a
    // fortieth of them (at most MOST_IN_CITY) and its rows read; a large city is walked by number.
    const bigTown = table({ counts: { "in city": 7_800 }, density: { '"_dL"*': 0.4 } });
    expect(plan({ doc: "L", status: "ACTIVE", city: "Pembroke Park" }, bigTown.est)).toBe('{"kind":"listing","order":"number","count":"walk","rows":"city"}');
    expect(bigTown.asked).toEqual(['density "_dL"*', "in city (cap 20000)"]);
    const bigCity = table({ counts: { "in city": 60_000 }, density: { '"_dL"*': 0.4 } });
    expect(plan({ doc: "L", city: "Miami" }, bigCity.est)).toBe('{"kind":"listing","order":"number","count":"walk","rows":"number"}');
    // A prefix of few numbers ("P240", 4,000) is walked rather than the town's 7,800 rows read.
    const fewNumbers = table({ counts: { "in city": 7_800, numbers: 4_000 }, density: { '"_dP240"*': 4_000 / SPAN } });
    expect(plan({ doc: "P240", city: "Pembroke Park" }, fewNumbers.est)).toBe('{"kind":"listing","order":"number","count":"walk","rows":"number"}');
    expect(fewNumbers.asked).toEqual(['density "_dP240"*', "in city (cap 5000)"]);
    // A prefix with a rare status: counted in the index, its few matches sorted.
    const sorted = table({ counts: { [`tags "_dP"* AND ${filterTagTerms({ status: "PENDING" })[0]}`]: 120 }, density: { '"_dP"*': 0.4, [filterTagTerms({ status: "PENDING" })[0]]: 0.001 } });
    expect(plan({ doc: "P", status: "PENDING" }, sorted.est)).toBe('{"kind":"listing","order":"number","count":"tags","rows":"sort"}');
  });
});
