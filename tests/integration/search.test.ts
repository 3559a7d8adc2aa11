import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses } from "~/db/schema";
import { buildNameQuery, nameTokens, neededWords, plainWords, searchTokens } from "~/lib/search-query";
import { COUNT_CAP, searchBusinesses, suggestBusinesses } from "~/models/business-search.server";
import { createBusiness, unique } from "../support/factories";

const names = (result: { businesses: { name: string }[] }) => result.businesses.map((b) => b.name);
const search = (name: string, extra: Record<string, unknown> = {}) => searchBusinesses({ name, page: 1, limit: 10, ...extra });

describe("query normalisation", () => {
  it("folds case, accents and punctuation, and drops the words people leave off", () => {
    expect(nameTokens("Café O'Malley's L.L.C. & Sons")).toEqual(["cafe", "omalleys", "llc", "sons"]);
    expect(searchTokens("The Smith & Sons, Inc.")).toEqual(["smith", "sons"]);
    // a query made only of such words still searches for them
    expect(searchTokens("LLC")).toEqual(["llc"]);
    expect(searchTokens("the and inc")).toEqual(["the", "and", "inc"]);
  });

  it("leaves off a word that starts another (or repeats it), which matches the same names", () => {
    expect(neededWords(["c", "t", "corporation", "system"])).toEqual(["t", "corporation", "system"]);
    expect(neededWords(["smith", "sm", "smith", "john"])).toEqual(["smith", "john"]);
    expect(buildNameQuery("A Acme a")!.all).toBe('"acme"*');
    // A person's words compared outside the index only when plain ASCII once accents are off.
    expect(plainWords(" C T Corporation System")).toEqual(["t", "corporation", "system"]);
    expect(plainWords("José O'Brien")).toEqual(["jose", "obrien"]);
    expect([plainWords("Ørsted"), plainWords("李 小龍"), plainWords(" -- ")]).toEqual([null, null, null]);
  });

  it("quotes every word, so FTS syntax in user text is inert", () => {
    const q = buildNameQuery('gulf" OR NEAR(a*b) -c')!;
    expect(q.all).toBe('"gulf"* AND "or"* AND "near"* AND "a"* AND "b"* AND "c"*');
    expect(buildNameQuery('say "hi"')!.all).toBe('"say"* AND "hi"*');
    expect(buildNameQuery("🙂 ** --")).toBeNull();
  });
});

describe("every character", () => {
  it("makes a query the index accepts: no Unicode letter is split into a phrase by SQLite's tokenizer", () => {
    // The index's tokenizer (unicode61) follows Unicode 6.1; JavaScript follows a newer Unicode,
    // where a few code points became letters. A query word SQLite splits in two is a phrase,
    // which a detail=none index refuses with an error.
    const match = getDb().$client.prepare("SELECT count(*) FROM businesses_fts WHERE businesses_fts MATCH ?").pluck();
    const failures: string[] = [];
    let batch: string[] = [];
    const refused = (expression: string) => {
      try {
        match.get(expression);
        return false;
      } catch {
        return true;
      }
    };
    const flush = () => {
      // One statement per 2,000 queries; a refused batch is retried query by query to name them.
      if (refused(batch.join(" OR "))) failures.push(...batch.filter(refused));
      batch = [];
    };
    for (let cp = 0x20; cp <= 0x10ffff; cp++) {
      const char = String.fromCodePoint(cp);
      // Anything else separates words in JavaScript too, so cannot join two into one.
      if (!/[\p{L}\p{N}\p{M}]/u.test(char)) continue;
      const query = buildNameQuery(`a${char}b`);
      if (query) batch.push(`(${query.all})`);
      if (batch.length === 2000) flush();
    }
    if (batch.length) flush();
    expect(failures).toEqual([]);
  });
});

