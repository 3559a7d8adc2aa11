/**
 * Claim letters as a PDF, written as a stream: one page per letter, each page's objects written
 * as soon as it is drawn, so 5,000 letters take the memory of one (pdf-lib keeps the whole
 * document in memory until it saves, which is why this writes the few PDF objects itself).
 * Fonts: the standard Helvetica and Helvetica-Bold (WinAnsi), not embedded. The QR code's
 * modules come from `qrcode` and are drawn as filled rectangles.
 *
 * Layout for a #10 window envelope (US Letter folded in three): the recipient block sits in the
 * window, 7/8" from the left and 2" from the top, 4.5" x 1.125".
 */
import zlib from "node:zlib";
import QRCode from "qrcode";

export type LetterPage = {
  letterId: number;
  businessId: number;
  name: string;
  documentNumber: string;
  address: { line1: string; line2: string; city: string; state: string; zip: string };
  /** The live code, or null when this letter's code has been replaced (reissued, released). */
  code: string | null;
  claimUrl: string;
};

export type LetterContext = {
  townName: string;
  townState: string;
  email: string;
  phone: string;
  fiscalYear: string;
  dueDate: string;
  overdue: boolean;
  feeSchedule: string;
  dateLine: string;
};

const PAGE_W = 612;
const PAGE_H = 792;
const INCH = 72;

/** The QR modules of a URL (true = dark), the same function the tests use to check the letter. */
export function qrMatrix(url: string): boolean[][] {
  const qr = QRCode.create(url, { errorCorrectionLevel: "M" });
  const size = qr.modules.size;
  const rows: boolean[][] = [];
  for (let r = 0; r < size; r++) {
    const row: boolean[] = [];
    for (let c = 0; c < size; c++) row.push(Boolean(qr.modules.get(r, c)));
    rows.push(row);
  }
  return rows;
}

/** WinAnsi text in a PDF literal string: accents kept where Latin-1 has them, others simplified. */
function pdfText(text: string): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    let c = ch;
    if (c.charCodeAt(0) > 255) c = ch.normalize("NFKD").replace(/[^\x20-\xff]/g, "") || "?";
    out += c.replace(/[\\()]/g, (m) => `\\${m}`).replace(/[\r\n\t]/g, " ");
  }
  return `(${out})`;
}

function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The drawing operators of one letter. */
export function letterContent(letter: LetterPage, ctx: LetterContext): string {
  const ops: string[] = [];
  const text = (x: number, y: number, size: number, value: string, bold = false) =>
    ops.push(`BT /${bold ? "F2" : "F1"} ${size} Tf ${x} ${y} Td ${pdfText(value)} Tj ET`);

  // Letterhead.
  text(54, 742, 16, `Town of ${ctx.townName}, ${ctx.townState}`, true);
  text(54, 726, 10, "Business Tax Receipt Office");
  text(54, 713, 9, `${ctx.email} · ${ctx.phone}`);
  text(430, 742, 10, ctx.dateLine);
  ops.push("0.6 w 54 704 m 558 704 l S");

  // Recipient, inside the window (x 63..387, y 567..648).
  const a = letter.address;
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const recipient = [letter.name, a.line1, a.line2, cityLine].filter(Boolean).map((l) => clip(l, 56));
  recipient.forEach((line, i) => text(1.125 * INCH, PAGE_H - 2 * INCH - 16 - i * 13, 10, line, i === 0));

  // What and why.
  let y = 530;
  text(54, y, 13, `Claim your business: Business Tax Receipt, fiscal year ${ctx.fiscalYear}`, true);
  y -= 24;
  const paragraphs = [
    "Dear business owner,",
    `Every business operating in the Town of ${ctx.townName} must hold a local Business Tax Receipt (Florida Statutes, chapter 205). Our records show ${letter.name} (document number ${letter.documentNumber}) at the address above.`,
    ctx.overdue
      ? `The receipt for fiscal year ${ctx.fiscalYear} was due on ${ctx.dueDate}. Please claim your business and pay now: receipts paid late carry a penalty that grows each month.`
      : `The receipt for fiscal year ${ctx.fiscalYear} is due by ${ctx.dueDate}. Receipts paid after the due date carry a penalty.`,
    `The fee: ${ctx.feeSchedule}.`,
    `To claim your business, go to ${letter.claimUrl} (or scan the QR code), sign in or create an account, and enter the claim code below. Then pay online. This code replaces the code of any earlier letter.`,
  ];
  for (const p of paragraphs) {
    for (const line of wrap(p, 92)) {
      text(54, y, 10.5, line);
      y -= 14;
    }
    y -= 6;
  }

  // The code.
  y -= 10;
  ops.push(`0.95 g 54 ${y - 46} 300 62 re f 0 g`);
  text(66, y, 10, "Your claim code");
  text(66, y - 32, 26, letter.code ?? "REPLACED", true);
  if (!letter.code) text(66, y - 44, 8, "This letter's code was replaced: a newer letter was sent.");

  // The QR code opening the claim page (the code is never in it).
  const matrix = qrMatrix(letter.claimUrl);
  const size = 108;
  const module = size / (matrix.length + 8);
  const x0 = 450;
  const y0 = y - 70;
  text(x0, y0 + size + 6, 8, "Scan to claim");
  const rects: string[] = [];
  matrix.forEach((row, r) => {
    let c = 0;
    while (c < row.length) {
      if (!row[c]) {
        c++;
        continue;
      }
      const start = c;
      while (c < row.length && row[c]) c++;
      const x = x0 + (start + 4) * module;
      const ry = y0 + size - (r + 5) * module;
      rects.push(`${x.toFixed(2)} ${ry.toFixed(2)} ${((c - start) * module).toFixed(2)} ${module.toFixed(2)} re`);
    }
  });
  ops.push(`0 g ${rects.join(" ")} f`);

  // Footer.
  text(54, 90, 9, `Questions? Write to ${ctx.email} or call ${ctx.phone}.`);
  text(54, 76, 8, `Letter ${letter.letterId} · business ${letter.businessId}`);
  return ops.join("\n");
}

