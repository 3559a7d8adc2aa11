import { describe, expect, it } from "vitest";
import { formatCardDate, formatLongDate, formatTownTime, isoDate } from "~/lib/dates";
import { centsToDecimal, computeFee, formatCents } from "~/lib/fee";
import { filingTypeLabel } from "~/lib/filing-types";
import { fiscalYearLabel, fiscalYearRange } from "~/lib/fiscal-year";
import { pageItems, paginate, parsePage } from "~/lib/pagination";
import { statusColour } from "~/lib/status";

describe("fee", () => {
  it("is $100 + $5 per employee + $10 per vehicle, in cents", () => {
    expect(computeFee(0, 0).totalCents).toBe(10000);
    expect(computeFee(3, 2).totalCents).toBe(13500);
    expect(computeFee(null, undefined).totalCents).toBe(10000);
  });
  it("counts negatives as 0 and ignores fractions", () => {
    expect(computeFee(-5, -1).totalCents).toBe(10000);
    expect(computeFee(2.9, Number.NaN).totalCents).toBe(11000);
  });
  it("formats dollars", () => {
    expect(formatCents(13500)).toBe("$135.00");
    expect(formatCents(123456789)).toBe("$1,234,567.89");
    expect(centsToDecimal(13505)).toBe("135.05");
    expect(centsToDecimal(7)).toBe("0.07");
  });
});

describe("dates", () => {
  it("formats cards and receipts with the spec's patterns", () => {
    expect(formatCardDate("2024-01-05")).toBe("Jan 5, 2024");
    expect(formatLongDate(new Date(2026, 9, 1))).toBe("October 1, 2026");
    expect(formatCardDate(null)).toBe("Unknown date");
    expect(formatCardDate("not a date")).toBe("Unknown date");
    expect(isoDate("2024-01-05")).toBe("2024-01-05");
    expect(isoDate(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)))).toBe("2026-01-02T03:04:05.000Z");
  });

  it("writes staff pages' moments on the town's clock, in the reader's language, with the zone", () => {
    expect(formatTownTime("2026-11-28T10:45:00Z")).toMatch(/^Nov 28, 2026, 5:45\sAM EST$/);
    expect(formatTownTime(new Date("2026-07-28T10:45:00Z"), "es")).toMatch(/^28 jul 2026, 6:45\sa\.\s?m\. EDT$/);
    // 03:30 UTC on December 1 is still November 30 in the town.
    expect(formatTownTime("2026-12-01T03:30:00Z", "es")).toMatch(/^30 nov 2026, 10:30\s?p\.\s?m\. EST$/);
    expect(formatTownTime(null, "es", "nunca")).toBe("nunca");
  });
});

describe("fiscal year", () => {
  it("runs October 1 to September 30 in the town's time zone (America/New_York)", () => {
    expect(fiscalYearLabel(new Date("2026-09-30T23:59:59-04:00"))).toBe("2025-2026");
    // 00:30 UTC on October 1 is still September 30 in Pembroke Park.
    expect(fiscalYearLabel(new Date(Date.UTC(2026, 9, 1, 0, 30)))).toBe("2025-2026");
    expect(fiscalYearLabel(new Date("2026-10-01T00:00:00-04:00"))).toBe("2026-2027");
    expect(fiscalYearRange(new Date(Date.UTC(2026, 10, 21)))).toEqual({
      from: new Date("2026-10-01T00:00:00-04:00"),
      to: new Date("2027-10-01T00:00:00-04:00"),
    });
  });
});

describe("labels", () => {
  it("maps filing types and shows unknown values as-is", () => {
    expect(filingTypeLabel("LLC")).toBe("Limited Liability Company");
    expect(filingTypeLabel("ABN")).toBe("Doing Business As");
    expect(filingTypeLabel("sole_proprietorship", { detail: true })).toBe("Sole Proprietorship");
    expect(filingTypeLabel("sole_proprietorship")).toBe("sole_proprietorship");
    expect(filingTypeLabel("XYZ")).toBe("XYZ");
  });
  it("colours status badges case-insensitively", () => {
    expect(statusColour("active")).toBe("green");
    expect(statusColour("REVOKED")).toBe("red");
    expect(statusColour("Pending")).toBe("yellow");
    expect(statusColour("WITHDRAWN")).toBe("gray");
    expect(statusColour("MERGED")).toBe("blue");
  });
});

describe("pagination", () => {
  it("parses odd page values as 1", () => {
    expect(parsePage("3")).toBe(3);
    for (const bad of ["0", "-2", "abc", "1.5", "", null]) expect(parsePage(bad)).toBe(1);
  });
  it("clamps the page into range", () => {
    expect(paginate(25, 9, 10)).toMatchObject({ page: 3, totalPages: 3, offset: 20 });
    expect(paginate(0, 4, 10)).toMatchObject({ page: 1, totalPages: 1, offset: 0 });
  });
  it("shows first, last, current +/- 1 and ellipses", () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, "ellipsis", 5]);
    expect(pageItems(5, 10)).toEqual([1, "ellipsis", 4, 5, 6, "ellipsis", 10]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(10, 10)).toEqual([1, "ellipsis", 9, 10]);
  });
});

describe("dates in any time zone", () => {
  it("shows calendar dates as that day and timestamps in UTC", () => {
    expect(formatCardDate("2024-12-31")).toBe("Dec 31, 2024");
    expect(formatCardDate("2024-02-30")).toBe("Unknown date");
    expect(formatLongDate(new Date(Date.UTC(2027, 9, 1, 0, 0, 0)))).toBe("October 1, 2027");
    expect(formatCardDate("2026-11-21T23:30:00.000Z")).toBe("Nov 21, 2026");
    expect(formatCardDate(Number.NaN)).toBe("Unknown date");
    expect(formatCardDate("2024-09-07")).toBe("Sep 7, 2024");
  });
});
