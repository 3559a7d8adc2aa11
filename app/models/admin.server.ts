/**
 * The administrator's oversight: summary figures, paginated lists (users, businesses, claimed
 * businesses, payments, uploaded licences) and the streaming CSV reports.
 *
 * Callers check the role first (requireAdmin / requireApiAdmin); nothing here hands out
 * password hashes, verification codes or licence storage paths.
 */
import Database from "better-sqlite3";
import { and, count, desc, eq, gt, gte, inArray, isNotNull, lt, sql } from "drizzle-orm";
import { getDb, registerAppFunctions } from "~/db/client.server";
import { businesses, payments, users } from "~/db/schema";
import { type CsvColumn, csvStream, money } from "~/lib/csv";
import { registryColumns } from "~/models/business.server";
import { isoDate } from "~/lib/dates";
import { fiscalYearLabel, fiscalYearRange } from "~/lib/fiscal-year";
import { fiscalYearOf } from "~/lib/tax-year";
import { holdsCurrentReceiptRawSql } from "~/models/receipt.server";
import { now as clockNow } from "~/utils/clock.server";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, paginate, type Pagination } from "~/lib/pagination";
import { buildNameQuery, normalizeDocNumber, prefixUpperBound } from "~/lib/search-query";
import { searchBusinesses, type BusinessCard } from "~/models/business-search.server";
import { apiError } from "~/utils/api.server";
import { getEnv } from "~/utils/env.server";

export const ADMIN_TABS = ["users", "businesses", "claimed-businesses", "payments", "licenses"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseAdminTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "users";
}

/** The name / document search of the businesses tabs and the businesses report. */
export type BusinessFilters = { name?: string; doc?: string };

export function parseBusinessFilters(params: URLSearchParams): BusinessFilters {
  const name = (params.get("name") ?? params.get("q") ?? "").trim().slice(0, 200);
  const doc = (params.get("doc") ?? "").trim().slice(0, 40);
  return { ...(name ? { name } : {}), ...(doc ? { doc } : {}) };
}

// ---------------------------------------------------------------------------------------------
// Paging of the JSON endpoints: page and limit default to 1 and 10, limit at most 100; anything
// that is not a whole number in range is a 400.

export type PageRequest = { page: number; limit: number };

function positiveInt(value: string | null, name: string, max?: number): number | undefined {
  if (value === null || value === "") return undefined;
  if (!/^\d+$/.test(value)) throw apiError(400, `${name} must be a positive whole number`);
  const n = Number(value);
  if (n < 1 || (max !== undefined && n > max)) {
    throw apiError(400, max !== undefined ? `${name} must be between 1 and ${max}` : `${name} must be at least 1`);
  }
  return n;
}

/** For /api/admin/*: throws a 400 JSON response on a bad page or limit. */
export function parseApiPageRequest(params: URLSearchParams): PageRequest {
  return {
    page: positiveInt(params.get("page"), "page", 1_000_000) ?? 1,
    limit: positiveInt(params.get("limit"), "limit", MAX_PAGE_SIZE) ?? DEFAULT_PAGE_SIZE,
  };
}

type Page<T> = { items: T[]; pagination: Pagination };

function page<T>(total: number, request: PageRequest, fetch: (limit: number, offset: number) => T[]): Page<T> {
  const { offset, ...pagination } = paginate(total, request.page, request.limit);
  return { items: total === 0 ? [] : fetch(request.limit, offset), pagination };
}

// ---------------------------------------------------------------------------------------------
// Roles (the user:create and user:promote scripts)

/** Makes the user with this username (any case) an administrator, or takes the role away. Null if there is none. */
export function setAdminRole(username: string, isAdmin = true): AdminUser | null {
  return (
    getDb()
      .update(users)
      .set({ isAdmin })
      .where(sql`lower(${users.username}) = lower(${username.trim()})`)
      .returning(adminUserColumns)
      .get() ?? null
  );
}

// ---------------------------------------------------------------------------------------------
// Summary figures

export type AdminSummary = {
  businesses: number;
  claimed: number;
  paid: number;
  revenueCents: number;
  fiscalYear: string;
};

