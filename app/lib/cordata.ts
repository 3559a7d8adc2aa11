/**
 * Florida's corporate data file ("cordata", Sunbiz bulk data): the fixed-width record layout and
 * a pure parser of one line. Layout: /work/shared/florida/cordata-layout.md (README "Registry
 * import"). Nothing here touches files or the database, so the pages may use the code mappings.
 *
 * Positions below are 0-based offsets (the layout document's 1-based start minus one).
 */

export const RECORD_LENGTH = 1440;
export const OFFICER_COUNT = 6;
const OFFICER_START = 668;
const OFFICER_LENGTH = 128;

export type CordataAddress = {
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  country: string | null;
};

export type CordataOfficer = {
  /** 1..6: the block the officer came from. */
  position: number;
  /** The state's title code as written (P, V, T, S, C, D, MGR, AMBR, ...). */
  title: string | null;
  /** P person, C corporation. */
  type: string | null;
  name: string;
  address: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
};

export type CordataAnnualReport = {
  /** 1..3: the slot it came from. */
  position: number;
  year: number | null;
  flag: string | null;
  /** ISO date, yyyy-MM-dd. */
  filedOn: string | null;
};

export type CordataRecord = {
  documentNumber: string;
  name: string;
  /** The state's status code (A, I). */
  stateStatus: string | null;
  /** The state's filing type code (DOMP, FLAL, ...). */
  stateFilingType: string | null;
  principal: CordataAddress;
  mailing: CordataAddress;
  /** ISO date of formation or qualification. */
  fileDate: string | null;
  fei: string | null;
  moreThanSixOfficers: boolean;
  lastTransactionDate: string | null;
  formationState: string | null;
  annualReports: CordataAnnualReport[];
  agent: {
    name: string | null;
    type: string | null;
    address: string | null;
    city: string | null;
    state: string | null;
    zip: string | null;
  };
  officers: CordataOfficer[];
};

export type ParseResult = { ok: true; record: CordataRecord } | { ok: false; reason: string };

/** A field: trimmed, null when blank. */
function field(line: string, start: number, length: number): string | null {
  const value = line.slice(start, start + length).trim();
  return value === "" ? null : value;
}

class BadDate extends Error {}

/** MMDDYYYY -> yyyy-MM-dd; blank or all zeros -> null; anything else throws BadDate. */
export function parseStateDate(value: string | null, what = "date"): string | null {
  if (value === null || /^0+$/.test(value)) return null;
  const m = /^(\d{2})(\d{2})(\d{4})$/.exec(value);
  if (!m) throw new BadDate(`unparseable ${what} "${value}"`);
  const [, mm, dd, yyyy] = m;
  const month = Number(mm);
  const day = Number(dd);
  const year = Number(yyyy);
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1800 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    throw new BadDate(`unparseable ${what} "${value}"`);
  }
  return `${yyyy}-${mm}-${dd}`;
}

function address(line: string, at: number, zipLength = 10, withCountry = true): CordataAddress {
  return {
    address1: field(line, at, 42),
    address2: field(line, at + 42, 42),
    city: field(line, at + 84, 28),
    state: field(line, at + 112, 2),
    zip: field(line, at + 114, zipLength),
    country: withCountry ? field(line, at + 114 + zipLength, 2) : null,
  };
}

/**
 * One line (without its line break) -> a record, or the reason it is not one. Short lines are
 * padded with spaces (the state drops trailing blanks); longer ones are rejected.
 */
export function parseCordataLine(raw: string): ParseResult {
  if (raw.length > RECORD_LENGTH) {
    return { ok: false, reason: `wrong length: ${raw.length} characters, a record has ${RECORD_LENGTH}` };
  }
  const line = raw.length < RECORD_LENGTH ? raw.padEnd(RECORD_LENGTH, " ") : raw;
  const documentNumber = field(line, 0, 12);
  if (!documentNumber) return { ok: false, reason: "no document number" };
  if (!/^[A-Z0-9]+$/.test(documentNumber)) return { ok: false, reason: `malformed document number "${documentNumber}"` };
  try {
    const annualReports: CordataAnnualReport[] = [];
    for (let i = 0; i < 3; i++) {
      const at = 505 + 13 * i;
      const year = field(line, at, 4);
      const flag = field(line, at + 4, 1);
      const filedOn = parseStateDate(field(line, at + 5, 8), `annual report ${i + 1} date`);
      if (year === null && filedOn === null) continue;
      if (year !== null && !/^\d{4}$/.test(year)) throw new BadDate(`unparseable annual report ${i + 1} year "${year}"`);
      annualReports.push({ position: i + 1, year: year === null ? null : Number(year), flag, filedOn });
    }
    const officers: CordataOfficer[] = [];
    for (let i = 0; i < OFFICER_COUNT; i++) {
      const at = OFFICER_START + OFFICER_LENGTH * i;
      const name = field(line, at + 5, 42);
      if (name === null) continue; // a block of spaces (or with no name) is no officer
      officers.push({
        position: i + 1,
        title: field(line, at, 4),
        type: field(line, at + 4, 1),
        name,
        address: field(line, at + 47, 42),
        city: field(line, at + 89, 28),
        state: field(line, at + 117, 2),
        zip: field(line, at + 119, 9),
      });
    }
    return {
      ok: true,
      record: {
        documentNumber,
        name: field(line, 12, 192) ?? "",
        stateStatus: field(line, 204, 1),
        stateFilingType: field(line, 205, 15),
        principal: address(line, 220),
        mailing: address(line, 346),
        fileDate: parseStateDate(field(line, 472, 8), "file date"),
        fei: field(line, 480, 14),
        moreThanSixOfficers: line[494] === "Y",
        lastTransactionDate: parseStateDate(field(line, 495, 8), "last transaction date"),
        formationState: field(line, 503, 2),
        annualReports,
        agent: {
          name: field(line, 544, 42),
          type: field(line, 586, 1),
          address: field(line, 587, 42),
          city: field(line, 629, 28),
          state: field(line, 657, 2),
          zip: field(line, 659, 9),
        },
        officers,
      },
    };
  } catch (error) {
    if (error instanceof BadDate) return { ok: false, reason: error.message };
    throw error;
  }
}

