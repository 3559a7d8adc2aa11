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
    /** user | clerk | admin (~/lib/roles). `is_admin` stays in step with role = admin. */
    role: text("role").notNull().default("user"),
    stripeCustomerId: text("stripe_customer_id"),
    /** When the owner proved the current email address is theirs (a link); null: not yet. */
    emailVerifiedAt: timestamp("email_verified_at"),
    /** The owner asked for no renewal reminders or notices (receipts and resets still go). */
    remindersOptOut: integer("reminders_opt_out", { mode: "boolean" }).notNull().default(false),
    /** The language the owner chose (en | es, ~/lib/languages); null: never chose (mail goes in English). */
    language: text("language"),
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
    /** When this session last passed a second factor (sign-in or step-up); null: never. */
    mfaAt: timestamp("mfa_at"),
    /** The browser's User-Agent at sign-in, shown on the sessions list. */
    userAgent: text("user_agent"),
    /** Approximate last use (updated at most every few minutes). */
    lastSeenAt: timestamp("last_seen_at"),
    createdAt: createdAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

/** An authenticator app's secret (RFC 6238), encrypted; enabled once a first code confirmed it. */
export const mfaTotp = sqliteTable("mfa_totp", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** AES-256-GCM of the base32 secret (~/models/mfa/secret-box.server). */
  secret: text("secret").notNull(),
  enabledAt: timestamp("enabled_at"),
  /** The last 30-second step a code was accepted for: the same code is refused twice. */
  lastStep: integer("last_step"),
  createdAt: createdAt(),
});

/** One-time recovery codes, stored as SHA-256 hashes. */
export const mfaRecoveryCodes = sqliteTable(
  "mfa_recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("mfa_recovery_codes_user_idx").on(t.userId)],
);

