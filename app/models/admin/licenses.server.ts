/** Uploaded driver's licences: the rows link to the protected route, never the storage path. */
import { count, desc, isNotNull } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses } from "~/db/schema";
import { isoDate } from "~/lib/dates";
import type { PageRequest } from "~/lib/pagination";
import { page, type Page } from "./page.server";

/** The spec's admin license row; driversLicenseUrl is the protected route, never the storage path. */
export type LicenseRow = {
  id: number;
  businessName: string;
  documentNumber: string;
  ownerId: number | null;
  claimedDate: string | null;
  driversLicenseUrl: string;
};

export const licenseUrl = (businessId: number) => `/resources/licenses/${businessId}`;

const licenseSelect = {
  id: businesses.id,
  businessName: businesses.name,
  documentNumber: businesses.documentNumber,
  ownerId: businesses.ownerId,
  claimedAt: businesses.claimedAt,
};

function toLicenseRow(r: { id: number; businessName: string; documentNumber: string; ownerId: number | null; claimedAt: Date | null }): LicenseRow {
  return {
    id: r.id,
    businessName: r.businessName,
    documentNumber: r.documentNumber,
    ownerId: r.ownerId,
    claimedDate: r.claimedAt ? isoDate(r.claimedAt) : null,
    driversLicenseUrl: licenseUrl(r.id),
  };
}

const hasLicense = isNotNull(businesses.driversLicenseUrl);

/** Every uploaded licence, most recent claim first (GET /api/admin/drivers-licenses). */
export function listDriversLicenses(): LicenseRow[] {
  return getDb()
    .select(licenseSelect)
    .from(businesses)
    .where(hasLicense)
    .orderBy(desc(businesses.claimedAt), desc(businesses.id))
    .all()
    .map(toLicenseRow);
}

export function listDriversLicensesPage(paging: PageRequest): Page<LicenseRow> {
  const db = getDb();
  const total = db.select({ n: count() }).from(businesses).where(hasLicense).get()?.n ?? 0;
  return page(total, paging, (limit, offset) =>
    db
      .select(licenseSelect)
      .from(businesses)
      .where(hasLicense)
      .orderBy(desc(businesses.claimedAt), desc(businesses.id))
      .limit(limit)
      .offset(offset)
      .all()
      .map(toLicenseRow),
  );
}

