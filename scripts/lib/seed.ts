import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import type { Db } from "~/db/client.server";
import { businesses, payments, users } from "~/db/schema";
import { computeFee } from "~/lib/fee";
import { fiscalYearOf } from "~/lib/tax-year";
import { fiscalYearLabel } from "~/lib/fiscal-year";
import { hashPassword } from "~/models/password.server";
import { importRegistryFiles } from "~/services/registry-import.server";
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
  });
  // Then the state's file, through the importer, as an operator would: the walkthrough businesses
  // gain their agent, officers and annual reports, and a few more town businesses arrive.
  const [imported] = await importRegistryFiles(db.$client, [DEMO_CORDATA_FILE], {
    verificationCode: (doc) => String(1_000_000 + Math.floor(rng([...doc].reduce((h, c) => h * 31 + c.charCodeAt(0), 7))() * 9_000_000)),
  });
  log(
    `Seeded 2 users, ${DEMO.townBusinesses + DEMO.otherBusinesses + 3 + imported.inserted} businesses (${imported.inserted} from ${imported.file}) and 1 payment.`,
  );
  return true;
}
