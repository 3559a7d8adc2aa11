/**
 * Mail and documents in the recipient's language (issue 42): the same message for an owner who
 * chose English and one who chose Spanish (users.language), over real SMTP; the receipt PDF in
 * the payer's language (attached and downloaded); the claim letter in English, then Spanish.
 */
import path from "node:path";
import type { ParsedMail } from "mailparser";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";
import { describe, expect, it } from "vitest";
import { remindersJob } from "~/jobs/reminders.server";
import { runJob } from "~/jobs/registry.server";
import { receiptNumber } from "~/lib/receipt";
import { filingDecisionMail, securityNoticeMail } from "~/mail/messages";
import { letterContext } from "~/models/letters.server";
import { recordConfirmedPayment } from "~/models/payment.server";
import * as receiptPdfRoute from "~/routes/receipt.$paymentId_.pdf";
import { LETTER_BODY_BOTTOM, letterPdfChunks, type LetterPage } from "~/services/letter-pdf.server";
import { callRoute, createBusiness, createReceipt, createUser, makeRequest, unique } from "../support/factories";
import { contentStreams, pdfPages } from "../support/letter-pdf";
import { setupTestMail } from "../support/mail";

const mail = setupTestMail();

async function pdfText(bytes: Uint8Array): Promise<string> {
  const standardFontDataUrl = `${path.resolve("node_modules/pdfjs-dist/standard_fonts")}/`;
  const doc = await getDocument({ data: bytes, standardFontDataUrl, useSystemFonts: false, isEvalSupported: false }).promise;
  const parts: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    parts.push(content.items.map((item) => ("str" in item ? item.str : "")).join("\n"));
  }
  await doc.destroy();
  return parts.join("\n");
}

const owner = (language: "en" | "es" | null) => createUser({ language, firstName: "Ana", emailVerifiedAt: new Date("2026-01-01T00:00:00Z") });

async function inbox(email: string): Promise<ParsedMail[]> {
  await mail.deliver();
  return mail.to(email);
}

/** A card payment of $130.00 (no employees, 3 vehicles) for FY2027, charged on November 15, 2026. */
async function paidReceipt(language: "en" | "es" | null) {
  const user = await owner(language);
  const business = createBusiness({ name: `Café Ñandú ${unique()} LLC`, isClaimed: true, canBeClaimed: false, ownerId: user.id, employeeCount: 0, vehicleCount: 3 });
  const { payment } = await recordConfirmedPayment({
    paymentIntentId: `pi_${unique("")}`,
    businessId: business.id,
    userId: user.id,
    amount: 13000,
    currency: "usd",
    description: "Business Tax Receipt",
    receiptUrl: null,
    fiscalYear: null,
    chargedAt: new Date("2026-11-15T17:00:00Z"),
  });
  const [message, ...rest] = await inbox(user.email);
  expect(rest).toHaveLength(0);
  return { user, business, payment, message };
}

