/** Files in the state's cordata layout, written by the tests (Latin-1, CRLF by default). */
import fs from "node:fs";
import zlib from "node:zlib";
import iconv from "iconv-lite";
import { formatCordataLine, type CordataInput } from "~/lib/cordata-writer";

/** Writes lines (records or raw strings) as the state does: Latin-1, CRLF. */
export function writeCordata(file: string, lines: (CordataInput | string)[], eol = "\r\n") {
  const text = lines.map((l) => (typeof l === "string" ? l : formatCordataLine(l))).join(eol) + eol;
  fs.writeFileSync(file, iconv.encode(text, "latin1"));
}

/** A zip archive of the given files (stored, not compressed: yauzl reads both). */
export function writeZip(file: string, members: { name: string; data: Buffer }[]) {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const m of members) {
    const name = Buffer.from(m.name, "utf8");
    const crc = zlib.crc32(m.data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(m.data.length, 18);
    local.writeUInt32LE(m.data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(m.data.length, 20);
    central.writeUInt32LE(m.data.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, m.data);
    centrals.push(central, name);
    offset += local.length + name.length + m.data.length;
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(members.length, 8);
  end.writeUInt16LE(members.length, 10);
  end.writeUInt32LE(centralSize, 12);
  end.writeUInt32LE(offset, 16);
  fs.writeFileSync(file, Buffer.concat([...locals, ...centrals, end]));
}

/** A record with every field: six officers, three annual reports, Latin-1 characters. */
export const FULL_RECORD: CordataInput = {
  documentNumber: "P97000012345",
  name: "PEÑA & MÜLLER CAFÉ OLÉ, INC.",
  status: "A",
  filingType: "DOMP",
  principal: { address1: "3150 SW 52ND AVE", address2: "SUITE 4", city: "PEMBROKE PARK", state: "FL", zip: "33023-1234", country: "US" },
  mailing: { address1: "P.O. BOX 8123", address2: "ATTN: RENÉ", city: "HOLLYWOOD", state: "FL", zip: "33021", country: "US" },
  fileDate: "01151997",
  fei: "59-1234567",
  moreThanSixOfficers: true,
  lastTransactionDate: "03022026",
  formationState: "FL",
  annualReports: [
    { year: 2026, filedOn: "01102026" },
    { year: 2025, flag: "Y", filedOn: "02112025" },
    { year: 2024, filedOn: "03122024" },
  ],
  agent: { name: "SUNSHINE REGISTERED AGENT LLC", type: "C", address: "1200 S PINE ISLAND RD", city: "PLANTATION", state: "FL", zip: "333241234" },
  officers: [
    { title: "P", type: "P", name: "PEÑA, JOSÉ A", address: "1 MAIN ST", city: "MIAMI", state: "FL", zip: "331011234" },
    { title: "V", type: "P", name: "MÜLLER, JÜRGEN", address: "2 MAIN ST", city: "MIAMI", state: "FL", zip: "33101" },
    { title: "T", type: "P", name: "SMITH, JOHN A", address: "3 MAIN ST", city: "TAMPA", state: "FL", zip: "33602" },
    { title: "S", type: "P", name: "O'MALLEY, PAT", address: "4 MAIN ST", city: "TAMPA", state: "FL", zip: "33602" },
    { title: "D", type: "C", name: "HOLDING CO INC", address: "5 MAIN ST", city: "ORLANDO", state: "FL", zip: "32801" },
    { title: "AMBR", type: "P", name: "NGUYEN, NGOC", address: "6 MAIN ST", city: "ORLANDO", state: "FL", zip: "32801" },
  ],
};
