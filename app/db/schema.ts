import { sql } from "drizzle-orm";
import {
  index,
  integer,
  primaryKey,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";

/** Milliseconds since the epoch, read back as a Date. All timestamps are UTC. */
const timestamp = (name: string) => integer(name, { mode: "timestamp_ms" });
const createdAt = () =>
  timestamp("created_at")
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    email: text("email").notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name"),
    lastName: text("last_name"),
    isAdmin: integer("is_admin", { mode: "boolean" }).notNull().default(false),
    stripeCustomerId: text("stripe_customer_id"),
    createdAt: createdAt(),
  },
  (t) => [
    // Usernames are unique regardless of case; emails are stored lower-cased.
    uniqueIndex("users_username_lower_unique").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_unique").on(t.email),
  ],
);

export const sessions = sqliteTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at").notNull(),
    /** "Remember me": the cookie outlives the browser session. */
    persistent: integer("persistent", { mode: "boolean" }).notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

export const businesses = sqliteTable(
  "businesses",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    documentNumber: text("document_number").notNull(),
    filingType: text("filing_type").notNull(),
    status: text("status").notNull(),
    address1: text("address1"),
    address2: text("address2"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
    /** ISO calendar date, yyyy-MM-dd. */
    registeredOn: text("registered_on"),
    category: text("category"),
    isClaimed: integer("is_claimed", { mode: "boolean" }).notNull().default(false),
    canBeClaimed: integer("can_be_claimed", { mode: "boolean" }).notNull().default(true),
    hasPaidBTR: integer("has_paid_btr", { mode: "boolean" }).notNull().default(false),
    ownerId: integer("owner_id").references(() => users.id, { onDelete: "set null" }),
    employeeCount: integer("employee_count"),
    vehicleCount: integer("vehicle_count"),
    verificationCode: text("verification_code"),
    /** Storage key of the uploaded licence under UPLOADS_DIR, never a public URL. */
    driversLicenseUrl: text("drivers_license_url"),
    claimedAt: timestamp("claimed_at"),
    renewalDate: timestamp("renewal_date"),
    stripeSubscriptionId: text("stripe_subscription_id"),
    /** active | past_due | canceled | incomplete, as Stripe reports it. */
    subscriptionStatus: text("subscription_status"),
    autoRenew: integer("auto_renew", { mode: "boolean" }).notNull().default(false),
    /** Shown on the owner's dashboard, e.g. after a failed renewal charge. */
    renewalNotice: text("renewal_notice"),
    createdAt: createdAt(),
    // The state's registry (cordata) fields, written only by `npm run registry:import`
    // (app/services/registry-import.server.ts); see README "Registry import".
    /** The state's status code (A, I); `status` holds the product's label. */
    stateStatus: text("state_status"),
    /** The state's filing type code (DOMP, FLAL, ...); `filingType` holds the product's label. */
    stateFilingType: text("state_filing_type"),
    country: text("country"),
    mailAddress1: text("mail_address1"),
    mailAddress2: text("mail_address2"),
    mailCity: text("mail_city"),
    mailState: text("mail_state"),
    mailZip: text("mail_zip"),
    mailCountry: text("mail_country"),
    fei: text("fei"),
    moreOfficers: integer("more_officers", { mode: "boolean" }).notNull().default(false),
    /** ISO calendar date of the state's last transaction on the entity. */
    lastTransactionOn: text("last_transaction_on"),
    formationState: text("formation_state"),
    agentName: text("agent_name"),
    agentType: text("agent_type"),
    agentAddress: text("agent_address"),
    agentCity: text("agent_city"),
    agentState: text("agent_state"),
    agentZip: text("agent_zip"),
    /** Hash of the last imported line: an identical line later is "unchanged" without a write. */
    registryHash: text("registry_hash"),
  },
  (t) => [
    uniqueIndex("businesses_document_number_unique").on(t.documentNumber),
    index("businesses_zip_idx").on(t.zip),
    index("businesses_fei_idx").on(t.fei),
    index("businesses_address_idx").on(sql`upper(${t.address1})`),
    index("businesses_owner_idx").on(t.ownerId),
    index("businesses_city_name_idx").on(t.city, t.name),
    index("businesses_status_idx").on(t.status),
    index("businesses_filing_type_idx").on(t.filingType),
    index("businesses_name_idx").on(t.name),
    uniqueIndex("businesses_subscription_unique").on(t.stripeSubscriptionId),
  ],
);

export const payments = sqliteTable(
  "payments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** Null once the payer deletes their account: the town keeps the record. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    /** Integer cents. */
    amount: integer("amount").notNull(),
    currency: text("currency").notNull().default("usd"),
    description: text("description").notNull(),
    /** PaymentIntent id, or the invoice id for subscription renewals. Unique: recording is idempotent. */
    stripePaymentId: text("stripe_payment_id").notNull(),
    receiptUrl: text("receipt_url"),
    /** btr (first payment) | renewal (subscription invoice). */
    kind: text("kind").notNull().default("btr"),
    /** The fiscal year the receipt covers, e.g. "2026-2027" (Oct 1 to Sep 30). */
    fiscalYear: text("fiscal_year").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_stripe_payment_id_unique").on(t.stripePaymentId),
    index("payments_user_idx").on(t.userId),
    index("payments_business_idx").on(t.businessId),
    index("payments_created_idx").on(t.createdAt),
  ],
);

/** Failed sign-ins, for the brute-force lockout (by username and by client address). */
export const loginAttempts = sqliteTable(
  "login_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    username: text("username").notNull(),
    ip: text("ip").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("login_attempts_username_idx").on(t.username, t.createdAt),
    index("login_attempts_ip_idx").on(t.ip, t.createdAt),
  ],
);

/** Wrong verification codes, so a 7-digit code cannot be guessed. */
export const claimAttempts = sqliteTable(
  "claim_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    createdAt: createdAt(),
  },
  (t) => [index("claim_attempts_user_business_idx").on(t.userId, t.businessId, t.createdAt)],
);

/** Officers and managers of a business, as the state's file lists them (blocks 1..6). */
export const businessOfficers = sqliteTable(
  "business_officers",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    title: text("title"),
    type: text("type"),
    name: text("name").notNull(),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    zip: text("zip"),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.position] })],
);

/** The (up to three) latest annual reports of a business. */
export const businessAnnualReports = sqliteTable(
  "business_annual_reports",
  {
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    year: integer("year"),
    flag: text("flag"),
    /** ISO calendar date. */
    filedOn: text("filed_on"),
  },
  (t) => [primaryKey({ columns: [t.businessId, t.position] })],
);

/** Every file applied by `npm run registry:import` (the admin's "registry as of"). */
export const registryImports = sqliteTable(
  "registry_imports",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    fileName: text("file_name").notNull(),
    sha256: text("sha256").notNull(),
    startedAt: timestamp("started_at").notNull(),
    finishedAt: timestamp("finished_at").notNull(),
    /** JSON: read, inserted, updated, unchanged, rejected, unknownCodes, seconds, perSecond, mode. */
    summary: text("summary").notNull(),
  },
  (t) => [index("registry_imports_sha_idx").on(t.sha256), index("registry_imports_finished_idx").on(t.finishedAt)],
);

/** Stripe events already handled, so a redelivered webhook does nothing twice. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type BusinessOfficer = typeof businessOfficers.$inferSelect;
export type BusinessAnnualReport = typeof businessAnnualReports.$inferSelect;
export type RegistryImport = typeof registryImports.$inferSelect;