/**
 * Why the start of a file shows it is not a cordata file, or null when it looks like one.
 * `head` is the first bytes of the file (a few KB). Used before anything is written.
 */
export function whyNotCordata(head: Buffer, fileName: string): string | null {
  const what = `${fileName} is not a Florida corporate data file (fixed-width lines of ${RECORD_LENGTH} characters)`;
  if (head.length === 0) return `${fileName} is empty: nothing to import`;
  if (head.subarray(0, 5).toString("latin1") === "%PDF-") return `${what}: it is a PDF document`;
  if (head[0] === 0x50 && head[1] === 0x4b) return `${what}: it is a zip archive whose name does not end in .zip`;
  if (head.includes(0)) return `${what}: it holds binary data`;
  const text = head.toString("latin1");
  const lines = text.split("\n");
  // The last piece may be cut by the end of `head`: judge only complete lines when there are some.
  const complete = lines.length > 1 ? lines.slice(0, -1) : lines;
  const first = complete.map((l) => l.replace(/\r$/, "")).find((l) => l.trim() !== "");
  if (first === undefined) return `${fileName} holds only blank lines: nothing to import`;
  if (first.length > RECORD_LENGTH) return `${what}: its first line has ${first.length} characters`;
  const doc = first.slice(0, 12);
  if (!/^[A-Z0-9]+ *$/.test(doc)) {
    const hint = first.includes(",") || first.includes("\t") || first.includes(";") ? ": it looks like CSV or another delimited text" : "";
    return `${what}${hint}: its first line does not start with a document number`;
  }
  if (first.length > 205 && !/[A-Z ]/.test(first[204])) return `${what}: its first line has no status code at position 205`;
  return null;
}

// ---------------------------------------------------------------------------------------------
// The state's codes and the product's labels (README "Registry import: codes").

/**
 * The state's filing type codes -> the product's filing types (app/lib/filing-types.ts).
 * Non-profits are corporations in Florida (chapter 617), so DOMNP is CORP and FORNP is FIC; a
 * foreign LLC is still an LLC; the state does not tell LP from LLLP in this code, so both
 * partnership codes map to LP. Codes not listed are kept as the product's type too.
 */
export const FILING_TYPE_MAP: Record<string, string> = {
  DOMP: "CORP",
  DOMNP: "CORP",
  FORP: "FIC",
  FORNP: "FIC",
  FLAL: "LLC",
  FORL: "LLC",
  DOMLP: "LP",
  FORLP: "LP",
  NPREG: "CORP",
  TRUST: "TRUST",
  AGENT: "AGENT",
};

export const KNOWN_FILING_CODES = new Set(Object.keys(FILING_TYPE_MAP));

/** What the state's filing code is called (shown beside the product's label). */
export const STATE_FILING_LABELS: Record<string, string> = {
  DOMP: "Domestic profit corporation",
  DOMNP: "Domestic non-profit corporation",
  FORP: "Foreign profit corporation",
  FORNP: "Foreign non-profit corporation",
  DOMLP: "Domestic limited partnership",
  FORLP: "Foreign limited partnership",
  FLAL: "Florida limited liability company",
  FORL: "Foreign limited liability company",
  NPREG: "Non-profit registration",
  TRUST: "Trust (declaration of trust)",
  AGENT: "Registered agent designation",
};

export function productFilingType(stateCode: string | null): string {
  if (!stateCode) return "UNKNOWN";
  return FILING_TYPE_MAP[stateCode] ?? stateCode;
}

/** A active -> ACTIVE, I inactive -> INACTIVE; anything else is kept as written. */
export function productStatus(stateCode: string | null): string {
  if (stateCode === "A") return "ACTIVE";
  if (stateCode === "I") return "INACTIVE";
  return stateCode ?? "UNKNOWN";
}

/** Officer title codes as the state's own site spells them out; unknown codes show as written. */
export const OFFICER_TITLES: Record<string, string> = {
  P: "President",
  V: "Vice President",
  T: "Treasurer",
  S: "Secretary",
  C: "Chairman",
  D: "Director",
  VP: "Vice President",
  PRES: "President",
  VPRE: "Vice President",
  SECR: "Secretary",
  TREA: "Treasurer",
  CEO: "Chief Executive Officer",
  CFO: "Chief Financial Officer",
  COO: "Chief Operating Officer",
  MGR: "Manager",
  MGRM: "Managing Member",
  MBR: "Member",
  AMBR: "Authorized Member",
  AP: "Authorized Person",
  GP: "General Partner",
  RA: "Registered Agent",
};

export function officerTitleLabel(code: string | null): string {
  if (!code) return "Officer";
  return OFFICER_TITLES[code] ?? code;
}