describe("the receipt mail", () => {
  it("is in English for an owner who chose English (or nothing), and its PDF too", async () => {
    for (const language of ["en", null] as const) {
      const { business, payment, message } = await paidReceipt(language);
      expect(message.subject).toBe(`Receipt ${receiptNumber(payment)}: $130.00 for ${business.name}`);
      expect(message.html).toContain('<html lang="en">');
      expect(message.text).toContain("Town of Pembroke Park, FL");
      expect(message.text).toContain("Hello Ana,");
      expect(message.text).toContain("Date: November 15, 2026");
      expect(message.text).toContain("Amount paid: $130.00");
      expect(message.text).toContain(`View or print the receipt: http://localhost:3000/receipt/${payment.id}`);
      expect(message.html).toContain("Or open this address:");
      const pdf = await pdfText(new Uint8Array(message.attachments[0].content));
      expect(pdf).toContain("Local Business Tax Receipt");
      expect(pdf).toContain("Date paid");
      expect(pdf).toContain("November 15, 2026");
      expect(pdf).not.toContain("Recibo");
    }
  });

  it("is in Spanish for an owner who chose Spanish: subject, body, dates in words, money with $, the PDF attached", async () => {
    const { business, payment, message } = await paidReceipt("es");
    expect(message.subject).toBe(`Recibo ${receiptNumber(payment)}: $130.00 por ${business.name}`);
    expect(message.html).toContain('<html lang="es">');
    for (const part of [message.text!, message.html as string]) {
      expect(part).toContain("Municipio de Pembroke Park, FL");
      expect(part).toContain("Estimado(a) Ana:");
      expect(part).toContain("Pago recibido");
      expect(part).toContain("Gracias. Hemos recibido el pago de su recibo de impuesto comercial.");
      expect(part).toContain("Oficina del recibo de impuesto comercial de Pembroke Park");
      expect(part).not.toContain("Thank you");
      expect(part).not.toContain("Hello");
    }
    expect(message.text).toContain(`Número de recibo: ${receiptNumber(payment)}`);
    expect(message.text).toContain("Año fiscal: FY2027 (del 1 de octubre de 2026 al 30 de septiembre de 2027)");
    expect(message.text).toContain("Fecha: 15 de noviembre de 2026");
    expect(message.text).toContain("Importe pagado: $130.00");
    expect(message.text).toContain(`Ver o imprimir el recibo: http://localhost:3000/receipt/${payment.id}`);
    expect(message.html).toContain("O abra esta dirección:");
    expect(message.text).toContain("El recibo va adjunto en PDF.");

    // The attached receipt is in Spanish too, its accents drawn (WinAnsi) and read back.
    expect(message.attachments.map((a) => a.filename)).toEqual([`receipt-${receiptNumber(payment)}.pdf`]);
    const pdf = await pdfText(new Uint8Array(message.attachments[0].content));
    for (const text of [
      "MUNICIPIO DE PEMBROKE PARK, FL",
      "Recibo de impuesto comercial local",
      `Número de recibo ${receiptNumber(payment)}`,
      "Año fiscal FY2027",
      "Válido del 1 de octubre de 2026 al 30 de septiembre de 2027",
      "Número de documento",
      "Fecha de pago",
      "15 de noviembre de 2026",
      "Tarjeta de crédito (Stripe)",
      "Tarifa básica",
      "Vehículos (3 × $10.00)",
      "Total pagado",
      "$130.00",
      "¿Preguntas?",
      business.name,
    ])
      expect(pdf).toContain(text);
    expect(pdf).not.toContain("Date paid");
    expect(pdf).not.toContain("Total paid");
  });
});

describe("the receipt PDF download", () => {
  it("follows the request's language: the saved Spanish, or ?lng=es; English otherwise", async () => {
    const { user: spanish, payment: paidInSpanish } = await paidReceipt("es");
    const { user: english, payment: paidInEnglish } = await paidReceipt("en");
    const download = async (user: typeof spanish, paymentId: number, query = "") => {
      const res = await callRoute(receiptPdfRoute.loader as never, await makeRequest(`/receipt/${paymentId}/pdf${query}`, { user }), { paymentId: String(paymentId) });
      expect(res.status).toBe(200);
      return pdfText(new Uint8Array(await res.arrayBuffer()));
    };
    const fromProfile = await download(spanish, paidInSpanish.id);
    expect(fromProfile).toContain("Recibo de impuesto comercial local");
    expect(fromProfile).toContain("Fecha de pago");
    expect(fromProfile).toContain("15 de noviembre de 2026");

    const fromQuery = await download(english, paidInEnglish.id, "?lng=es");
    expect(fromQuery).toContain("Recibo de impuesto comercial local");
    expect(fromQuery).toContain("Conserve este recibo en su lugar de negocio.");

    const inEnglish = await download(english, paidInEnglish.id);
    expect(inEnglish).toContain("Local Business Tax Receipt");
    expect(inEnglish).toContain("Date paid");
    expect(inEnglish).toContain("November 15, 2026");
    expect(inEnglish).toContain("Keep this receipt at your place of business.");

    // A receipt not theirs: the 404 in their language.
    const missing = await callRoute(receiptPdfRoute.loader as never, await makeRequest(`/receipt/${paidInEnglish.id}/pdf`, { user: spanish }), { paymentId: String(paidInEnglish.id) });
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe("No encontramos el recibo que busca.");
  });
});

