/**
 * The JSON API's contract, written once: every /api endpoint, what it takes and what it answers.
 * /api/openapi.json and the /developers page are generated from this list, and
 * tests/integration/api-contract.test.ts holds every route to it.
 *
 * Adding an endpoint = adding one entry to ENDPOINTS (and its cases to the contract test).
 * Request bodies are the zod schemas the routes validate with (app/lib/schemas); answers are the
 * schemas in ./responses.
 */
import { z } from "zod";
import { ApiRegisterSchema, LoginSchema, PasswordChangeSchema, ProfileSchema } from "~/lib/schemas/auth";
import { ClaimSchema } from "~/lib/schemas/claim";
import { LetterBatchFiltersSchema } from "~/lib/schemas/letter-batch";
import { ApiMfaLoginSchema, MFA_REQUIRED, TotpConfirmSchema, TotpDisableSchema } from "~/lib/schemas/mfa";
import { PaymentSchema } from "~/lib/schemas/payment";
import { ApiClosePeriodSchema, ApiRefundSchema, ApiRoleSchema } from "~/lib/schemas/staff-api";
import { CreateFilingSchema, FilingAnswersSchema, ApiFilingDecisionSchema, FilingDocumentUploadSchema } from "~/lib/schemas/filing-api";
import { FILING_KINDS, FILING_STATUSES } from "~/lib/filings/kinds";
import {
  AdminBusiness,
  AdminPayment,
  AdminUser,
  AuditEntry,
  Charge,
  RemittanceReport,
  RemittanceStatement,
  RemittanceSummary,
  LetterBatch,
  UnansweredLetter,
  BusinessList,
  ClaimedBusiness,
  ErrorBody,
  Filing,
  FilingCategory,
  FilingDocument,
  FilingFeeIntent,
  FilingFeePayment,
  FilingQueueItem,
  FilingSubmitError,
  FilingSummary,
  LicenseRow,
  MfaRequired,
  OwnedBusiness,
  Pagination,
  Payment,
  RefundRecord,
  BusinessDetail,
  SignedInSession,
  SuggestionList,
  TotpEnabled,
  TotpEnrolment,
  User,
  UserBusiness,
  UserPayment,
} from "./responses";

export type HttpMethod = "GET" | "POST" | "PATCH" | "DELETE";
export type Status = 200 | 201 | 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429;
/**
 * none: anyone; session: signed in (the session cookie); admin: signed in as an administrator;
 * staff: signed in as an administrator or a clerk; pending-sign-in: half signed in (the password
 * passed, the second factor not yet: the `__signin` cookie POST /api/login set).
 */
export type Auth = "none" | "session" | "admin" | "staff" | "pending-sign-in" | "stripe-signature";

export type ResponseSpec = {
  description: string;
  /** A JSON answer's schema; omitted for CSV answers (`csv`) and PDF answers (`pdf`). */
  schema?: z.ZodType;
  csv?: { filename: string };
  pdf?: { filename: string };
  /** The answer shown for this status (the error answers' example is their message). */
  example?: unknown;
};

export type Endpoint = {
  method: HttpMethod;
  /** OpenAPI form: /api/businesses/{id}. Must match the route file (api.businesses.$id.ts). */
  path: string;
  operationId: string;
  tag: Tag;
  summary: string;
  description?: string;
  auth: Auth;
  pathParams?: z.ZodObject;
  query?: z.ZodObject;
  /** `optional`: the endpoint also takes no body at all. */
  body?: { type: "json" | "multipart"; schema: z.ZodType; example: Record<string, unknown>; optional?: true };
  /** The example request's path with parameters filled in (and query string), when it differs from `path`. */
  examplePath?: string;
  responses: Partial<Record<Status, ResponseSpec>>;
};

export const TAGS = {
  Accounts: "Sign-up, sign-in and the signed-in user's profile.",
  Security:
    "The second factor (an authenticator app's codes, with one-time recovery codes), the step-up that staff actions moving money or power need, " +
    "and the sessions the account is signed in with.",
  Businesses: "The public registry: listing, search and one business.",
  Claims: "Claiming a business with the code from the town's letter, and the owner's lists.",
  Payments: "Paying the Business Tax Receipt and reading payments back.",
  Subscriptions: "Annual auto-renewal of the Business Tax Receipt.",
  Filings:
    "Documents a business files with the town: a new receipt application, a transfer on sale, a change of location, a closing. " +
    "The applicant creates a draft, answers, uploads documents and submits; the town's staff (administrators and clerks) approve, ask for changes or deny.",
  Exports: "The signed-in user's CSV downloads.",
  Administration: "The town's administrators: lists and reports (administrators only).",
  Letters: "Claim letters, their tracking and the audit log (the town's staff: administrators and clerks).",
  Remittance: "What was collected for the town, and the closed remittance statements (the town's staff).",
  Stripe: "Called by Stripe, not by browsers.",
  Contract: "This document.",
} as const;
export type Tag = keyof typeof TAGS;

// ---- building blocks ------------------------------------------------------------------------

const error = (description: string, message: string, fieldErrors?: Record<string, string[]>): ResponseSpec => ({
  description,
  schema: ErrorBody,
  example: { error: fieldErrors ? { message, fieldErrors } : { message } },
});
const signedOut = error("Not signed in (no valid session cookie)", "Authentication required");
const notAdmin = error("Signed in, but not an administrator", "Administrator access required");
const notStaff = error("Signed in, but neither an administrator nor a clerk", "Staff access required");
const notJson = error("The body is not sent as application/json", "Content-Type must be application/json");
const badPaging = error("page or limit is not a whole number in range", "page must be a positive whole number");
/** 403 of a staff endpoint behind the step-up (~/utils/step-up.server): its example is the step-up's answer. */
const stepUp = (who: string): ResponseSpec => ({
  description:
    `${who}; or the account has a second factor and this session has not passed it in the last 12 hours ` +
    "(error.code mfa_required: send a code to POST /api/user/mfa/verify, then this request again)",
  schema: ErrorBody,
  example: { error: { message: MFA_REQUIRED, code: "mfa_required" } },
});
const wrongCode = "That code is not right. Check your authenticator app and try again";
const lockedOut = "Too many failed sign-in attempts. For your security, sign-in is paused: please try again in 15 minutes.";

const idParam = (name: string, description: string) =>
  z.object({ [name]: z.string().regex(/^\d+$/).describe(description) });
const page = z.number().int().min(1).optional().describe("Page number, from 1 (default 1)");
const limit = (fallback: number) =>
  z.number().int().min(1).max(100).optional().describe(`Rows per page, 1 to 100 (default ${fallback})`);
const text = (description: string) => z.string().max(200).optional().describe(description);
const adminPaging = z.object({ page, limit: limit(10) });
const adminBusinessQuery = adminPaging.extend({
  name: text("Business name words (a registry search: its total stops at 10,000)"),
  doc: z.string().max(40).optional().describe("Document number, whole or its beginning"),
});

const sampleUser = {
  id: 2,
  username: "demo",
  email: "demo@example.com",
  firstName: "Demo",
  lastName: "Owner",
  isAdmin: false,
  role: "user",
  emailVerifiedAt: "2026-01-15T14:10:00.000Z",
  remindersOptOut: false,
  language: "es",
  createdAt: "2026-01-15T14:03:22.000Z",
};
const { emailVerifiedAt: _verified, remindersOptOut: _optOut, language: _language, ...sampleAdminUser } = sampleUser;
const sampleCard = {
  id: 3,
  name: "Gulfstream Logistics LLC",
  documentNumber: "L24000000003",
  filingType: "LLC",
  status: "ACTIVE",
  address1: "3200 SW 52nd Ave",
  address2: null,
  city: "Pembroke Park",
  state: "FL",
  zip: "33023",
  registeredOn: "2024-02-01",
  category: "Transportation",
  isClaimed: true,
  canBeClaimed: false,
  hasPaidBTR: true,
};
const samplePublic = { ...sampleCard, employeeCount: 4, vehicleCount: 3 };
const sampleDetail = {
  ...samplePublic,
  stateStatus: "A",
  stateFilingType: "FLAL",
  mailingAddress: { address1: "PO BOX 2210", address2: null, city: "HALLANDALE BEACH", state: "FL", zip: "33008", country: "US" },
  fei: "59-1234567",
  lastTransactionOn: "2026-04-30",
  formationState: null,
  moreOfficers: false,
  registeredAgent: { name: "RIVERA, ANA M", type: "P", address: "3200 SW 52ND AVE", city: "PEMBROKE PARK", state: "FL", zip: "33023" },
  officers: [
    { position: 1, title: "MGR", type: "P", name: "RIVERA, ANA M", address: "3200 SW 52ND AVE", city: "PEMBROKE PARK", state: "FL", zip: "33023" },
  ],
  annualReports: [{ year: 2026, filedOn: "2026-04-30" }],
};
const sampleOwned = {
  ...samplePublic,
  ownerId: 2,
  claimedAt: "2026-02-03T10:00:00.000Z",
  hasDriversLicense: true,
  licenseReview: { status: "verified", reason: null },
};
const samplePaymentFields = {
  id: 7,
  userId: 2,
  businessId: 3,
  amount: 15000,
  currency: "usd",
  description: "Business Tax Receipt",
  stripePaymentId: "pi_3Q0example",
  receiptUrl: "https://pay.stripe.com/receipts/example",
  kind: "btr",
  fiscalYear: "2025-2026",
  method: "card",
  refundedCents: 0,
  createdAt: "2026-02-03T10:05:00.000Z",
};
const sampleCharge = {
  fiscalYear: 2027,
  baseCents: 10000,
  perEmployeeCents: 500,
  perVehicleCents: 1000,
  employees: 3,
  employeeCents: 1500,
  vehicles: 2,
  vehicleCents: 2000,
  taxCents: 13500,
  penalty: { monthsLate: 0, percent: 0, cents: 0 },
  neverReceiptedPercent: 0,
  neverReceiptedCents: 0,
  penaltyCents: 0,
  totalCents: 13500,
};
const samplePagination = { page: 1, limit: 10, total: 2, totalPages: 1 };
const sampleRemittanceLine = {
  kind: "payment",
  paymentId: 7,
  refundId: null,
  date: "2026-11-16",
  late: false,
  receiptNumber: "2027-000123",
  businessId: 3,
  businessName: "Gulfstream Logistics LLC",
  documentNumber: "L24000000003",
  fiscalYear: "2026-2027",
  method: "card",
  reference: "pi_3Q0example",
  taxCents: 15000,
  penaltyCents: 0,
  grossCents: 15000,
  feeCents: 465,
  refundCents: 0,
  netCents: 14535,
  remittanceId: null as number | null,
  adjustsRemittanceId: null,
  reason: null,
};

