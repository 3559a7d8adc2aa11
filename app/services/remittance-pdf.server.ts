/**
 * A remittance statement as a PDF for the town's finance office: the period, the totals, every
 * line (payments and refunds), then the business data the town receives. US Letter landscape,
 * Helvetica, as many pages as the lines need; its words in the staff member's language (the
 * `admin` namespace's statement keys, as the statement page has them). The state's data and the
 * amounts are written as they are.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from "pdf-lib";
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import type { Language } from "~/lib/languages";
import type { Statement } from "~/lib/remittance";
import { fixedT } from "~/lib/translate.server";

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

export async function remittancePdf(statement: Statement, town: Town, language: Language = "en"): Promise<Uint8Array> {
  const t = fixedT(language, "admin");
  const longDate = (date: string) => formatLongDate(date, date, language);
  const money = (cents: number) => formatCents(cents, language);
  const pdf = await PDFDocument.create();
  const title = statement.id ? t("statement.document.title", { id: statement.id }) : t("statement.document.titleOpen");
  pdf.setTitle(`${title}: ${t("remittance.closed.span", { from: statement.period.from, to: statement.period.to })}`);
  pdf.setAuthor(t("statement.document.author", { name: town.name, state: town.state }));
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

  const header = (key: string) => t(`statement.headers.${key}`);
  const docHeader = (key: string) => t(`statement.document.headers.${key}`);
  text(t("statement.document.townHeading", { name: town.name.toUpperCase(), state: town.state }), MARGIN, 10);
  y -= 22;
  text(title, MARGIN, 18, bold);
  y -= 20;
  text(t("statement.document.period", { from: longDate(statement.period.from), to: longDate(statement.period.to) }), MARGIN, 11);
  y -= 15;
  text(
    statement.remittedOn
      ? t("statement.document.remitted", { date: longDate(statement.remittedOn), reference: statement.reference })
      : t("statement.document.notClosed"),
    MARGIN,
    11,
  );
  y -= 24;
  const totals = statement.totals;
  const rows: [string, string, PDFFont][] = [
    [t("statement.totals.payments"), String(totals.paymentCount), regular],
    [t("statement.totals.gross"), money(totals.grossCents), regular],
    [t("statement.totals.fees"), money(totals.feeCents), regular],
    [t("statement.totals.refunds", { n: totals.refundCount }), money(totals.refundCents), regular],
    [t("statement.totals.net"), money(totals.netCents), bold],
  ];
  for (const [label, value, font] of rows) {
    text(label, MARGIN, 11, font);
    text(value, MARGIN + 170, 11, font);
    y -= 15;
  }
  y -= 12;
  text(t("statement.document.lines"), MARGIN, 13, bold);
  y -= 18;
  table(
    [
      { header: header("date"), width: 54 },
      { header: header("line"), width: 44 },
      { header: header("receipt"), width: 62 },
      { header: header("business"), width: 110 },
      { header: docHeader("documentNumber"), width: 62 },
      { header: header("year"), width: 48 },
      { header: header("method"), width: 62 },
      { header: docHeader("tax"), width: 46, right: true },
      { header: docHeader("penalty"), width: 44, right: true },
      { header: header("gross"), width: 50, right: true },
      { header: header("fees"), width: 40, right: true },
      { header: header("refunds"), width: 46, right: true },
      { header: header("net"), width: 52, right: true },
    ],
    statement.lines.map((l) => [
      l.date,
      `${t(l.kind === "payment" ? "statement.payment" : "statement.refund")}${l.late ? "*" : ""}`,
      l.receiptNumber ?? "",
      l.businessName,
      l.documentNumber,
      l.fiscalYear,
      t(`payments.methods.${l.method}`, { defaultValue: l.method }),
      l.taxCents ? money(l.taxCents) : "",
      l.penaltyCents ? money(l.penaltyCents) : "",
      l.grossCents ? money(l.grossCents) : "",
      l.feeCents ? money(l.feeCents) : "",
      l.refundCents ? money(l.refundCents) : "",
      money(l.netCents),
    ]),
  );
  if (statement.lines.some((l) => l.late)) {
    need(14);
    text(t("statement.document.lateNote"), MARGIN, 8);
    y -= 12;
  }
  need(60);
  y -= 12;
  text(t("statement.document.businessData"), MARGIN, 13, bold);
  y -= 18;
  table(
    [
      { header: header("business"), width: 170 },
      { header: docHeader("documentNumber"), width: 70 },
      { header: docHeader("address"), width: 150 },
      { header: docHeader("zip"), width: 45 },
      { header: docHeader("owner"), width: 110 },
      { header: docHeader("ownerEmail"), width: 90 },
      { header: docHeader("employees"), width: 45, right: true },
      { header: docHeader("vehicles"), width: 40, right: true },
    ],
    statement.businesses.map((b) => [
      b.name,
      b.documentNumber,
      [b.address, b.city].filter(Boolean).join(", "),
      b.zip ?? "",
      b.ownerName ?? (b.isClaimed ? "" : t("statement.document.notClaimed")),
      b.ownerEmail ?? "",
      String(b.employeeCount ?? ""),
      String(b.vehicleCount ?? ""),
    ]),
  );
  return pdf.save();
}