describe("reminders and notices", () => {
  async function ownerWithReceipt(language: "en" | "es", fiscalYear: number) {
    const user = await owner(language);
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: user.id, employeeCount: 2, vehicleCount: 1 });
    createReceipt(business.id, { fiscalYear, userId: user.id, amount: 120_00 });
    return { user, business };
  }
  async function runAt(iso: string, email: string) {
    expect((await runJob(remindersJob, { now: new Date(iso) })).status).toBe("ran");
    return inbox(email);
  }

  it("the renewal reminders, in each owner's language", async () => {
    const en = await ownerWithReceipt("en", 2027);
    const es = await ownerWithReceipt("es", 2027);
    const [enOpen] = await runAt("2027-07-01T14:00:00Z", en.user.email);
    const [esOpen] = await inbox(es.user.email);
    expect(enOpen.subject).toBe(`Renew the Business Tax Receipt of ${en.business.name} for FY2028`);
    expect(enOpen.text).toContain("Due date: September 30, 2027");
    expect(enOpen.text).toContain("Amount: $120.00");
    expect(enOpen.text).toContain("You receive renewal reminders as the owner of this business.");

    expect(esOpen.subject).toBe(`Renueve el recibo de impuesto comercial de ${es.business.name} para FY2028`);
    expect(esOpen.html).toContain('<html lang="es">');
    expect(esOpen.text).toContain("La renovación está abierta");
    expect(esOpen.text).toContain("Fecha de vencimiento: 30 de septiembre de 2027");
    expect(esOpen.text).toContain("Importe: $120.00");
    expect(esOpen.text).toContain("La fecha de vencimiento es el 30 de septiembre de 2027");
    expect(esOpen.text).toContain(`Renovar ahora: http://localhost:3000/payment/${es.business.id}`);
    expect(esOpen.text).toContain(`Para dejar de recibirlos: http://localhost:3000/unsubscribe/${es.user.id}.`);
    // The unsubscribe headers do not depend on the language.
    expect(esOpen.headerLines.some((h) => h.key === "list-unsubscribe-post")).toBe(true);

    await runAt("2027-09-16T14:00:00Z", en.user.email);
    const twoWeeksEn = (await inbox(en.user.email))[1];
    const twoWeeksEs = (await inbox(es.user.email))[1];
    expect(twoWeeksEn.subject).toBe(`Two weeks left: renew ${en.business.name} by September 30, 2027`);
    expect(twoWeeksEs.subject).toBe(`Quedan dos semanas: renueve ${es.business.name} antes del 30 de septiembre de 2027`);
    expect(twoWeeksEs.text).toContain("Su renovación vence en dos semanas");
  });

  it("the delinquency notice names the month and the amounts in the owner's language", async () => {
    const en = await ownerWithReceipt("en", 2026);
    const es = await ownerWithReceipt("es", 2026);
    await runAt("2026-11-01T14:00:00Z", en.user.email);
    const notice = async (email: string, start: string) => (await inbox(email)).find((m) => m.subject?.startsWith(start))!;
    const enNotice = await notice(en.user.email, "Delinquent");
    const esNotice = await notice(es.user.email, "Moroso");
    expect(enNotice.subject).toBe(`Delinquent: the Business Tax Receipt of ${en.business.name} is unpaid (November 2026)`);
    expect(enNotice.text).toContain("Penalty owed: $18.00");
    expect(esNotice.subject).toBe(`Moroso: el recibo de impuesto comercial de ${es.business.name} no está pagado (noviembre de 2026)`);
    expect(esNotice.text).toContain("vencía el 30 de septiembre de 2026");
    expect(esNotice.text).toContain("Impuesto comercial: $120.00");
    expect(esNotice.text).toContain("Recargo adeudado: $18.00");
    expect(esNotice.text).toContain("Total a pagar ahora: $138.00");
  });
});