export function getAdminSummary(now = clockNow()): AdminSummary {
  const db = getDb();
  // Counted through indexes, so the page stays quick on a registry of millions: the total from
  // the smallest index, claimed and paid through the owner index (a claimed business has an owner).
  const total = db.select({ n: count() }).from(businesses).get()?.n ?? 0;
  const owned = db
    .select({
      claimed: sql<number>`coalesce(sum(${businesses.isClaimed}), 0)`,
    })
    .from(businesses)
    // "> 0" rather than IS NOT NULL: SQLite's planner then reads the owner index, not the table.
    .where(gt(businesses.ownerId, 0))
    .get();
  const { from, to } = fiscalYearRange(now);
  const revenue = db
    .select({ cents: sql<number>`coalesce(sum(${payments.amount}), 0)` })
    .from(payments)
    .where(and(gte(payments.createdAt, from), lt(payments.createdAt, to)))
    .get();
  // Paid = holds a receipt for the current fiscal year (derived from receipts, issue 21).
  const paid = db
    .select({ n: sql<number>`count(distinct ${payments.businessId})` })
    .from(payments)
    .where(and(eq(payments.taxYear, fiscalYearOf(now)), isNotNull(payments.receiptNumber)))
    .get();
  return {
    businesses: total,
    claimed: Number(owned?.claimed ?? 0),
    paid: Number(paid?.n ?? 0),
    revenueCents: Number(revenue?.cents ?? 0),
    fiscalYear: fiscalYearLabel(now),
  };
}

// ---------------------------------------------------------------------------------------------
// Users

export type AdminUser = {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  createdAt: Date;
};

const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  createdAt: users.createdAt,
};

export function listUsers(request: PageRequest): Page<AdminUser> {
  const db = getDb();
  const total = db.select({ n: count() }).from(users).get()?.n ?? 0;
  return page(total, request, (limit, offset) =>
    db.select(adminUserColumns).from(users).orderBy(users.id).limit(limit).offset(offset).all(),
  );
}

// ---------------------------------------------------------------------------------------------
// Businesses (the registry search, so the admin finds what /search finds)

export type AdminBusiness = BusinessCard & {
  ownerId: number | null;
  ownerUsername: string | null;
  employeeCount: number | null;
  vehicleCount: number | null;
  claimedAt: Date | null;
};

/** The owner and claim fields a result card does not carry, for one page of ids. */
function withOwnership(cards: BusinessCard[]): AdminBusiness[] {
  if (cards.length === 0) return [];
  const extra = getDb()
    .select({
      id: businesses.id,
      ownerId: businesses.ownerId,
      ownerUsername: users.username,
      employeeCount: businesses.employeeCount,
      vehicleCount: businesses.vehicleCount,
      claimedAt: businesses.claimedAt,
    })
    .from(businesses)
    .leftJoin(users, eq(users.id, businesses.ownerId))
    .where(
      inArray(
        businesses.id,
        cards.map((c) => c.id),
      ),
    )
    .all();
  const byId = new Map(extra.map((e) => [e.id, e]));
  return cards.map((card) => {
    const e = byId.get(card.id);
    return {
      ...card,
      ownerId: e?.ownerId ?? null,
      ownerUsername: e?.ownerUsername ?? null,
      employeeCount: e?.employeeCount ?? null,
      vehicleCount: e?.vehicleCount ?? null,
      claimedAt: e?.claimedAt ?? null,
    };
  });
}

/**
 * One page of businesses (all, or only claimed ones). A name or document search goes through
 * the registry search (whose counts stop at COUNT_CAP: `capped` then says so); the plain lists
 * are exact and page through the whole registry in id order.
 */
export function listBusinesses(
  request: PageRequest,
  filters: BusinessFilters = {},
  { claimed }: { claimed?: boolean } = {},
): Page<AdminBusiness> & { capped: boolean } {
  if (filters.name || filters.doc) {
    const result = searchBusinesses({ ...filters, claimed, page: request.page, limit: request.limit });
    return { items: withOwnership(result.businesses), pagination: result.pagination, capped: result.capped };
  }
  const db = getDb();
  // "owner_id > 0" lets SQLite count claimed businesses through the owner index.
  const where = claimed ? and(gt(businesses.ownerId, 0), eq(businesses.isClaimed, true)) : undefined;
  const total = db.select({ n: count() }).from(businesses).where(where).get()?.n ?? 0;
  const result = page(total, request, (limit, offset) => {
    const ids = db.select({ id: businesses.id }).from(businesses).where(where).orderBy(businesses.id).limit(limit).offset(offset).all();
    if (ids.length === 0) return [];
    const cards = db
      .select(registryColumns)
      .from(businesses)
      .where(
        inArray(
          businesses.id,
          ids.map((r) => r.id),
        ),
      )
      .orderBy(businesses.id)
      .all();
    return withOwnership(cards);
  });
  return { ...result, capped: false };
}