const sampleStatement = {
  id: 3,
  period: { from: "2026-11-01", to: "2026-11-30" },
  remittedOn: "2026-12-02",
  reference: "ACH 20261202-01",
  closedAt: "2026-12-02T15:00:00.000Z",
  lines: [{ ...sampleRemittanceLine, remittanceId: 3 }],
  totals: { paymentCount: 1, refundCount: 0, grossCents: 15000, feeCents: 465, refundCents: 0, netCents: 14535 },
  businesses: [
    {
      id: 3,
      name: "Gulfstream Logistics LLC",
      documentNumber: "L24000000003",
      address: "3200 SW 52nd Ave",
      city: "Pembroke Park",
      zip: "33023",
      filingType: "FLAL",
      status: "ACTIVE",
      isClaimed: true,
      ownerName: "Demo Owner",
      ownerEmail: "demo@example.com",
      employeeCount: 4,
      vehicleCount: 3,
    },
  ],
};

const filingNotFound = error("No such filing, or not one the caller may see", "Filing not found");
const notApplicant = error("Staff may read the filing, but only its applicant changes it", "Only the applicant can change this filing");
const notEditable = error("Submitted (until staff ask for changes), decided or withdrawn", "This filing was submitted and can no longer be changed");
const filingBodyTooLarge = error("The body is over 64 KB", "The request body is too large");
const sampleDocument = {
  id: 12,
  documentType: "proof-of-location",
  label: "Lease or proof of the location",
  fileName: "lease.pdf",
  contentType: "application/pdf",
  size: 48213,
  uploadedAt: "2026-11-02T15:01:00.000Z",
  url: "/filings/41/documents/12",
};
const sampleNewFiling = {
  id: 41,
  kind: "new-business",
  status: "draft",
  applicant: { id: 2, username: "demo", email: "demo@example.com" },
  businessId: null as number | null,
  business: null as { id: number; name: string; documentNumber: string } | null,
  answers: { email: "demo@example.com" } as Record<string, string>,
  documents: [] as (typeof sampleDocument)[],
  requiredDocuments: ["proof-of-location"],
  missing: [
    { field: "businessName", message: "Business name is required" },
    { field: "ownership", message: "Choose the kind of ownership" },
    { documentType: "proof-of-location", message: "Lease or proof of the location is required" },
  ] as ({ field: string; message: string } | { documentType: string; message: string })[],
  feeCents: 0,
  feePaid: false,
  decisionMessage: null as string | null,
  submittedAt: null as string | null,
  decidedAt: null as string | null,
  updatedAt: "2026-11-02T14:55:00.000Z",
  createdAt: "2026-11-02T14:55:00.000Z",
  history: [{ action: "created", actor: "demo" as string | null, message: null as string | null, at: "2026-11-02T14:55:00.000Z" }],
};
const sampleSubmittedFiling = {
  ...sampleNewFiling,
  status: "submitted",
  answers: {
    businessName: "Señora Café LLC",
    ownership: "llc",
    phone: "(954) 555-0100",
    email: "demo@example.com",
    address1: "3150 SW 52nd Ave",
    city: "Pembroke Park",
    zip: "33023",
    homeBased: "yes",
    category: "restaurant",
    employeeCount: "2",
    vehicleCount: "0",
  },
  documents: [sampleDocument],
  missing: [],
  submittedAt: "2026-11-02T15:04:00.000Z",
  updatedAt: "2026-11-02T15:04:00.000Z",
  history: [...sampleNewFiling.history, { action: "submitted", actor: "demo", message: null, at: "2026-11-02T15:04:00.000Z" }],
};
const sampleApprovedFiling = {
  ...sampleSubmittedFiling,
  status: "approved",
  businessId: 812,
  business: { id: 812, name: "Señora Café LLC", documentNumber: "BTR-2027-000041" },
  decidedAt: "2026-11-05T13:20:00.000Z",
  updatedAt: "2026-11-05T13:20:00.000Z",
  history: [...sampleSubmittedFiling.history, { action: "approved", actor: "clerk", message: null, at: "2026-11-05T13:20:00.000Z" }],
};
const sampleFilingSummary = {
  id: 41,
  kind: "new-business",
  status: "submitted",
  businessId: null,
  businessName: "Señora Café LLC",
  feeCents: 0,
  decisionMessage: null,
  submittedAt: "2026-11-02T15:04:00.000Z",
  decidedAt: null,
  updatedAt: "2026-11-02T15:04:00.000Z",
  createdAt: "2026-11-02T14:55:00.000Z",
};

// ---- the endpoints --------------------------------------------------------------------------

