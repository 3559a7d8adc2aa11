/**
 * What the JSON API answers, as zod schemas: the response half of the contract (the request half
 * is the form schemas in app/lib/schemas, which the routes validate with). The OpenAPI document
 * publishes each of these under components/schemas with the key it has in RESPONSE_COMPONENTS.
 *
 * Objects are strict in the published JSON Schema (no extra properties), so a field a route
 * starts sending without the contract saying so fails the contract test.
 */
import { z } from "zod";
import { DOCUMENT_TYPES, FILING_DOCUMENT_MIME_TYPES } from "~/lib/filings/documents";
import { ANSWER_NAMES, FILING_KINDS, FILING_STATUSES } from "~/lib/filings/kinds";
import { LANGUAGES } from "~/lib/languages";

const id = z.number().int().positive();
const cents = z.number().int().describe("Integer cents (USD): 13500 is $135.00");
const timestamp = z.iso.datetime().describe("UTC timestamp, ISO 8601");
const nullableText = z.string().nullable();

/** Every error: a message for people, and per-field messages when input was invalid. */
export const ErrorBody = z.object({
  error: z.object({
    message: z.string(),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Field name to its messages (the form's own copy); present for invalid input"),
    code: z
      .enum(["mfa_required"])
      .optional()
      .describe("mfa_required: the session must pass a second factor first (POST /api/user/mfa/verify), then send the request again"),
  }),
});

export const Pagination = z.object({
  page: z.number().int().min(1).describe("The page answered (a page past the end answers the last page)"),
  limit: z.number().int().min(1).max(100),
  total: z.number().int().min(0).describe("Matching rows; a search stops counting at 10,000"),
  totalPages: z.number().int().min(1),
});

export const User = z.object({
  id,
  username: z.string(),
  email: z.string(),
  firstName: nullableText,
  lastName: nullableText,
  isAdmin: z.boolean(),
  role: z.enum(["user", "clerk", "admin"]).describe("user; clerk (staff: letters, audit log, read-only lists); admin (everything). isAdmin is true exactly for admin"),
  emailVerifiedAt: timestamp.nullable().describe("When the user confirmed their email address; null until then"),
  remindersOptOut: z.boolean().describe("true when the user turned off the renewal reminder emails"),
  language: z.enum(LANGUAGES).nullable().describe("The language the user chose with the site's language switch (their pages and email); null: never chose, email in English"),
  createdAt: timestamp,
});

/** The registry fields anyone may see (a search result card). */
export const BusinessCard = z.object({
  id,
  name: z.string(),
  documentNumber: z.string().describe("Florida Division of Corporations document number"),
  filingType: z.string().describe("Filing type code: LLC, CORP, ..."),
  status: z.string().describe("ACTIVE, INACTIVE, ..."),
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  registeredOn: z.iso.date().nullable(),
  category: nullableText,
  isClaimed: z.boolean(),
  canBeClaimed: z.boolean(),
  hasPaidBTR: z.boolean(),
  matchedBy: z
    .array(z.string())
    .optional()
    .describe('Search results only, with a person, zip, address or fei filter: why it matched, e.g. "Officer: SMITH, JOHN A"'),
});

const declaredCounts = {
  employeeCount: z.number().int().nullable().describe("Declared at claim time; null until claimed"),
  vehicleCount: z.number().int().nullable().describe("Declared at claim time; null until claimed"),
};

export const PublicBusiness = BusinessCard.extend(declaredCounts);

const registryAddress = z.object({
  address1: nullableText,
  address2: nullableText,
  city: nullableText,
  state: nullableText,
  zip: nullableText,
  country: nullableText,
});

/** What the state's registry file holds beyond the card (issue 19): public, as on the state's site. */
export const RegistryDetails = z.object({
  stateStatus: nullableText.describe("The state's status code: A active, I inactive"),
  stateFilingType: nullableText.describe("The state's filing type code (DOMP, FLAL, ...), mapped to filingType"),
  mailingAddress: registryAddress.nullable(),
  fei: nullableText.describe("Federal employer id, when the state's file gives one"),
  lastTransactionOn: z.iso.date().nullable(),
  formationState: nullableText.describe("State or country of formation, for foreign entities"),
  moreOfficers: z.boolean().describe("The entity has more officers than the six the state's file holds"),
  registeredAgent: z
    .object({ name: z.string(), type: nullableText, address: nullableText, city: nullableText, state: nullableText, zip: nullableText })
    .nullable(),
  officers: z.array(
    z.object({
      position: z.number().int().min(1).max(6),
      title: nullableText.describe("The state's title code: P, V, T, S, C, D, MGR, AMBR, ..."),
      type: nullableText.describe("P person, C corporation"),
      name: z.string(),
      address: nullableText,
      city: nullableText,
      state: nullableText,
      zip: nullableText,
    }),
  ),
  annualReports: z.array(z.object({ year: z.number().int().nullable(), filedOn: z.iso.date().nullable() })),
});

export const BusinessDetail = PublicBusiness.extend(RegistryDetails.shape);

/** A business as its owner sees it. Never the verification code or the licence's storage path. */
export const OwnedBusiness = PublicBusiness.extend({
  ownerId: id.nullable(),
  claimedAt: timestamp.nullable(),
  hasDriversLicense: z.boolean(),
  licenseReview: z
    .object({
      status: z.enum(["verified", "rejected"]),
      reason: nullableText.describe("Why the town rejected the licence (shown to the owner); null when verified"),
    })
    .nullable()
    .describe("The town's review of the uploaded driver's licence; null until reviewed"),
});

/**
 * One of "the user's businesses" (the dashboard's list): those they own, plus any they paid for
 * and no longer own (then only the public fields are filled).
 */
export const UserBusiness = PublicBusiness.extend({
  ownerId: id.nullable().describe("The user's id when they own it, else null"),
  ownedByYou: z.boolean(),
  claimedAt: timestamp.nullable(),
  renewalDate: timestamp.nullable(),
  subscriptionStatus: nullableText,
  autoRenew: z.boolean(),
  renewalNotice: nullableText,
  hasDriversLicense: z.boolean(),
  licenseReviewStatus: z
    .enum(["verified", "rejected"])
    .nullable()
    .describe("The town's review of the owner's driver's licence; null until reviewed, and for a business the user does not own"),
  licenseReviewReason: nullableText.describe("Why the licence was rejected (shown to the owner); null otherwise"),
  paymentCount: z.number().int().min(0),
  taxState: z.enum(["paid", "pay", "claim"]).describe("paid: a payment exists; pay: claimed by the user, unpaid; claim: not theirs to pay yet"),
});

export const ClaimedBusiness = OwnedBusiness.extend({
  btr: z.object({
    paid: z.boolean(),
    lastPayment: z.object({ id, amount: cents, fiscalYear: z.string(), paidAt: timestamp }).nullable(),
  }),
  subscription: z.object({
    status: nullableText.describe("Stripe's status: active, trialing, past_due, canceled, incomplete; null when none"),
    active: z.boolean(),
    autoRenew: z.boolean(),
    renewalDate: timestamp.nullable(),
    notice: nullableText.describe("e.g. after a failed renewal charge"),
  }),
});

export const BusinessList = z.object({
  businesses: z.array(BusinessCard),
  pagination: Pagination,
  totalIsCapped: z.boolean().describe("true when more than 10,000 matched: total is then 10,000"),
});

export const BusinessSuggestion = z.object({ id, name: z.string(), documentNumber: z.string(), city: nullableText });

export const SuggestionList = z.object({ businesses: z.array(BusinessSuggestion) });

const paymentMethod = z
  .enum(["card", "cash", "check", "card_elsewhere"])
  .describe("card: online through Stripe; cash, check, card_elsewhere: at the town's counter");

const paymentKind = z
  .enum(["btr", "renewal", "transfer_fee"])
  .describe("btr: a Business Tax Receipt; renewal: its annual auto-renewal; transfer_fee: a transfer filing's fee (buys no receipt)");

const paymentFields = {
  id,
  userId: id.nullable().describe("null once the payer deleted their account"),
  businessId: id,
  amount: cents,
  currency: z.literal("usd"),
  description: z.string(),
  stripePaymentId: z.string(),
  receiptUrl: nullableText,
  kind: paymentKind,
  fiscalYear: z.string().describe("The BTR year the payment covers, e.g. 2026-2027 (October 1 to September 30)"),
  method: paymentMethod,
  refundedCents: cents.describe("Refunded so far; when it equals amount the receipt is void"),
  createdAt: timestamp,
};

/** A recorded payment (POST /api/payments). */
export const Payment = z.object({
  ...paymentFields,
  taxYear: z.number().int().describe("The fiscal year the receipt covers, by the year it ends: 2027 = October 1, 2026 to September 30, 2027"),
  taxCents: cents.describe("The tax part of amount, integer cents"),
  penaltyCents: cents.describe("The late penalty part of amount (F.S. 205.053), integer cents; amount = taxCents + penaltyCents"),
  receiptNumber: z.string().regex(/^\d{4}-\d{6}$/).describe("The receipt's number: its fiscal year, then a sequence, e.g. 2027-000123"),
});

/** One of the signed-in user's payments, with the business it paid for. */
export const UserPayment = z.object({ ...paymentFields, businessName: z.string(), documentNumber: z.string() });

/** A user in the administrators' list: the account fields without the email preferences. */
export const AdminUser = User.omit({ emailVerifiedAt: true, remindersOptOut: true, language: true });

export const AdminBusiness = BusinessCard.extend({
  ...declaredCounts,
  ownerId: id.nullable(),
  ownerUsername: nullableText,
  claimedAt: timestamp.nullable(),
});

export const AdminPayment = z.object({
  id,
  userId: id.nullable(),
  username: nullableText,
  businessId: id,
  businessName: z.string(),
  documentNumber: z.string(),
  amount: cents,
  currency: z.literal("usd"),
  description: z.string(),
  kind: paymentKind,
  fiscalYear: z.string(),
  stripePaymentId: z.string().describe("The Stripe PaymentIntent or invoice id; counter:<key> for a payment at the counter"),
  method: paymentMethod,
  refundedCents: cents.describe("Refunded so far"),
  createdAt: timestamp,
});

export const LicenseRow = z.object({
  id,
  businessName: z.string(),
  documentNumber: z.string(),
  ownerId: id.nullable(),
  claimedDate: timestamp.nullable(),
  driversLicenseUrl: z.string().describe("The protected download route (owner or administrator only)"),
});

/** What one fiscal year's receipt costs today: the tax for the declared counts plus any penalties. */
export const Charge = z.object({
  fiscalYear: z.number().int().describe("The fiscal year, by the year it ends: 2027 = October 1, 2026 to September 30, 2027"),
  baseCents: cents.describe("The schedule's base tax, integer cents"),
  perEmployeeCents: cents.describe("The schedule's tax per employee, integer cents"),
  perVehicleCents: cents.describe("The schedule's tax per vehicle, integer cents"),
  employees: z.number().int().min(0).describe("Employees counted (the declared count, never below 0)"),
  employeeCents: cents.describe("employees x perEmployeeCents"),
  vehicles: z.number().int().min(0).describe("Vehicles counted (the declared count, never below 0)"),
  vehicleCents: cents.describe("vehicles x perVehicleCents"),
  taxCents: cents.describe("baseCents + employeeCents + vehicleCents"),
  penalty: z
    .object({
      monthsLate: z.number().int().min(0).describe("Months of delinquency so far (0 = not delinquent): October is 1, November 2, ..."),
      percent: z.number().min(0).describe("The delinquency penalty rate, percent of the tax"),
      cents: cents.describe("The delinquency penalty, integer cents"),
    })
    .describe("The F.S. 205.053(1) delinquency penalty owed today"),
  neverReceiptedPercent: z.number().min(0).describe("The F.S. 205.053(3) penalty rate for a business that never held a receipt, when the schedule applies it"),
  neverReceiptedCents: cents.describe("That penalty, integer cents"),
  penaltyCents: cents.describe("All penalties: penalty.cents + neverReceiptedCents"),
  totalCents: cents.describe("What is charged: taxCents + penaltyCents"),
});

const trackingStats = z
  .object({
    letters: z.number().int().min(0).describe("Letters in the batch"),
    mailed: z.number().int().min(0).describe("Letters marked mailed"),
    claimed: z.number().int().min(0).describe("Businesses claimed after their letter"),
    paid: z.number().int().min(0).describe("Businesses that paid after their letter"),
    avgDaysToClaim: z.number().nullable().describe("Average days from mailing to the claim (1 decimal); null when none"),
    avgDaysToPayment: z.number().nullable().describe("Average days from mailing to the first payment (1 decimal); null when none"),
  })
  .describe("Claim tracking figures");

/** A batch of claim letters (with fresh claim codes), as the staff list shows it. */
export const LetterBatch = z.object({
  id,
  createdBy: id.nullable().describe("The staff user who made it; null once that account is deleted"),
  filters: z
    .object({
      unclaimed: z.boolean(),
      mailed: z.enum(["never", "before", "any"]),
      mailedBefore: z.iso.date().optional(),
      status: z.string().optional(),
      filingType: z.string().optional(),
      q: z.string().optional(),
    })
    .describe("The filters the batch was made with (as POSTed, with defaults filled in)"),
  letterCount: z.number().int().min(1).describe("Letters (businesses) in the batch"),
  fiscalYear: z.string().describe("The BTR year the letters are for, e.g. 2026-2027"),
  mailedOn: z.iso.date().nullable().describe("The day staff marked the batch mailed; null until then"),
  createdAt: timestamp,
  stats: trackingStats,
});

/** A business that has not claimed within the given days of its latest mailed letter. */
export const UnansweredLetter = z.object({
  businessId: id,
  name: z.string(),
  documentNumber: z.string(),
  address: z
    .object({ line1: z.string(), line2: z.string(), city: z.string(), state: z.string(), zip: z.string() })
    .describe("The letter's mailing address (empty strings where the registry has none)"),
  batchId: id.describe("The batch of the latest mailed letter"),
  letterId: id,
  mailedOn: z.iso.date().describe("When that letter was mailed"),
  daysSinceMailing: z.number().int().min(0),
});

/** One entry of the audit log: who changed what, with the values before and after. */
export const AuditEntry = z.object({
  id,
  at: timestamp,
  actorId: id.nullable().describe("The staff user who acted; null for the system or a deleted account"),
  actorUsername: nullableText.describe("Their username at the time"),
  action: z.string().describe("noun.verb: claim.create, user.role, letter_batch.create, letter.reissue, claim.release, license.review, ..."),
  entityType: z.string().describe("What was changed: business, user, letter_batch, letter, ..."),
  entityId: id.nullable(),
  before: z.unknown().describe("The changed values before (any JSON value, as the action records it); null when there is no before"),
  after: z.unknown().describe("The changed values after (any JSON value, as the action records it); null when there is no after"),
});

const remittanceTotals = z.object({
  paymentCount: z.number().int().min(0),
  refundCount: z.number().int().min(0),
  grossCents: cents.describe("Payments collected"),
  feeCents: cents.describe("Stripe's card processing fees (from its balance transactions); 0 at the counter"),
  refundCents: cents.describe("Refunds made"),
  netCents: cents.describe("gross - fees - refunds: what the town receives"),
});

/** One line of a remittance statement: a payment, or a refund (an adjustment when its payment was remitted earlier). */
export const RemittanceLine = z.object({
  kind: z.enum(["payment", "refund"]),
  paymentId: id,
  refundId: id.nullable(),
  date: z.iso.date().describe("The town's day (America/New_York) of the payment or refund"),
  late: z.boolean().describe("Dated before the period: arrived after an earlier period was closed, so carried by this one"),
  receiptNumber: nullableText,
  businessId: id,
  businessName: z.string(),
  documentNumber: z.string(),
  fiscalYear: z.string(),
  method: paymentMethod,
  reference: z.string().describe("Stripe id (PaymentIntent, invoice or refund), or counter:<key>"),
  taxCents: cents,
  penaltyCents: cents,
  grossCents: cents,
  feeCents: cents,
  refundCents: cents,
  netCents: cents.describe("gross - fee - refund (negative for a refund)"),
  remittanceId: id.nullable().describe("The closed statement that carries the line; null while not remitted"),
  adjustsRemittanceId: id.nullable().describe("For a refund: the statement that carried the refunded payment"),
  reason: nullableText.describe("A refund's reason"),
});

/** A closed remittance statement, with the business data the town receives. */
export const RemittanceStatement = z.object({
  id,
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  remittedOn: z.iso.date(),
  reference: z.string(),
  closedAt: timestamp,
  lines: z.array(RemittanceLine),
  totals: remittanceTotals,
  businesses: z.array(
    z.object({
      id,
      name: z.string(),
      documentNumber: z.string(),
      address: z.string(),
      city: nullableText,
      zip: nullableText,
      filingType: z.string(),
      status: z.string(),
      isClaimed: z.boolean(),
      ownerName: nullableText,
      ownerEmail: nullableText,
      employeeCount: z.number().int().nullable(),
      vehicleCount: z.number().int().nullable(),
    }),
  ),
});

export const RemittanceReport = z.object({
  period: z.object({ from: z.iso.date(), to: z.iso.date() }),
  lines: z.array(RemittanceLine),
  totals: remittanceTotals,
});

export const RemittanceSummary = z.object({
  id,
  periodFrom: z.iso.date(),
  periodTo: z.iso.date(),
  remittedOn: z.iso.date(),
  reference: z.string(),
  closedBy: id.nullable(),
  paymentCount: z.number().int().min(0),
  refundCount: z.number().int().min(0),
  grossCents: cents,
  feeCents: cents,
  refundCents: cents,
  netCents: cents,
  createdAt: timestamp,
});

// ---- second factor and sessions (issue 41) ---------------------------------------------------

const mfaMethod = z
  .enum(["totp", "recovery", "passkey"])
  .describe("totp: a code from an authenticator app; recovery: a one-time recovery code; passkey: a passkey (in a browser only, not through this API)");

/** POST /api/login for an account with a second factor: no session yet. */
export const MfaRequired = z.object({
  mfaRequired: z.literal(true),
  methods: z.array(mfaMethod).describe("The ways this account can pass its second factor"),
});

export const TotpEnrolment = z.object({
  secret: z.string().describe("The shared secret, base32: type it into the authenticator app (shown only while the setup waits for its first code)"),
  otpauthUrl: z.string().startsWith("otpauth://totp/").describe("The same secret as an otpauth:// URL, for a QR code"),
});

export const TotpEnabled = z.object({
  enabled: z.literal(true),
  recoveryCodes: z.array(z.string()).length(10).describe("Ten one-time recovery codes, shown this once: keep them safe"),
});

/** One place the account is signed in (GET /api/user/sessions). */
export const SignedInSession = z.object({
  id: z
    .string()
    .regex(/^[0-9a-f]{16}$/)
    .describe("The session's handle (16 hex characters of a hash of its id; never the session id itself): DELETE /api/user/sessions/{id}"),
  device: z.string().describe("Browser and system read from the User-Agent, e.g. 'Chrome on Windows'"),
  userAgent: nullableText,
  createdAt: timestamp.describe("When it signed in"),
  lastSeenAt: timestamp.describe("When it was last used, to about 5 minutes"),
  current: z.boolean().describe("true for the session making this request"),
});

export const RefundRecord = z.object({
  id,
  paymentId: id,
  amountCents: cents.describe("What this refund pays back"),
  reason: z.string(),
  status: z.enum(["pending", "succeeded"]).describe("succeeded; pending while Stripe's answer is awaited (completed by its webhook or the reconciliation)"),
  stripeRefundId: nullableText.describe("Stripe's refund id; null for a counter payment paid back at the counter"),
  createdAt: timestamp,
  succeededAt: timestamp.nullable(),
});

// ---- filings (issue 40) ----------------------------------------------------------------------

const filingKind = z.enum(FILING_KINDS).describe("new-business: a new receipt application; transfer: on sale; change-location; close-business");
const filingStatus = z
  .enum(FILING_STATUSES)
  .describe("draft and changes-requested: the applicant edits it; submitted: waiting for staff; approved, denied, withdrawn: final");
const documentType = z.enum(DOCUMENT_TYPES);

/** A document uploaded to a filing (never its storage path). */
export const FilingDocument = z.object({
  id,
  documentType,
  label: z.string().describe("The document's name for people, e.g. Lease or proof of the location"),
  fileName: z.string().describe("The name the file was uploaded with"),
  contentType: z.enum(FILING_DOCUMENT_MIME_TYPES).describe("The type read from the file's bytes"),
  size: z.number().int().min(0).describe("Bytes"),
  uploadedAt: timestamp,
  url: z.string().describe("The file itself: GET it with the session cookie (the applicant and staff only)"),
});

/** Something a filing still needs before it can be submitted: an answer or a document. */
export const FilingMissingItem = z.union([
  z.object({ field: z.enum(ANSWER_NAMES).describe("The answer's name"), message: z.string() }),
  z.object({ documentType, message: z.string() }),
]);

/** A filing as its applicant and staff see it. */
export const Filing = z.object({
  id,
  kind: filingKind,
  status: filingStatus,
  applicant: z.object({ id, username: z.string(), email: z.string() }).nullable().describe("null once the applicant's account is deleted"),
  businessId: id.nullable().describe("The business it is about; for new-business, set once approved (the new or linked business)"),
  business: z.object({ id, name: z.string(), documentNumber: z.string() }).nullable(),
  answers: z
    .object(Object.fromEntries(ANSWER_NAMES.map((name) => [name, z.string().optional()])))
    .describe("The answers given so far, as text (see PATCH /api/filings/{id})"),
  documents: z.array(FilingDocument),
  requiredDocuments: z.array(documentType).describe("The document types the answers so far call for"),
  missing: z.array(FilingMissingItem).describe("What submitting still needs, in the order of the steps; empty when it can be submitted"),
  feeCents: cents.describe("What the filing charges, integer cents (a transfer's fee); 0 where nothing"),
  feePaid: z.boolean().describe("true once a fee above 0 is paid"),
  decisionMessage: nullableText.describe("The staff's message with their last decision (changes asked for, the reason of a denial)"),
  submittedAt: timestamp.nullable(),
  decidedAt: timestamp.nullable(),
  updatedAt: timestamp,
  createdAt: timestamp,
  history: z
    .array(
      z.object({
        action: z.string().describe("created, submitted, resubmitted, changes_requested, approved, denied, withdrawn"),
        actor: nullableText.describe("The username of who did it"),
        message: nullableText,
        at: timestamp,
      }),
    )
    .describe("Oldest first"),
});

/** One of the caller's filings (GET /api/filings). */
export const FilingSummary = z.object({
  id,
  kind: filingKind,
  status: filingStatus,
  businessId: id.nullable(),
  businessName: nullableText.describe("The business's name, or the name a new application gives"),
  feeCents: cents,
  decisionMessage: nullableText,
  submittedAt: timestamp.nullable(),
  decidedAt: timestamp.nullable(),
  updatedAt: timestamp,
  createdAt: timestamp,
});

/** A row of the staff review queue. */
export const FilingQueueItem = z.object({
  id,
  kind: filingKind,
  status: filingStatus,
  name: nullableText.describe("The business's name (or the trade or legal name an application gives)"),
  applicant: nullableText.describe("The applicant's username"),
  submittedAt: timestamp.nullable(),
  updatedAt: timestamp,
  daysWaiting: z.number().int().min(0).nullable().describe("Whole days since submission"),
});

/** One of the town's business activities. */
export const FilingCategory = z.object({
  code: z.string().describe("The value of the category answer"),
  name: z.string(),
  needsStateLicense: z.boolean().describe("An application for it needs a state licence number and the licence itself"),
});

/** A refused submission: what is missing, or the answers no longer valid. */
export const FilingSubmitError = z.object({
  error: z.object({
    message: z.string(),
    fieldErrors: ErrorBody.shape.error.shape.fieldErrors,
    missing: z.array(FilingMissingItem).optional().describe("The answers and documents still needed"),
  }),
});

/** The PaymentIntent for a transfer's fee (POST /api/filings/{id}/fee without stripePaymentId). */
export const FilingFeeIntent = z.object({
  clientSecret: z.string().describe("Confirm it with Stripe.js"),
  paymentIntentId: z.string().describe("Send it back as stripePaymentId once Stripe.js confirmed it"),
  amount: cents.describe("Integer cents: the filing's fee (its feeCents), computed by the server"),
});

/** A transfer's fee, paid (POST /api/filings/{id}/fee with stripePaymentId): a payment that is never a receipt. */
export const FilingFeePayment = z.object({
  id,
  filingId: id,
  businessId: id,
  amount: cents,
  currency: z.literal("usd"),
  description: z.literal("Transfer fee"),
  stripePaymentId: z.string().describe("The PaymentIntent id (also when a Checkout Session was sent)"),
  receiptUrl: nullableText.describe("Stripe's card receipt, when Stripe has one"),
  kind: z.literal("transfer_fee"),
  paidAt: timestamp.describe("When Stripe took the payment"),
  refundedCents: cents.describe("Refunded so far"),
});

/** Shared schemas, published under these names in components/schemas. */
export const RESPONSE_COMPONENTS = {
  ErrorBody,
  Pagination,
  User,
  BusinessCard,
  PublicBusiness,
  BusinessDetail,
  OwnedBusiness,
  UserBusiness,
  ClaimedBusiness,
  BusinessList,
  BusinessSuggestion,
  SuggestionList,
  Payment,
  UserPayment,
  AdminBusiness,
  AdminPayment,
  LicenseRow,
  AdminUser,
  Charge,
  LetterBatch,
  UnansweredLetter,
  AuditEntry,
  RemittanceLine,
  RemittanceStatement,
  RemittanceReport,
  RemittanceSummary,
  Filing,
  FilingSummary,
  FilingDocument,
  FilingMissingItem,
  FilingQueueItem,
  FilingCategory,
  FilingSubmitError,
  FilingFeeIntent,
  FilingFeePayment,
  MfaRequired,
  TotpEnrolment,
  TotpEnabled,
  SignedInSession,
  RefundRecord,
} satisfies Record<string, z.ZodType>;