// ---------------------------------------------------------------------------------------------
// Payments

export type AdminPayment = {
  id: number;
  userId: number | null;
  username: string | null;
  businessId: number;
  businessName: string;
  documentNumber: string;
  amount: number;
  currency: string;
  description: string;
  kind: string;
  fiscalYear: string;
  stripePaymentId: string;
  createdAt: Date;
};

export function listPayments(request: PageRequest): Page<AdminPayment> {
  const db = getDb();
  const total = db.select({ n: count() }).from(payments).get()?.n ?? 0;
  return page(total, request, (limit, offset) =>
    db
      .select({
        id: payments.id,
        userId: payments.userId,
        username: users.username,
        businessId: payments.businessId,
        businessName: businesses.name,
        documentNumber: businesses.documentNumber,
        amount: payments.amount,
        currency: payments.currency,
        description: payments.description,
        kind: payments.kind,
        fiscalYear: payments.fiscalYear,
        stripePaymentId: payments.stripePaymentId,
        createdAt: payments.createdAt,
      })
      .from(payments)
      .innerJoin(businesses, eq(businesses.id, payments.businessId))
      .leftJoin(users, eq(users.id, payments.userId))
      .orderBy(desc(payments.createdAt), desc(payments.id))
      .limit(limit)
      .offset(offset)
      .all(),
  );
}

// ---------------------------------------------------------------------------------------------
// Uploaded driver's licences

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