describe("name search", () => {
  const t = unique("nm");
  createBusiness({ name: `Café Olé ${t} Bakery` });
  createBusiness({ name: `O'Malley's ${t} Pub L.L.C.` });
  createBusiness({ name: `Smith & Sons ${t} Inc` });
  createBusiness({ name: `Gulfstream ${t} Logistics LLC` });

  it("is case- and accent-insensitive", () => {
    expect(names(search(`CAFE OLE ${t}`))).toEqual([`Café Olé ${t} Bakery`]);
    expect(names(search(`café ${t}`))).toEqual([`Café Olé ${t} Bakery`]);
  });

  it("ignores punctuation", () => {
    expect(names(search(`omalleys ${t}`))).toEqual([`O'Malley's ${t} Pub L.L.C.`]);
    expect(names(search(`O'Malley's ${t} pub llc`))).toEqual([`O'Malley's ${t} Pub L.L.C.`]);
    expect(names(search(`${t}, pub.`))).toEqual([`O'Malley's ${t} Pub L.L.C.`]);
  });

  it("ignores inc, llc, corp, the, & and 'and'", () => {
    expect(names(search(`smith and sons ${t}`))).toEqual([`Smith & Sons ${t} Inc`]);
    expect(names(search(`The Smith Sons ${t} Corp`))).toEqual([`Smith & Sons ${t} Inc`]);
    expect(names(search(`gulfstream ${t} logistics inc`))).toEqual([`Gulfstream ${t} Logistics LLC`]);
  });

  it("matches word prefixes", () => {
    expect(names(search(`gulf ${t.slice(0, 5)} log`))).toContain(`Gulfstream ${t} Logistics LLC`);
  });

  it("finds names when the query is only ignorable words", () => {
    const r = search("LLC", { limit: 100 });
    expect(r.pagination.total).toBeGreaterThanOrEqual(2);
    expect(names(r)).toContain(`O'Malley's ${t} Pub L.L.C.`);
  });

  it("ranks exact, then leading, then anywhere matches", () => {
    const k = unique("rk");
    // created in the reverse of the expected order, so rowid order would be wrong
    createBusiness({ name: `Alpha ${k} Grill LLC` });
    createBusiness({ name: `${k} Grill Express Inc` });
    createBusiness({ name: `${k} Grill LLC` });
    expect(names(search(`${k} grill`))).toEqual([`${k} Grill LLC`, `${k} Grill Express Inc`, `Alpha ${k} Grill LLC`]);
    expect(names(search(`${k} Grill, Inc.`))[0]).toBe(`${k} Grill LLC`);
    // the same order in suggestions, and across page boundaries
    expect(suggestBusinesses({ name: `${k} grill` }).map((s) => s.name)).toEqual([
      `${k} Grill LLC`,
      `${k} Grill Express Inc`,
      `Alpha ${k} Grill LLC`,
    ]);
    const pages = [1, 2, 3].map((page) => names(searchBusinesses({ name: `${k} grill`, page, limit: 1 }))[0]);
    expect(pages).toEqual([`${k} Grill LLC`, `${k} Grill Express Inc`, `Alpha ${k} Grill LLC`]);
  });

  it("keeps the index in step with renames and deletes", () => {
    const b = createBusiness({ name: `${unique("old")} Roofing LLC` });
    const renamed = `${unique("new")} Roofing LLC`;
    getDb().update(businesses).set({ name: renamed }).where(eq(businesses.id, b.id)).run();
    expect(search(b.name).pagination.total).toBe(0);
    expect(names(search(renamed))).toEqual([renamed]);
    getDb().delete(businesses).where(eq(businesses.id, b.id)).run();
    expect(search(renamed).pagination.total).toBe(0);
  });
});

describe("hostile input", () => {
  createBusiness({ name: `Near ${unique("h")} Or Not LLC` });
  const hostile = [
    "ᦀᦰᦁ", // a letter to JavaScript, a separator to the Unicode 6.1 tables of SQLite's tokenizer
    '"',
    '""',
    "'",
    "*",
    "**",
    "-",
    "- gulf",
    "NEAR",
    "NEAR(gulf logistics, 2)",
    "OR",
    "gulf OR sunshine",
    "AND NOT",
    "(",
    ")",
    "((gulf)",
    "^gulf",
    "gulf:*",
    "name:gulf",
    "{name}: x",
    "🙂",
    "🙂🙂 café 🏖️",
    "\u0000\u0001",
    "\\",
    "%_%",
    "' OR 1=1 --",
    "x".repeat(10_000),
    "word ".repeat(2_000),
    "ｇｕｌｆ", // full-width letters
    "ß İ ǅ",
  ];
  it.each(hostile.map((s) => [s.length > 30 ? `${s.slice(0, 20)}… (${s.length})` : s, s]))("%s never errors", (_label, text) => {
    for (const field of ["name", "doc", "city", "type", "status"] as const) {
      const result = searchBusinesses({ [field]: text, page: 1, limit: 10 });
      expect(result.pagination.page).toBe(1);
      expect(Array.isArray(result.businesses)).toBe(true);
    }
    expect(() => suggestBusinesses({ name: text })).not.toThrow();
    expect(() => suggestBusinesses({ doc: text })).not.toThrow();
  });

  it("reads NEAR and OR as plain words", () => {
    expect(search("near or not").businesses.length).toBe(1);
  });
});