/** WebAuthn credentials (passkeys) of a user. */
export const passkeys = sqliteTable(
  "passkeys",
  {
    /** The credential id, base64url. */
    id: text("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    /** JSON array of AuthenticatorTransport. */
    transports: text("transports"),
    name: text("name").notNull(),
    lastUsedAt: timestamp("last_used_at"),
    createdAt: createdAt(),
  },
  (t) => [index("passkeys_user_idx").on(t.userId)],
);

/**
 * A sign-in half done (the password passed, the second factor not yet) or a WebAuthn
 * challenge waiting for its answer. Short-lived; carries no access.
 */
export const authChallenges = sqliteTable(
  "auth_challenges",
  {
    id: text("id").primaryKey(),
    /** mfa-sign-in | passkey-sign-in | passkey-register | passkey-step-up */
    purpose: text("purpose").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    /** The WebAuthn challenge (base64url), when there is one. */
    challenge: text("challenge"),
    rememberMe: integer("remember_me", { mode: "boolean" }).notNull().default(false),
    redirectTo: text("redirect_to"),
    expiresAt: timestamp("expires_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("auth_challenges_expires_idx").on(t.expiresAt)],
);

/** The browsers a user has signed in from (a cookie's id, hashed); owners may trust one for 30 days. */
export const userDevices = sqliteTable(
  "user_devices",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    /** "Remember this device": no second factor asked here until then (owners only). */
    trustedUntil: timestamp("trusted_until"),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.deviceHash] })],
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
    /**
     * state: loaded from the state's registry; town: created by the town when it approved a new
     * receipt application (its document number is a local one, BTR-yyyy-nnnnnn, that no state
     * file holds, so an import never writes it).
     */
    origin: text("origin").notNull().default("state"),
    /** ISO date the business stopped operating (an approved closing): no reminders, notices or letters. */
    closedOn: text("closed_on"),
  },
  (t) => [
    uniqueIndex("businesses_document_number_unique").on(t.documentNumber),
    index("businesses_zip_idx").on(t.zip),
    index("businesses_fei_idx").on(t.fei),
    index("businesses_address_idx").on(sql`upper(${t.address1})`),
    index("businesses_owner_idx").on(t.ownerId),
    // City, then name order, with the ZIP and the filter columns: a town (city names AND ZIPs) or
    // a city with filters is counted and paged from the index alone (drizzle/0013).
    index("businesses_city_name_idx").on(t.city, t.name, t.zip, t.status, t.filingType, t.isClaimed),
    // Document number with the filter columns: a number's prefix with filters is counted and paged
    // from the index alone, in number order (drizzle/0015).
    index("businesses_document_filters_idx").on(t.documentNumber, t.status, t.filingType, t.isClaimed, t.city, t.zip),
    // Filing type, then document number, with the other filter columns: a number's prefix with a
    // type reads only that type's numbers (drizzle/0017).
    index("businesses_type_document_idx").on(t.filingType, t.documentNumber, t.status, t.isClaimed, t.city, t.zip),
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
    /** The same fiscal year as the year it ends (2027 for "2026-2027"): what receipts are keyed on. */
    taxYear: integer("tax_year").notNull(),
    /** Of `amount`: the tax (base + employees + vehicles), in cents. */
    taxCents: integer("tax_cents").notNull(),
    /** Of `amount`: the F.S. 205.053 penalties (delinquency + never receipted), in cents. */
    penaltyCents: integer("penalty_cents").notNull().default(0),
    /**
     * The Local Business Tax Receipt this payment bought: "2027-000123", unique in the town, one
     * per business and fiscal year. Null only for a duplicate payment kept from before receipts.
     */
    receiptNumber: text("receipt_number"),
    /** JSON of the fee breakdown at the time of payment (`Charge` in ~/lib/tax-year); null for older payments. */
    breakdown: text("breakdown"),
    /** When the payment succeeded, by the app's clock (the receipt's "date paid"). */
    paidAt: timestamp("paid_at"),
    /** How it was paid: card (online, through Stripe), or at the counter: cash | check | card_elsewhere. */
    method: text("method").notNull().default("card"),
    /** The check's number, for method = check. */
    checkNumber: text("check_number"),
    /** The staff member who recorded a counter payment (plain id: history survives the user). */
    recordedBy: integer("recorded_by"),
    /** The Stripe charge behind the payment (read once from Stripe: refunds and fees need it). */
    stripeChargeId: text("stripe_charge_id"),
    /** Stripe's processing fee from the charge's balance transaction, in cents; 0 at the counter; null until read. */
    feeCents: integer("fee_cents"),
    /** Refunded so far, in cents. A payment refunded whole no longer holds its receipt. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    /** The business's address when a change of location replaced it: the receipt keeps the address it had. Null: the current one. */
    businessAddress: text("business_address"),
    /** The filing this payment paid the fee of (a transfer); null for receipts. */
    filingId: integer("filing_id"),
    /** The remittance statement that carried this payment to the town; null until a period is closed. */
    remittanceId: integer("remittance_id").references(() => remittances.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("payments_stripe_payment_id_unique").on(t.stripePaymentId),
    uniqueIndex("payments_receipt_number_unique").on(t.receiptNumber),
    // One receipt per business and fiscal year: the guard that makes a second purchase a 409.
    uniqueIndex("payments_business_tax_year_receipt_unique")
      .on(t.businessId, t.taxYear)
      .where(sql`${t.receiptNumber} is not null and ${t.refundedCents} < ${t.amount}`),
    index("payments_remittance_idx").on(t.remittanceId, t.paidAt),
    index("payments_tax_year_idx").on(t.taxYear),
    index("payments_user_idx").on(t.userId),
    index("payments_business_idx").on(t.businessId),
    index("payments_created_idx").on(t.createdAt),
    index("payments_filing_idx").on(t.filingId),
  ],
);

/**
 * A refund of a payment, whole or in part. An administrator's refund is written `pending` before
 * Stripe is called (its id is the idempotency key and Stripe's metadata), then `succeeded`; a
 * refund made in Stripe's dashboard arrives by the `charge.refunded` webhook. Counter payments
 * are refunded at the counter (no Stripe id).
 */
