/**
 * Issue 20: the planned search (filters as FTS tags, sorted small sets, index walks for big ones)
 * must give exactly the answers of the plain reading of the rules, for every combination of
 * filters, on the demo data. The reference below is deliberately naive: one SQL statement over
 * the whole table, filters as plain comparisons (and LIKE for the document number), the name's
 * three tiers written out as a CASE, no tags, no caps, no index choices. Each combination runs
 * three times: sorting every uncapped result, the planner's own choice (SORT_LIMIT) and sorting
 * forbidden (sortLimit 0), so both ways to a page are compared.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { searchPlan, uncachedSearch, uncachedSuggestions, type SearchParams } from "~/models/business-search.server";
import { SqlEstimates } from "~/models/search/estimates.server";
import { COUNT_CAP, FEW_AT_ADDRESS, SORT_LIMIT } from "~/models/search/planner.server";
import type { ListPlan, TagPlan } from "~/models/search/types.server";
import { tagSplit } from "~/models/search/tag-split.server";
import { getTownArea } from "~/models/town.server";
import { resetEnvCache } from "~/utils/env.server";
import { seedDemoData } from "../../scripts/lib/seed";
import { reference } from "../support/search-reference";

const NAMES = [undefined, "s", "sunshine", "florida", "auto repair", "pembroke park demo", "gulf log"];
const DOCS = [undefined, "L"];
const CITIES = [undefined, "Pembroke Park", "Miami", "Nowhere"];
const TYPES = [undefined, "LLC", "CORP", "LLLP"];
const STATUSES = [undefined, "ACTIVE", "inactive", "REVOKED"];
const CLAIMED = [undefined, true, false];

function* combinations(): Generator<SearchParams> {
  for (const name of NAMES)
    for (const doc of DOCS)
      for (const city of CITIES)
        for (const type of TYPES)
          for (const status of STATUSES)
            for (const claimed of CLAIMED) yield { name, doc, city, type, status, claimed };
}

const describeParams = (p: SearchParams) => JSON.stringify(p);

/**
 * The ways to a page: sorting every uncapped result, the planner's own choices, sorting
 * forbidden; and for a name's tag filters, the cost-based split, every tag intersected in the
 * full-text index, every tag checked on the rows.
 */
const PLANS: [number, TagPlan, tagCopy?: "off"][] = [
  [COUNT_CAP, "cost"],
  [SORT_LIMIT, "cost"],
  [0, "cost"],
  [SORT_LIMIT, "index"],
  [0, "index"],
  [SORT_LIMIT, "rows"],
  [0, "rows"],
  // The tags left for the rows checked on the rows even where the search's copy could (decision 0030).
  [SORT_LIMIT, "cost", "off"],
  [SORT_LIMIT, "rows", "off"],
];

