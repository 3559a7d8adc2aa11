/**
 * Words longer than a full-text index's prefix lists (names: 12 characters, people: 6) are looked
 * up as the index's own words (app/models/fts-vocabulary.server.ts), and a person's name without
 * a business name is listed from people_fts (personListing). Both must give exactly the answers
 * of the plain prefix query.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businessOfficers, type Business } from "~/db/schema";
import { buildNameQuery } from "~/lib/search-query";
import { indexWords, MAX_WORDS, NAME_INDEX, PEOPLE_INDEX } from "~/models/fts-vocabulary.server";
import { uncachedSearch, type SearchParams } from "~/models/business-search.server";
import { createBusiness } from "../support/factories";

const client = () => getDb().$client;
const search = (params: SearchParams) => uncachedSearch(client(), { page: 1, limit: 100, ...params });
const ids = (params: SearchParams) => search(params).businesses.map((b) => b.id);

/** The businesses whose name (as the index holds it) has a word starting with `prefix`, by id. */
const byNamePrefix = (prefix: string) =>
  (client().prepare("SELECT rowid FROM businesses_fts WHERE businesses_fts MATCH ? ORDER BY rowid").pluck().all(`"${prefix}"*`) as number[]);

describe("a name word longer than the index's prefix lists", () => {
  const word = "zephyrwoodcraft"; // 15 letters
  let exact: Business, longer: Business, other: Business;
  beforeAll(() => {
    exact = createBusiness({ name: "Zephyrwoodcraft" });
    longer = createBusiness({ name: "Coastal Zephyrwoodcrafters LLC" });
    other = createBusiness({ name: "Zephyrwood Crafts" });
  });

  it("is written as the index's words that start with it, and finds the same rows", () => {
    const wordsFor = indexWords(client(), NAME_INDEX);
    expect(wordsFor(word)).toEqual(["zephyrwoodcraft", "zephyrwoodcrafters"]);
    expect(buildNameQuery("Zephyrwoodcraft", wordsFor)!.all).toBe('("zephyrwoodcraft" OR "zephyrwoodcrafters")');
    // words within the prefix lists stay prefixes
    expect(wordsFor("zephyr")).toBeNull();
    expect(ids({ name: word })).toEqual([exact.id, longer.id]);
    expect(byNamePrefix(word)).toEqual([exact.id, longer.id]);
    expect(ids({ name: "zephyrwood" })).toEqual(expect.arrayContaining([exact.id, longer.id, other.id]));
  });

  it("matches nothing when no word of the index starts with it", () => {
    expect(indexWords(client(), NAME_INDEX)("zephyrwoodcraftsmanship")).toEqual([]);
    expect(buildNameQuery("zephyrwoodcraftsmanship", indexWords(client(), NAME_INDEX))!.all).toBe('"zephyrwoodcraftsmanship"');
    expect(search({ name: "zephyrwoodcraftsmanship" }).pagination.total).toBe(0);
  });

  it("stays a prefix query past MAX_WORDS words, with the same answers", () => {
    const many = Array.from({ length: MAX_WORDS + 1 }, (_, i) =>
      createBusiness({ name: `Quartermastery${String.fromCharCode(97 + i)} Supply` }),
    );
    expect(indexWords(client(), NAME_INDEX)("quartermastery")).toBeNull();
    expect(search({ name: "quartermastery" }).pagination.total).toBe(MAX_WORDS + 1);
    expect(ids({ name: "quartermastery" }).sort((a, b) => a - b)).toEqual(many.map((b) => b.id));
    // one fewer word than the limit: the words themselves
    expect(indexWords(client(), NAME_INDEX)("quartermasterya")).toEqual(["quartermasterya"]);
  });
});