export const refunds = sqliteTable(
  "refunds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id),
    amount: integer("amount").notNull(),
    reason: text("reason").notNull(),
    /** pending | succeeded | failed */
    status: text("status").notNull(),
    stripeRefundId: text("stripe_refund_id"),
    requestedBy: integer("requested_by"),
    succeededAt: timestamp("succeeded_at"),
    /** The remittance statement that carried this refund (an adjustment) to the town. */
    remittanceId: integer("remittance_id").references(() => remittances.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("refunds_stripe_refund_id_unique").on(t.stripeRefundId),
    index("refunds_payment_idx").on(t.paymentId),
    index("refunds_remittance_idx").on(t.remittanceId, t.succeededAt),
  ],
);

/**
 * A closed remittance period: what was handed to the town, frozen. Its lines are the payments and
 * refunds stamped with its id when it was closed; the totals are kept as they were at closing.
 */
export const remittances = sqliteTable("remittances", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  /** yyyy-MM-dd, the town's days, inclusive. */
  periodFrom: text("period_from").notNull(),
  periodTo: text("period_to").notNull(),
  /** The day the money was sent to the town, and the transfer's reference. */
  remittedOn: text("remitted_on").notNull(),
  reference: text("reference").notNull(),
  closedBy: integer("closed_by"),
  paymentCount: integer("payment_count").notNull(),
  refundCount: integer("refund_count").notNull(),
  grossCents: integer("gross_cents").notNull(),
  feeCents: integer("fee_cents").notNull(),
  refundCents: integer("refund_cents").notNull(),
  netCents: integer("net_cents").notNull(),
  createdAt: createdAt(),
});

/**
 * The town's fee schedule, one row per fiscal year (the year it ends). A year without a row uses
 * the latest earlier one (or the defaults in ~/lib/tax-year); a year with receipts sold is frozen.
 */
export const feeSchedules = sqliteTable("fee_schedules", {
  fiscalYear: integer("fiscal_year").primaryKey(),
  baseCents: integer("base_cents").notNull(),
  perEmployeeCents: integer("per_employee_cents").notNull(),
  perVehicleCents: integer("per_vehicle_cents").notNull(),
  firstMonthPenaltyPercent: integer("first_month_penalty_percent").notNull(),
  furtherMonthPenaltyPercent: integer("further_month_penalty_percent").notNull(),
  penaltyCapPercent: integer("penalty_cap_percent").notNull(),
  neverReceiptedPenaltyApplies: integer("never_receipted_penalty_applies", { mode: "boolean" }).notNull(),
  neverReceiptedPenaltyPercent: integer("never_receipted_penalty_percent").notNull(),
  /** "MM-DD" in the calendar year before the fiscal year ends. */
  renewalOpens: text("renewal_opens").notNull(),
  dueDay: text("due_day").notNull(),
  renewalCharge: text("renewal_charge").notNull(),
  updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
  updatedAt: timestamp("updated_at")
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
});

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

/**
 * A registry file being applied in short transactions (app/services/registry-import.server.ts):
 * the last line committed and the counts so far, written in each chunk's transaction, so that a
 * run killed mid-file resumes after that line with its counts. Deleted in the transaction that
 * records the file in registry_imports.
 */
export const registryImportProgress = sqliteTable("registry_import_progress", {
  sha256: text("sha256").primaryKey(),
  fileName: text("file_name").notNull(),
  startedAt: timestamp("started_at").notNull(),
  /** The last line (1-based) whose record is committed. */
  line: integer("line").notNull(),
  /** JSON: the ImportSummary counts so far (read, inserted, updated, unchanged, rejected, unknownCodes). */
  counts: text("counts").notNull(),
  updatedAt: timestamp("updated_at").notNull(),
});

/** Stripe events already handled, so a redelivered webhook does nothing twice. */
export const stripeEvents = sqliteTable("stripe_events", {
  id: text("id").primaryKey(),
  type: text("type").notNull(),
  createdAt: createdAt(),
});

/**
 * Mail waiting to be delivered (issue 23). A row is written in the same transaction as the event
 * that causes it; the sender (app/models/outbox.server.ts) claims it with a lease, sends it over
 * SMTP and marks it sent at once. `dedupeKey` makes each event's message unique: a reminder job
 * or a redelivered webhook that runs twice inserts nothing the second time.
 */