export const ENDPOINTS: Endpoint[] = [
  // Accounts
  {
    method: "GET",
    path: "/api/user",
    operationId: "getCurrentUser",
    tag: "Accounts",
    summary: "The signed-in user",
    description: "Never the password hash. A client reads 401 as 'nobody is signed in'.",
    auth: "session",
    responses: { 200: { description: "The user", schema: User, example: sampleUser }, 401: signedOut },
  },
  {
    method: "POST",
    path: "/api/login",
    operationId: "login",
    tag: "Accounts",
    summary: "Sign in",
    description:
      "Sets the session cookie (`__session`, HttpOnly). With rememberMe it lasts 30 days, otherwise it ends with the browser session. " +
      "An account with a second factor is not signed in yet: the answer is `{ mfaRequired: true, methods }` with a `__signin` cookie " +
      "(5 minutes, no access to anything) for POST /api/login/mfa. " +
      "10 failed sign-ins for one username (or from one address) within 15 minutes lock further attempts.",
    auth: "none",
    body: { type: "json", schema: LoginSchema, example: { username: "demo", password: "demo-user-1", rememberMe: false } },
    responses: {
      200: {
        description: "Signed in: the user, and a Set-Cookie header. Or, for an account with a second factor, mfaRequired and the pending sign-in's cookie",
        schema: z.union([User, MfaRequired]),
        example: sampleUser,
      },
      400: error("Invalid input", "Please check your information and try again", { password: ["Password is required"] }),
      401: error("Wrong username or password (the same answer for an unknown username)", "Invalid username or password"),
      415: notJson,
      429: error("Too many failed sign-ins: see the Retry-After header", lockedOut),
    },
  },
  {
    method: "POST",
    path: "/api/login/mfa",
    operationId: "loginSecondFactor",
    tag: "Accounts",
    summary: "Sign in: the second factor",
    description:
      "After POST /api/login answered mfaRequired, with its `__signin` cookie: a code from the authenticator app, or one of the recovery codes " +
      "(each works once). Sets the session cookie and answers the user, as POST /api/login does. " +
      "Wrong codes count in the sign-in lockout with wrong passwords. The pending sign-in ends after 5 minutes or once used.",
    auth: "pending-sign-in",
    body: { type: "json", schema: ApiMfaLoginSchema, example: { code: "492039" } },
    responses: {
      200: { description: "Signed in: the user, and a Set-Cookie header", schema: User, example: sampleUser },
      400: error("Neither code nor recoveryCode", "Please check your information and try again", {
        code: ["Enter the code from your authenticator app or a recovery code"],
      }),
      401: error("No pending sign-in (none, expired or already finished), or a wrong code", wrongCode),
      415: notJson,
      429: error("Too many failed sign-ins: see the Retry-After header", lockedOut),
    },
  },
  {
    method: "POST",
    path: "/api/register",
    operationId: "register",
    tag: "Accounts",
    summary: "Create an account",
    description: "Does not sign in: sign in with POST /api/login next.",
    auth: "none",
    body: {
      type: "json",
      schema: ApiRegisterSchema,
      example: {
        username: "sunrise_cafe",
        password: "a-good-password",
        confirmPassword: "a-good-password",
        email: "owner@sunrise.example",
        firstName: "Ana",
        lastName: "Lopez",
      },
    },
    responses: {
      201: {
        description: "The new user",
        schema: User,
        example: { ...sampleUser, id: 12, username: "sunrise_cafe", email: "owner@sunrise.example", firstName: "Ana", lastName: "Lopez" },
      },
      400: error("Invalid input, or the username or email is taken", "Please check your information and try again", {
        username: ["Username is already taken"],
        confirmPassword: ["Passwords do not match"],
      }),
      415: notJson,
    },
  },
  {
    method: "POST",
    path: "/api/logout",
    operationId: "logout",
    tag: "Accounts",
    summary: "Sign out",
    description: "Ends the session and clears the cookie; fine when already signed out.",
    auth: "none",
    responses: { 200: { description: "Signed out", schema: z.object({ success: z.literal(true) }), example: { success: true } } },
  },
  {
    method: "PATCH",
    path: "/api/user/profile",
    operationId: "updateProfile",
    tag: "Accounts",
    summary: "Change name and email",
    auth: "session",
    body: { type: "json", schema: ProfileSchema, example: { firstName: "Demo", lastName: "Owner", email: "demo@example.com" } },
    responses: {
      200: { description: "The updated user", schema: User, example: sampleUser },
      400: error("Invalid input, or the email belongs to another account", "Please check your information and try again", {
        email: ["Please enter a valid email address"],
      }),
      401: signedOut,
      415: notJson,
    },
  },
  {
    method: "PATCH",
    path: "/api/user/password",
    operationId: "changePassword",
    tag: "Accounts",
    summary: "Change the password",
    description: "Ends the user's other sessions; this one stays signed in.",
    auth: "session",
    body: {
      type: "json",
      schema: PasswordChangeSchema,
      example: { currentPassword: "demo-user-1", newPassword: "a-new-password", confirmPassword: "a-new-password" },
    },
    responses: {
      200: {
        description: "Changed",
        schema: z.object({ success: z.literal(true), message: z.string() }),
        example: { success: true, message: "Password updated" },
      },
      400: error("Invalid input or a wrong current password", "Failed to update password. Please check your current password", {
        currentPassword: ["Failed to update password. Please check your current password"],
      }),
      401: signedOut,
      415: notJson,
    },
  },

  // Security (issue 41)
  {
    method: "POST",
    path: "/api/user/mfa/totp",
    operationId: "startTotp",
    tag: "Security",
    summary: "Set up an authenticator app",
    description:
      "A new secret for the app (replacing a setup not confirmed yet): show otpauthUrl as a QR code or the secret as text, " +
      "then confirm with the app's first code (POST /api/user/mfa/totp/confirm). Nothing changes until then. The secret is never answered again once confirmed.",
    auth: "session",
    responses: {
      201: {
        description: "The setup, waiting for its first code",
        schema: TotpEnrolment,
        example: {
          secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP",
          otpauthUrl: "otpauth://totp/Pembroke%20Park%20BTR:demo?issuer=Pembroke%20Park%20BTR&secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&algorithm=SHA1&digits=6&period=30",
        },
      },
      401: signedOut,
      403: {
        description:
          "The account already has a second factor (a passkey) and this session has not passed it in the last 12 hours " +
          "(error.code mfa_required: send a code to POST /api/user/mfa/verify, then this request again)",
        schema: ErrorBody,
        example: { error: { message: "To add another second factor, first confirm it's you with the one you have", code: "mfa_required" } },
      },
      409: error("The authenticator app is already on", "Your authenticator app is already set up"),
    },
  },
  {
    method: "POST",
    path: "/api/user/mfa/totp/confirm",
    operationId: "confirmTotp",
    tag: "Security",
    summary: "Turn the authenticator app on with its first code",
    description:
      "Turns the app on and answers ten one-time recovery codes, shown this once (stored hashed). " +
      "This session counts as having passed the second factor now. The owner is emailed (and, for staff, the audit log notes it).",
    auth: "session",
    body: { type: "json", schema: TotpConfirmSchema, example: { code: "492039" } },
    responses: {
      200: {
        description: "On",
        schema: TotpEnabled,
        example: {
          enabled: true,
          recoveryCodes: ["k7m2p-x9q4d", "h3w8n-c5t6r", "b2v9k-m4x7p", "q8d3f-j6w2n", "t5c7h-r9b4k", "n4x6m-p2q8w", "f9k3t-d7h5c", "w6p2r-b8n3x", "c3j7q-m5v9d", "r8t4w-k2f6h"],
        },
      },
      400: error("Not six digits, or not the app's code", wrongCode, { code: [wrongCode] }),
      401: signedOut,
      409: error("Already on, or no setup started (POST /api/user/mfa/totp first)", "No setup is waiting: start one with POST /api/user/mfa/totp"),
      415: notJson,
    },
  },
  {
    method: "DELETE",
    path: "/api/user/mfa/totp",
    operationId: "disableTotp",
    tag: "Security",
    summary: "Turn the authenticator app off",
    description:
      "With the password and a current code (or a recovery code). Its recovery codes go too, unless passkeys remain; browsers trusted to skip the code are forgotten. " +
      "The owner is emailed.",
    auth: "session",
    body: { type: "json", schema: TotpDisableSchema, example: { password: "demo-user-1", code: "492039" } },
    responses: {
      200: { description: "Off", schema: z.object({ enabled: z.literal(false) }), example: { enabled: false } },
      400: error("Missing fields, a wrong password or a wrong code", "Incorrect password", { password: ["Incorrect password"] }),
      401: signedOut,
      409: error("The authenticator app is not on", "The authenticator app is not turned on"),
      415: notJson,
    },
  },
  {
    method: "POST",
    path: "/api/user/mfa/verify",
    operationId: "verifySecondFactor",
    tag: "Security",
    summary: "Pass the second factor now (step-up)",
    description:
      "A code from the authenticator app, or a recovery code (each works once): this session counts as having passed the second factor now. " +
      "Staff actions that move money or power (refunds, closing a remittance period, role changes, filing decisions) answer 403 mfa_required " +
      "until the session passed it within 12 hours; call this, then send the refused request again. Wrong codes count in the sign-in lockout.",
    auth: "session",
    body: { type: "json", schema: ApiMfaLoginSchema, example: { code: "492039" } },
    responses: {
      200: {
        description: "Passed",
        schema: z.object({ verified: z.literal(true), verifiedAt: z.iso.datetime() }),
        example: { verified: true, verifiedAt: "2026-12-02T14:58:00.000Z" },
      },
      400: error("Neither code nor recoveryCode", "Please check your information and try again", {
        code: ["Enter the code from your authenticator app or a recovery code"],
      }),
      401: error("Not signed in, or a wrong code", wrongCode),
      409: error("The account has no second factor", "Your account has no second factor to verify"),
      415: notJson,
      429: error("Too many wrong codes or passwords: see the Retry-After header", lockedOut),
    },
  },
  {
    method: "GET",
    path: "/api/user/sessions",
    operationId: "listMySessions",
    tag: "Security",
    summary: "Where the account is signed in",
    description:
      "This session first, then the most recently used. Each is named by a handle, never by its session id (which would sign in whoever holds it).",
    auth: "session",
    responses: {
      200: {
        description: "An array",
        schema: z.array(SignedInSession),
        example: [
          {
            id: "3f9c2a7be10d4c58",
            device: "Firefox on Linux",
            userAgent: "Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0",
            createdAt: "2026-12-02T14:55:00.000Z",
            lastSeenAt: "2026-12-02T15:05:00.000Z",
            current: true,
          },
          {
            id: "a04be6d91c7f2e33",
            device: "Safari on iOS",
            userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            createdAt: "2026-11-28T09:12:00.000Z",
            lastSeenAt: "2026-11-30T18:40:00.000Z",
            current: false,
          },
        ],
      },
      401: signedOut,
    },
  },
  {
    method: "DELETE",
    path: "/api/user/sessions/{id}",
    operationId: "endMySession",
    tag: "Security",
    summary: "End one of the account's sessions",
    description:
      "That browser is signed out at its next request. Ending the current session signs out (the cookie is cleared; `current` is true).",
    auth: "session",
    pathParams: z.object({ id: z.string().regex(/^[0-9a-f]{16}$/).describe("The session's handle, from GET /api/user/sessions") }),
    examplePath: "/api/user/sessions/a04be6d91c7f2e33",
    responses: {
      200: {
        description: "Ended",
        schema: z.object({ success: z.literal(true), current: z.boolean().describe("true when it was the session making this request") }),
        example: { success: true, current: false },
      },
      401: signedOut,
      404: error("Not one of the account's sessions (another account's, already ended, or unknown)", "Session not found"),
    },
  },

  // Businesses
  {
    method: "GET",
    path: "/api/businesses",
    operationId: "listBusinesses",
    tag: "Businesses",
    summary: "The registry, page by page",
    auth: "none",
    query: z.object({ city: text("Only this city ('all' or empty: every city)"), page, limit: limit(10) }),
    examplePath: "/api/businesses?city=Pembroke%20Park&page=1&limit=3",
    responses: {
      200: {
        description: "One page of businesses",
        schema: BusinessList,
        example: { businesses: [sampleCard], pagination: { page: 1, limit: 3, total: 401, totalPages: 134 }, totalIsCapped: false },
      },
      400: badPaging,
    },
  },
  {
    method: "GET",
    path: "/api/businesses/search",
    operationId: "searchBusinesses",
    tag: "Businesses",
    summary: "Search the registry",
    description:
      "Every filter is optional. Exact and leading name matches come first. `total` stops at 10,000 (`totalIsCapped` then says so). " +
      "With suggest=1 it answers up to `limit` (default 5) suggestions, without counting.",
    auth: "none",
    query: z.object({
      q: text("Business name words (same as name)"),
      name: text("Business name words"),
      doc: text("Document number, whole or its beginning"),
      city: text("City ('all' or empty: every city)"),
      type: text("Filing type code, e.g. LLC"),
      status: text("Status, e.g. ACTIVE"),
      person: text("An officer's or the registered agent's name, words in any order"),
      zip: text("ZIP code, or its beginning"),
      address: text("The beginning of the principal street address"),
      fei: text("Federal employer id (FEI/EIN)"),
      page,
      limit: limit(10),
      suggest: z.literal("1").optional().describe("1: answer suggestions ({businesses}) instead of a page"),
    }),
    examplePath: "/api/businesses/search?q=gulfstream&page=1&limit=10",
    responses: {
      200: {
        description: "A page of results (or, with suggest=1, suggestions)",
        schema: z.union([BusinessList, SuggestionList]),
        example: { businesses: [sampleCard], pagination: { page: 1, limit: 10, total: 1, totalPages: 1 }, totalIsCapped: false },
      },
      400: badPaging,
    },
  },
  {
    method: "GET",
    path: "/api/businesses/{id}",
    operationId: "getBusiness",
    tag: "Businesses",
    summary: "One business",
    description:
      "Public fields only; the declared counts once it is claimed; and what the state's registry file holds " +
      "(mailing address, FEI, the state's codes, registered agent, officers, annual reports).",
    auth: "none",
    pathParams: idParam("id", "Business id"),
    examplePath: "/api/businesses/3",
    responses: {
      200: { description: "The business", schema: BusinessDetail, example: sampleDetail },
      400: error("The id is not a positive whole number", "Business ID must be a positive whole number"),
      404: error("No such business", "Business not found"),
    },
  },

  // Claims
  {
    method: "POST",
    path: "/api/businesses/{id}/claim",
    operationId: "claimBusiness",
    tag: "Claims",
    summary: "Claim a business",
    description:
      "multipart/form-data. The verification code is in the letter the town mailed. " +
      "5 wrong codes for one business within an hour lock claiming it (429 with Retry-After).",
    auth: "session",
    pathParams: idParam("id", "Business id"),
    examplePath: "/api/businesses/1/claim",
    body: {
      type: "multipart",
      schema: ClaimSchema,
      example: { employeeCount: 3, vehicleCount: 1, verificationCode: "1234567", driversLicenseFile: "(a JPEG, PNG or GIF, at most 5 MB)" },
    },
    responses: {
      200: {
        description: "The claimed business",
        schema: OwnedBusiness,
        example: { ...sampleOwned, id: 1, name: "Pembroke Park Demo Bakery LLC", documentNumber: "L24000000001", hasPaidBTR: false },
      },
      400: error("Invalid form or wrong code", "Failed to claim business. Please check your verification code and try again.", {
        verificationCode: ["Failed to claim business. Please check your verification code and try again."],
      }),
      401: signedOut,
      404: error("No such business", "Business not found"),
      409: error("Already claimed", "This business has already been claimed by someone else."),
      413: error("The licence file is over 5 MB", "File size must be less than 5MB", { driversLicenseFile: ["File size must be less than 5MB"] }),
      429: error("Too many wrong codes: see the Retry-After header", "Too many incorrect verification codes for this business. For your security, claiming it is locked for 60 minutes. Please try again later."),
    },
  },
  {
    method: "GET",
    path: "/api/user/businesses",
    operationId: "listMyBusinesses",
    tag: "Claims",
    summary: "The user's businesses",
    description: "Those the user owns, plus any they paid for (the dashboard's list). Oldest claim first, then by name.",
    auth: "session",
    responses: {
      200: {
        description: "An array",
        schema: z.array(UserBusiness),
        example: [
          {
            ...(({ licenseReview: _review, ...rest }) => rest)(sampleOwned),
            licenseReviewStatus: "verified",
            licenseReviewReason: null,
            ownedByYou: true,
            renewalDate: null,
            subscriptionStatus: null,
            autoRenew: false,
            renewalNotice: null,
            paymentCount: 1,
            taxState: "paid",
          },
        ],
      },
      401: signedOut,
    },
  },
  {
    method: "GET",
    path: "/api/businesses/claimed",
    operationId: "listMyClaimedBusinesses",
    tag: "Claims",
    summary: "The user's claimed businesses, with their receipt and subscription state",
    auth: "session",
    responses: {
      200: {
        description: "An array, by name",
        schema: z.array(ClaimedBusiness),
        example: [
          {
            ...sampleOwned,
            btr: { paid: true, lastPayment: { id: 7, amount: 15000, fiscalYear: "2025-2026", paidAt: "2026-02-03T10:05:00.000Z" } },
            subscription: { status: null, active: false, autoRenew: false, renewalDate: null, notice: null },
          },
        ],
      },
      401: signedOut,
    },
  },

  // Payments
  {
    method: "POST",
    path: "/api/create-payment-intent",
    operationId: "createPaymentIntent",
    tag: "Payments",
    summary: "Start paying a Business Tax Receipt",
    description:
      "The server computes the charge from the town's fee schedule for that fiscal year (base + per employee + per vehicle, in cents) plus any late penalty owed today; an `amount` that differs is refused. " +
      "Confirm the answer's clientSecret with Stripe.js, then record the payment with POST /api/payments.",
    auth: "session",
    body: {
      type: "json",
      schema: PaymentSchema.partial().extend({
        businessId: z.number().int().positive(),
        fiscalYear: z
          .union([z.number().int(), z.string().regex(/^(FY)?\d{4}$/i)])
          .optional()
          .describe("The fiscal year to buy, by the year it ends (2027 = Oct 1, 2026 to Sep 30, 2027); default: the oldest one the business can buy"),
        amount: z.number().int().optional().describe("Cents; when sent, it must equal the server's total (tax plus any penalty)"),
      }),
      example: { businessId: 2, fiscalYear: 2027, amount: 13500 },
    },
    responses: {
      200: {
        description: "The PaymentIntent's client secret, and what it charges",
        schema: z.object({
          clientSecret: z.string().describe("Confirm it with Stripe.js"),
          amount: z.number().int().describe("Integer cents: what the PaymentIntent charges, breakdown.totalCents"),
          fiscalYear: z.number().int().describe("The fiscal year being bought, by the year it ends"),
          breakdown: Charge,
        }),
        example: {
          clientSecret: "pi_3Q0example_secret_abc",
          amount: 13500,
          fiscalYear: 2027,
          breakdown: sampleCharge,
        },
      },
      400: error("Invalid input, a bad fiscal year or a different amount", "The amount does not match the fee for this business."),
      401: signedOut,
      403: error("Not the business's owner", "Only the owner of this business can pay its Business Tax Receipt."),
      404: error("No such business", "We couldn't find the business you're trying to pay for"),
      409: error("Not claimed, or the fiscal year's receipt is already held (or not on sale yet)", "This business has already paid its Business Tax Receipt."),
      415: notJson,
    },
  },
  {
    method: "POST",
    path: "/api/payments",
    operationId: "recordPayment",
    tag: "Payments",
    summary: "Record a payment Stripe confirmed",
    description:
      "Checked with Stripe: it must have succeeded, for this business and this user. The amount, description and receipt URL recorded are Stripe's. " +
      "Recording twice answers the same payment (200 instead of 201).",
    auth: "session",
    body: {
      type: "json",
      schema: z.object({
        businessId: z.number().int().positive(),
        stripePaymentId: z.string().min(1).describe("The PaymentIntent id"),
        amount: z.number().int().optional().describe("Cents; when sent, it must equal what was paid"),
        description: z.string().optional().describe("Ignored: Stripe's is recorded"),
        receiptUrl: z.string().optional().describe("Ignored: Stripe's is recorded"),
      }),
      example: { businessId: 2, amount: 13500, description: "Business Tax Receipt", stripePaymentId: "pi_3Q0example", receiptUrl: "" },
    },
    responses: {
      201: {
        description: "Recorded",
        schema: Payment,
        example: { ...samplePaymentFields, taxYear: 2026, taxCents: 15000, penaltyCents: 0, receiptNumber: "2026-000007" },
      },
      200: { description: "Already recorded: the same payment", schema: Payment },
      400: error("Invalid input, or Stripe did not confirm this payment for this business and user", "Stripe did not confirm this payment."),
      401: signedOut,
      404: error("No such business", "We couldn't find the business you're trying to pay for"),
      409: error("This business's receipt is already paid by another payment", "This business has already paid its Business Tax Receipt."),
      415: notJson,
    },
  },
  {
    method: "GET",
    path: "/api/payments",
    operationId: "listMyPayments",
    tag: "Payments",
    summary: "The user's payments",
    auth: "session",
    responses: {
      200: {
        description: "An array, newest first",
        schema: z.array(UserPayment),
        example: [{ ...samplePaymentFields, businessName: "Gulfstream Logistics LLC", documentNumber: "L24000000003" }],
      },
      401: signedOut,
    },
  },
  {
    method: "GET",
    path: "/api/payments/stripe/{stripePaymentId}",
    operationId: "findPaymentByStripeId",
    tag: "Payments",
    summary: "Find the user's payment by its Stripe id",
    description: "For going to the receipt, /receipt/{id}, after paying.",
    auth: "session",
    pathParams: z.object({ stripePaymentId: z.string().min(1).describe("The PaymentIntent id") }),
    examplePath: "/api/payments/stripe/pi_3Q0example",
    responses: {
      200: { description: "The payment's id", schema: z.object({ id: z.number().int().positive() }), example: { id: 7 } },
      401: signedOut,
      404: error("No payment of this user's has this id", "Could not locate the receipt for this payment"),
    },
  },

  // Subscriptions
  {
    method: "POST",
    path: "/api/create-subscription",
    operationId: "createSubscription",
    tag: "Subscriptions",
    summary: "Set up annual auto-renewal",
    description:
      "For the owner of a claimed business whose receipt is paid. The first renewal is charged at the start of the next BTR year (October 1). " +
      "When the answer has a clientSecret, confirm the card with Stripe.js, then POST /api/subscription/{businessId}.",
    auth: "session",
    body: {
      type: "json",
      schema: z.object({
        businessId: z.number().int().positive(),
        paymentMethodId: z.string().regex(/^pm_[A-Za-z0-9_]{3,255}$/).describe("A Stripe card PaymentMethod id"),
      }),
      example: { businessId: 3, paymentMethodId: "pm_1Q0example" },
    },
    responses: {
      201: {
        description: "Created",
        schema: z.object({ clientSecret: z.string().optional().describe("Present when the card needs confirming"), renewalDate: z.iso.datetime() }),
        example: { renewalDate: "2026-10-01T00:00:00.000Z" },
      },
      400: error("Invalid input, or the card was refused", "A card payment method is required", { paymentMethodId: ["A card payment method is required"] }),
      401: signedOut,
      403: error("Not the business's owner", "Only the owner of this business can manage its subscription."),
      404: error("No such business", "Business not found"),
      409: error("Receipt unpaid, or a subscription already exists", "A subscription already exists for this business."),
      415: notJson,
    },
  },
  ...(["PATCH", "DELETE", "POST"] as const).map(
    (method): Endpoint => ({
      method,
      path: "/api/subscription/{businessId}",
      operationId: { PATCH: "setAutoRenew", DELETE: "cancelSubscription", POST: "refreshSubscription" }[method],
      tag: "Subscriptions",
      summary: {
        PATCH: "Turn auto-renewal on or off",
        DELETE: "Cancel the subscription",
        POST: "Re-read the subscription from Stripe (after confirming the card)",
      }[method],
      auth: "session",
      pathParams: idParam("businessId", "Business id"),
      examplePath: "/api/subscription/3",
      ...(method === "PATCH"
        ? { body: { type: "json" as const, schema: z.object({ autoRenew: z.boolean() }), example: { autoRenew: false } } }
        : {}),
      responses: {
        200: {
          PATCH: {
            description: "The new setting",
            schema: z.object({ autoRenew: z.boolean(), renewalDate: z.iso.datetime().nullable() }),
            example: { autoRenew: false, renewalDate: "2026-10-01T00:00:00.000Z" },
          },
          DELETE: { description: "Cancelled", schema: z.object({ cancelled: z.literal(true) }), example: { cancelled: true } },
          POST: {
            description: "Stripe's status and the renewal date",
            schema: z.object({ status: z.string().nullable(), renewalDate: z.iso.datetime().nullable() }),
            example: { status: "trialing", renewalDate: "2026-10-01T00:00:00.000Z" },
          },
        }[method],
        ...(method === "PATCH"
          ? {
              400: error("autoRenew is not a boolean", "autoRenew must be true or false", { autoRenew: ["autoRenew must be true or false"] }),
              415: notJson,
            }
          : {}),
        401: signedOut,
        403: error("Not the business's owner", "Only the owner of this business can manage its subscription."),
        404: error("No such business", "Business not found"),
        409: error("No subscription exists", "No subscription exists for this business."),
      },
    }),
  ),

  // Exports
  ...(
    [
      ["businesses", "my_businesses.csv", "exportMyBusinesses", "The user's businesses"],
      ["payments", "my_payments.csv", "exportMyPayments", "The user's payments (amounts in dollars, 2 decimals)"],
    ] as const
  ).map(
    ([what, filename, operationId, summary]): Endpoint => ({
      method: "GET",
      path: `/api/user/export/${what}`,
      operationId,
      tag: "Exports",
      summary: `${summary}, as CSV`,
      auth: "session",
      responses: { 200: { description: `CSV, downloaded as ${filename}`, csv: { filename } }, 401: signedOut },
    }),
  ),

  // Administration
  {
    method: "GET",
    path: "/api/admin/users",
    operationId: "adminListUsers",
    tag: "Administration",
    summary: "All users",
    auth: "admin",
    query: adminPaging,
    examplePath: "/api/admin/users?page=1&limit=10",
    responses: {
      200: {
        description: "One page of users, by id",
        schema: z.object({ users: z.array(AdminUser), pagination: Pagination }),
        example: { users: [sampleAdminUser], pagination: samplePagination },
      },
      400: badPaging,
      401: signedOut,
      403: notAdmin,
    },
  },
  {
    method: "PATCH",
    path: "/api/admin/users/{id}",
    operationId: "adminSetUserRole",
    tag: "Administration",
    summary: "Give or take a staff role",
    description:
      "admin, clerk, or null (no staff role), as on the Users page, with an audit entry. A step-up action. " +
      "An administrator cannot take away their own administrator role.",
    auth: "admin",
    pathParams: idParam("id", "User id"),
    examplePath: "/api/admin/users/2",
    body: { type: "json", schema: ApiRoleSchema, example: { role: "clerk" } },
    responses: {
      200: { description: "The user, with the new role", schema: AdminUser, example: { ...sampleAdminUser, role: "clerk" } },
      400: error("role is not admin, clerk or null", "Please check your information and try again", { role: ["Choose admin, clerk or null"] }),
      401: signedOut,
      403: stepUp("Signed in, but not an administrator (Administrator access required)"),
      404: error("No such user", "User not found"),
      409: error("An administrator taking away their own role", "You cannot remove your own administrator role"),
      415: notJson,
    },
  },
  ...(
    [
      ["/api/admin/businesses", "adminListBusinesses", "All businesses"],
      ["/api/admin/businesses/claimed", "adminListClaimedBusinesses", "Claimed businesses"],
    ] as const
  ).map(
    ([path, operationId, summary]): Endpoint => ({
      method: "GET",
      path,
      operationId,
      tag: "Administration",
      summary,
      description: "By id; with name or doc, a registry search (exact and leading matches first).",
      auth: "staff",
      query: adminBusinessQuery,
      examplePath: `${path}?page=1&limit=10`,
      responses: {
        200: {
          description: "One page of businesses, with their owners",
          schema: z.object({ businesses: z.array(AdminBusiness), pagination: Pagination, totalIsCapped: z.boolean() }),
          example: {
            businesses: [{ ...sampleCard, employeeCount: 4, vehicleCount: 3, ownerId: 2, ownerUsername: "demo", claimedAt: "2026-02-03T10:00:00.000Z" }],
            pagination: samplePagination,
            totalIsCapped: false,
          },
        },
        400: badPaging,
        401: signedOut,
        403: notStaff,
      },
    }),
  ),
  {
    method: "GET",
    path: "/api/admin/payments",
    operationId: "adminListPayments",
    tag: "Administration",
    summary: "All payments",
    auth: "staff",
    query: adminPaging,
    examplePath: "/api/admin/payments?page=1&limit=10",
    responses: {
      200: {
        description: "One page of payments, newest first",
        schema: z.object({ payments: z.array(AdminPayment), pagination: Pagination }),
        example: {
          payments: [{ ...samplePaymentFields, username: "demo", businessName: "Gulfstream Logistics LLC", documentNumber: "L24000000003" }].map(
            ({ receiptUrl: _receiptUrl, ...p }) => p,
          ),
          pagination: samplePagination,
        },
      },
      400: badPaging,
      401: signedOut,
      403: notStaff,
    },
  },
  {
    method: "POST",
    path: "/api/admin/payments/{id}/refunds",
    operationId: "adminRefundPayment",
    tag: "Administration",
    summary: "Refund a payment, whole or in part",
    description:
      "As the business page's Refund form: a card payment is refunded through Stripe, a counter payment is recorded as paid back. " +
      "A payment refunded whole no longer holds its receipt. Audited. A step-up action. " +
      "502 when Stripe cannot be reached (the refund is then completed when it answers).",
    auth: "admin",
    pathParams: idParam("id", "Payment id"),
    examplePath: "/api/admin/payments/7/refunds",
    body: { type: "json", schema: ApiRefundSchema, example: { amountCents: 5000, reason: "Paid twice at the counter" } },
    responses: {
      201: {
        description: "Refunded",
        schema: RefundRecord,
        example: {
          id: 4,
          paymentId: 7,
          amountCents: 5000,
          reason: "Paid twice at the counter",
          status: "succeeded",
          stripeRefundId: "re_3Q0example",
          createdAt: "2026-12-02T15:10:00.000Z",
          succeededAt: "2026-12-02T15:10:01.000Z",
        },
      },
      400: error("Invalid input, or more than is left to refund", "At most $100.00 of this payment can be refunded."),
      401: signedOut,
      403: stepUp("Signed in, but not an administrator (Administrator access required)"),
      404: error("No such payment", "Payment not found"),
      409: error("Already refunded in full, or Stripe refused the refund", "This payment has already been refunded in full."),
      415: notJson,
    },
  },
  {
    method: "GET",
    path: "/api/admin/drivers-licenses",
    operationId: "adminListDriversLicenses",
    tag: "Administration",
    summary: "Uploaded driver's licences",
    auth: "admin",
    responses: {
      200: {
        description: "An array, most recent claim first",
        schema: z.array(LicenseRow),
        example: [
          {
            id: 3,
            businessName: "Gulfstream Logistics LLC",
            documentNumber: "L24000000003",
            ownerId: 2,
            claimedDate: "2026-02-03T10:00:00.000Z",
            driversLicenseUrl: "/resources/licenses/3",
          },
        ],
      },
      401: signedOut,
      403: notAdmin,
    },
  },
  ...(
    [
      ["businesses", "adminBusinessesReport", "The whole registry (or, with name/doc, the search)", adminBusinessQuery.omit({ page: true, limit: true })],
      ["payments", "adminPaymentsReport", "Every recorded payment", undefined],
      ["tax-years", "adminTaxYearsReport", "Receipts and revenue per fiscal year (tax and penalties apart)", undefined],
      ["delinquent", "adminDelinquentReport", "Businesses due or delinquent, with the penalty owed today", undefined],
    ] as const
  ).map(
    ([what, operationId, summary, query]): Endpoint => ({
      method: "GET",
      path: `/api/admin/reports/${what}`,
      operationId,
      tag: "Administration",
      summary: `${summary}, as CSV`,
      description: "Streamed row by row: fine at any size.",
      auth: "staff",
      ...(query ? { query } : {}),
      responses: {
        200: { description: `CSV, downloaded as ${what.replace("-", "_")}.csv`, csv: { filename: `${what.replace("-", "_")}.csv` } },
        401: signedOut,
        403: notStaff,
      },
    }),
  ),

  // Letters (staff)
  {
    method: "POST",
    path: "/api/admin/letter-batches",
    operationId: "createLetterBatch",
    tag: "Letters",
    summary: "Make a batch of claim letters",
    description:
      "Selects the town's businesses by the filters (as on the Letters page), gives each a fresh claim code (replacing any earlier one) and records the batch in the audit log. " +
      "Then download the letters with GET /api/admin/letter-batches/{id}/letters.pdf (the Location header) or the mail house's CSV.",
    auth: "staff",
    body: { type: "json", schema: LetterBatchFiltersSchema, example: { unclaimed: true, mailed: "never", q: "bakery" } },
    responses: {
      201: {
        description: "Created: the batch's id and how many letters it holds",
        schema: z.object({ id: z.number().int().positive(), count: z.number().int().min(1).describe("Letters in the batch") }),
        example: { id: 4, count: 37 },
      },
      400: error("Invalid filters", "Choose the date", { mailedBefore: ["Choose the date"] }),
      401: signedOut,
      403: notStaff,
      409: error("No business matches the filters: no batch is made", "No businesses match these filters"),
      415: notJson,
    },
  },
  {
    method: "GET",
    path: "/api/admin/letter-batches",
    operationId: "listLetterBatches",
    tag: "Letters",
    summary: "The letter batches, with their claim tracking",
    auth: "staff",
    query: adminPaging,
    examplePath: "/api/admin/letter-batches?page=1&limit=10",
    responses: {
      200: {
        description: "One page of batches, newest first",
        schema: z.object({ batches: z.array(LetterBatch), pagination: Pagination }),
        example: {
          batches: [
            {
              id: 4,
              createdBy: 1,
              filters: { unclaimed: true, mailed: "never", q: "bakery" },
              letterCount: 37,
              fiscalYear: "2026-2027",
              mailedOn: "2026-09-02",
              createdAt: "2026-09-01T15:20:00.000Z",
              stats: { letters: 37, mailed: 37, claimed: 9, paid: 6, avgDaysToClaim: 12.5, avgDaysToPayment: 15.1 },
            },
          ],
          pagination: { ...samplePagination, total: 1 },
        },
      },
      400: badPaging,
      401: signedOut,
      403: notStaff,
    },
  },
  ...(
    [
      ["pdf", "downloadLetterBatchPdf", "The batch's letters, one per page, as a PDF"],
      ["csv", "downloadLetterBatchCsv", "The batch's mail-house file (address, claim URL and code per letter), as CSV"],
    ] as const
  ).map(
    ([format, operationId, summary]): Endpoint => ({
      method: "GET",
      path: `/api/admin/letter-batches/{id}/letters.${format}`,
      operationId,
      tag: "Letters",
      summary,
      description:
        "Streamed. A letter whose code was replaced since (a later batch or a reissue) shows no code" +
        (format === "pdf" ? "; with ?letter={letterId}, just that letter (letter-{letterId}.pdf)." : "."),
      auth: "staff",
      pathParams: idParam("id", "Letter batch id"),
      ...(format === "pdf"
        ? { query: z.object({ letter: z.string().regex(/^\d+$/).optional().describe("One letter's id: only that letter") }) }
        : {}),
      examplePath: `/api/admin/letter-batches/4/letters.${format}`,
      responses: {
        200:
          format === "pdf"
            ? { description: "PDF, downloaded as letters-batch-{id}.pdf", pdf: { filename: "letters-batch-{id}.pdf" } }
            : { description: "CSV, downloaded as letters-batch-{id}.csv", csv: { filename: "letters-batch-{id}.csv" } },
        401: signedOut,
        403: notStaff,
        404: error("No such batch", "Letter batch not found"),
      },
    }),
  ),
  {
    method: "GET",
    path: "/api/admin/letters/unanswered",
    operationId: "listUnansweredLetters",
    tag: "Letters",
    summary: "Businesses that have not claimed since their letter",
    description:
      "Businesses not claimed `days` or more days after their latest mailed letter, oldest mailing first: the list for a second letter. " +
      "With format=csv the same rows are a CSV file (unanswered-{days}-days.csv) instead of JSON.",
    auth: "staff",
    query: z.object({
      days: z.number().int().min(1).max(3650).optional().describe("Days since mailing, 1 to 3650 (default 30; the page offers 30, 60 and 90)"),
      batch: z.number().int().min(1).optional().describe("Only letters of this batch"),
      format: z.enum(["json", "csv"]).optional().describe("json (default) or csv"),
    }),
    examplePath: "/api/admin/letters/unanswered?days=60",
    responses: {
      200: {
        description: "The businesses, with the day count asked for",
        schema: z.object({
          days: z.number().int().min(1).max(3650).describe("The days asked for"),
          count: z.number().int().min(0).describe("Rows in businesses"),
          businesses: z.array(UnansweredLetter),
        }),
        example: {
          days: 60,
          count: 1,
          businesses: [
            {
              businessId: 3,
              name: "Gulfstream Logistics LLC",
              documentNumber: "L24000000003",
              address: { line1: "3200 SW 52nd Ave", line2: "", city: "Pembroke Park", state: "FL", zip: "33023" },
              batchId: 4,
              letterId: 120,
              mailedOn: "2026-09-02",
              daysSinceMailing: 64,
            },
          ],
        },
      },
      400: error("days, batch or format out of range", "format must be json or csv"),
      401: signedOut,
      403: notStaff,
    },
  },
  {
    method: "GET",
    path: "/api/admin/audit",
    operationId: "listAuditLog",
    tag: "Letters",
    summary: "The audit log",
    description:
      "Every recorded change (claims, releases, role changes, letter batches and reissues, licence reviews), newest first. " +
      "With format=csv, every matching entry as a CSV file (audit.csv), unpaged.",
    auth: "staff",
    query: z.object({
      actor: text("The acting user's username"),
      action: text("The action, e.g. claim.release"),
      entity: text("The entity type, e.g. business"),
      entityId: z.number().int().min(1).optional().describe("The entity's id"),
      from: z.iso.date().optional().describe("From this day (UTC), inclusive"),
      to: z.iso.date().optional().describe("To this day (UTC), inclusive"),
      page,
      limit: limit(50),
      format: z.enum(["json", "csv"]).optional().describe("json (default) or csv"),
    }),
    examplePath: "/api/admin/audit?action=claim.release&page=1&limit=50",
    responses: {
      200: {
        description: "One page of entries, newest first",
        schema: z.object({ entries: z.array(AuditEntry), pagination: Pagination }),
        example: {
          entries: [
            {
              id: 91,
              at: "2026-10-05T13:02:11.000Z",
              actorId: 1,
              actorUsername: "admin",
              action: "claim.release",
              entityType: "business",
              entityId: 3,
              before: { ownerId: 2 },
              after: { ownerId: null },
            },
          ],
          pagination: { page: 1, limit: 50, total: 1, totalPages: 1 },
        },
      },
      400: error("A bad date, id, page or format", "from must be a date like 2026-09-30", { from: ["Use a date like 2026-09-30"] }),
      401: signedOut,
      403: notStaff,
    },
  },

  // Filings (issue 40)
  {
    method: "GET",
    path: "/api/filings",
    operationId: "listMyFilings",
    tag: "Filings",
    summary: "The caller's filings",
    description: "Every filing the caller started, latest change first (drafts and withdrawn ones included).",
    auth: "session",
    responses: {
      200: { description: "An array, latest change first", schema: z.array(FilingSummary), example: [sampleFilingSummary] },
      401: signedOut,
    },
  },
  {
    method: "POST",
    path: "/api/filings",
    operationId: "createFiling",
    tag: "Filings",
    summary: "Start a filing (a draft)",
    description:
      "transfer, change-location and close-business are about a business the caller owns (`businessId`); a transfer needs this year's receipt. " +
      "A new-business application starts with the caller's email as its email answer. Then answer with PATCH /api/filings/{id} (the Location header).",
    auth: "session",
    body: { type: "json", schema: CreateFilingSchema, example: { kind: "new-business" } },
    responses: {
      201: { description: "Created: the draft", schema: Filing, example: sampleNewFiling },
      400: error("Invalid input: an unknown kind, or no businessId for a kind about a business", "Please check your information and try again", {
        kind: ["Choose the kind of filing: new-business, transfer, change-location, close-business"],
      }),
      401: signedOut,
      403: error("The business is not one of the caller's", "Choose one of your businesses"),
      409: error(
        "The business already has a filing of this kind in progress, has no receipt this year to transfer, or is closed",
        "This business already has a filing of this kind in progress",
      ),
      413: filingBodyTooLarge,
      415: notJson,
    },
  },
  {
    method: "GET",
    path: "/api/filings/{id}",
    operationId: "getFiling",
    tag: "Filings",
    summary: "One filing",
    description: "For its applicant and the town's staff; anyone else gets 404, as for a filing that does not exist.",
    auth: "session",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/filings/41",
    responses: {
      200: { description: "The filing", schema: Filing, example: sampleSubmittedFiling },
      401: signedOut,
      404: filingNotFound,
    },
  },
  {
    method: "PATCH",
    path: "/api/filings/{id}",
    operationId: "answerFiling",
    tag: "Filings",
    summary: "Answer a filing",
    description:
      "Any of the answers, each as text (a count may be a number, homeBased true or false); null or \"\" clears one. All or nothing: " +
      "an unknown name, a value that is not text or an answer that breaks its rule (e.g. an address outside the town) is a 400 naming each, and nothing is saved. " +
      "Which answers a kind needs: the filing's `missing`. Only the applicant may answer, while the filing is a draft or changes are requested.",
    auth: "session",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/filings/41",
    body: {
      type: "json",
      schema: FilingAnswersSchema,
      example: {
        businessName: "Señora Café LLC",
        ownership: "llc",
        phone: "(954) 555-0100",
        address1: "3150 SW 52nd Ave",
        city: "Pembroke Park",
        zip: "33023",
        homeBased: "no",
        category: "restaurant",
        employeeCount: 2,
        vehicleCount: 0,
      },
    },
    responses: {
      200: { description: "Saved: the filing", schema: Filing, example: sampleNewFiling },
      400: error("One or more answers are not valid: nothing was saved", "Some answers are not valid", {
        city: ["The business must be located in Pembroke Park"],
        colour: ["Unknown answer"],
      }),
      401: signedOut,
      403: notApplicant,
      404: filingNotFound,
      409: notEditable,
      413: filingBodyTooLarge,
      415: notJson,
    },
  },
  {
    method: "POST",
    path: "/api/filings/{id}/documents",
    operationId: "uploadFilingDocument",
    tag: "Filings",
    summary: "Upload a document of a filing",
    description:
      "multipart/form-data. A document of a type already uploaded replaces it. The file is judged by its bytes, not its name: PDF, JPEG or PNG, at most 10 MB. " +
      "Which documents the filing needs: its `requiredDocuments`.",
    auth: "session",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/filings/41/documents",
    body: { type: "multipart", schema: FilingDocumentUploadSchema, example: { documentType: "proof-of-location", file: "(a PDF, JPEG or PNG, at most 10 MB)" } },
    responses: {
      201: { description: "Stored: the document", schema: FilingDocument, example: sampleDocument },
      400: error("Not a PDF, JPEG or PNG (by content), no file, or a document type this filing does not take", "File must be a PDF, JPEG or PNG", {
        file: ["File must be a PDF, JPEG or PNG"],
      }),
      401: signedOut,
      403: notApplicant,
      404: filingNotFound,
      409: notEditable,
      413: error("The file is over 10 MB", "File size must be less than 10MB", { file: ["File size must be less than 10MB"] }),
    },
  },
  {
    method: "POST",
    path: "/api/filings/{id}/submit",
    operationId: "submitFiling",
    tag: "Filings",
    summary: "Submit a filing to the town",
    description:
      "Sent twice (two tabs, a double click, a retry), it makes one submission and answers the same. " +
      "A transfer counts as submitted once its fee (`feeCents`) is paid: until then, 409. After submitting, the filing is read only until staff ask for changes.",
    auth: "session",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/filings/41/submit",
    responses: {
      200: {
        description: "Submitted",
        schema: z.object({ id: z.number().int().positive(), status: z.literal("submitted"), submittedAt: z.iso.datetime() }),
        example: { id: 41, status: "submitted", submittedAt: "2026-11-02T15:04:00.000Z" },
      },
      400: {
        description: "Something is missing (`missing`: the answers and documents still needed), or an answer is no longer valid (`fieldErrors`)",
        schema: FilingSubmitError,
        example: {
          error: {
            message: "Some answers or documents are still missing",
            missing: [{ documentType: "proof-of-location", message: "Lease or proof of the location is required" }],
          },
        },
      },
      401: signedOut,
      403: notApplicant,
      404: filingNotFound,
      409: error("Decided or withdrawn already, or a transfer whose fee is not paid yet", "Pay the transfer fee before submitting"),
    },
  },
  {
    method: "POST",
    path: "/api/filings/{id}/withdraw",
    operationId: "withdrawFiling",
    tag: "Filings",
    summary: "Withdraw a filing not yet decided",
    description: "A draft, a submitted filing or one with changes requested. Withdrawing twice answers the same.",
    auth: "session",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/filings/41/withdraw",
    responses: {
      200: {
        description: "Withdrawn: the filing",
        schema: Filing,
        example: { ...sampleNewFiling, status: "withdrawn", history: [...sampleNewFiling.history, { action: "withdrawn", actor: "demo", message: null, at: "2026-11-02T15:10:00.000Z" }] },
      },
      401: signedOut,
      403: notApplicant,
      404: filingNotFound,
      409: error("Already decided", "Only a filing that is not yet decided can be withdrawn"),
    },
  },
  {
    method: "POST",
    path: "/api/filings/{id}/fee",
    operationId: "payTransferFee",
    tag: "Filings",
    summary: "Pay a transfer's fee by card",
    description:
      "A transfer counts as submitted only once its fee (`feeCents`: 10% of the year's tax, at least $3, at most $25, F.S. 205.043) is paid; the server computes it. " +
      "Paid like the receipt: first, no body, `{}` or `{ amount }` answers a PaymentIntent for the fee, to confirm with Stripe.js; " +
      "then `{ stripePaymentId }` (the PaymentIntent, or a Checkout Session) records the fee once Stripe confirms it: a payment of kind transfer_fee, never a receipt. " +
      "The signed webhook records it too; recording it again answers the same payment (200). " +
      "A body, when sent, is a JSON object of at most 64 KB. 502 when Stripe cannot be reached.",
    auth: "session",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/filings/42/fee",
    body: {
      type: "json",
      schema: z.object({
        amount: z.number().int().optional().describe("Cents; when sent (without stripePaymentId), it must equal the filing's fee"),
        stripePaymentId: z.string().min(1).optional().describe("The PaymentIntent (pi_...) or Checkout Session (cs_...) Stripe.js confirmed; without it, the call asks for a PaymentIntent"),
      }),
      example: {},
      optional: true,
    },
    responses: {
      200: {
        description: "The fee's PaymentIntent; with stripePaymentId, the fee payment already recorded",
        schema: z.union([FilingFeeIntent, FilingFeePayment]),
        example: { clientSecret: "pi_3Q0fee_secret_abc", paymentIntentId: "pi_3Q0fee", amount: 1350 },
      },
      201: {
        description: "The fee payment, recorded",
        schema: FilingFeePayment,
        example: {
          id: 77,
          filingId: 42,
          businessId: 3,
          amount: 1350,
          currency: "usd",
          description: "Transfer fee",
          stripePaymentId: "pi_3Q0fee",
          receiptUrl: "https://pay.stripe.com/receipts/example",
          kind: "transfer_fee",
          paidAt: "2026-11-02T15:20:00.000Z",
          refundedCents: 0,
        },
      },
      400: error(
        "An amount other than the fee; an empty or non-text stripePaymentId; a payment Stripe does not confirm, or not made for this filing by the caller; a body that is not a JSON object",
        "The amount does not match the amount due for this business ($13.50 now). Please reload the page.",
      ),
      401: signedOut,
      403: notApplicant,
      404: error("Not the caller's filing (as for no filing at all), or a filing without a fee", "This filing has no fee to pay"),
      409: error(
        "Already paid, or the filing is no longer editable; recording, a payment refused and refunded (the fee paid twice, an amount that is not the fee, a filing no longer editable)",
        "The transfer fee is already paid",
      ),
      413: filingBodyTooLarge,
      415: notJson,
    },
  },
  {
    method: "GET",
    path: "/api/filing-categories",
    operationId: "listFilingCategories",
    tag: "Filings",
    summary: "The town's business activities",
    description: "The values of a new-business application's `category` answer, by name. Public, like the form that lists them.",
    auth: "none",
    responses: {
      200: {
        description: "An array, by name",
        schema: z.array(FilingCategory),
        example: [
          { code: "contractor", name: "Contractor", needsStateLicense: true },
          { code: "restaurant", name: "Restaurant or food service", needsStateLicense: false },
        ],
      },
    },
  },
  {
    method: "GET",
    path: "/api/admin/filings",
    operationId: "listFilingQueue",
    tag: "Filings",
    summary: "The review queue",
    description: "Filings sent to the town (drafts are the applicant's own and never listed), oldest submission first.",
    auth: "staff",
    query: z.object({
      status: z.enum(FILING_STATUSES.filter((s) => s !== "draft") as [string, ...string[]]).optional().describe("Only filings with this status"),
      kind: z.enum(FILING_KINDS).optional().describe("Only filings of this kind"),
      age: z.number().int().min(1).max(3650).optional().describe("Only filings waiting at least this many days since submission"),
      q: text("Words of the business's name"),
      page,
      limit: limit(10),
    }),
    examplePath: "/api/admin/filings?status=submitted&page=1&limit=10",
    responses: {
      200: {
        description: "One page of filings, oldest submission first",
        schema: z.object({ filings: z.array(FilingQueueItem), pagination: Pagination }),
        example: {
          filings: [
            {
              id: 41,
              kind: "new-business",
              status: "submitted",
              name: "Señora Café LLC",
              applicant: "demo",
              submittedAt: "2026-11-02T15:04:00.000Z",
              updatedAt: "2026-11-02T15:04:00.000Z",
              daysWaiting: 3,
            },
          ],
          pagination: { ...samplePagination, total: 1 },
        },
      },
      400: error("A bad status, kind, age, page or limit", "status must be one of submitted, changes-requested, approved, denied, withdrawn", {
        status: ["Choose one of submitted, changes-requested, approved, denied, withdrawn"],
      }),
      401: signedOut,
      403: notStaff,
    },
  },
  {
    method: "GET",
    path: "/api/admin/filings.csv",
    operationId: "exportFilingQueue",
    tag: "Filings",
    summary: "The review queue as a CSV file",
    description:
      "Every filing the filters of GET /api/admin/filings select (no status: every status but drafts), oldest submission first, unpaged. " +
      "The filters are read leniently, as /admin/filings links them: a value that is not one filters nothing (never a 400). " +
      "Columns: Filing, Kind, Status, Business, Applicant, Submitted, Days waiting.",
    auth: "staff",
    query: z.object({
      status: z.enum(FILING_STATUSES.filter((s) => s !== "draft") as [string, ...string[]]).optional().describe("Only filings with this status"),
      kind: z.enum(FILING_KINDS).optional().describe("Only filings of this kind"),
      age: z.number().int().min(1).max(3650).optional().describe("Only filings waiting at least this many days since submission"),
      q: z.string().optional().describe("Words of the business's name (the first 100 characters)"),
    }),
    examplePath: "/api/admin/filings.csv?status=submitted",
    responses: { 200: { description: "CSV, downloaded as filings.csv", csv: { filename: "filings.csv" } }, 401: signedOut, 403: notStaff },
  },
  {
    method: "POST",
    path: "/api/admin/filings/{id}/decision",
    operationId: "decideFiling",
    tag: "Filings",
    summary: "Decide a submitted filing",
    description:
      "approve, request-changes (the applicant edits and submits again) or deny; `message` is required for the last two and shown to the applicant. " +
      "The decision, what approval changes (a new or linked business owned by the applicant, a new owner, a new address, a closing), its history line, " +
      "its audit entry and its emails are saved together. Approving a new-business application answers its businessId. A step-up action.",
    auth: "staff",
    pathParams: idParam("id", "Filing id"),
    examplePath: "/api/admin/filings/41/decision",
    body: { type: "json", schema: ApiFilingDecisionSchema, example: { decision: "approve" } },
    responses: {
      200: { description: "Decided: the filing", schema: Filing, example: sampleApprovedFiling },
      400: error("Invalid input, or no message to request changes or deny", "Write a message for the applicant", {
        message: ["Write a message for the applicant"],
      }),
      401: signedOut,
      403: stepUp("Signed in, but neither an administrator nor a clerk (Staff access required)"),
      404: filingNotFound,
      409: error("Not submitted: already decided, withdrawn, or still a draft", "Only a submitted filing can be decided"),
      413: filingBodyTooLarge,
      415: notJson,
    },
  },

  // Stripe
  {
    method: "POST",
    path: "/api/stripe/webhook",
    operationId: "stripeWebhook",
    tag: "Stripe",
    summary: "Stripe's events",
    description: "Authenticated by Stripe's signature over the raw body (the Stripe-Signature header), not by a session.",
    auth: "stripe-signature",
    body: {
      type: "json",
      schema: z.object({ id: z.string(), type: z.string(), data: z.object({ object: z.record(z.string(), z.unknown()) }) }).loose(),
      example: { id: "evt_1Q0example", type: "invoice.paid", data: { object: { id: "in_1Q0example" } } },
    },
    responses: {
      200: { description: "Received", schema: z.object({ received: z.literal(true) }), example: { received: true } },
      400: error("Missing or bad signature: nothing is recorded", "Missing Stripe-Signature header"),
    },
  },

  // Contract
  {
    method: "GET",
    path: "/api/openapi.json",
    operationId: "getOpenApiDocument",
    tag: "Contract",
    summary: "This contract, as an OpenAPI 3.1 document",
    auth: "none",
    responses: {
      200: {
        description: "The OpenAPI document",
        schema: z.object({ openapi: z.string().startsWith("3.1"), info: z.object({ title: z.string(), version: z.string() }).loose(), paths: z.record(z.string(), z.unknown()) }).loose(),
      },
    },
  },

  // Remittance (staff)
  {
    method: "GET",
    path: "/api/admin/remittance",
    operationId: "remittanceReport",
    tag: "Remittance",
    summary: "Payments and refunds of a period, with their totals",
    description:
      "Every payment and refund dated in the period (the town's days, inclusive), each with the closed statement that carries it (null: not remitted yet), " +
      "and the totals gross / card fees / refunds / net. Without from and to: the period the Remittance page proposes (the month of the oldest line not remitted). " +
      "With format=csv the same lines are a CSV file (remittance-{from}-{to}.csv) instead of JSON.",
    auth: "staff",
    query: z.object({
      from: z.iso.date().optional().describe("First day, YYYY-MM-DD"),
      to: z.iso.date().optional().describe("Last day, YYYY-MM-DD"),
      format: z.enum(["json", "csv"]).optional().describe("json (default) or csv"),
    }),
    examplePath: "/api/admin/remittance?from=2026-11-01&to=2026-11-30",
    responses: {
      200: {
        description: "The lines and totals",
        schema: RemittanceReport,
        example: {
          period: { from: "2026-11-01", to: "2026-11-30" },
          lines: [sampleRemittanceLine],
          totals: { paymentCount: 1, refundCount: 0, grossCents: 15000, feeCents: 465, refundCents: 0, netCents: 14535 },
        },
      },
      400: error("A day is not a date, or the last is before the first", "Invalid period", { to: ["The last day must not be before the first"] }),
      401: signedOut,
      403: notStaff,
    },
  },
  {
    method: "GET",
    path: "/api/admin/remittances",
    operationId: "listRemittances",
    tag: "Remittance",
    summary: "The closed remittance statements, newest first",
    auth: "staff",
    responses: {
      200: {
        description: "Each closed period with its totals as closed",
        schema: z.object({ remittances: z.array(RemittanceSummary) }),
        example: {
          remittances: [
            {
              id: 3,
              periodFrom: "2026-11-01",
              periodTo: "2026-11-30",
              remittedOn: "2026-12-02",
              reference: "ACH 20261202-01",
              closedBy: 1,
              paymentCount: 1,
              refundCount: 0,
              grossCents: 15000,
              feeCents: 465,
              refundCents: 0,
              netCents: 14535,
              createdAt: "2026-12-02T15:00:00.000Z",
            },
          ],
        },
      },
      401: signedOut,
      403: notStaff,
    },
  },
  {
    method: "POST",
    path: "/api/admin/remittances",
    operationId: "closeRemittancePeriod",
    tag: "Remittance",
    summary: "Close a period: keep its statement",
    description:
      "As the Remittance page's Close form: every payment and refund not remitted yet and dated on or before `through` is carried by a new statement, " +
      "kept as it is closed (totals, lines, the business data the town receives), with an audit entry. " +
      "The period starts the day after the last closed statement's (or, before the first, on the 1st of the month of the oldest line not remitted); " +
      "lines dated before it arrived late and are flagged `late`. remittedOn defaults to today and reference to \"Closed through {through}\": " +
      "send the transfer's own. Administrators only; a step-up action. 502 when Stripe cannot be reached to read the card fees.",
    auth: "admin",
    body: { type: "json", schema: ApiClosePeriodSchema, example: { through: "2026-11-30", remittedOn: "2026-12-02", reference: "ACH 20261202-01" } },
    responses: {
      201: { description: "Closed: the statement (Location: its URL)", schema: RemittanceStatement, example: sampleStatement },
      400: error("Not a date, or a day after today", "Please check your information and try again", { through: ["Use a date like 2026-11-30"] }),
      401: signedOut,
      403: stepUp("Signed in, but not an administrator (Administrator access required)"),
      409: error("Nothing to remit up to that day", "There is nothing to remit up to 2026-11-30."),
      415: notJson,
    },
  },
  {
    method: "GET",
    path: "/api/admin/remittances/{id}",
    operationId: "getRemittance",
    tag: "Remittance",
    summary: "One closed statement, as it was closed",
    description:
      "Its lines (payments, and refunds: a refund of a payment remitted earlier is an adjustment), totals, and the business data the town receives. " +
      "With format=csv the lines as CSV (remittance-{id}.csv); with format=pdf the statement as a PDF (remittance-{id}.pdf).",
    auth: "staff",
    pathParams: idParam("id", "Statement id"),
    query: z.object({ format: z.enum(["json", "csv", "pdf"]).optional().describe("json (default), csv or pdf") }),
    examplePath: "/api/admin/remittances/3",
    responses: {
      200: {
        description: "The statement",
        schema: RemittanceStatement,
        example: sampleStatement,
      },
      400: error("format is not json, csv or pdf", "format must be json, csv or pdf"),
      401: signedOut,
      403: notStaff,
      404: error("No such statement", "Statement not found"),
    },
  },
  {
    method: "GET",
    path: "/api/admin/remittances/{id}/businesses.csv",
    operationId: "downloadRemittanceBusinesses",
    tag: "Remittance",
    summary: "The business data of a closed statement, as CSV",
    description: "Each business with a line in the statement: name, document number, address, owner, employees and vehicles.",
    auth: "staff",
    pathParams: idParam("id", "Statement id"),
    examplePath: "/api/admin/remittances/3/businesses.csv",
    responses: {
      200: { description: "CSV, downloaded as remittance-{id}-businesses.csv", csv: { filename: "remittance-{id}-businesses.csv" } },
      401: signedOut,
      403: notStaff,
      404: error("No such statement", "Statement not found"),
    },
  },
];
