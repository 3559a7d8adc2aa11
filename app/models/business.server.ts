/** Reads of single businesses and the public shape the JSON API and pages may show. */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, type Business } from "~/db/schema";
import { holdsCurrentReceipt, holdsCurrentReceiptSql } from "~/models/receipt.server";

/** A business nobody holds: unclaimed, claimable again, no owner, no auto-renewal. Set when a claim is released or its owner's account is deleted. */
export const UNCLAIMED = { isClaimed: false, canBeClaimed: true, ownerId: null, claimedAt: null, autoRenew: false } as const;

/**
 * The one fetch of a business row (every column, private ones included: server-side use only),
 * or undefined. Ids that cannot exist (0, negative, fractional, unsafe) find nothing.
 */
export function getBusinessById(id: number): Business | undefined {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return getDb().select().from(businesses).where(eq(businesses.id, id)).get();
}

/** The one ownership rule: the user owns a business once they have claimed it (ownerId is theirs). */
export function isOwner(business: Pick<Business, "isClaimed" | "ownerId">, userId: number | null | undefined): boolean {
  return userId != null && business.isClaimed && business.ownerId === userId;
}

export type OwnedBusinessLookup =
  | { status: "not_found" }
  | { status: "not_owner"; business: Business }
  | { status: "owner"; business: Business };

/** The business and whether this user owns it: data for the HTTP side's 404/403. */
export function findBusinessForOwner(businessId: number, userId: number): OwnedBusinessLookup {
  const business = getBusinessById(businessId);
  if (!business) return { status: "not_found" };
  return isOwner(business, userId) ? { status: "owner", business } : { status: "not_owner", business };
}

/**
 * The registry fields anyone may see, never verificationCode, driversLicenseUrl or ownerId: the
 * one list, as a drizzle select list (search cards, public pages, the admin and owner tables).
 */
export const registryColumns = {
  id: businesses.id,
  name: businesses.name,
  documentNumber: businesses.documentNumber,
  filingType: businesses.filingType,
  status: businesses.status,
  address1: businesses.address1,
  address2: businesses.address2,
  city: businesses.city,
  state: businesses.state,
  zip: businesses.zip,
  registeredOn: businesses.registeredOn,
  category: businesses.category,
  isClaimed: businesses.isClaimed,
  canBeClaimed: businesses.canBeClaimed,
  /** Derived, not stored: the business holds a receipt for the current fiscal year (issue 21). */
  hasPaidBTR: holdsCurrentReceiptSql(),
};

export type RegistryFields = Pick<Business, Exclude<keyof typeof registryColumns, "hasPaidBTR">> & { hasPaidBTR: boolean };

const REGISTRY_KEYS = Object.keys(registryColumns).filter((k) => k !== "hasPaidBTR") as Exclude<keyof RegistryFields, "hasPaidBTR">[];

/** Just the registry fields of a full business row (hasPaidBTR read from its receipts). */
export function registryFieldsOf(b: Business): RegistryFields {
  const fields = Object.fromEntries(REGISTRY_KEYS.map((key) => [key, b[key]])) as Omit<RegistryFields, "hasPaidBTR">;
  return { ...fields, hasPaidBTR: holdsCurrentReceipt(b.id) };
}

/** What anyone may see of a business: the registry fields and, once claimed, the declared counts. */
export type PublicBusiness = RegistryFields & Pick<Business, "employeeCount" | "vehicleCount">;

export function toPublicBusiness(b: Business): PublicBusiness {
  return {
    ...registryFieldsOf(b),
    // Counts are part of the public listing only once the owner has declared them.
    employeeCount: b.isClaimed ? b.employeeCount : null,
    vehicleCount: b.isClaimed ? b.vehicleCount : null,
  };
}