export const outbox = sqliteTable(
  "outbox",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    /** e.g. "receipt:42", "renewal-window:7:2026-2027"; null for messages that may repeat. */
    dedupeKey: text("dedupe_key"),
    kind: text("kind").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "set null" }),
    toAddress: text("to_address").notNull(),
    subject: text("subject").notNull(),
    html: text("html").notNull(),
    text: text("text").notNull(),
    /** JSON object of extra headers (List-Unsubscribe, ...). */
    headers: text("headers"),
    /** JSON array of attachments as data, built at send time (app/mail/attachments.server.ts), e.g. [{"type":"receipt-pdf","paymentId":1,"receipt":{...the receipt document}}]. */
    attachments: text("attachments"),
    /** The same Message-ID on every attempt, so a receiver can tell a repeat. */
    messageId: text("message_id").notNull(),
    /** pending | sending | sent | failed */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at").notNull(),
    /** While status = sending: who holds the row (attempt id) and until when. */
    leaseId: text("lease_id"),
    leaseUntil: timestamp("lease_until"),
    lastError: text("last_error"),
    /** The SMTP server's answer when it accepted the message. */
    smtpResponse: text("smtp_response"),
    sentAt: timestamp("sent_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("outbox_dedupe_key_unique").on(t.dedupeKey),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_created_idx").on(t.createdAt),
  ],
);

/**
 * Single-use links sent by email: password reset and email verification. Only the SHA-256 of
 * the token is stored. A reset token also remembers a fingerprint of the password hash it was
 * issued under, so it is void once the password changes.
 */
export const userTokens = sqliteTable(
  "user_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** reset-password | verify-email */
    purpose: text("purpose").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** verify-email: the address being verified. */
    email: text("email"),
    /** reset-password: SHA-256 of the password hash when the token was issued. */
    passwordFingerprint: text("password_fingerprint"),
    expiresAt: timestamp("expires_at").notNull(),
    usedAt: timestamp("used_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("user_tokens_hash_unique").on(t.tokenHash),
    index("user_tokens_user_idx").on(t.userId, t.purpose, t.createdAt),
  ],
);

/** Password reset requests, for the per-address and per-account rate limits. */
export const passwordResetRequests = sqliteTable(
  "password_reset_requests",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ip: text("ip").notNull(),
    /** The account asked for, when the identifier named one. */
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("password_reset_requests_ip_idx").on(t.ip, t.createdAt),
    index("password_reset_requests_user_idx").on(t.userId, t.createdAt),
  ],
);

/**
 * One row per scheduled job (app/jobs/): a lease so two processes (the server's schedule and
 * `npm run jobs`) never run the same job at once, and what its last run did.
 */