describe("document number search", () => {
  const b = createBusiness({ documentNumber: "Q26000123456" });
  it("matches the full number or a prefix, with spaces, in any case", () => {
    for (const doc of ["Q26000123456", "q26000123456", "Q26 000 123 456", "q26-000", "Q2600012"]) {
      expect(searchBusinesses({ doc, page: 1, limit: 10 }).businesses.map((x) => x.id)).toContain(b.id);
    }
    expect(searchBusinesses({ doc: "Q260001234567", page: 1, limit: 10 }).businesses).toEqual([]);
    expect(searchBusinesses({ doc: "26000123456", page: 1, limit: 10 }).businesses).toEqual([]);
    expect(suggestBusinesses({ doc: "q26 0001" })).toEqual([
      { id: b.id, name: b.name, documentNumber: "Q26000123456", city: "Pembroke Park" },
    ]);
  });
});

describe("filters and paging", () => {
  const t = unique("pf");
  for (let i = 0; i < 23; i++) {
    createBusiness({
      name: `${t} Shop ${i}`,
      city: i % 2 === 0 ? "Pembroke Park" : "Miami",
      filingType: i % 3 === 0 ? "CORP" : "LLC",
      status: i < 20 ? "ACTIVE" : "INACTIVE",
      isClaimed: i === 5,
    });
  }

  it("combines name with city, filing type, status and claimed", () => {
    expect(search(t, { city: "Pembroke Park" }).pagination.total).toBe(12);
    expect(search(t, { type: "CORP" }).pagination.total).toBe(8);
    expect(search(t, { status: "inactive" }).pagination.total).toBe(3);
    expect(search(t, { claimed: true }).pagination.total).toBe(1);
    expect(search(t, { city: "Miami", type: "CORP", status: "ACTIVE" }).pagination.total).toBe(3);
    expect(search(t, { city: "Nowhere" }).pagination.total).toBe(0);
  });

  it("clamps the page into range and the limit into 1..100", () => {
    const last = searchBusinesses({ name: t, page: 99, limit: 10 });
    expect(last.pagination).toEqual({ page: 3, limit: 10, total: 23, totalPages: 3 });
    expect(last.businesses).toHaveLength(3);
    expect(searchBusinesses({ name: t, page: 0, limit: 10 }).pagination.page).toBe(1);
    expect(searchBusinesses({ name: t, page: -5, limit: 10 }).pagination.page).toBe(1);
    expect(searchBusinesses({ name: t, page: Number.NaN, limit: 10 }).pagination.page).toBe(1);
    expect(searchBusinesses({ name: t, page: 1, limit: 1000 }).pagination.limit).toBe(100);
    expect(searchBusinesses({ name: t, page: 1, limit: 0 }).pagination.limit).toBe(1);
    const none = search(unique("zz"));
    expect(none.pagination).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1 });
  });

  it("pages never repeat or skip a row", () => {
    const seen = [1, 2, 3].flatMap((page) => searchBusinesses({ name: t, page, limit: 10 }).businesses.map((b) => b.id));
    expect(seen).toHaveLength(23);
    expect(new Set(seen).size).toBe(23);
  });

  it("lists by filter alone, and suggestions stop at 5", () => {
    expect(searchBusinesses({ city: "Miami", page: 1, limit: 10 }).pagination.total).toBeGreaterThanOrEqual(11);
    expect(suggestBusinesses({ name: t })).toHaveLength(5);
    expect(suggestBusinesses({ name: "x" })).toEqual(suggestBusinesses({ name: "x" }));
  });

  it("caps counts at COUNT_CAP", () => {
    expect(COUNT_CAP).toBe(10_000);
    expect(searchBusinesses({ page: 1, limit: 10 }).capped).toBe(false);
  });
});