export function listDriversLicensesPage(request: PageRequest): Page<LicenseRow> {
  const db = getDb();
  const total = db.select({ n: count() }).from(businesses).where(hasLicense).get()?.n ?? 0;
  return page(total, request, (limit, offset) =>
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

// ---------------------------------------------------------------------------------------------
// CSV reports. They read through a connection of their own: a better-sqlite3 cursor that stays
// open while the client downloads would otherwise keep the shared connection busy for every
// other request. SQLite's WAL mode lets this reader run beside the app's writes.

type ReportBusinessRow = {
  id: number;
  name: string;
  documentNumber: string;
  filingType: string;
  status: string;
  address1: string | null;
  address2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  registeredOn: string | null;
  category: string | null;
  isClaimed: number;
  hasPaidBTR: number;
  ownerId: number | null;
  ownerUsername: string | null;
  employeeCount: number | null;
  vehicleCount: number | null;
  claimedAt: number | null;
  subscriptionStatus: string | null;
  autoRenew: number;
  renewalDate: number | null;
};

const yesNo = (v: number | boolean) => (v ? "Yes" : "No");

export const businessReportColumns: CsvColumn<ReportBusinessRow>[] = [
  { header: "ID", value: (b) => b.id },
  { header: "Name", value: (b) => b.name },
  { header: "Document Number", value: (b) => b.documentNumber },
  { header: "Filing Type", value: (b) => b.filingType },
  { header: "Status", value: (b) => b.status },
  { header: "Address 1", value: (b) => b.address1 },
  { header: "Address 2", value: (b) => b.address2 },
  { header: "City", value: (b) => b.city },
  { header: "State", value: (b) => b.state },
  { header: "Zip", value: (b) => b.zip },
  { header: "Registered On", value: (b) => isoDate(b.registeredOn) },
  { header: "Category", value: (b) => b.category },
  { header: "Claimed", value: (b) => yesNo(b.isClaimed) },
  { header: "BTR Paid", value: (b) => yesNo(b.hasPaidBTR) },
  { header: "Owner ID", value: (b) => b.ownerId },
  { header: "Owner Username", value: (b) => b.ownerUsername },
  { header: "Employees", value: (b) => b.employeeCount },
  { header: "Vehicles", value: (b) => b.vehicleCount },
  { header: "Claimed At", value: (b) => isoDate(b.claimedAt) },
  { header: "Subscription Status", value: (b) => b.subscriptionStatus },
  { header: "Auto Renew", value: (b) => yesNo(b.autoRenew) },
  { header: "Renewal Date", value: (b) => isoDate(b.renewalDate) },
];

const REPORT_BUSINESS_COLUMNS = `b.id AS id, b.name AS name, b.document_number AS documentNumber,
  b.filing_type AS filingType, b.status AS status, b.address1 AS address1, b.address2 AS address2,
  b.city AS city, b.state AS state, b.zip AS zip, b.registered_on AS registeredOn,
  b.category AS category, b.is_claimed AS isClaimed, ${holdsCurrentReceiptRawSql("b")} AS hasPaidBTR,
  b.owner_id AS ownerId, u.username AS ownerUsername, b.employee_count AS employeeCount,
  b.vehicle_count AS vehicleCount, b.claimed_at AS claimedAt,
  b.subscription_status AS subscriptionStatus, b.auto_renew AS autoRenew,
  b.renewal_date AS renewalDate`;

/** The SQL of the businesses report for these filters (the same matching as searchBusinesses), or null for "no rows". */
export function businessReportQuery(filters: BusinessFilters): { sql: string; params: unknown[] } | null {
  const clauses: string[] = [];
  const params: unknown[] = [];
  let from = "businesses b";
  if (filters.doc) {
    const prefix = normalizeDocNumber(filters.doc);
    if (!prefix) return null;
    clauses.push("b.document_number >= ? AND b.document_number < ?");
    params.push(prefix, prefixUpperBound(prefix));
  }
  if (filters.name) {
    const query = buildNameQuery(filters.name);
    if (!query) return null;
    from = "businesses_fts f CROSS JOIN businesses b ON b.id = f.rowid";
    clauses.unshift("businesses_fts MATCH ?");
    params.unshift(query.all);
  }
  const where = clauses.length ? ` WHERE ${clauses.join(" AND ")}` : "";
  return {
    sql: `SELECT ${REPORT_BUSINESS_COLUMNS} FROM ${from} LEFT JOIN users u ON u.id = b.owner_id${where} ORDER BY b.id`,
    params,
  };
}

/** A payment as the report's raw query reads it: the date as stored (epoch milliseconds). */
type ReportPaymentRow = Omit<AdminPayment, "createdAt"> & { createdAt: number };

export const paymentReportColumns: CsvColumn<ReportPaymentRow>[] = [
  { header: "Payment ID", value: (p) => p.id },
  { header: "Date", value: (p) => isoDate(p.createdAt) },
  { header: "User ID", value: (p) => p.userId },
  { header: "Username", value: (p) => p.username },
  { header: "Business ID", value: (p) => p.businessId },
  { header: "Business Name", value: (p) => p.businessName },
  { header: "Document Number", value: (p) => p.documentNumber },
  { header: "Amount (USD)", value: (p) => money(p.amount) },
  { header: "Currency", value: (p) => p.currency.toUpperCase() },
  { header: "Description", value: (p) => p.description },
  { header: "Type", value: (p) => p.kind },
  { header: "Fiscal Year", value: (p) => p.fiscalYear },
  { header: "Stripe Payment ID", value: (p) => p.stripePaymentId },
];

const PAYMENT_REPORT_SQL = `SELECT p.id AS id, p.created_at AS createdAt, p.user_id AS userId, u.username AS username,
  p.business_id AS businessId, b.name AS businessName, b.document_number AS documentNumber,
  p.amount AS amount, p.currency AS currency, p.description AS description, p.kind AS kind,
  p.fiscal_year AS fiscalYear, p.stripe_payment_id AS stripePaymentId
  FROM payments p JOIN businesses b ON b.id = p.business_id LEFT JOIN users u ON u.id = p.user_id
  ORDER BY p.created_at, p.id`;

/** Rows of `sql` read one at a time through a read-only connection that closes with the stream. */
function streamQuery<Row>(
  columns: readonly CsvColumn<Row>[],
  query: { sql: string; params: unknown[] } | null,
  signal?: AbortSignal,
) {
  if (!query) return csvStream(columns, [], { signal });
  const reader = new Database(getEnv().DATABASE_PATH, { readonly: true, fileMustExist: true });
  try {
    reader.pragma("busy_timeout = 5000");
    registerAppFunctions(reader);
    const rows = reader.prepare(query.sql).iterate(...query.params) as IterableIterator<Row>;
    return csvStream(columns, rows, { signal, onClose: () => reader.close() });
  } catch (error) {
    reader.close();
    throw error;
  }
}

/** businesses.csv: the whole registry (or the filtered part), streamed; `signal` stops it early. */
export function streamBusinessesReport(filters: BusinessFilters = {}, signal?: AbortSignal): ReadableStream<Uint8Array> {
  return streamQuery(businessReportColumns, businessReportQuery(filters), signal);
}

/** payments.csv: every recorded payment, oldest first, streamed. */
export function streamPaymentsReport(signal?: AbortSignal): ReadableStream<Uint8Array> {
  return streamQuery(paymentReportColumns, { sql: PAYMENT_REPORT_SQL, params: [] }, signal);
}
