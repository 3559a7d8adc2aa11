/**
 * Deterministic generator of realistic Florida registry rows, shared by the demo seed and the
 * search benchmark. The same index always yields the same business. What the rows look like
 * (cities, name words, statuses, types and their weights) is in registry-distributions.ts.
 */
import {
  CITIES,
  cityZips,
  FILING_TYPE_WEIGHTS,
  NAME_FIRST_WORDS,
  NAME_SECOND_WORDS,
  pickWeighted,
  STATUS_WEIGHTS,
} from "./registry-distributions";

export const FILING_TYPES = ["CORP", "LLC", "FIC", "FICA", "LIC", "ABN", "LLLP", "LP"] as const;
export const STATUSES = ["ACTIVE", "INACTIVE", "PENDING", "DISSOLVED", "REVOKED", "WITHDRAWN"] as const;

/** Real streets of the Town of Pembroke Park, Broward County. */
export const PEMBROKE_PARK_STREETS = [
  "SW 52nd Ave",
  "Pembroke Rd",
  "W Hallandale Beach Blvd",
  "S State Road 7",
  "SW 56th Ave",
  "SW 41st St",
  "SW 30th Ave",
  "SW 31st St",
  "SW 25th St",
  "SW 21st St",
  "W County Line Rd",
  "SW 45th Ave",
];
export const PEMBROKE_PARK_ZIPS = ["33009", "33023"];

/** Florida's cities other than the town, with ZIP codes (registry-distributions.ts weighs them). */
export const OTHER_CITIES: { city: string; zips: string[] }[] = CITIES.items
  .filter((city) => city !== "Pembroke Park")
  .map((city) => ({ city, zips: cityZips(city) }));

const STREET_NAMES = [
  "Main St", "Ocean Dr", "Biscayne Blvd", "Palm Ave", "Coral Way", "Flagler St", "Orange Ave",
  "Bay St", "Beach Blvd", "Sunrise Blvd", "Las Olas Blvd", "Dixie Hwy", "Federal Hwy", "Atlantic Ave",
  "Gulf Blvd", "Park Ave", "Magnolia St", "Cypress Ave", "Mangrove Ln", "Seminole Dr", "Osceola Pkwy",
];

const NAME_FIRST = NAME_FIRST_WORDS;

const NAME_SECOND = NAME_SECOND_WORDS;

const SUFFIX_BY_TYPE: Record<string, string[]> = {
  CORP: ["Inc", "Inc.", "Corp", "Corporation", "Co."],
  LLC: ["LLC", "L.L.C."],
  FIC: ["Inc", "Corporation"],
  FICA: ["Inc", "Corp"],
  LIC: ["Ltd", "Limited Company"],
  ABN: [""],
  LLLP: ["LLLP"],
  LP: ["LP", "L.P."],
};

/** Sunbiz-style document number prefix letter per filing type. */
const DOC_LETTER: Record<string, string> = {
  CORP: "P", LLC: "L", FIC: "F", FICA: "F", LIC: "M", ABN: "G", LLLP: "B", LP: "A",
};

const CATEGORIES = [
  "Restaurant", "Automotive", "Retail", "Construction", "Professional Services", "Health Care",
  "Real Estate", "Transportation", "Personal Services", "Wholesale",
];

/** mulberry32: tiny, fast, deterministic. */
export function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, list: readonly T[]): T => list[Math.floor(r() * list.length)];

export type GeneratedBusiness = {
  name: string;
  documentNumber: string;
  filingType: string;
  status: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  registeredOn: string;
  category: string | null;
  verificationCode: string;
};

/**
 * Business number `index` (0-based). `inTown` places it in Pembroke Park. Document numbers are
 * unique per index: letter + 2-digit year + 9-digit sequence (never colliding with the fixtures,
 * whose sequences are below 1000).
 */
export function generateBusiness(index: number, inTown: boolean): GeneratedBusiness {
  const r = rng(index * 2654435761 + 17);
  // Weighted so the registry looks like Florida's: mostly LLCs and corporations, mostly inactive.
  const filingType = pickWeighted(FILING_TYPE_WEIGHTS, r());
  const status = pickWeighted(STATUS_WEIGHTS, r());
  const suffix = pick(r, SUFFIX_BY_TYPE[filingType]);
  const base = `${pick(r, NAME_FIRST)} ${pick(r, NAME_SECOND)}`;
  // A trailing number keeps generated names distinct enough to be useful as search targets.
  const variant = index % 7 === 0 ? ` ${(index % 97) + 1}` : "";
  const name = `${base}${variant}${suffix ? ` ${suffix}` : ""}`;
  const year = 1990 + Math.floor(r() * 36);
  const month = 1 + Math.floor(r() * 12);
  const day = 1 + Math.floor(r() * 28);
  const place = inTown
    ? { city: "Pembroke Park", zip: pick(r, PEMBROKE_PARK_ZIPS), street: pick(r, PEMBROKE_PARK_STREETS) }
    : (() => {
        // By the cities' weights: a few large ones, a long tail of towns, Pembroke Park among them.
        const city = pickWeighted(CITIES, r());
        if (city === "Pembroke Park") return { city, zip: pick(r, PEMBROKE_PARK_ZIPS), street: pick(r, PEMBROKE_PARK_STREETS) };
        return { city, zip: pick(r, cityZips(city)), street: pick(r, STREET_NAMES) };
      })();
  const houseNumber = 100 + Math.floor(r() * 9800);
  return {
    name,
    documentNumber: `${DOC_LETTER[filingType]}${String(year % 100).padStart(2, "0")}${String(index + 1000).padStart(9, "0")}`,
    filingType,
    status,
    address1: `${houseNumber} ${place.street}`,
    address2: r() < 0.2 ? `Suite ${100 + Math.floor(r() * 400)}` : null,
    city: place.city,
    state: "FL",
    zip: place.zip,
    registeredOn: `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`,
    category: r() < 0.7 ? pick(r, CATEGORIES) : null,
    verificationCode: String(Math.floor(r() * 9_000_000) + 1_000_000),
  };
}
