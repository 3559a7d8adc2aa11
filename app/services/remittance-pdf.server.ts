/**
 * A remittance statement as a PDF for the town's finance office: the period, the totals, every
 * line (payments and refunds), then the business data the town receives. US Letter landscape,
 * Helvetica, as many pages as the lines need.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatCents } from "~/lib/fee";
import { PAYMENT_METHOD_LABELS } from "~/lib/schemas/payment-ops";
import { longDate } from "~/lib/tax-year";
import type { Statement } from "~/lib/remittance";

type Town = { name: string; state: string; address: string };

const WIDTH = 792;
const HEIGHT = 612;
const MARGIN = 36;

/** Text the standard font can draw (WinAnsi): anything else becomes "?". */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((c) => (supported.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/** Cuts text to a width, with an ellipsis. */
function fit(font: PDFFont, text: string, size: number, width: number): string {
  let t = drawable(font, text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length > 1 && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

type Column = { header: string; width: number; right?: boolean };

export async function remittancePdf(statement: Statement, town: Town): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const title = statement.id ? `Remittance statement #${statement.id}` : "Remittance statement (not closed)";
  pdf.setTitle(`${title}: ${statement.period.from} to ${statement.period.to}`);
  pdf.setAuthor(`Town of ${town.name}, ${town.state}`);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  let page: PDFPage = pdf.addPage([WIDTH, HEIGHT]);
  let y = HEIGHT - MARGIN;

  const text = (value: string, x: number, size: number, font = regular) => page.drawText(drawable(font, value), { x, y, size, font, color: rgb(0, 0, 0) });
  const newPage = () => {
    page = pdf.addPage([WIDTH, HEIGHT]);
    y = HEIGHT - MARGIN;
  };
  const need = (height: number) => {
    if (y - height < MARGIN) newPage();
  };
  /** Columns must fit between the margins (WIDTH - 2 * MARGIN = 720 points). */
  const table = (columns: Column[], rows: string[][]) => {
    const header = () => {
      let x = MARGIN;
      for (const c of columns) {
        const label = fit(bold, c.header, 8, c.width - 4);
        page.drawText(label, { x: c.right ? x + c.width - 4 - bold.widthOfTextAtSize(label, 8) : x, y, size: 8, font: bold });
        x += c.width;
      }
      y -= 4;
      page.drawLine({ start: { x: MARGIN, y }, end: { x: WIDTH - MARGIN, y }, thickness: 0.5 });
      y -= 11;
    };
    header();
    for (const row of rows) {
      if (y < MARGIN + 12) {
        newPage();
        header();
      }
      let x = MARGIN;
      row.forEach((cell, i) => {
        const c = columns[i];
        const v = fit(regular, cell, 8, c.width - 4);
        page.drawText(v, { x: c.right ? x + c.width - 4 - regular.widthOfTextAtSize(v, 8) : x, y, size: 8, font: regular });
        x += c.width;
      });
      y -= 12;
    }
  };

  text(`TOWN OF ${town.name.toUpperCase()}, ${town.state}: Local Business Tax`, MARGIN, 10);
  y -= 22;
  text(title, MARGIN, 18, bold);
  y -= 20;
  text(`Period: ${longDate(statement.period.from)} to ${longDate(statement.period.to)}`, MARGIN, 11);
  y -= 15;
  text(
    statement.remittedOn ? `Remitted on ${longDate(statement.remittedOn)}, reference ${statement.reference}` : "Not closed: a preview of what closing the period would carry.",
    MARGIN,
    11,
  );
  y -= 24;
  const t = statement.totals;
  const totals: [string, string][] = [
    ["Payments", String(t.paymentCount)],
    ["Gross collected", formatCents(t.grossCents)],
    ["Card fees (Stripe)", formatCents(t.feeCents)],
    [`Refunds (${t.refundCount})`, formatCents(t.refundCents)],
    ["Net due to the town", formatCents(t.netCents)],
  ];
  for (const [label, value] of totals) {
    text(label, MARGIN, 11, label.startsWith("Net") ? bold : regular);
    text(value, MARGIN + 170, 11, label.startsWith("Net") ? bold : regular);
    y -= 15;
  }
  y -= 12;
  text("Lines", MARGIN, 13, bold);
  y -= 18;
  table(
    [
      { header: "Date", width: 54 },
      { header: "Line", width: 44 },
      { header: "Receipt", width: 62 },
      { header: "Business", width: 110 },
      { header: "Doc. number", width: 62 },
      { header: "Year", width: 48 },
      { header: "Method", width: 62 },
      { header: "Tax", width: 46, right: true },
      { header: "Penalty", width: 44, right: true },
      { header: "Gross", width: 50, right: true },
      { header: "Fees", width: 40, right: true },
      { header: "Refunds", width: 46, right: true },
      { header: "Net", width: 52, right: true },
    ],
    statement.lines.map((l) => [
      l.date,
      `${l.kind === "payment" ? "Payment" : "Refund"}${l.late ? "*" : ""}`,
      l.receiptNumber ?? "",
      l.businessName,
      l.documentNumber,
      l.fiscalYear,
      PAYMENT_METHOD_LABELS[l.method] ?? l.method,
      l.taxCents ? formatCents(l.taxCents) : "",
      l.penaltyCents ? formatCents(l.penaltyCents) : "",
      l.grossCents ? formatCents(l.grossCents) : "",
      l.feeCents ? formatCents(l.feeCents) : "",
      l.refundCents ? formatCents(l.refundCents) : "",
      formatCents(l.netCents),
    ]),
  );
  if (statement.lines.some((l) => l.late)) {
    need(14);
    text("* dated before the period: carried by this statement because it arrived after an earlier one was closed.", MARGIN, 8);
    y -= 12;
  }
  need(60);
  y -= 12;
  text("Business data", MARGIN, 13, bold);
  y -= 18;
  table(
    [
      { header: "Business", width: 170 },
      { header: "Doc. number", width: 70 },
      { header: "Address", width: 150 },
      { header: "ZIP", width: 45 },
      { header: "Owner", width: 110 },
      { header: "Owner email", width: 90 },
      { header: "Employees", width: 45, right: true },
      { header: "Vehicles", width: 40, right: true },
    ],
    statement.businesses.map((b) => [
      b.name,
      b.documentNumber,
      [b.address, b.city].filter(Boolean).join(", "),
      b.zip ?? "",
      b.ownerName ?? (b.isClaimed ? "" : "Not claimed"),
      b.ownerEmail ?? "",
      String(b.employeeCount ?? ""),
      String(b.vehicleCount ?? ""),
    ]),
  );
  return pdf.save();
}