/**
 * The PDF's bytes, chunk by chunk: header, then each letter's two objects (content, page) as
 * they are drawn, then the page tree, the cross-reference table and the trailer.
 */
export function* letterPdfChunks(letters: Iterable<LetterPage>, ctx: LetterContext): Generator<Buffer> {
  const offsets: number[] = [0];
  let position = 0;
  const emit = (chunk: Buffer) => {
    position += chunk.length;
    return chunk;
  };
  const object = (id: number, body: Buffer | string) => {
    offsets[id] = position;
    const head = Buffer.from(`${id} 0 obj\n`, "latin1");
    const tail = Buffer.from("\nendobj\n", "latin1");
    return emit(Buffer.concat([head, typeof body === "string" ? Buffer.from(body, "latin1") : body, tail]));
  };

  yield emit(Buffer.from("%PDF-1.4\n%\xe2\xe3\xcf\xd3\n", "latin1"));
  yield object(1, "<< /Type /Catalog /Pages 2 0 R >>");
  yield object(3, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>");
  yield object(4, "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>");
  let next = 5;
  const pages: number[] = [];
  for (const letter of letters) {
    const content = zlib.deflateSync(Buffer.from(letterContent(letter, ctx), "latin1"));
    const contentId = next++;
    const pageId = next++;
    yield object(
      contentId,
      Buffer.concat([Buffer.from(`<< /Length ${content.length} /Filter /FlateDecode >>\nstream\n`, "latin1"), content, Buffer.from("\nendstream", "latin1")]),
    );
    yield object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE_W} ${PAGE_H}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`,
    );
    pages.push(pageId);
  }
  yield object(2, `<< /Type /Pages /Count ${pages.length} /Kids [${pages.map((p) => `${p} 0 R`).join(" ")}] >>`);
  const xrefAt = position;
  let xref = `xref\n0 ${next}\n0000000000 65535 f \n`;
  for (let id = 1; id < next; id++) xref += `${String(offsets[id] ?? 0).padStart(10, "0")} 00000 n \n`;
  xref += `trailer\n<< /Size ${next} /Root 1 0 R >>\nstartxref\n${xrefAt}\n%%EOF\n`;
  yield emit(Buffer.from(xref, "latin1"));
}

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** A byte stream over chunks pulled only as the client reads, a turn of the event loop between pulls. */
export function chunkStream(chunks: Iterator<Buffer>, { signal, onClose }: { signal?: AbortSignal; onClose?: () => void } = {}) {
  let closed = false;
  const close = () => {
    if (closed) return;
    closed = true;
    chunks.return?.();
    onClose?.();
  };
  signal?.addEventListener("abort", close, { once: true });
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        await nextTurn();
        if (closed) return controller.close();
        try {
          const parts: Buffer[] = [];
          let size = 0;
          while (size < 256 * 1024) {
            const next = chunks.next();
            if (next.done) {
              if (parts.length) controller.enqueue(new Uint8Array(Buffer.concat(parts)));
              close();
              controller.close();
              return;
            }
            parts.push(next.value);
            size += next.value.length;
          }
          controller.enqueue(new Uint8Array(Buffer.concat(parts)));
        } catch (error) {
          close();
          controller.error(error);
        }
      },
      cancel: close,
    },
    { highWaterMark: 0 },
  );
}
