/**
 * Claim letters as a PDF, written as a stream: one page per letter, each page's objects written
 * as soon as it is drawn, so 5,000 letters take the memory of one (pdf-lib keeps the whole
 * document in memory until it saves, which is why this writes the few PDF objects itself).
 * Fonts: the standard Helvetica and Helvetica-Bold (WinAnsi), not embedded. The QR code's
 * modules come from `qrcode` and are drawn as filled rectangles.
 *
 * Each letter is in English, then in Spanish (issue 42; the `documents` namespace), around one
 * claim code and QR code; WinAnsi draws Spanish's á é í ó ú ñ ¿ ¡.
 *
 * Layout for a #10 window envelope (US Letter folded in three): the recipient block sits in the
 * window, 7/8" from the left and 2" from the top, 4.5" x 1.125".
 */
import zlib from "node:zlib";
import { StandardFontEmbedder, StandardFonts } from "pdf-lib";
import QRCode from "qrcode";
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import type { Language } from "~/lib/languages";
import { fixedT } from "~/lib/translate.server";

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
  /** The due date, yyyy-MM-dd (each part writes it in its language). */
  dueOn: string;
  overdue: boolean;
  /** The fee schedule's amounts in cents (each part writes them in its language). */
  fees: { baseCents: number; perEmployeeCents: number; perVehicleCents: number };
  /** The letter's date, yyyy-MM-dd. */
  date: string;
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

// pdf-lib's font names are its standard-fonts package's, under another type.
type FontName = Parameters<typeof StandardFontEmbedder.for>[0];
const HELVETICA = StandardFontEmbedder.for(StandardFonts.Helvetica as unknown as FontName);
const HELVETICA_BOLD = StandardFontEmbedder.for(StandardFonts.HelveticaBold as unknown as FontName);

/** The text's lines, none wider than `width` points in Helvetica at `size`. */
function wrap(text: string, width: number, size: number, font = HELVETICA): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(line);
      line = word;
    } else line = candidate;
  }
  if (line) lines.push(line);
  return lines;
}

