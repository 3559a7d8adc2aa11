/**
 * Reading a letter batch's PDF back, as the town's mail house and the tests would: its text per
 * page, and the QR code drawn on each page as a module matrix (to compare with the claim URL's).
 */
import zlib from "node:zlib";

/** The text of each page. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const pdfjs = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const doc = await pdfjs.getDocument({ data: bytes, isEvalSupported: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  await doc.destroy();
  return pages;
}

/** The content streams of the PDF, inflated, in order (one per letter). */
export function contentStreams(bytes: Buffer): string[] {
  const out: string[] = [];
  const text = bytes.toString("latin1");
  const re = /<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const start = m.index + m[0].length;
    out.push(zlib.inflateSync(bytes.subarray(start, start + Number(m[1]))).toString("latin1"));
  }
  return out;
}

/**
 * The QR code a letter's content stream draws (its filled rectangles, one per run of dark
 * modules), as rows of modules (true = dark). The finder patterns put dark modules in the first
 * and last row and column, which gives the grid's origin and size.
 */
export function drawnQr(stream: string): boolean[][] {
  const run = /0 g ((?:[\d.]+ [\d.]+ [\d.]+ [\d.]+ re ?)+) f/.exec(stream);
  if (!run) throw new Error("No QR code drawn on this page");
  const rects = run[1]
    .trim()
    .split(" re")
    .filter((s) => s.trim())
    .map((s) => s.trim().split(" ").map(Number) as [number, number, number, number]);
  const module = rects[0][3];
  const left = Math.min(...rects.map(([x]) => x));
  const top = Math.max(...rects.map(([, y, , h]) => y + h));
  const right = Math.max(...rects.map(([x, , w]) => x + w));
  const n = Math.round((right - left) / module);
  const grid = Array.from({ length: n }, () => Array<boolean>(n).fill(false));
  for (const [x, y, w, h] of rects) {
    const row = Math.round((top - (y + h)) / module);
    const col = Math.round((x - left) / module);
    for (let c = 0; c < Math.round(w / module); c++) grid[row][col + c] = true;
  }
  return grid;
}
