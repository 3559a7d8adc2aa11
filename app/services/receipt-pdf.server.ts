/**
 * A Local Business Tax Receipt drawn as a one-page PDF, from its document alone (plain data,
 * `lib/receipt.ts`): the /receipt/{id}/pdf download and the receipt mail's attachment.
 */
import { PDFDocument, StandardFonts, rgb, type PDFFont } from "pdf-lib";
import type { ReceiptDocument } from "~/lib/receipt";
import { fixedT } from "~/lib/translate.server";

/** Text the standard font can draw (WinAnsi): anything else becomes "?". */
function drawable(font: PDFFont, text: string): string {
  const supported = new Set(font.getCharacterSet());
  return [...text].map((c) => (supported.has(c.codePointAt(0)!) ? c : "?")).join("");
}

/**
 * The receipt as a one-page US Letter PDF (Helvetica, embedded by pdf-lib), in the document's
 * language (its labels from the `documents` namespace; WinAnsi has Spanish's á é í ó ú ñ ¿ ¡).
 */
export async function receiptPdf(doc: ReceiptDocument): Promise<Uint8Array> {
  const t = fixedT(doc.language ?? "en", "documents");
  const pdf = await PDFDocument.create();
  pdf.setTitle(`${doc.title} ${doc.number}`);
  pdf.setAuthor(t("receipt.pdf.author", { name: doc.town.name, state: doc.town.state }));
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
  centered(t("receipt.pdf.townHeading", { name: doc.town.name.toUpperCase(), state: doc.town.state }), 11);
  y -= 16;
  centered(doc.town.address, 9);
  y -= 30;
  centered(doc.title, 22, bold);
  y -= 24;
  centered(t("receipt.pdf.number", { number: doc.number }), 12, bold);
  y -= 30;
  centered(t("receipt.pdf.fiscalYear", { fiscalYear: doc.fiscalYear }), 14, bold);
  y -= 18;
  centered(doc.validity, 12);
  y -= 40;

  const row = (label: string, value: string) => {
    text(label, left, 11, bold);
    text(value, left + 150, 11);
    y -= 20;
  };
  row(t("receipt.pdf.business"), doc.business.name);
  row(t("receipt.pdf.documentNumber"), doc.business.documentNumber);
  row(t("receipt.pdf.address"), doc.business.address || t("receipt.pdf.notSpecified"));
  row(t("receipt.pdf.datePaid"), doc.datePaid);
  row(t("receipt.pdf.payment"), `${doc.paymentType} ${doc.stripePaymentId}`);
  if (doc.refund) row(t("receipt.pdf.refund"), doc.refund);
  y -= 10;
  text(t("receipt.pdf.fee"), left, 13, bold);
  y -= 20;
  for (const line of doc.lines) {
    text(line.label, left, 11);
    rightAligned(line.amount, 11);
    y -= 18;
  }
  page.drawLine({ start: { x: left, y: y + 12 }, end: { x: right, y: y + 12 }, thickness: 1 });
  y -= 4;
  text(t("receipt.pdf.totalPaid"), left, 12, bold);
  rightAligned(doc.total, 12, bold);
  y -= 40;
  text(t("receipt.pdf.issued", { email: doc.town.email, phone: doc.town.phone }), left, 9);
  y -= 14;
  text(t("receipt.pdf.keep"), left, 9);
  return pdf.save();
}
