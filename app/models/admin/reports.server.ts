/**
 * The CSV reports (businesses.csv, payments.csv), streamed row by row through a reader of their
 * own (~/db/streaming-reader.server) so a long download never holds the shared connection.
 */
import { openStreamingReader } from "~/db/streaming-reader.server";
import { type CsvColumn, csvStream, money } from "~/lib/csv";
import { isoDate } from "~/lib/dates";
import { buildNameQuery, normalizeDocNumber, prefixUpperBound } from "~/lib/search-query";
import type { BusinessFilters } from "./businesses.server";
import type { RegistryFields } from "~/models/business.server";
import { holdsCurrentReceiptRawSql } from "~/models/receipt.server";
import type { AdminPayment } from "./payments.server";

/** A business as the report's raw query reads it: the registry fields, flags and dates as stored. */
type ReportBusinessRow = Omit<RegistryFields, "isClaimed" | "canBeClaimed" | "hasPaidBTR"> & {
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

/** The rows of `query` as CSV, read through a streaming reader that closes with the stream. */
function streamQuery<Row>(
  columns: readonly CsvColumn<Row>[],
  query: { sql: string; params: unknown[] } | null,
  signal?: AbortSignal,
) {
  if (!query) return csvStream(columns, [], { signal });
  const reader = openStreamingReader<Row>(query.sql, query.params);
  try {
    return csvStream(columns, reader.rows, { signal, onClose: reader.close });
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
