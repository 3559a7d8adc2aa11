/**
 * What the JSON API answers, as zod schemas: the response half of the contract (the request half
 * is the form schemas in app/lib/schemas, which the routes validate with). The OpenAPI document
 * publishes each of these under components/schemas with the key it has in RESPONSE_COMPONENTS.
 *
 * Objects are strict in the published JSON Schema (no extra properties), so a field a route
 * starts sending without the contract saying so fails the contract test.
 */
import { z } from "zod";

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

const paymentFields = {
  id,
  userId: id.nullable().describe("null once the payer deleted their account"),
  businessId: id,
  amount: cents,
  currency: z.literal("usd"),
  description: z.string(),
  stripePaymentId: z.string(),
  receiptUrl: nullableText,
  kind: z.enum(["btr", "renewal"]),
  fiscalYear: z.string().describe("The BTR year the payment covers, e.g. 2026-2027 (October 1 to September 30)"),
  createdAt: timestamp,
};

/** A recorded payment (POST /api/payments). */
export const Payment = z.object({ ...paymentFields, receiptNumber: z.string().describe("e.g. BTR-2026-000042") });

/** One of the signed-in user's payments, with the business it paid for. */
export const UserPayment = z.object({ ...paymentFields, businessName: z.string(), documentNumber: z.string() });

export const AdminUser = User;

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
  kind: z.enum(["btr", "renewal"]),
  fiscalYear: z.string(),
  stripePaymentId: z.string(),
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
} satisfies Record<string, z.ZodType>;
