/** The state's fixed-width layout: every field lands where the layout says, bad lines say why. */
import { describe, expect, it } from "vitest";
import { parseCordataLine, productFilingType, productStatus, RECORD_LENGTH, whyNotCordata } from "~/lib/cordata";
import { formatCordataLine } from "~/lib/cordata-writer";
import { FULL_RECORD } from "../support/cordata-files";


describe("parseCordataLine", () => {
  it("puts every field of a full record with six officers in its place", () => {
    const line = formatCordataLine(FULL_RECORD);
    expect(line).toHaveLength(RECORD_LENGTH);
    // Spot-check the layout's 1-based positions against the writer.
    expect(line.slice(204, 205)).toBe("A");
    expect(line.slice(472, 480)).toBe("01151997");
    expect(line.slice(668, 672)).toBe("P   ");
    const parsed = parseCordataLine(line);
    if (!parsed.ok) throw new Error(parsed.reason);
    const r = parsed.record;
    expect(r.documentNumber).toBe("P97000012345");
    expect(r.name).toBe("PEÑA & MÜLLER CAFÉ OLÉ, INC.");
    expect(r.stateStatus).toBe("A");
    expect(r.stateFilingType).toBe("DOMP");
    expect(r.principal).toEqual({ address1: "3150 SW 52ND AVE", address2: "SUITE 4", city: "PEMBROKE PARK", state: "FL", zip: "33023-1234", country: "US" });
    expect(r.mailing).toEqual({ address1: "P.O. BOX 8123", address2: "ATTN: RENÉ", city: "HOLLYWOOD", state: "FL", zip: "33021", country: "US" });
    expect(r.fileDate).toBe("1997-01-15");
    expect(r.fei).toBe("59-1234567");
    expect(r.moreThanSixOfficers).toBe(true);
    expect(r.lastTransactionDate).toBe("2026-03-02");
    expect(r.formationState).toBe("FL");
    expect(r.annualReports).toEqual([
      { position: 1, year: 2026, flag: null, filedOn: "2026-01-10" },
      { position: 2, year: 2025, flag: "Y", filedOn: "2025-02-11" },
      { position: 3, year: 2024, flag: null, filedOn: "2024-03-12" },
    ]);
    expect(r.agent).toEqual({ name: "SUNSHINE REGISTERED AGENT LLC", type: "C", address: "1200 S PINE ISLAND RD", city: "PLANTATION", state: "FL", zip: "333241234" });
    expect(r.officers).toHaveLength(6);
    expect(r.officers[0]).toEqual({ position: 1, title: "P", type: "P", name: "PEÑA, JOSÉ A", address: "1 MAIN ST", city: "MIAMI", state: "FL", zip: "331011234" });
    expect(r.officers[5]).toEqual({ position: 6, title: "AMBR", type: "P", name: "NGUYEN, NGOC", address: "6 MAIN ST", city: "ORLANDO", state: "FL", zip: "32801" });
  });

  it("pads short lines (trailing blanks dropped by the state) and skips blank officer blocks", () => {
    const line = formatCordataLine({ documentNumber: "L24000000009", name: "SHORT LLC", status: "I", filingType: "FLAL", fileDate: "2024-02-29" }).trimEnd();
    expect(line.length).toBe(480);
    const parsed = parseCordataLine(line);
    if (!parsed.ok) throw new Error(parsed.reason);
    expect(parsed.record.fileDate).toBe("2024-02-29");
    expect(parsed.record.officers).toEqual([]);
    expect(parsed.record.annualReports).toEqual([]);
    expect(parsed.record.agent.name).toBeNull();
    expect(parsed.record.mailing.address1).toBeNull();
  });

  it("rejects lines that are not records, with the reason", () => {
    const ok = formatCordataLine({ documentNumber: "L1", name: "X" });
    expect(parseCordataLine(`${ok}EXTRA`)).toEqual({ ok: false, reason: "wrong length: 1445 characters, a record has 1440" });
    expect(parseCordataLine(formatCordataLine({ documentNumber: "", name: "NO NUMBER" }))).toEqual({ ok: false, reason: "no document number" });
    const badDate = parseCordataLine(formatCordataLine({ documentNumber: "L2", name: "X", fileDate: "13452020" }));
    expect(badDate).toEqual({ ok: false, reason: 'unparseable file date "13452020"' });
    const badReport = parseCordataLine(formatCordataLine({ documentNumber: "L3", name: "X", annualReports: [{ year: 2020, filedOn: "02302020" }] }));
    expect(badReport.ok).toBe(false);
    // All zeros is the state's blank date.
    const zeros = parseCordataLine(formatCordataLine({ documentNumber: "L4", name: "X", fileDate: "00000000" }));
    expect(zeros.ok && zeros.record.fileDate).toBeNull();
  });

  it("maps the state's codes to the product's labels and keeps unknown ones", () => {
    expect(productFilingType("DOMP")).toBe("CORP");
    expect(productFilingType("FLAL")).toBe("LLC");
    expect(productFilingType("FORP")).toBe("FIC");
    expect(productFilingType("DOMLP")).toBe("LP");
    expect(productFilingType("XYZZY")).toBe("XYZZY");
    expect(productStatus("A")).toBe("ACTIVE");
    expect(productStatus("I")).toBe("INACTIVE");
  });
});

describe("whyNotCordata", () => {
  it("accepts the layout and refuses PDFs, CSV, empty files and binary data", () => {
    expect(whyNotCordata(Buffer.from(`${formatCordataLine(FULL_RECORD)}\r\n`, "latin1"), "cordata0.txt")).toBeNull();
    expect(whyNotCordata(Buffer.alloc(0), "x.txt")).toMatch(/empty/);
    expect(whyNotCordata(Buffer.from("%PDF-1.7\n..."), "x.txt")).toMatch(/PDF/);
    expect(whyNotCordata(Buffer.from("document_number,name,status\nL1,X,A\n"), "x.csv")).toMatch(/CSV/);
    expect(whyNotCordata(Buffer.from([0x41, 0x00, 0x42, 0x0a]), "x.bin")).toMatch(/binary/);
    expect(whyNotCordata(Buffer.from("\n\n\n"), "x.txt")).toMatch(/blank/);
  });
});
