/**
 * A Local Business Tax Receipt drawn as a one-page PDF, from its document alone (plain data,
 * `lib/receipt.ts`): the /receipt/{id}/pdf download and the receipt mail's attachment.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import type { ReceiptDocument } from "~/lib/receipt";

/** Text the standard font can draw (WinAnsi): anything else becomes "?". */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((c) => (supported.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/** The receipt as a one-page US Letter PDF (Helvetica, embedded by pdf-lib). */
export async function receiptPdf(doc: ReceiptDocument): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setAuthor(`Town of ${doc.town.name}, ${doc.town.state}`);
  pdf.setSubject(`${doc.fiscalYear}: ${doc.validity}`);
  const page = pdf.addPage([612, 792]);
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const left = 60;
  const right = 552;
  let y = 730;
  const text = (value: string, x: number, size: number, font = regular) => page.drawText(drawable(font, value), { x, y, size, font, color: rgb(0, 0, 0) });
  const centered = (value: string, size: number, font = regular) => {
    const v = drawable(font, value);
    page.drawText(v, { x: (612 - font.widthOfTextAtSize(v, size)) / 2, y, size, font });
  };
  const rightAligned = (value: string, size: number, font = regular) => {
    const v = drawable(font, value);
    page.drawText(v, { x: right - font.widthOfTextAtSize(v, size), y, size, font });
  };

  page.drawRectangle({ x: 40, y: 40, width: 532, height: 712, borderColor: rgb(0, 0, 0), borderWidth: 2 });
  centered(`TOWN OF ${doc.town.name.toUpperCase()}, ${doc.town.state}`, 11);
  y -= 16;
  centered(doc.town.address, 9);
  y -= 30;
  centered(doc.title, 22, bold);
  y -= 24;
  centered(`Receipt number ${doc.number}`, 12, bold);
  y -= 30;
  centered(`Fiscal year ${doc.fiscalYear}`, 14, bold);
  y -= 18;
  centered(doc.validity, 12);
  y -= 40;

  const row = (label: string, value: string) => {
    text(label, left, 11, bold);
    text(value, left + 150, 11);
    y -= 20;
  };
  row("Business", doc.business.name);
  row("Document number", doc.business.documentNumber);
  row("Address", doc.business.address || "Not specified");
  row("Date paid", doc.datePaid);
  row("Payment", `${doc.paymentType} ${doc.stripePaymentId}`);
  if (doc.refund) row("Refund", doc.refund);
  y -= 10;
  text("Fee", left, 13, bold);
  y -= 20;
  for (const line of doc.lines) {
    text(line.label, left, 11);
    rightAligned(line.amount, 11);
    y -= 18;
  }
  page.drawLine({ start: { x: left, y: y + 12 }, end: { x: right, y: y + 12 }, thickness: 1 });
  y -= 4;
  text("Total paid", left, 12, bold);
  rightAligned(doc.total, 12, bold);
  y -= 40;
  text(`Issued under Florida Statutes chapter 205. Questions: ${doc.town.email}, ${doc.town.phone}.`, left, 9);
  y -= 14;
  text("Keep this receipt at your place of business.", left, 9);
  return pdf.save();
}
