/** Reads of single businesses and the public shape the JSON API and pages may show. */
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, type Business } from "~/db/schema";

/** The business row (every column, private ones included: server-side use only), or undefined. */
export function getBusinessById(id: number): Business | undefined {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  return getDb().select().from(businesses).where(eq(businesses.id, id)).get();
}

/** A route param as a business id: digits only, else null ("abc", "1.5", "-1", "1e3" are not ids). */
export function parseBusinessId(value: string | null | undefined): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id >= 1 ? id : null;
}

/** The registry fields anyone may see: never verificationCode, driversLicenseUrl or ownerId. */
export type RegistryFields = Pick<
  Business,
  | "id"
  | "name"
  | "documentNumber"
  | "filingType"
  | "status"
  | "address1"
  | "address2"
  | "city"
  | "state"
  | "zip"
  | "registeredOn"
  | "category"
  | "isClaimed"
  | "canBeClaimed"
  | "hasPaidBTR"
>;

/** What anyone may see of a business: the registry fields and, once claimed, the declared counts. */
export type PublicBusiness = RegistryFields & Pick<Business, "employeeCount" | "vehicleCount">;

export function toPublicBusiness(b: Business): PublicBusiness {
  return {
    id: b.id,
    name: b.name,
    documentNumber: b.documentNumber,
    filingType: b.filingType,
    status: b.status,
    address1: b.address1,
    address2: b.address2,
    city: b.city,
    state: b.state,
    zip: b.zip,
    registeredOn: b.registeredOn,
    category: b.category,
    isClaimed: b.isClaimed,
    canBeClaimed: b.canBeClaimed,
    hasPaidBTR: b.hasPaidBTR,
    // Counts are part of the public listing only once the owner has declared them.
    employeeCount: b.isClaimed ? b.employeeCount : null,
    vehicleCount: b.isClaimed ? b.vehicleCount : null,
  };
}
