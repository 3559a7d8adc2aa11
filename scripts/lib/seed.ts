import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { businesses, filingAnswers, filingDocuments, filingEvents, filings, payments, users } from "~/db/schema";
import { computeFee } from "~/lib/fee";
import { fiscalYearOf } from "~/lib/tax-year";
import { fiscalYearLabel } from "~/lib/fiscal-year";
import { hashPassword } from "~/models/password.server";
import { importRegistryFiles } from "~/services/registry-import.server";
import { storedFilePath } from "~/services/uploads.server";
import { generateBusiness, rng } from "./registry-generator";

/** The demo registry file in the state's layout (scripts/make-demo-cordata.ts writes it). */
export const DEMO_CORDATA_FILE = fileURLToPath(new URL("../../data-seed/demo-cordata.txt", import.meta.url));

export const DEMO = {
  admin: { username: "admin", password: "admin-demo-1", email: "admin@pembrokepark.example" },
  user: { username: "demo", password: "demo-user-1", email: "demo@example.com" },
  townBusinesses: 400,
  otherBusinesses: 2100,
} as const;

/** The three fixture businesses the README's walkthrough and the tests rely on. */
function fixtures(demoUserId: number) {
  const claimedAt = new Date(Date.UTC(2026, 9, 2, 15, 0, 0));
  return [
    {
      id: 1,
      name: "Pembroke Park Demo Bakery LLC",
      documentNumber: "L24000000001",
      filingType: "LLC",
      status: "ACTIVE",
      address1: "3150 SW 52nd Ave",
      city: "Pembroke Park",
      state: "FL",
      zip: "33023",
      registeredOn: "2024-01-15",
      category: "Restaurant",
      isClaimed: false,
      canBeClaimed: true,
      verificationCode: "1234567",
    },
    {
      id: 2,
      name: "Sunshine Auto Repair Inc",
      documentNumber: "P24000000002",
      filingType: "CORP",
      status: "ACTIVE",
      address1: "2301 W Hallandale Beach Blvd",
      city: "Pembroke Park",
      state: "FL",
      zip: "33009",
      registeredOn: "2024-03-04",
      category: "Automotive",
      isClaimed: true,
      canBeClaimed: false,
      ownerId: demoUserId,
      employeeCount: 3,
      vehicleCount: 2,
      claimedAt,
      verificationCode: "2345678",
    },
    {
      id: 3,
      name: "Gulfstream Logistics LLC",
      documentNumber: "L24000000003",
      filingType: "LLC",
      status: "ACTIVE",
      address1: "4100 Pembroke Rd",
      address2: "Unit 5",
      city: "Pembroke Park",
      state: "FL",
      zip: "33023",
      registeredOn: "2024-06-20",
      category: "Transportation",
      isClaimed: true,
      canBeClaimed: false,
      ownerId: demoUserId,
      employeeCount: 4,
      vehicleCount: 1,
      claimedAt,
      verificationCode: "3456789",
    },
  ] satisfies (typeof businesses.$inferInsert)[];
}

