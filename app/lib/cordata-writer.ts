/**
 * Writes records in the state's cordata layout (the inverse of app/lib/cordata.ts): used by the
 * registry generator (benchmark and demo files) and the tests. Values longer than their field are
 * cut, as the state's own extract does.
 */
import { RECORD_LENGTH } from "./cordata";

export type CordataInput = {
  documentNumber: string;
  name: string;
  status?: string;
  filingType?: string;
  principal?: Partial<Record<"address1" | "address2" | "city" | "state" | "zip" | "country", string>>;
  mailing?: Partial<Record<"address1" | "address2" | "city" | "state" | "zip" | "country", string>>;
  /** MMDDYYYY as in the file (or ISO yyyy-MM-dd, converted). */
  fileDate?: string;
  fei?: string;
  moreThanSixOfficers?: boolean;
  lastTransactionDate?: string;
  formationState?: string;
  annualReports?: { year: number | string; flag?: string; filedOn?: string }[];
  agent?: Partial<Record<"name" | "type" | "address" | "city" | "state" | "zip", string>>;
  officers?: Partial<Record<"title" | "type" | "name" | "address" | "city" | "state" | "zip", string>>[];
};

/** yyyy-MM-dd -> MMDDYYYY; MMDDYYYY (or anything else) is kept as given. */
export function toStateDate(value: string | undefined): string {
  if (!value) return "";
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return m ? `${m[2]}${m[3]}${m[1]}` : value;
}

/** One record line of exactly RECORD_LENGTH characters (no line break). */
export function formatCordataLine(r: CordataInput): string {
  const parts: string[] = [];
  const put = (value: string | number | undefined | null, length: number) => {
    const text = value === undefined || value === null ? "" : String(value);
    parts.push(text.length >= length ? text.slice(0, length) : text.padEnd(length, " "));
  };
  const address = (a: CordataInput["principal"], zipLength = 10) => {
    put(a?.address1, 42);
    put(a?.address2, 42);
    put(a?.city, 28);
    put(a?.state, 2);
    put(a?.zip, zipLength);
    put(a?.country, 2);
  };
  put(r.documentNumber, 12);
  put(r.name, 192);
  put(r.status, 1);
  put(r.filingType, 15);
  address(r.principal);
  address(r.mailing);
  put(toStateDate(r.fileDate), 8);
  put(r.fei, 14);
  put(r.moreThanSixOfficers ? "Y" : "", 1);
  put(toStateDate(r.lastTransactionDate), 8);
  put(r.formationState, 2);
  for (let i = 0; i < 3; i++) {
    const report = r.annualReports?.[i];
    put(report?.year, 4);
    put(report?.flag, 1);
    put(toStateDate(report?.filedOn), 8);
  }
  put(r.agent?.name, 42);
  put(r.agent?.type, 1);
  put(r.agent?.address, 42);
  put(r.agent?.city, 28);
  put(r.agent?.state, 2);
  put(r.agent?.zip, 9);
  for (let i = 0; i < 6; i++) {
    const o = r.officers?.[i];
    put(o?.title, 4);
    put(o?.type, 1);
    put(o?.name, 42);
    put(o?.address, 42);
    put(o?.city, 28);
    put(o?.state, 2);
    put(o?.zip, 9);
  }
  put("", 4);
  const line = parts.join("");
  if (line.length !== RECORD_LENGTH) throw new Error(`cordata writer produced ${line.length} characters`);
  return line;
}