describe("the planned search gives the reference answers", () => {
  beforeAll(async () => {
    await seedDemoData(getDb());
  });

  it("for every filter combination: count, first page, a middle page and the last page", () => {
    const client = getDb().$client;
    let compared = 0;
    let nonEmpty = 0;
    const mismatches: string[] = [];
    for (const p of combinations()) {
      const ref = reference(p);
      const total = Math.min(ref.count, COUNT_CAP);
      const limit = 10;
      const lastPage = Math.max(1, Math.ceil(total / limit));
      for (const [sortLimit, tagPlan, tagCopy] of PLANS) {
        for (const page of new Set([1, Math.ceil(lastPage / 2), lastPage])) {
          const got = uncachedSearch(client, { ...p, page, limit }, { sortLimit, tagPlan, tagCopy });
          const want = ref.ids.slice((page - 1) * limit, page * limit);
          const ids = got.businesses.map((b) => b.id);
          compared++;
          if (got.pagination.total !== total || JSON.stringify(ids) !== JSON.stringify(want)) {
            mismatches.push(
              `${describeParams(p)} page ${page} sortLimit ${sortLimit} tagPlan ${tagPlan} tagCopy ${tagCopy ?? "on"}: total ${got.pagination.total} vs ${total}, ids ${ids} vs ${want}`,
            );
          }
        }
      }
      if (ref.count > 0) nonEmpty++;
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    // The grid is not vacuous: thousands of comparisons, many with results.
    expect(compared).toBeGreaterThan(5_000);
    expect(nonEmpty).toBeGreaterThan(300);
  }, 300_000);

  it("the town's ZIPs: intersected as tags when each is five digits, checked on the rows otherwise, the same answers", () => {
    const client = getDb().$client;
    const saved = process.env.TOWN_ZIPS;
    const mismatches: string[] = [];
    let nonEmpty = 0;
    try {
      for (const [zips, onRows] of [["33009,33023", false], ["33023,3300", true]] as const) {
        process.env.TOWN_ZIPS = zips;
        resetEnvCache();
        const split = tagSplit({ city: "Pembroke Park" }, getTownArea());
        expect([split.tags.length, split.restInTown.zips.length > 0]).toEqual([onRows ? 1 : 2, onRows]);
        // A street in the town (too many businesses on it to read from its index): its tag with the
        // town's, counted in the full-text index, when the ZIPs are tags too.
        expect(searchPlan(client, { city: "Pembroke Park", address: "3", page: 1, limit: 10 }, { fewAtAddress: 0 })?.kind).toBe(onRows ? "listing" : "tags");
        expect(searchPlan(client, { city: "Pembroke Park", status: "ACTIVE", page: 1, limit: 10 })?.kind).toBe("listing");
        for (const name of NAMES)
          for (const status of STATUSES.slice(0, 3))
            for (const other of [{}, { type: "LLC" }, { claimed: false }, { person: "a" }, { doc: "L" }, { address: "3" }, { address: "3150 sw" }, { address: "3150 zz" }]) {
              const p: SearchParams = { name, city: "Pembroke Park", status, ...other };
              const ref = reference(p);
              const total = Math.min(ref.count, COUNT_CAP);
              if (ref.count) nonEmpty++;
              // fewAtAddress 0: a street's businesses never read from its index (the demo's streets are short).
              for (const [sortLimit, tagPlan, tagCopy] of PLANS)
                for (const fewAtAddress of p.address ? [undefined, 0] : [undefined])
                  for (const page of new Set([1, Math.max(1, Math.ceil(total / 10))])) {
                    const got = uncachedSearch(client, { ...p, page, limit: 10 }, { sortLimit, tagPlan, tagCopy, fewAtAddress });
                    const ids = got.businesses.map((b) => b.id);
                    const want = ref.ids.slice((page - 1) * 10, page * 10);
                    if (got.pagination.total !== total || JSON.stringify(ids) !== JSON.stringify(want))
                      mismatches.push(`TOWN_ZIPS=${zips} ${describeParams(p)} page ${page} ${sortLimit} ${tagPlan} ${tagCopy} ${fewAtAddress}: total ${got.pagination.total} vs ${total}, ids ${ids} vs ${want}`);
                  }
            }
      }
    } finally {
      if (saved === undefined) delete process.env.TOWN_ZIPS;
      else process.env.TOWN_ZIPS = saved;
      resetEnvCache();
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(nonEmpty).toBeGreaterThan(20);
  }, 120_000);

  it("a name in the town counted from the town's rows, their names compared in memory (accents by the tokenizer), the same answers", () => {
    const client = getDb().$client;
    const saved = process.env.TOWN_ZIPS;
    const mismatches: string[] = [];
    // Names whose matches in the town include names of accents ("CAFÉ OLÉ", "JÜRGEN'S"), compared
    // by the index's tokenizer, and of dropped characters ("L.L.C.").
    const names = [...NAMES.filter((n) => n !== undefined), "c", "cafe ole", "jurgens", "ll", "l"];
    const found = new Map<string, number>();
    try {
      for (const zips of ["33009,33023", "33023,3300"]) {
        process.env.TOWN_ZIPS = zips;
        resetEnvCache();
        for (const name of names)
          for (const status of STATUSES.slice(0, 3))
            for (const other of [{}, { type: "LLC" }, { claimed: false }, { claimed: true }]) {
              const p: SearchParams = { name, city: "Pembroke Park", status, ...other };
              const ref = reference(p);
              const total = Math.min(ref.count, COUNT_CAP);
              found.set(name, (found.get(name) ?? 0) + ref.count);
              expect(searchPlan(client, { ...p, page: 1, limit: 10 }, { townWalk: true })).toMatchObject({ kind: "name", townWalk: true });
              for (const sortLimit of [SORT_LIMIT, 0])
                for (const page of new Set([1, Math.ceil(total / 20) || 1, Math.max(1, Math.ceil(total / 10))])) {
                  const got = uncachedSearch(client, { ...p, page, limit: 10 }, { sortLimit, townWalk: true });
                  const ids = got.businesses.map((b) => b.id);
                  const want = ref.ids.slice((page - 1) * 10, page * 10);
                  if (got.pagination.total !== total || JSON.stringify(ids) !== JSON.stringify(want))
                    mismatches.push(`TOWN_ZIPS=${zips} ${describeParams(p)} page ${page} ${sortLimit}: total ${got.pagination.total} vs ${total}, ids ${ids} vs ${want}`);
                }
            }
      }
    } finally {
      if (saved === undefined) delete process.env.TOWN_ZIPS;
      else process.env.TOWN_ZIPS = saved;
      resetEnvCache();
    }
    expect(mismatches.slice(0, 10)).toEqual([]);
    // Not vacuous: the accented names and the one-letter names have matches in the town.
    for (const name of ["c", "cafe ole", "jurgens", "l", "s"]) expect(found.get(name), name).toBeGreaterThan(0);
  }, 120_000);

  it("a document number, ZIP, street or FEI, with or without a name: that filter as a tag, on rows or as its list of ids, the same answers", () => {
    const client = getDb().$client;
    const rows = client
      .prepare("SELECT document_number AS doc, zip, address1 AS address, fei FROM businesses ORDER BY id LIMIT 4")
      .all() as { doc: string; zip: string | null; address: string | null; fei: string | null }[];
    const prefixes = (values: (string | null)[], lengths: number[]) =>
      values.flatMap((v) => (v ? lengths.map((n) => v.slice(0, n)) : []));
    // Prefixes of every length of real values, one character, and values no business has.
    const filters: SearchParams[] = [
      ...[...new Set([...prefixes(rows.map((r) => r.doc), [1, 2, 4, 7, 12]), "Z9", "L9999999"])].map((doc) => ({ doc })),
      ...[...new Set([...prefixes(rows.map((r) => r.zip), [1, 3, 5, 6]), "99999", "3302-"])].map((zip) => ({ zip })),
      ...[...new Set([...prefixes(rows.map((r) => r.address), [1, 4, 5, 8, 40]), "NO SUCH STREET"])].map((address) => ({ address })),
      ...[...new Set([...rows.map((r) => r.fei).filter((f): f is string => Boolean(f)), "99-9999999"])].map((fei) => ({ fei })),
    ];
    // A name's registry filter as its list of ids (listPlan) or, a prefix, as a tag placed by tagPlan.
    const plans: [ListPlan, TagPlan, number?][] = [
      ["cost", "cost"],
      ["cost", "cost", 0],
      ["cost", "index"],
      ["cost", "rows"],
      ["list", "cost"],
      ["drive", "cost"],
      ["rows", "cost"],
    ];
    let compared = 0;
    let nonEmpty = 0;
    const mismatches: string[] = [];
    for (const name of [undefined, ...NAMES.filter(Boolean)])
      for (const filter of filters)
        for (const extra of [
          {},
          { status: "ACTIVE" },
          { city: "Pembroke Park" },
          { city: "Pembroke Park", type: "LLC" },
          { city: "Miami", claimed: false },
          // Without a name, a number's prefix with a ZIP or a street: counted in the full-text index, walked by number.
          // And a whole number, longer than its tag: walked by number whatever the other filters.
          // A prefix of few numbers with a ZIP: walked by number, the ZIP checked in its index.
          ...(name
            ? []
            : [{ doc: "L" }, { doc: "P", status: "ACTIVE" }, { doc: rows[0].doc.toLowerCase() }, { doc: rows[0].doc.slice(0, 4), status: "ACTIVE" }]),
        ]) {
          const p: SearchParams = { name, ...filter, ...extra };
          const ref = reference(p);
          const total = Math.min(ref.count, COUNT_CAP);
          const lastPage = Math.max(1, Math.ceil(total / 10));
          if (ref.count > 0) nonEmpty++;
          // A listing by number within a city: its rows read, or the number's index walked, by cost and forced.
          const cityWays = !name && p.doc && p.city ? (["cost", "always", "never"] as const) : (["cost"] as const);
          for (const [listPlan, tagPlan, fewAtAddress] of name ? plans : plans.slice(0, 2))
            for (const cityRows of cityWays)
              for (const sortLimit of [SORT_LIMIT, 0])
                for (const page of new Set([1, lastPage])) {
                  const got = uncachedSearch(client, { ...p, page, limit: 10 }, { sortLimit, listPlan, tagPlan, fewAtAddress, cityRows });
                  const ids = got.businesses.map((b) => b.id);
                  const want = ref.ids.slice((page - 1) * 10, page * 10);
                  compared++;
                  if (got.pagination.total !== total || JSON.stringify(ids) !== JSON.stringify(want))
                    mismatches.push(`${describeParams(p)} page ${page} ${listPlan} ${tagPlan} ${fewAtAddress} ${cityRows} ${sortLimit}: ${got.pagination.total} vs ${total}, ${ids} vs ${want}`);
                }
        }
    expect(mismatches.slice(0, 10)).toEqual([]);
    expect(compared).toBeGreaterThan(5_000);
    expect(nonEmpty).toBeGreaterThan(100);
  }, 300_000);

  it("keeps a business's ZIP tag with its ZIP code (its leading digits, up to 5), found by prefix exactly as the range finds it", () => {
    const client = getDb().$client;
    const original = client.prepare("SELECT zip FROM businesses WHERE id = 1").pluck().get() as string | null;
    const inIndex = client.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH ?").pluck();
    const setZip = client.prepare("UPDATE businesses SET zip = ? WHERE id = 1");
    try {
      // The tag each ZIP gets, and prefixes (tags, too long for one, or dashed) around it. A
      // search's ZIP is digits and dashes (registryFilterClauses).
      const cases: [string, string | null, string[]][] = [
        ["99123-4567", "_z99123", ["9", "991", "99123", "991234", "99123-4", "99124", "9912-"]],
        ["9912A", "_z9912", ["99", "9912", "99123"]],
        ["99 123", "_z99", ["9", "99", "991", "99-"]],
        ["X9912", null, ["9", "99"]],
      ];
      for (const [zip, tag, queries] of cases) {
        setZip.run(zip);
        expect(tag ? inIndex.get(`"${tag}"`) : 0, zip).toBe(tag ? 1 : 0);
        // No other token of this business starts with _z (the old ZIP's tag is gone).
        expect(inIndex.get('"_z"* AND "demo" AND "bakery" AND "pembroke"'), zip).toBe(tag ? 1 : 0);
        for (const q of queries) {
          for (const p of [{ zip: q }, { zip: q, status: "ACTIVE" }, { zip: q, name: "bakery" }, { zip: q, name: "bakery", type: "LLC" }] as SearchParams[]) {
            const want = reference(p).ids.slice(0, 100);
            for (const tagPlan of ["cost", "index", "rows"] as const) {
              const got = uncachedSearch(client, { ...p, page: 1, limit: 100 }, { tagPlan }).businesses.map((b) => b.id);
              expect(got, `${zip}: ${describeParams(p)} ${tagPlan}`).toEqual(want);
            }
            if (p.zip === zip.slice(0, 5) && !p.name && !p.status) expect(want, describeParams(p)).toContain(1);
          }
        }
      }
    } finally {
      setZip.run(original);
    }
  });

  it("keeps a business's street-address tag with its address (its first letters, digits and spaces, up to 4), found by prefix exactly as the range finds it", () => {
    const client = getDb().$client;
    const original = client.prepare("SELECT address1, zip FROM businesses WHERE id = 1").get() as { address1: string | null; zip: string | null };
    const inIndex = client.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH ?").pluck();
    const setAddress = client.prepare("UPDATE businesses SET address1 = ? WHERE id = 1");
    try {
      // The tag each address gets, and prefixes around it: within the tag, longer than it (the
      // rest checked on rows), with other characters (rows only), spaced and cased otherwise.
      const cases: [string | null, string | null, string[]][] = [
        ["9150 Sw 52nd Ave", "_a9150", ["9", "9150", "9150 sw", "9150  SW 5", "9150 SW 52ND AVE", "9150 SW 53", "9151", "9150 SW 52ND AVE X"]],
        ["12 Oak St", "_a12_o", ["1", "12", "12 ", "12 o", "12 OAK", "12 OAR", "12O"]],
        ["12-B Quail St", "_a12", ["1", "12", "12-", "12-b", "12 B", "12B"]],
        ["#5 Quail", null, ["#", "#5", "5", "#5 QUAIL"]],
        ["7 Élan Way", "_a7_", ["7", "7 ", "7 É", "7 é"]],
        ["1234567890 Long Rd", "_a1234", ["1234", "12345", "1234567890 LONG", "1235"]],
        [null, null, ["1"]],
      ];
      for (const [address, tag, queries] of cases) {
        setAddress.run(address);
        expect(tag ? inIndex.get(`"${tag}"`) : 0, String(address)).toBe(tag ? 1 : 0);
        // No other token of this business starts with _a (the old address's tag is gone).
        expect(inIndex.get('"_a"* AND "demo" AND "bakery" AND "pembroke"'), String(address)).toBe(tag ? 1 : 0);
        for (const q of queries) {
          const shapes: SearchParams[] = [
            { address: q },
            { address: q, status: "ACTIVE" },
            { address: q, zip: original.zip?.slice(0, 3) ?? "3" },
            { address: q, name: "bakery" },
            { address: q, name: "bakery", type: "LLC" },
            { address: q, city: "Pembroke Park" },
          ];
          for (const p of shapes) {
            const want = reference(p).ids.slice(0, 100);
            for (const tagPlan of ["cost", "index", "rows"] as const) {
              for (const listPlan of ["cost", "rows"] as const) {
                // The address's rows read (few businesses there: every address in the demo data) or its tag intersected.
                for (const fewAtAddress of [FEW_AT_ADDRESS, 0]) {
                  const got = uncachedSearch(client, { ...p, page: 1, limit: 100 }, { tagPlan, listPlan, fewAtAddress }).businesses.map((b) => b.id);
                  expect(got, `${address}: ${describeParams(p)} ${tagPlan} ${listPlan} ${fewAtAddress}`).toEqual(want);
                }
              }
            }
          }
        }
        // The address itself finds the business (the tag and the rows agree on it).
        if (address) expect(reference({ address }).ids, String(address)).toContain(1);
      }
    } finally {
      setAddress.run(original.address1);
    }
    expect(uncachedSearch(client, { address: original.address1 ?? "", page: 1, limit: 100 }).businesses.map((b) => b.id)).toContain(1);
  });

  it("a name's capped count, taken from one word's sampled density when it is past twice the cap, answers as the count, with every id when it found them all", () => {
    const client = getDb().$client;
    const count = (match: string) => client.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH ?").pluck().get(match) as number;
    const ids = (match: string) => client.prepare("SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ?").pluck().all(match) as number[];
    let shortcut = 0;
    let kept = 0;
    for (const match of ['"s"*', '"demo"*', '"sun"*', '"florida"*', '"a"*', '"auto"* AND "repair"*', '"pembroke"* AND "park"* AND "demo"*']) {
      const n = count(match);
      expect(n, match).toBeGreaterThan(0);
      for (const cap of [1, Math.floor(n / 3), Math.floor(n / 2) - 1, n - 1, n, 2 * n]) {
        // With a person, whose ways read the ids the count kept.
        const est = new SqlEstimates(client, {}, { name: match, person: '"smith"*' }, false);
        const words = match.split(" AND ").length;
        if (words === 1 && est.density(match) * est.span() > 2 * cap) shortcut++;
        expect(est.nameMatches(cap), `${match} cap ${cap}`).toEqual(n > cap ? { total: cap, capped: true } : { total: n, capped: false });
        // The ids a one-word name's count kept for the person's ways: all of them, in id order, or none.
        const list = est.nameIdList();
        if (list !== null) kept++;
        if (list !== null || (words === 1 && n <= cap && est.density(match) * est.span() <= cap)) expect(JSON.parse(list ?? "null"), `${match} cap ${cap}`).toEqual(ids(match));
      }
    }
    expect(shortcut).toBeGreaterThan(5);
    expect(kept).toBeGreaterThan(5);
  });

  it("suggestions within a town are the first reference rows", () => {
    const client = getDb().$client;
    for (const name of NAMES.filter(Boolean) as string[]) {
      for (const city of CITIES) {
        const want = reference({ name, city }).ids.slice(0, 5);
        expect(uncachedSuggestions(client, { name, city }).map((s) => s.id), `${name} in ${city}`).toEqual(want);
      }
    }
  });

  it("follows changes of a business's filter values (the FTS tags are kept by triggers)", () => {
    const client = getDb().$client;
    const find = (p: SearchParams) => uncachedSearch(client, { ...p, page: 1, limit: 100 }).businesses.map((b) => b.id);
    expect(find({ name: "Pembroke Park Demo Bakery", city: "Pembroke Park", status: "ACTIVE" })).toContain(1);
    client.prepare("UPDATE businesses SET city = 'Miami', status = 'REVOKED', is_claimed = 1 WHERE id = 1").run();
    expect(find({ name: "Pembroke Park Demo Bakery", city: "Pembroke Park" })).not.toContain(1);
    expect(find({ name: "Pembroke Park Demo Bakery", city: "Miami", status: "REVOKED", claimed: true })).toContain(1);
    expect(find({ city: "Miami", status: "REVOKED", claimed: true })).toContain(1);
    client.prepare("UPDATE businesses SET city = 'Pembroke Park', status = 'ACTIVE', is_claimed = 0 WHERE id = 1").run();
    expect(find({ city: "Miami", status: "REVOKED", claimed: true })).not.toContain(1);
  });

  it("keeps a business's document-number tag with its number; a number with other characters adds no word to the index", () => {
    const client = getDb().$client;
    const original = client.prepare("SELECT document_number FROM businesses WHERE id = 1").pluck().get() as string;
    const find = (p: SearchParams, tagPlan: TagPlan) =>
      uncachedSearch(client, { ...p, page: 1, limit: 100 }, { tagPlan }).businesses.map((b) => b.id);
    const inIndex = client.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH ?").pluck();
    try {
      client.prepare("UPDATE businesses SET document_number = 'Q99000000001' WHERE id = 1").run();
      for (const tagPlan of ["cost", "index", "rows"] as const) {
        expect(find({ name: "Pembroke Park Demo Bakery", doc: "q 99" }, tagPlan), tagPlan).toEqual([1]);
        expect(find({ name: "Pembroke Park Demo Bakery", doc: original.slice(0, 3) }, tagPlan), tagPlan).not.toContain(1);
      }
      // The tag is the number's first 8 characters; a longer prefix is checked on the rows.
      expect([inIndex.get('"_dq9900000"'), inIndex.get('"_dq99000000001"')]).toEqual([1, 0]);
      const { status, claimed } = client.prepare("SELECT status, is_claimed = 1 AS claimed FROM businesses WHERE id = 1").get() as {
        status: string;
        claimed: number;
      };
      for (const tagPlan of ["cost", "index", "rows"] as const) {
        for (const doc of ["Q990000", "Q9900000", "Q99000000", "Q99000000001", "Q99000000002"]) {
          const want = doc === "Q99000000002" ? [] : [1];
          expect(find({ doc, status, claimed: claimed === 1 }, tagPlan), `${doc} ${tagPlan}`).toEqual(want);
          expect(find({ name: "bakery", doc, status }, tagPlan), `${doc} ${tagPlan}`).toEqual(want);
        }
      }
      client.prepare("UPDATE businesses SET document_number = 'Q99-ZEBRAWORD' WHERE id = 1").run();
      expect([inIndex.get('"zebraword"'), inIndex.get('"_dq99"*')]).toEqual([0, 0]);
    } finally {
      client.prepare("UPDATE businesses SET document_number = ? WHERE id = 1").run(original);
    }
    expect(find({ name: "Pembroke Park Demo Bakery", doc: original }, "index")).toEqual([1]);
  });

  it("finds statuses and filing types outside the tags' one-letter codes (hex tags) exactly", () => {
    const client = getDb().$client;
    const original = client.prepare("SELECT status, filing_type AS type FROM businesses WHERE id IN (1, 2) ORDER BY id").all() as {
      status: string;
      type: string;
    }[];
    client.prepare("UPDATE businesses SET status = 'MERGED', filing_type = 'NPREG' WHERE id = 1").run();
    client.prepare("UPDATE businesses SET status = 'MERGED' WHERE id = 2").run();
    try {
      const cases: SearchParams[] = [
        { status: "merged" },
        { type: "NPREG" },
        { status: "MERGED", type: "NPREG" },
        { status: "MERGED", type: original[1].type },
        { status: "ACTIVE", type: "NPREG" },
        { name: "Pembroke Park Demo Bakery", status: "MERGED", type: "NPREG" },
        { name: "demo", status: "MERGED" },
      ];
      for (const p of cases) {
        const want = reference(p).ids.slice(0, 100);
        expect(want.length, describeParams(p)).toBeLessThan(3);
        for (const tagPlan of ["cost", "index", "rows"] as const) {
          const got = uncachedSearch(client, { ...p, page: 1, limit: 100 }, { tagPlan }).businesses.map((b) => b.id);
          expect(got, `${describeParams(p)} ${tagPlan}`).toEqual(want);
        }
      }
      expect(reference({ status: "MERGED", type: "NPREG" }).ids).toEqual([1]);
    } finally {
      const restore = client.prepare("UPDATE businesses SET status = ?, filing_type = ? WHERE id = ?");
      original.forEach((o, i) => restore.run(o.status, o.type, i + 1));
    }
  });
});
