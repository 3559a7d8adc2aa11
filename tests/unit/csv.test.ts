import { describe, expect, it } from "vitest";
import { CSV_BOM, csvCell, csvStream, money, parseCsv, toCsv, type CsvColumn } from "~/lib/csv";

type Row = { name: string; amount: number; when: Date; count: number | null };
const columns: CsvColumn<Row>[] = [
  { header: "Name", value: (r) => r.name },
  { header: "Amount", value: (r) => money(r.amount) },
  { header: "Date", value: (r) => r.when },
  { header: "Count", value: (r) => r.count },
];

async function readAll(stream: ReadableStream<Uint8Array>) {
  return new TextDecoder("utf-8", { ignoreBOM: true }).decode(new Uint8Array(await new Response(stream).arrayBuffer()));
}

describe("csvCell", () => {
  it("leaves plain text alone", () => {
    expect(csvCell("Sunshine Auto Repair Inc")).toBe("Sunshine Auto Repair Inc");
  });

  it("quotes commas, quotes, CR and LF (RFC 4180) and doubles quotes", () => {
    expect(csvCell("Smith, Jones & Co")).toBe('"Smith, Jones & Co"');
    expect(csvCell('The "Best" Bakery')).toBe('"The ""Best"" Bakery"');
    expect(csvCell("line one\nline two")).toBe('"line one\nline two"');
    expect(csvCell("a\r\nb")).toBe('"a\r\nb"');
  });

  it.each(["=1+2", "+1", "-2+3", "@SUM(A1)", "\tTabbed", "\rReturn", '=HYPERLINK("http://x","y")'])(
    "neutralises the formula-like cell %j with a leading single quote",
    (value) => {
      const cell = csvCell(value);
      const [[parsed]] = parseCsv(cell + "\r\n");
      expect(parsed).toBe(`'${value}`);
    },
  );

  it("does not neutralise formula characters that are not at the start", () => {
    expect(csvCell("A=B")).toBe("A=B");
    expect(csvCell("Cash+Carry")).toBe("Cash+Carry");
  });

  it("writes numbers, booleans, dates and empties", () => {
    expect(csvCell(42)).toBe("42");
    expect(csvCell(-3)).toBe("-3");
    expect(csvCell(Number.NaN)).toBe("");
    expect(csvCell(true)).toBe("true");
    expect(csvCell(null)).toBe("");
    expect(csvCell(undefined)).toBe("");
    expect(csvCell(new Date(Date.UTC(2026, 9, 5, 14, 30)))).toBe("2026-10-05T14:30:00.000Z");
  });

  it("formats cents as dollars with two decimals", () => {
    expect(money(11500)).toBe("115.00");
    expect(money(5)).toBe("0.05");
    expect(money(null)).toBe("");
  });
});

describe("toCsv", () => {
  it("starts with a BOM and a header row and ends records with CRLF", () => {
    const csv = toCsv(columns, [{ name: "Café Olé LLC", amount: 13000, when: new Date(Date.UTC(2026, 0, 2)), count: 3 }]);
    expect(csv.startsWith(CSV_BOM)).toBe(true);
    expect(csv).toBe(`${CSV_BOM}Name,Amount,Date,Count\r\nCafé Olé LLC,130.00,2026-01-02T00:00:00.000Z,3\r\n`);
  });

  it("an empty list is just the header", () => {
    expect(toCsv(columns, [])).toBe(`${CSV_BOM}Name,Amount,Date,Count\r\n`);
  });

  it("keeps unicode intact in UTF-8 and round-trips through the parser", () => {
    const rows = [
      { name: "Peña, García & Jürgen's \"Café\"", amount: 100, when: new Date(0), count: null },
      { name: "=cmd|' /C calc'!A0", amount: 0, when: new Date(0), count: 0 },
      { name: "多言語 ✓ 🌴\nsecond line", amount: 123456, when: new Date(0), count: 1 },
    ];
    const csv = toCsv(columns, rows);
    const bytes = new TextEncoder().encode(csv);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const parsed = parseCsv(new TextDecoder().decode(bytes));
    expect(parsed).toEqual([
      ["Name", "Amount", "Date", "Count"],
      ["Peña, García & Jürgen's \"Café\"", "1.00", "1970-01-01T00:00:00.000Z", ""],
      ["'=cmd|' /C calc'!A0", "0.00", "1970-01-01T00:00:00.000Z", "0"],
      ["多言語 ✓ 🌴\nsecond line", "1234.56", "1970-01-01T00:00:00.000Z", "1"],
    ]);
  });
});

describe("csvStream", () => {
  it("produces exactly the bytes toCsv does, across many chunks", async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: i % 3 === 0 ? `Name, "${i}"` : `-${i} Señor`,
      amount: i * 7,
      when: new Date(Date.UTC(2026, 0, 1) + i * 1000),
      count: i,
    }));
    const streamed = await readAll(csvStream(columns, rows));
    expect(streamed).toBe(toCsv(columns, rows));
  });

  it("pulls rows lazily and closes the source once, when the reader cancels", async () => {
    let produced = 0;
    let closes = 0;
    let finallyRan = false;
    function* source() {
      try {
        for (let i = 0; i < 1_000_000; i++) {
          produced++;
          yield { name: `row ${i}`, amount: i, when: new Date(0), count: i };
        }
      } finally {
        finallyRan = true;
      }
    }
    const reader = csvStream(columns, source(), { onClose: () => closes++ }).getReader();
    await reader.read(); // BOM + header
    await reader.read(); // first chunk of rows
    expect(produced).toBeGreaterThan(0);
    expect(produced).toBeLessThan(10_000);
    await reader.cancel();
    expect(closes).toBe(1);
    expect(finallyRan).toBe(true);
  });

  it("closes the source when the rows run out", async () => {
    let closes = 0;
    const text = await readAll(csvStream(columns, [], { onClose: () => closes++ }));
    expect(text).toBe(`${CSV_BOM}Name,Amount,Date,Count\r\n`);
    expect(closes).toBe(1);
  });

  it("errors the stream and closes the source when reading a row throws", async () => {
    let closes = 0;
    function* failing() {
      yield { name: "ok", amount: 1, when: new Date(0), count: 1 };
      throw new Error("disk gone");
    }
    await expect(readAll(csvStream(columns, failing(), { onClose: () => closes++ }))).rejects.toThrow("disk gone");
    expect(closes).toBe(1);
  });
});

describe("csvStream and an aborted request", () => {
  it("stops reading rows and closes the source when the signal aborts", async () => {
    let produced = 0;
    let closes = 0;
    function* source() {
      for (let i = 0; i < 1_000_000; i++) {
        produced++;
        yield { name: `row ${i}`, amount: i, when: new Date(0), count: i };
      }
    }
    const controller = new AbortController();
    const reader = csvStream(columns, source(), { signal: controller.signal, onClose: () => closes++ }).getReader();
    await reader.read();
    await reader.read();
    controller.abort();
    const seen = produced;
    let result = await reader.read();
    while (!result.done) result = await reader.read();
    expect(produced).toBe(seen);
    expect(closes).toBe(1);
  });

  it("an already-aborted signal gives just the header", async () => {
    const controller = new AbortController();
    controller.abort();
    let closes = 0;
    const text = await readAll(csvStream(columns, [{ name: "x", amount: 1, when: new Date(0), count: 1 }], { signal: controller.signal, onClose: () => closes++ }));
    expect(text).toBe(`${CSV_BOM}Name,Amount,Date,Count\r\n`);
    expect(closes).toBe(1);
  });
});
