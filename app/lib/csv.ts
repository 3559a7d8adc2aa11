/**
 * The one CSV writer of the app (user exports and admin reports).
 *
 * - RFC 4180: fields holding a comma, a double quote, CR or LF are quoted, quotes doubled;
 *   records end with CRLF; the first record is the header.
 * - UTF-8 with a byte-order mark, so spreadsheets show accents (Café, Peña) correctly.
 * - Formula injection: a text cell starting with = + - @ tab or CR is prefixed with a single
 *   quote, so a business name can never run as a spreadsheet formula. Numbers (JS numbers)
 *   are written as they are.
 * - Amounts: pass cents through `money()` (two decimals, dollars); dates through `isoDate`.
 */
import { isoDate } from "./dates";
import { centsToDecimal } from "./fee";

export const CSV_BOM = "\uFEFF";
export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";

export type CsvValue = string | number | boolean | Date | null | undefined;

export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue };

/** Cents to dollars with two decimals, e.g. 11500 -> "115.00". */
export const money = (cents: number | null | undefined) => (typeof cents === "number" ? centsToDecimal(cents) : "");

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, neutralised and quoted as needed. */
export function csvCell(value: CsvValue): string {
  let text: string;
  if (value === null || value === undefined) return "";
  if (typeof value === "number") {
    text = Number.isFinite(value) ? String(value) : "";
  } else if (typeof value === "boolean") {
    text = value ? "true" : "false";
  } else if (value instanceof Date) {
    text = isoDate(value);
  } else {
    text = FORMULA_START.test(value) ? `'${value}` : value;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One record with its CRLF. */
export function csvRecord(values: readonly CsvValue[]): string {
  return `${values.map(csvCell).join(",")}\r\n`;
}

export function csvHeader<Row>(columns: readonly CsvColumn<Row>[]): string {
  return csvRecord(columns.map((c) => c.header));
}

export function csvRow<Row>(columns: readonly CsvColumn<Row>[], row: Row): string {
  return csvRecord(columns.map((c) => c.value(row)));
}

/** A whole (small) file as a string: BOM, header, rows. */
export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: Iterable<Row>): string {
  let out = CSV_BOM + csvHeader(columns);
  for (const row of rows) out += csvRow(columns, row);
  return out;
}

/** About this many characters are encoded per chunk the stream hands out. */
const CHUNK_CHARS = 64 * 1024;

/** A turn of the event loop (not just a microtask), so sockets flush and other requests run. */
const nextTurn = () =>
  new Promise<void>((resolve) => (typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0)));

/**
 * A streaming encoder: pulls rows from `rows` only as the consumer reads, a chunk of about
 * 64 KB at a time with a turn of the event loop between chunks, so a long report never holds
 * the event loop. Memory stays flat however many rows there are, as long as the consumer
 * waits for the socket: Remix's node writer as published does not (it would buffer the whole
 * report for a slow client), hence patches/@remix-run+node+2.17.5.patch.
 * `onClose` runs exactly once: when the rows run out, the reader cancels, `signal` aborts
 * (the client went away) or the iterator throws. Close a database cursor there.
 */
export function csvStream<Row>(
  columns: readonly CsvColumn<Row>[],
  rows: Iterable<Row>,
  { onClose, signal }: { onClose?: () => void; signal?: AbortSignal } = {},
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let iterator: Iterator<Row> | undefined;
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener("abort", close);
    try {
      iterator?.return?.();
    } finally {
      onClose?.();
    }
  };
  signal?.addEventListener("abort", close);
  if (signal?.aborted) close();
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        controller.enqueue(encoder.encode(CSV_BOM + csvHeader(columns)));
      },
      async pull(controller) {
        if (iterator) await nextTurn();
        if (closed) {
          // Aborted by the client: nothing more to send.
          controller.close();
          return;
        }
        try {
          iterator ??= rows[Symbol.iterator]();
          let text = "";
          while (text.length < CHUNK_CHARS) {
            const next = iterator.next();
            if (next.done) {
              if (text) controller.enqueue(encoder.encode(text));
              close();
              controller.close();
              return;
            }
            text += csvRow(columns, next.value);
          }
          controller.enqueue(encoder.encode(text));
        } catch (error) {
          close();
          controller.error(error);
        }
      },
      cancel() {
        close();
      },
    },
    { highWaterMark: 0 },
  );
}

/** Response headers for a CSV download named `filename`. */
export function csvHeaders(filename: string): HeadersInit {
  return {
    "Content-Type": CSV_CONTENT_TYPE,
    "Content-Disposition": `attachment; filename="${filename}"`,
    "Cache-Control": "no-store",
    "X-Content-Type-Options": "nosniff",
  };
}

/**
 * Parses CSV text written by this module (or any RFC 4180 file) back into records.
 * Used by tests and kept here so the format has one definition.
 */
export function parseCsv(input: string): string[][] {
  const text = input.startsWith(CSV_BOM) ? input.slice(1) : input;
  const records: string[][] = [];
  let record: string[] = [];
  let field = "";
  let quoted = false;
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else field += ch;
      i++;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === ",") {
      record.push(field);
      field = "";
    } else if (ch === "\r" && text[i + 1] === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
      i++;
    } else if (ch === "\n") {
      record.push(field);
      records.push(record);
      record = [];
      field = "";
    } else field += ch;
    i++;
  }
  if (field || record.length) {
    record.push(field);
    records.push(record);
  }
  return records;
}
