/**
 * Deterministic generator of realistic Florida registry rows, shared by the demo seed and the
 * search benchmark. The same index always yields the same business. What the rows look like
 * (cities, name words, statuses, types and their weights) is in registry-distributions.ts.
 */
import type { CordataInput } from "~/lib/cordata-writer";
import {
  CITIES,
  cityZips,
  FILING_TYPE_WEIGHTS,
  NAME_FIRST_WORDS,
  NAME_SECOND_WORDS,
  personName,
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

// ---------------------------------------------------------------------------------------------
// The same registry in the state's own layout (cordata), for `npm run registry:import`: the
// benchmark registry and the demo seed are loaded through the importer.

/** Product filing type -> a state filing code that maps back to it (app/lib/cordata.ts). */
const STATE_CODE: Record<string, string[]> = {
  CORP: ["DOMP", "DOMP", "DOMP", "DOMNP"],
  LLC: ["FLAL", "FLAL", "FLAL", "FORL"],
  FIC: ["FORP"],
  FICA: ["FORNP"],
  LIC: ["FORL"],
  ABN: ["TRUST"],
  LLLP: ["DOMLP"],
  LP: ["DOMLP", "FORLP"],
};

export const AGENT_COMPANIES = [
  "REGISTERED AGENTS INC.", "CORPORATION SERVICE COMPANY", "C T CORPORATION SYSTEM",
  "SUNSHINE REGISTERED AGENT LLC", "NORTHWEST REGISTERED AGENT LLC", "FLORIDA AGENT SERVICES INC",
];
const CORP_TITLES = ["P", "V", "T", "S", "D", "C"];
const LLC_TITLES = ["MGR", "AMBR", "MGRM", "AP"];

const up = (s: string | null | undefined) => (s ? s.toUpperCase() : "");
const mmddyyyy = (iso: string) => `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(0, 4)}`;

/**
 * Business number `index` as a cordata record: the same name, number, type, address and date as
 * generateBusiness, plus what the state's file adds (mailing address, FEI, agent, officers,
 * annual reports), upper-cased as the state writes it.
 */
export function generateCordataRecord(index: number, inTown: boolean): CordataInput {
  const b = generateBusiness(index, inTown);
  const r = rng(index * 7919 + 101);
  const person = () => personName(r);
  const isLlc = b.filingType === "LLC" || b.filingType === "LIC";
  const officerCount = Math.floor(r() * 4) + (r() < 0.05 ? 3 : 0); // 0..6, mostly 1-3
  const officers = Array.from({ length: officerCount }, (_, i) => ({
    title: isLlc ? pick(r, LLC_TITLES) : CORP_TITLES[i % CORP_TITLES.length],
    type: "P",
    name: person(),
    address: up(b.address1),
    city: up(b.city),
    state: "FL",
    zip: b.zip,
  }));
  const agentIsCompany = r() < 0.35;
  const year = Number(b.registeredOn.slice(0, 4));
  const active = b.status === "ACTIVE";
  const reports = active
    ? [2026, 2025, 2024].filter((y) => y > year).map((y) => ({ year: y, filedOn: `0${1 + Math.floor(r() * 4)}${String(1 + Math.floor(r() * 28)).padStart(2, "0")}${y}` }))
    : [];
  const mailingDiffers = r() < 0.25;
  return {
    documentNumber: b.documentNumber,
    name: up(b.name),
    status: active ? "A" : "I",
    filingType: pick(r, STATE_CODE[b.filingType] ?? ["DOMP"]),
    principal: { address1: up(b.address1), address2: up(b.address2), city: up(b.city), state: b.state, zip: b.zip, country: "US" },
    mailing: mailingDiffers
      ? { address1: `P.O. BOX ${100 + Math.floor(r() * 9000)}`, city: up(b.city), state: "FL", zip: b.zip, country: "US" }
      : { address1: up(b.address1), address2: up(b.address2), city: up(b.city), state: b.state, zip: b.zip, country: "US" },
    fileDate: mmddyyyy(b.registeredOn),
    fei: r() < 0.4 ? `${10 + Math.floor(r() * 89)}-${String(Math.floor(r() * 10_000_000)).padStart(7, "0")}` : undefined,
    lastTransactionDate: reports[0]?.filedOn ?? mmddyyyy(b.registeredOn),
    formationState: b.filingType === "FIC" || b.filingType === "FICA" ? pick(r, ["DE", "NY", "GA", "TX"]) : undefined,
    annualReports: reports,
    agent: agentIsCompany
      ? { name: pick(r, AGENT_COMPANIES), type: "C", address: "1200 S PINE ISLAND RD", city: "PLANTATION", state: "FL", zip: "33324" }
      : { name: officers[0]?.name ?? person(), type: "P", address: up(b.address1), city: up(b.city), state: "FL", zip: b.zip },
    officers,
  };
}

/**
 * Writes businesses `from .. from + count - 1` to `file` in the state's layout (Latin-1, CRLF, as
 * the state publishes it), streaming. `inTown(i)` places business i in the town.
 */
export async function writeCordataFile(
  file: string,
  from: number,
  count: number,
  inTown: (index: number) => boolean,
): Promise<void> {
  const { formatCordataLine } = await import("~/lib/cordata-writer");
  const { default: iconv } = await import("iconv-lite");
  const fs = await import("node:fs");
  const out = fs.createWriteStream(file);
  let batch: string[] = [];
  const flush = async () => {
    if (!out.write(iconv.encode(batch.join(""), "latin1"))) await new Promise<void>((resolve) => out.once("drain", () => resolve()));
    batch = [];
  };
  for (let i = from; i < from + count; i++) {
    batch.push(`${formatCordataLine(generateCordataRecord(i, inTown(i)))}\r\n`);
    if (batch.length === 2000) await flush();
  }
  if (batch.length) await flush();
  await new Promise<void>((resolve, reject) => out.end((error?: Error | null) => (error ? reject(error) : resolve())));
}

/**
 * The demo registry file (data-seed/demo-cordata.txt, loaded by the demo seed through the
 * importer): the three walkthrough businesses as the state would list them (same names, numbers
 * and addresses as the seed's rows, so their pages gain an agent, officers and annual reports),
 * then `extra` more Pembroke Park businesses written upper case, as the state writes them.
 */
export function demoCordataRecords(extra = 40): CordataInput[] {
  const agent = { name: "SUNSHINE REGISTERED AGENT LLC", type: "C", address: "1200 S PINE ISLAND RD", city: "PLANTATION", state: "FL", zip: "33324" };
  const fixtures: CordataInput[] = [
    {
      documentNumber: "L24000000001",
      name: "Pembroke Park Demo Bakery LLC",
      status: "A",
      filingType: "FLAL",
      principal: { address1: "3150 SW 52nd Ave", city: "Pembroke Park", state: "FL", zip: "33023", country: "US" },
      mailing: { address1: "P.O. BOX 841", city: "HALLANDALE BEACH", state: "FL", zip: "33009", country: "US" },
      fileDate: "2024-01-15",
      fei: "92-3456781",
      lastTransactionDate: "2026-02-03",
      annualReports: [
        { year: 2026, filedOn: "2026-02-03" },
        { year: 2025, filedOn: "2025-03-14" },
      ],
      agent,
      officers: [
        { title: "MGR", type: "P", name: "RIVERA, ANA M", address: "3150 SW 52ND AVE", city: "PEMBROKE PARK", state: "FL", zip: "33023" },
        { title: "AMBR", type: "P", name: "O'CONNOR, SEAN", address: "812 SW 21ST ST", city: "PEMBROKE PARK", state: "FL", zip: "33023" },
      ],
    },
    {
      documentNumber: "P24000000002",
      name: "Sunshine Auto Repair Inc",
      status: "A",
      filingType: "DOMP",
      principal: { address1: "2301 W Hallandale Beach Blvd", city: "Pembroke Park", state: "FL", zip: "33009", country: "US" },
      mailing: { address1: "2301 W HALLANDALE BEACH BLVD", city: "PEMBROKE PARK", state: "FL", zip: "33009", country: "US" },
      fileDate: "2024-03-04",
      fei: "92-1234567",
      lastTransactionDate: "2026-01-20",
      annualReports: [
        { year: 2026, filedOn: "2026-01-20" },
        { year: 2025, filedOn: "2025-01-28" },
      ],
      agent: { name: "GARCIA, LUIS", type: "P", address: "2301 W HALLANDALE BEACH BLVD", city: "PEMBROKE PARK", state: "FL", zip: "33009" },
      officers: [
        { title: "P", type: "P", name: "GARCIA, LUIS", address: "2301 W HALLANDALE BEACH BLVD", city: "PEMBROKE PARK", state: "FL", zip: "33009" },
        { title: "S", type: "P", name: "GARCIA, MARÍA E", address: "2301 W HALLANDALE BEACH BLVD", city: "PEMBROKE PARK", state: "FL", zip: "33009" },
      ],
    },
    {
      documentNumber: "L24000000003",
      name: "Gulfstream Logistics LLC",
      status: "A",
      filingType: "FLAL",
      principal: { address1: "4100 Pembroke Rd", address2: "Unit 5", city: "Pembroke Park", state: "FL", zip: "33023", country: "US" },
      mailing: { address1: "4100 PEMBROKE RD", address2: "UNIT 5", city: "PEMBROKE PARK", state: "FL", zip: "33023", country: "US" },
      fileDate: "2024-06-20",
      lastTransactionDate: "2026-04-30",
      annualReports: [
        { year: 2026, filedOn: "2026-04-30" },
        { year: 2025, filedOn: "2025-04-11" },
      ],
      agent,
      officers: [{ title: "MGR", type: "P", name: "NGUYEN, THANH", address: "4100 PEMBROKE RD", city: "PEMBROKE PARK", state: "FL", zip: "33023" }],
    },
  ];
  const more = Array.from({ length: extra }, (_, i) => generateCordataRecord(900_000 + i, true));
  return [...fixtures, ...more];
}