/** A one-page PDF (the demo application's lease), written in code so the seed needs no binary file. */
export function demoLeasePdf(): Buffer {
  const text = "BT /F1 14 Tf 72 720 Td (Residential lease, 3201 SW 52nd Ave, Apt 4, Pembroke Park FL 33023) Tj ET";
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
    `<< /Length ${text.length} >>\nstream\n${text}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
  ];
  let pdf = "%PDF-1.4\n";
  const offsets = objects.map((body, i) => {
    const at = pdf.length;
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, "latin1");
}

/** The seeded application's stored document (a storage key as the upload handler makes them). */
export const DEMO_FILING_DOCUMENT_KEY = "5eed0000000000000000000000000001.pdf";

/** One new receipt application by `demo`, submitted and waiting for the administrator's review. */
function seedDemoFiling(tx: Parameters<Parameters<Db["transaction"]>[0]>[0], applicantId: number, pdfSize: number) {
  const createdAt = new Date(Date.UTC(2026, 10, 6, 14, 0, 0));
  const submittedAt = new Date(Date.UTC(2026, 10, 9, 15, 30, 0));
  tx.insert(filings).values({ id: 1, kind: "new-business", status: "submitted", applicantId, submittedAt, updatedAt: submittedAt, createdAt }).run();
  const answers: Record<string, string> = {
    businessName: "Demo Home Bookkeeping LLC",
    ownership: "llc",
    phone: "(954) 555-0142",
    email: DEMO.user.email,
    address1: "3201 SW 52nd Ave",
    address2: "Apt 4",
    city: "Pembroke Park",
    zip: "33023",
    homeBased: "yes",
    category: "home-occupation",
    employeeCount: "0",
    vehicleCount: "0",
  };
  tx.insert(filingAnswers).values(Object.entries(answers).map(([field, value]) => ({ filingId: 1, field, value }))).run();
  tx.insert(filingDocuments)
    .values({ filingId: 1, documentType: "proof-of-location", storageKey: DEMO_FILING_DOCUMENT_KEY, fileName: "lease.pdf", contentType: "application/pdf", size: pdfSize, createdAt })
    .run();
  tx.insert(filingEvents)
    .values([
      { filingId: 1, action: "created", actorId: applicantId, createdAt },
      { filingId: 1, action: "submitted", actorId: applicantId, createdAt: submittedAt },
    ])
    .run();
}

/** Fills an empty database with the demo registry. Deterministic: same ids and rows every run. */
export async function seedDemoData(db: Db, log: (msg: string) => void = () => {}): Promise<boolean> {
  const existing = db.select({ n: sql<number>`count(*)` }).from(businesses).get();
  if ((existing?.n ?? 0) > 0) {
    log("Database already has data; seed skipped.");
    return false;
  }
  const [adminHash, userHash] = await Promise.all([
    hashPassword(DEMO.admin.password),
    hashPassword(DEMO.user.password),
  ]);

  // The demo application's document, on disk before the row that names it.
  const pdf = demoLeasePdf();
  const pdfPath = storedFilePath(DEMO_FILING_DOCUMENT_KEY)!;
  fs.mkdirSync(path.dirname(pdfPath), { recursive: true });
  fs.writeFileSync(pdfPath, pdf);

  db.transaction((tx) => {
    tx.insert(users)
      .values([
        { id: 1, username: DEMO.admin.username, email: DEMO.admin.email, passwordHash: adminHash, firstName: "Town", lastName: "Administrator", isAdmin: true },
        { id: 2, username: DEMO.user.username, email: DEMO.user.email, passwordHash: userHash, firstName: "Dana", lastName: "Demo", isAdmin: false },
      ])
      .run();
    const demoUserId = 2;
    tx.insert(businesses).values(fixtures(demoUserId)).run();

    const total = DEMO.townBusinesses + DEMO.otherBusinesses;
    const rows: (typeof businesses.$inferInsert)[] = [];
    for (let i = 0; i < total; i++) {
      const b = generateBusiness(i, i < DEMO.townBusinesses);
      rows.push({ id: i + 4, ...b });
    }
    for (let i = 0; i < rows.length; i += 500) tx.insert(businesses).values(rows.slice(i, i + 500)).run();

    const paidAt = new Date(Date.UTC(2026, 9, 5, 14, 30, 0));
    tx.insert(payments)
      .values({
        userId: demoUserId,
        businessId: 3,
        amount: computeFee(4, 1).totalCents,
        description: "Business Tax Receipt",
        stripePaymentId: "pi_demo_seed_gulfstream",
        receiptUrl: "",
        kind: "btr",
        fiscalYear: fiscalYearLabel(paidAt),
        // The receipt for FY2027 (October 1, 2026 - September 30, 2027), paid on time.
        taxYear: fiscalYearOf(paidAt),
        taxCents: computeFee(4, 1).totalCents,
        penaltyCents: 0,
        receiptNumber: `${fiscalYearOf(paidAt)}-000001`,
        paidAt,
        createdAt: paidAt,
      })
      .run();
    seedDemoFiling(tx, demoUserId, pdf.length);
  });
  // Then the state's file, through the importer, as an operator would: the walkthrough businesses
  // gain their agent, officers and annual reports, and a few more town businesses arrive.
  const [imported] = await importRegistryFiles(db.$client, [DEMO_CORDATA_FILE], {
    verificationCode: (doc) => String(1_000_000 + Math.floor(rng([...doc].reduce((h, c) => h * 31 + c.charCodeAt(0), 7))() * 9_000_000)),
  });
  log(
    `Seeded 2 users, ${DEMO.townBusinesses + DEMO.otherBusinesses + 3 + imported.inserted} businesses (${imported.inserted} from ${imported.file}), 1 payment and 1 filing to review.`,
  );
  return true;
}
