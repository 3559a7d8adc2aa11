import { sql } from "drizzle-orm";
import {
  index,
  integer,
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
    /** user | clerk | admin (~/lib/roles). `is_admin` stays in step with role = admin. */
    role: text("role").notNull().default("user"),
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
    /** The licence review: null (not reviewed) | verified | rejected, with the reason shown to the owner. */
    licenseReviewStatus: text("license_review_status"),
    licenseReviewReason: text("license_review_reason"),
    licenseReviewedAt: timestamp("license_reviewed_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("businesses_document_number_unique").on(t.documentNumber),
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

/** Stripe events already handled, so a redelivered webhook does nothing twice. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * The audit log: append-only. The model has an insert and reads only, and triggers (0010)
 * refuse any UPDATE or DELETE. actor_id is a plain number (no foreign key: deleting a user
 * must not rewrite history); actor_username keeps the name as it was.
 */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id"),
    actorUsername: text("actor_username"),
    /** e.g. claim.create, user.role, letter_batch.create, letter.reissue, claim.release, license.review */
    action: text("action").notNull(),
    entityType: text("entity_type").notNull(),
    entityId: integer("entity_id"),
    /** JSON of the values before and after the change (null when there is no before/after). */
    before: text("before"),
    after: text("after"),
    createdAt: createdAt(),
  },
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    index("audit_log_actor_idx").on(t.actorId, t.createdAt),
    index("audit_log_action_idx").on(t.action, t.createdAt),
    index("audit_log_entity_idx").on(t.entityType, t.entityId),
  ],
);

/** A batch of claim letters; mailed_on (yyyy-MM-dd) once the town marks it mailed. */
export const letterBatches = sqliteTable("letter_batches", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
  /** The filters the batch was made with, JSON. */
  filters: text("filters").notNull(),
  letterCount: integer("letter_count").notNull(),
  fiscalYear: text("fiscal_year").notNull(),
  mailedOn: text("mailed_on"),
  createdAt: createdAt(),
});

/**
 * One letter of a batch. The code itself lives only in businesses.verification_code (the one
 * live code); the letter keeps its SHA-256, so a letter whose code was replaced is known.
 */
export const letters = sqliteTable(
  "letters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    batchId: integer("batch_id")
      .notNull()
      .references(() => letterBatches.id),
    businessId: integer("business_id")
      .notNull()
      .references(() => businesses.id),
    codeHash: text("code_hash").notNull(),
    reissuedAt: timestamp("reissued_at"),
    createdAt: createdAt(),
  },
  (t) => [index("letters_batch_idx").on(t.batchId, t.id), index("letters_business_idx").on(t.businessId)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type Payment = typeof payments.$inferSelect;
