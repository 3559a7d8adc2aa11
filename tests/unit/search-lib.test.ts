import { describe, expect, it } from "vitest";
import { formatCardDate } from "~/lib/dates";
import { commonIds, hasId, mergedIds } from "~/lib/id-lists";
import { buildNameKeys, nameKey, normalizeDocNumber, prefixUpperBound } from "~/lib/search-query";
import { readSearchFilters, searchQueryString } from "~/lib/search-params";

describe("search helpers", () => {
  it("formats registry dates as 'MMM d, yyyy'", () => {
    expect(formatCardDate("2024-01-05")).toBe("Jan 5, 2024");
    expect(formatCardDate(null)).toBe("Unknown date");
    expect(formatCardDate("2024-13-01")).toBe("Unknown date");
  });

  it("keys names like the SQL index expression and lists exact forms without suffixes", () => {
    expect(nameKey("O'Malley's Pub, L.L.C.")).toBe("omalleys pub llc");
    expect(nameKey("CAFÉ Olé")).toBe("cafÉ olé"); // SQLite lower() folds ASCII only
    expect(buildNameKeys("  Gulfstream   Logistics, Inc. ")?.exact).toEqual(
      expect.arrayContaining(["gulfstream logistics inc", "gulfstream logistics", "gulfstream logistics llc"]),
    );
    expect(buildNameKeys("   ")).toBeNull();
  });

  it("merges ascending id lists in order, each id once, up to a count, and finds an id in one", () => {
    const lists = [[1, 4, 9, 12], [2, 4, 5], [], [9, 10, 13]];
    expect(mergedIds(lists, Infinity)).toEqual([1, 2, 4, 5, 9, 10, 12, 13]);
    expect(mergedIds(lists, 5)).toEqual([1, 2, 4, 5, 9]);
    expect(mergedIds([[3, 3, 7]], 2)).toEqual([3, 7]);
    expect(mergedIds([], 3)).toEqual([]);
    expect([1, 4, 9, 10, 13, 0].map((id) => hasId([1, 4, 9, 10, 13], id))).toEqual([true, true, true, true, true, false]);
    expect([hasId([], 3), hasId([2, 5], 3), hasId([2, 5], 6)]).toEqual([false, false, false]);
    // A person's entries repeat a business (its agent and officers); a name's matches do not.
    expect(commonIds([2, 2, 2, 5, 7, 7, 11, 12], [1, 2, 7, 8, 11, 13])).toEqual([2, 7, 11]);
    expect(commonIds([1, 2, 2], [2, 2, 3])).toEqual([2]);
    expect([commonIds([], [1]), commonIds([1, 3], [2, 4])]).toEqual([[], []]);
  });

  it("normalises document numbers and prefix bounds", () => {
    expect(normalizeDocNumber(" l24 000-000 03 ")).toBe("L2400000003");
    expect(prefixUpperBound("L24")).toBe("L25");
    expect(prefixUpperBound("L2Z")).toBe("L2[");
  });

  it("cuts each filter to 200 characters", () => {
    const filters = readSearchFilters(new URLSearchParams({ name: "n".repeat(5000), doc: "d".repeat(300), city: "c".repeat(201) }));
    expect([filters.name.length, filters.doc.length, filters.city.length]).toEqual([200, 200, 200]);
  });

  it("reads q as name, 'all' as no city, and writes only filled fields", () => {
    expect(readSearchFilters(new URLSearchParams("q=bakery&city=all"))).toMatchObject({ name: "bakery", city: "" });
    expect(searchQueryString({ name: " x ", doc: "", city: "all", type: "LLC" }, 2)).toBe("?name=x&type=LLC&page=2");
    expect(searchQueryString({})).toBe("");
  });
});
