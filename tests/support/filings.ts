/** Helpers for the filings' JSON door tests: good answers, files, multipart uploads, filings at each stage. */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createFiling, getFilingRow, saveAnswers, addDocument, submitFiling } from "~/models/filings/filings.server";
import { StoredUpload } from "~/services/uploads.server";
import { getEnv } from "~/utils/env.server";
import { createUser, makeRequest } from "./factories";

/** Every answer a home-based new-business application needs (unicode and quotes kept as typed). */
export const GOOD_ANSWERS = {
  businessName: 'Señora Café & "Bakery"',
  ownership: "sole-proprietor",
  phone: "(954) 555-0100",
  email: "owner@example.com",
  address1: "3150 SW 52nd Ave",
  city: "Pembroke Park",
  zip: "33023",
  homeBased: "yes",
  category: "restaurant",
  employeeCount: "2",
  vehicleCount: "0",
};

/** A small real PDF's bytes (a %PDF- header is what the server reads). */
export function pdfBytes(size = 0): Uint8Array<ArrayBuffer> {
  const head = Buffer.from("%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n", "latin1");
  const bytes = new Uint8Array(Math.max(size, head.length)).fill(0x20);
  bytes.set(head);
  return bytes;
}

export const pdfFile = (name = "lease.pdf", size = 0) => new File([pdfBytes(size)], name, { type: "application/pdf" });

/** A Windows executable (MZ header) named and declared as a PDF. */
export function executableAsPdf(name = "lease.pdf") {
  const bytes = new Uint8Array(4096);
  bytes.set([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]);
  return new File([bytes], name, { type: "application/pdf" });
}

/** POST /api/filings/{id}/documents as a client sends it (multipart), signed in as `user`. */
export function uploadRequest(filingId: number, user: { id: number } | null, fields: { documentType?: string; file?: File | string } = {}) {
  const form = new FormData();
  const values = { documentType: "proof-of-location", file: pdfFile(), ...fields };
  for (const [key, value] of Object.entries(values)) if (value !== undefined) form.append(key, value);
  return makeRequest(`/api/filings/${filingId}/documents`, { method: "POST", user, form });
}

/** A PDF already stored under UPLOADS_DIR, as the upload handler leaves it. */
export function storedPdf(name = "lease.pdf") {
  const key = `${crypto.randomBytes(16).toString("hex")}.pdf`;
  const dir = path.resolve(getEnv().UPLOADS_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const bytes = pdfBytes();
  fs.writeFileSync(path.join(dir, key), bytes);
  return new StoredUpload(name, "application/pdf", bytes.byteLength, key);
}

type Applicant = Awaited<ReturnType<typeof createUser>>;

/** A new-business application with every answer (GOOD_ANSWERS, then `answers`) and document: ready to submit. */
export async function readyApplication(user?: Applicant, answers: Partial<typeof GOOD_ANSWERS> = {}) {
  const applicant = user ?? (await createUser());
  const filing = createFiling(applicant, "new-business");
  const { errors } = saveAnswers(applicant, filing, { ...GOOD_ANSWERS, ...answers });
  if (Object.keys(errors).length) throw new Error(`bad answers: ${JSON.stringify(errors)}`);
  await addDocument(getFilingRow(filing.id)!, "proof-of-location", storedPdf());
  return { user: applicant, filing: getFilingRow(filing.id)! };
}

/** A submitted new-business application. */
export async function submittedApplication(user?: Applicant, answers: Partial<typeof GOOD_ANSWERS> = {}) {
  const { user: applicant, filing } = await readyApplication(user, answers);
  return { user: applicant, filing: submitFiling(applicant, filing) };
}
