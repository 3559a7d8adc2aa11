/**
 * What the owner's dashboard, their CSV exports and GET /api/user/businesses read: only ever the
 * given user's rows.
 */
import { type listPaymentsForUser } from "~/models/payment.server";
import { eq, or, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { type Business, businesses, payments } from "~/db/schema";
import { type CsvColumn, money } from "~/lib/csv";
import { isoDate } from "~/lib/dates";
import { isOwner, type RegistryFields, registryColumns } from "~/models/business.server";
import { isEditable, type FilingKind, type FilingStatus } from "~/lib/filings/kinds";
import { answerContext } from "~/models/filings/context.server";
import { filingDocumentsOf, listFilingsOf, missingOf, readAnswers } from "~/models/filings/filings.server";
import { holdsCurrentReceipt } from "~/models/receipt.server";

/**
 * Paid: it holds this fiscal year's receipt (issue 21: a payment in an earlier year no longer
 * counts); Pay Taxes: claimed by the user, unpaid; else Claim First.
 */
export type BusinessTaxState = "paid" | "pay" | "claim";

/**
 * One of "the user's businesses" (the dashboard, its CSV export and GET /api/user/businesses).
 * The owner's own fields (subscription, renewal notice, licence) are only filled for businesses
 * the user owns; a business they once paid for but no longer own shows its public fields.
 */
export type DashboardBusiness = RegistryFields &
  Pick<Business, "employeeCount" | "vehicleCount" | "claimedAt" | "renewalDate" | "subscriptionStatus" | "autoRenew" | "renewalNotice"> & {
    /** The user's id when they own it, else null (never someone else's id). */
    ownerId: number | null;
    ownedByYou: boolean;
    hasDriversLicense: boolean;
    /** The town's licence review, the owner's only: a rejection shows its reason on the dashboard. */
    licenseReviewStatus: string | null;
    licenseReviewReason: string | null;
    paymentCount: number;
    taxState: BusinessTaxState;
  };

export type DashboardPayment = ReturnType<typeof listPaymentsForUser>[number];

export function taxState(b: { isClaimed: boolean; ownerId: number | null; hasPaidBTR: boolean; paymentCount: number }, userId: number): BusinessTaxState {
  if (b.hasPaidBTR) return "paid";
  if (isOwner(b, userId)) return "pay";
  return "claim";
}

/**
 * The one list of "the user's businesses": those they own, plus any they paid for (so a payment
 * never loses its business; the spec's 'Claim First' state is such a row). Oldest claim first,
 * then by name.
 */
export function listUserBusinesses(userId: number): DashboardBusiness[] {
  // Spelled out: inside a select list drizzle writes columns unqualified, which would be ambiguous here.
  const paymentCount = sql<number>`(select count(*) from "payments" as "p" where "p"."business_id" = "businesses"."id")`;
  const rows = getDb()
    .select({
      ...registryColumns,
      ownerId: businesses.ownerId,
      employeeCount: businesses.employeeCount,
      vehicleCount: businesses.vehicleCount,
      claimedAt: businesses.claimedAt,
      renewalDate: businesses.renewalDate,
      subscriptionStatus: businesses.subscriptionStatus,
      autoRenew: businesses.autoRenew,
      renewalNotice: businesses.renewalNotice,
      licenseReviewStatus: businesses.licenseReviewStatus,
      licenseReviewReason: businesses.licenseReviewReason,
      hasDriversLicense: sql<number>`${businesses.driversLicenseUrl} is not null`,
      paymentCount,
    })
    .from(businesses)
    .where(
      or(
        eq(businesses.ownerId, userId),
        sql`${businesses.id} in (select ${payments.businessId} from ${payments} where ${payments.userId} = ${userId})`,
      ),
    )
    .orderBy(sql`${businesses.claimedAt} is null`, businesses.claimedAt, businesses.name, businesses.id)
    .all();
  return rows.map((row) => {
    const counted = { ...row, paymentCount: Number(row.paymentCount) };
    const mine = isOwner(row, userId);
    return {
      ...counted,
      ownerId: mine ? userId : null,
      ownedByYou: mine,
      hasDriversLicense: mine && Boolean(row.hasDriversLicense),
      renewalDate: mine ? row.renewalDate : null,
      subscriptionStatus: mine ? row.subscriptionStatus : null,
      autoRenew: mine ? row.autoRenew : false,
      renewalNotice: mine ? row.renewalNotice : null,
      licenseReviewStatus: mine ? row.licenseReviewStatus : null,
      licenseReviewReason: mine ? row.licenseReviewReason : null,
      taxState: taxState(counted, userId),
    };
  });
}

const taxStateLabel: Record<BusinessTaxState, string> = { paid: "Paid", pay: "Unpaid", claim: "Not claimed" };

/** my_businesses.csv */
export const userBusinessColumns: CsvColumn<DashboardBusiness>[] = [
  { header: "ID", value: (b) => b.id },
  { header: "Name", value: (b) => b.name },
  { header: "Document Number", value: (b) => b.documentNumber },
  { header: "Filing Type", value: (b) => b.filingType },
  { header: "Status", value: (b) => b.status },
  { header: "Address", value: (b) => [b.address1, b.address2].filter(Boolean).join(", ") },
  { header: "City", value: (b) => b.city },
  { header: "State", value: (b) => b.state },
  { header: "Zip", value: (b) => b.zip },
  { header: "Registered On", value: (b) => isoDate(b.registeredOn) },
  { header: "Employees", value: (b) => b.employeeCount },
  { header: "Vehicles", value: (b) => b.vehicleCount },
  { header: "Claimed At", value: (b) => isoDate(b.claimedAt) },
  { header: "BTR", value: (b) => taxStateLabel[b.taxState] },
  { header: "Subscription Status", value: (b) => b.subscriptionStatus },
  { header: "Auto Renew", value: (b) => b.autoRenew },
  { header: "Renewal Date", value: (b) => isoDate(b.renewalDate) },
];

/** my_payments.csv */
export const userPaymentColumns: CsvColumn<DashboardPayment>[] = [
  { header: "Payment ID", value: (p) => p.id },
  { header: "Date", value: (p) => isoDate(p.createdAt) },
  { header: "Business ID", value: (p) => p.businessId },
  { header: "Business Name", value: (p) => p.businessName },
  { header: "Document Number", value: (p) => p.documentNumber },
  { header: "Amount (USD)", value: (p) => money(p.amount) },
  { header: "Description", value: (p) => p.description },
  { header: "Fiscal Year", value: (p) => p.fiscalYear },
  { header: "Type", value: (p) => p.kind },
  { header: "Stripe Payment ID", value: (p) => p.stripePaymentId },
];

/**
 * The user's filings for the dashboard's Documents tab, newest change first: what is still missing
 * from an editable one (its next step), and whether an approved new business holds its receipt.
 */
export function listUserFilings(userId: number) {
  const ctx = answerContext();
  return listFilingsOf(userId).map((f) => {
    const kind = f.kind as FilingKind;
    const missing = isEditable(f.status) ? missingOf(kind, readAnswers(f.id), filingDocumentsOf(f.id).map((d) => d.documentType), ctx) : [];
    return {
      id: f.id,
      kind,
      status: f.status as FilingStatus,
      businessId: f.businessId,
      businessName: f.businessName,
      updatedAt: f.updatedAt,
      missing,
      receiptHeld: f.status === "approved" && f.businessId ? holdsCurrentReceipt(f.businessId) : false,
    };
  });
}