describe("security notices", () => {
  const ctx = { townName: "Pembroke Park", townState: "FL", supportEmail: "btr@example.gov", supportPhone: "(954) 966-4600", appUrl: "http://localhost:3000" };
  it("name the factor and the sign-in's time in the recipient's language", () => {
    const es = { username: "ana_1", firstName: "Ana", language: "es" };
    const added = securityNoticeMail(ctx, { user: es, event: { kind: "factor-added", factor: "An authenticator app" } });
    expect(added.subject).toBe("Se añadió un segundo factor a su cuenta");
    expect(added.text).toContain("Una aplicación de autenticación se añadió a la cuenta ana_1.");
    const passkey = securityNoticeMail(ctx, { user: es, event: { kind: "factor-removed", factor: 'The passkey "Mi teléfono"' } });
    expect(passkey.text).toContain('La llave de acceso "Mi teléfono" se quitó de la cuenta ana_1.');
    const device = securityNoticeMail(ctx, { user: es, event: { kind: "new-device", device: "Firefox on Linux", at: "November 5, 2026 at 14:05 UTC" } });
    expect(device.text).toContain("Cuándo: 5 de noviembre de 2026 a las 14:05 UTC");
    const english = securityNoticeMail(ctx, { user: { ...es, language: null }, event: { kind: "new-device", device: "Firefox on Linux", at: "November 5, 2026 at 14:05 UTC" } });
    expect(english.text).toContain("When: November 5, 2026 at 14:05 UTC");
    expect(securityNoticeMail(ctx, { user: es, event: { kind: "recovery-code-used", left: 1 } }).text).toContain("le queda 1 código.");
    expect(securityNoticeMail(ctx, { user: es, event: { kind: "recovery-code-used", left: 4 } }).text).toContain("le quedan 4 códigos.");
  });
});

describe("filing decisions", () => {
  const ctx = { townName: "Pembroke Park", townState: "FL", supportEmail: "btr@example.gov", supportPhone: "(954) 966-4600", appUrl: "http://localhost:3000" };
  it("name the filing's kind, and a business without a name, in the recipient's language", () => {
    const decide = (language: string | null, subjectName: string | null, decision: "approve" | "deny") =>
      filingDecisionMail(ctx, { user: { username: "ana_1", firstName: "Ana", language }, filingId: 7, kind: "transfer", kindLabel: "Transfer on sale", subjectName, decision, message: decision === "deny" ? "Falta el contrato." : null });
    expect(decide(null, null, "approve").subject).toBe("Approved: Transfer on sale for your business");
    expect(decide("es", null, "approve").subject).toBe("Aprobado: Traspaso por venta de su negocio");
    const denied = decide("es", "Peña LLC", "deny");
    expect(denied.subject).toBe("Denegado: Traspaso por venta de Peña LLC");
    expect(denied.text).toContain("La oficina del recibo de impuesto comercial de Pembroke Park denegó su traspaso por venta de Peña LLC.");
    expect(denied.text).toContain("Mensaje del municipio: Falta el contrato.");
    expect(denied.text).toContain("¿Preguntas? Escriba a btr@example.gov o llame al (954) 966-4600.");
  });
});