export const jobRuns = sqliteTable("job_runs", {
  name: text("name").primaryKey(),
  leaseId: text("lease_id"),
  leaseUntil: timestamp("lease_until"),
  lastStartedAt: timestamp("last_started_at"),
  lastFinishedAt: timestamp("last_finished_at"),
  lastResult: text("last_result"),
  lastError: text("last_error"),
  /** When a run last finished without error (the monitor's "last success", migration 0023). */
  lastSucceededAt: timestamp("last_succeeded_at"),
  /** Runs that ended in an error, ever (a database busy with another writer is not one). */
  failures: integer("failures").notNull().default(0),
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

/** The town's list of business activities a receipt application picks from (admin-editable). */
export const filingCategories = sqliteTable("filing_categories", {
  code: text("code").primaryKey(),
  name: text("name").notNull(),
  /** Contractors, cosmetology...: the application asks for the state licence number and its copy. */
  needsStateLicense: integer("needs_state_license", { mode: "boolean" }).notNull().default(false),
  active: integer("active", { mode: "boolean" }).notNull().default(true),
  createdAt: createdAt(),
});

/**
 * A document a business files with the BTR office (~/lib/filings): a new receipt application,
 * a transfer, a change of location, a closing. Its answers, documents and history are rows of
 * their own; the status moves draft -> submitted -> approved | denied | changes_requested, or
 * withdrawn by the applicant.
 */
export const filings = sqliteTable(
  "filings",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    status: text("status").notNull().default("draft"),
    /** Null once the applicant deletes their account: the town keeps the record. */
    applicantId: integer("applicant_id").references(() => users.id, { onDelete: "set null" }),
    /** The business filed about; for a new-business filing, set once approved (or linked). */
    businessId: integer("business_id").references(() => businesses.id),
    /** The fee, in cents, computed by the server when the filing is saved (transfers). */
    feeCents: integer("fee_cents").notNull().default(0),
    /** The staff member's message of the last decision (changes requested, denied). */
    decisionMessage: text("decision_message"),
    submittedAt: timestamp("submitted_at"),
    decidedAt: timestamp("decided_at"),
    updatedAt: timestamp("updated_at").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("filings_status_idx").on(t.status, t.submittedAt),
    index("filings_applicant_idx").on(t.applicantId, t.updatedAt),
    index("filings_business_idx").on(t.businessId),
  ],
);

/** One answer of a filing (field name -> text), saved step by step. */
export const filingAnswers = sqliteTable(
  "filing_answers",
  {
    filingId: integer("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    field: text("field").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.filingId, t.field] })],
);

/** A document uploaded to a filing: one per type (a new upload replaces it), stored under UPLOADS_DIR. */
export const filingDocuments = sqliteTable(
  "filing_documents",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    filingId: integer("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    documentType: text("document_type").notNull(),
    storageKey: text("storage_key").notNull(),
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("filing_documents_type_unique").on(t.filingId, t.documentType)],
);

/** A filing's history: what happened, when, by whom, with the message shown to the applicant. */
export const filingEvents = sqliteTable(
  "filing_events",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    filingId: integer("filing_id")
      .notNull()
      .references(() => filings.id, { onDelete: "cascade" }),
    /** created | submitted | fee_paid | changes_requested | approved | denied | withdrawn */
    action: text("action").notNull(),
    actorId: integer("actor_id"),
    message: text("message"),
    createdAt: createdAt(),
  },
  (t) => [index("filing_events_filing_idx").on(t.filingId, t.id)],
);

/**
 * Subscriptions to cancel at Stripe (issue 40): a transfer or a closing approved with the
 * business renewing automatically writes a row here in the decision's transaction; the
 * stripe-cancellations job (and the decision itself, right after its commit) cancels it at
 * Stripe until Stripe confirms, then sets done_at.
 */
export const stripeCancellations = sqliteTable(
  "stripe_cancellations",
  {
    subscriptionId: text("subscription_id").primaryKey(),
    businessId: integer("business_id").references(() => businesses.id, { onDelete: "set null" }),
    /** Why, e.g. "filing 42: transfer". */
    reason: text("reason").notNull(),
    requestedAt: timestamp("requested_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    lastAttemptAt: timestamp("last_attempt_at"),
    lastError: text("last_error"),
    doneAt: timestamp("done_at"),
  },
  (t) => [index("stripe_cancellations_pending_idx").on(t.doneAt, t.requestedAt)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Business = typeof businesses.$inferSelect;
export type NewBusiness = typeof businesses.$inferInsert;
export type Payment = typeof payments.$inferSelect;
export type Refund = typeof refunds.$inferSelect;
export type Remittance = typeof remittances.$inferSelect;
export type BusinessOfficer = typeof businessOfficers.$inferSelect;
export type BusinessAnnualReport = typeof businessAnnualReports.$inferSelect;
export type RegistryImport = typeof registryImports.$inferSelect;
export type OutboxRow = typeof outbox.$inferSelect;
export type FeeScheduleRow = typeof feeSchedules.$inferSelect;
export type Filing = typeof filings.$inferSelect;
export type FilingDocument = typeof filingDocuments.$inferSelect;
export type FilingEvent = typeof filingEvents.$inferSelect;
export type FilingCategory = typeof filingCategories.$inferSelect;
export type StripeCancellation = typeof stripeCancellations.$inferSelect;