describe("a listing by an officer's or agent's name", () => {
  const officer = (businessId: number, position: number, name: string) =>
    getDb().insert(businessOfficers).values({ businessId, position, name, title: "MGR", type: "P" }).run();
  let a: Business, b: Business, c: Business, d: Business;
  beforeAll(() => {
    a = createBusiness({ name: "Harbor Lights Bakery", city: "Miami", status: "ACTIVE" });
    b = createBusiness({ name: "Anchor Point Marine", city: "Miami", status: "INACTIVE" });
    c = createBusiness({ name: "Beacon Hill Books", city: "Tampa", status: "ACTIVE" });
    d = createBusiness({ name: "Driftwood Tiles", city: "Miami", status: "ACTIVE", agentName: "VANDERQUIXOTE, ELENA" });
    officer(a.id, 1, "VANDERQUIXOTE, MARIA T");
    officer(a.id, 2, "VANDERQUIXOTE, PEDRO");
    officer(b.id, 1, "VANDERQUIXOTES, ANA");
    officer(c.id, 3, "VANDERQUIXOTE, MARIA");
  });

  /** The plain reading: businesses with a person whose name has the words as prefixes, in the listing's order. */
  function reference(person: string, where = "1", params: unknown[] = [], order = "b.id") {
    const match = person
      .split(" ")
      .map((w) => `"${w}"*`)
      .join(" AND ");
    return client()
      .prepare(
        `SELECT b.id FROM businesses b WHERE ${where} AND b.id IN (SELECT rowid >> 3 FROM people_fts WHERE people_fts MATCH ?) ORDER BY ${order}`,
      )
      .pluck()
      .all(...params, match) as number[];
  }

  it("finds every business of the person's name, in id order, with the count and the reasons", () => {
    expect(indexWords(client(), PEOPLE_INDEX)("vanderquixote")).toEqual(["vanderquixote", "vanderquixotes"]);
    const result = search({ person: "Vanderquixote" });
    expect(result.businesses.map((x) => x.id)).toEqual([a.id, b.id, c.id, d.id]);
    expect(result.businesses.map((x) => x.id)).toEqual(reference("vanderquixote"));
    expect(result.pagination.total).toBe(4);
    expect(result.businesses[0].matchedBy).toEqual(["Officer: VANDERQUIXOTE, MARIA T", "Officer: VANDERQUIXOTE, PEDRO"]);
    expect(result.businesses[1].matchedBy).toEqual(["Officer: VANDERQUIXOTES, ANA"]);
    expect(result.businesses[3].matchedBy).toEqual(["Registered agent: VANDERQUIXOTE, ELENA"]);
    expect(ids({ person: "maria vanderquixote" })).toEqual(reference("maria vanderquixote"));
    expect(ids({ person: "maria vanderquixote" })).toEqual([a.id, c.id]);
  });

  it("pages through the distinct businesses (a business with two matching officers counts once)", () => {
    const pages = [1, 2, 3, 4].map((page) => uncachedSearch(client(), { person: "vanderquixote", page, limit: 1 }));
    expect(pages.map((p) => p.businesses.map((x) => x.id))).toEqual([[a.id], [b.id], [c.id], [d.id]]);
    expect(pages.every((p) => p.pagination.total === 4)).toBe(true);
  });

  it("applies the other filters as the general listing does, in its order", () => {
    expect(ids({ person: "vanderquixote", city: "Miami" })).toEqual(
      reference("vanderquixote", "b.city = ?", ["Miami"], "b.name, b.id"),
    );
    expect(ids({ person: "vanderquixote", city: "Miami" })).toEqual([b.id, d.id, a.id]);
    expect(ids({ person: "vanderquixote", status: "ACTIVE" })).toEqual(reference("vanderquixote", "b.status = ?", ["ACTIVE"]));
    expect(ids({ person: "vanderquixote", doc: c.documentNumber })).toEqual([c.id]);
    expect(ids({ person: "vanderquixote", city: "Nowhere" })).toEqual([]);
    expect(ids({ person: "vanderquixote", name: "harbor" })).toEqual([a.id]);
  });

  it("finds nothing for a name nobody has, and ignores what is not a word", () => {
    expect(ids({ person: "vanderquixotesson" })).toEqual([]);
    expect(search({ person: "*** --" }).pagination.total).toBe(0);
  });
});