describe("the claim letter", () => {
  const letter = (over: Partial<LetterPage> = {}): LetterPage => ({
    letterId: 41,
    businessId: 977,
    name: "Peña Ñandú Café LLC",
    documentNumber: "L26000000977",
    address: { line1: "3150 SW 52nd Avenue", line2: "", city: "Pembroke Park", state: "FL", zip: "33023" },
    code: "2468024",
    claimUrl: "http://localhost:3000/claim/977",
    ...over,
  });
  const pdfOf = (letters: LetterPage[]) => Buffer.concat([...letterPdfChunks(letters, letterContext("2026-2027", new Date("2026-08-10T12:00:00Z")))]);

  it("says everything in English, then in Spanish, on the letter's one page", async () => {
    const bytes = pdfOf([letter()]);
    const pages = await pdfPages(new Uint8Array(bytes));
    expect(pages).toHaveLength(1);
    const page = pages[0];
    const english = [
      "Claim your business: Business Tax Receipt, fiscal year 2026-2027",
      "This letter is also in Spanish, below.",
      "Dear business owner,",
      "is due by September 30, 2026",
      "The fee: $100.00 + $5.00 per employee + $10.00 per vehicle.",
      "Your claim code",
      "Questions? Write to",
    ];
    const spanish = [
      "Reclame su negocio: recibo de impuesto comercial, año fiscal 2026-2027",
      "Usted puede reclamar su negocio y pagar en español en http://localhost:3000/claim/977?lng=es",
      "Estimado(a) propietario(a) del negocio:",
      "es el 30 de septiembre de 2026",
      "La tarifa: $100.00 + $5.00 por empleado + $10.00 por vehículo.",
      "Su código de verificación",
      "¿Preguntas? Escriba a",
    ];
    const flat = page.replace(/\s+/g, " ");
    for (const text of [...english, ...spanish]) expect(flat).toContain(text);
    // English first: its body before the Spanish body.
    expect(flat.indexOf("Dear business owner,")).toBeLessThan(flat.indexOf("Estimado(a) propietario(a) del negocio:"));
    expect(flat).toContain("Esta carta también está en español, más abajo.");
    expect(flat.indexOf("Esta carta también está en español")).toBeLessThan(flat.indexOf("Dear business owner,"));
    // The code once, between the two parts; the letter's date in both languages.
    expect(/Your claim code\s+(\d{7})/.exec(page)?.[1]).toBe("2468024");
    expect(flat).toContain("August 10, 2026");
    expect(flat).toContain("10 de agosto de 2026");
  });

  it("fits a long name and a replaced code on the page, above the footer", async () => {
    const long = letter({ name: "The Extraordinarily Long Name Of A Business That Keeps Going Holdings International Incorporated LLC", code: null });
    const bytes = pdfOf([letter(), long]);
    const pages = await pdfPages(new Uint8Array(bytes));
    expect(pages).toHaveLength(2);
    const flat = pages[1].replace(/\s+/g, " ");
    expect(flat).toContain("This letter's code was replaced: a newer letter was sent.");
    expect(flat).toContain("El código de esta carta fue reemplazado: se envió una carta más reciente.");
    expect(flat).toContain("Su código de verificación: REEMPLAZADO");
    for (const stream of contentStreams(bytes)) {
      const lines = [...stream.matchAll(/BT \/F\d ([\d.]+) Tf ([\d.]+) ([\d.]+) Td \((.*)\) Tj ET/g)].map((m) => ({ size: Number(m[1]), x: Number(m[2]), y: Number(m[3]), text: m[4] }));
      const body = lines.filter((l) => l.y > 90 && l.y < 560);
      expect(body.length).toBeGreaterThan(20);
      for (const line of body) expect(line.y).toBeGreaterThanOrEqual(LETTER_BODY_BOTTOM);
      // No two lines drawn on top of each other.
      const ys = body.filter((l) => l.x === 54).map((l) => l.y).sort((a, b) => b - a);
      for (let i = 1; i < ys.length; i++) expect(ys[i - 1] - ys[i]).toBeGreaterThan(7);
    }
  });
});