const clip = (text: string, max: number) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** The claim page in Spanish: the same address asking for Spanish (`?lng=es`, then kept by the site's cookie). */
export function spanishClaimUrl(claimUrl: string): string {
  const url = new URL(claimUrl);
  url.searchParams.set("lng", "es");
  return url.toString();
}

/** One language's part of the letter: its heading and paragraphs (issue 42: English, then Spanish). */
function letterPart(letter: LetterPage, ctx: LetterContext, language: Language): { heading: string; paragraphs: string[] } {
  const t = fixedT(language, "documents");
  const dueDate = formatLongDate(ctx.dueOn, ctx.dueOn, language);
  const facts = { fiscalYear: ctx.fiscalYear, dueDate };
  const schedule = t("letter.feeSchedule", {
    base: formatCents(ctx.fees.baseCents, language),
    employee: formatCents(ctx.fees.perEmployeeCents, language),
    vehicle: formatCents(ctx.fees.perVehicleCents, language),
  });
  const url = language === "en" ? letter.claimUrl : spanishClaimUrl(letter.claimUrl);
  return {
    heading: t("letter.heading", { fiscalYear: ctx.fiscalYear }),
    paragraphs: [
      // The English part says the letter is also in Spanish (in both, for who reads only Spanish);
      // the Spanish part, that the site takes the claim and the payment in Spanish.
      language === "en" ? `${t("letter.alsoInSpanish")} ${fixedT("es", "documents")("letter.alsoInSpanish")}` : t("letter.claimInSpanish", { url }),
      t("letter.dear"),
      t("letter.mustHold", { townName: ctx.townName, name: letter.name, documentNumber: letter.documentNumber }),
      ctx.overdue ? t("letter.overdue", facts) : t("letter.due", facts),
      t("letter.fee", { schedule }),
      t("letter.howTo", { url }),
      ...(letter.code ? [] : [t("letter.replaced")]),
    ],
  };
}

const BODY_TOP = 540;
/** The lowest a line of the body may sit: the footer is below. */
export const LETTER_BODY_BOTTOM = 92;
const TEXT_WIDTH = 504;
/** The height the code's box and the QR code take between the two parts. */
const CODE_BLOCK = 112;

/**
 * The drawing operators of one letter: the letterhead, the recipient in the envelope's window,
 * the English part, the claim code and the QR code, then the Spanish part, on one page. The
 * body's type is the largest size (10 down to 7 points) at which both parts fit.
 */
export function letterContent(letter: LetterPage, ctx: LetterContext): string {
  const ops: string[] = [];
  const text = (x: number, y: number, size: number, value: string, bold = false) =>
    ops.push(`BT /${bold ? "F2" : "F1"} ${size} Tf ${x} ${y.toFixed(2)} Td ${pdfText(value)} Tj ET`);
  const en = fixedT("en", "documents");
  const es = fixedT("es", "documents");

  // Letterhead.
  text(54, 742, 16, en("letter.town", { townName: ctx.townName, townState: ctx.townState }), true);
  text(54, 726, 10, en("letter.office"));
  text(54, 713, 9, `${ctx.email} · ${ctx.phone}`);
  text(430, 742, 10, formatLongDate(ctx.date, ctx.date, "en"));
  text(430, 729, 9, formatLongDate(ctx.date, ctx.date, "es"));
  ops.push("0.6 w 54 704 m 558 704 l S");

  // Recipient, inside the window (x 63..387, y 567..648).
  const a = letter.address;
  const cityLine = [a.city, [a.state, a.zip].filter(Boolean).join(" ")].filter(Boolean).join(", ");
  const recipient = [letter.name, a.line1, a.line2, cityLine].filter(Boolean).map((l) => clip(l, 56));
  recipient.forEach((line, i) => text(1.125 * INCH, PAGE_H - 2 * INCH - 16 - i * 13, 10, line, i === 0));

  // The two parts, at the largest size that fits the page.
  const parts = [letterPart(letter, ctx, "en"), letterPart(letter, ctx, "es")];
  const layout = (size: number) => {
    const headingSize = size + 2;
    const lead = size * 1.25;
    const gap = size * 0.45;
    const laid = parts.map((part) => ({
      heading: wrap(part.heading, TEXT_WIDTH, headingSize, HELVETICA_BOLD),
      paragraphs: part.paragraphs.map((p) => wrap(p, TEXT_WIDTH, size)),
    }));
    const height = laid.reduce((sum, part) => sum + part.heading.length * (headingSize + 3) + 4 + part.paragraphs.reduce((n, lines) => n + lines.length * lead + gap, 0), 0);
    return { size, headingSize, lead, gap, laid, height };
  };
  let chosen = layout(10);
  for (let size = 9.5; chosen.height + CODE_BLOCK > BODY_TOP - LETTER_BODY_BOTTOM && size >= 7; size -= 0.5) chosen = layout(size);
  const { size, headingSize, lead, gap, laid } = chosen;

  let y = BODY_TOP;
  const drawPart = (part: (typeof laid)[number]) => {
    for (const line of part.heading) {
      text(54, y, headingSize, line, true);
      y -= headingSize + 3;
    }
    y -= 4;
    for (const lines of part.paragraphs) {
      for (const line of lines) {
        text(54, y, size, line);
        y -= lead;
      }
      y -= gap;
    }
  };
  drawPart(laid[0]);

  // The code, labelled in both languages: "Your claim code", the code, "Su código de verificación".
  const top = y + lead - 6;
  y = top - 20;
  ops.push(`0.95 g 54 ${(y - 52).toFixed(2)} 300 66 re f 0 g`);
  text(66, y, 10, en("letter.codeLabel"));
  text(66, y - 30, 26, letter.code ?? en("letter.replacedCode"), true);
  text(66, y - 44, 9, letter.code ? es("letter.codeLabel") : `${es("letter.codeLabel")}: ${es("letter.replacedCode")}`);

  // The QR code opening the claim page (the code is never in it).
  const matrix = qrMatrix(letter.claimUrl);
  const qrSize = 88;
  const module = qrSize / (matrix.length + 8);
  const x0 = 460;
  const y0 = top - 10 - qrSize;
  const scan = `${en("letter.scan")} / ${es("letter.scan")}`;
  text(558 - HELVETICA.widthOfTextAtSize(scan, 8), top - 6, 8, scan);
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
      const ry = y0 + qrSize - (r + 5) * module;
      rects.push(`${x.toFixed(2)} ${ry.toFixed(2)} ${((c - start) * module).toFixed(2)} ${module.toFixed(2)} re`);
    }
  });
  ops.push(`0 g ${rects.join(" ")} f`);

  y = top - CODE_BLOCK + lead;
  drawPart(laid[1]);

  // Footer.
  const contact = { email: ctx.email, phone: ctx.phone };
  const reference = { letterId: letter.letterId, businessId: letter.businessId };
  text(54, 78, 8.5, en("letter.questions", contact));
  text(54, 66, 8.5, es("letter.questions", contact));
  text(54, 52, 7.5, `${en("letter.reference", reference)} / ${es("letter.reference", reference)}`);
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
