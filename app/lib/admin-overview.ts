/** The shapes of the staff overview's figures (~/models/admin/overview.server), shared with its charts. */

/** The days after mailing the claims table reads each batch's claim rate at. */
export const CLAIM_CHECKPOINTS = [7, 14, 30, 60, 90] as const;
/** How far the claim curves go, in days after mailing. */
export const CLAIM_HORIZON_DAYS = 90;
/** How many letter batches the chart shows: the most recently mailed. */
export const CLAIM_BATCHES = 6;

/** Filings waiting, by whole days since submitted. */
export const FILING_AGE_BUCKETS = [
  { key: "under2", label: "Under 2 days" },
  { key: "2to7", label: "2–7 days" },
  { key: "8to30", label: "8–30 days" },
  { key: "over30", label: "Over 30 days" },
] as const;

export type FilingAgeKey = (typeof FILING_AGE_BUCKETS)[number]["key"];
export type FilingsByAge = Record<FilingAgeKey, number>;

export type ReceiptMonth = {
  /** "Oct" ... "Sep". */
  label: string;
  /** The month of this fiscal year, yyyy-MM. */
  month: string;
  /** Receipts sold in that month of this fiscal year; null for a month still to come. */
  current: number | null;
  /** Receipts sold in the same month of last fiscal year. */
  previous: number;
};

export type MonthlyReceipts = { currentYear: string; previousYear: string; months: ReceiptMonth[] };

export type BatchClaims = {
  batchId: number;
  mailedOn: string;
  letters: number;
  /** Whole days from mailing to today (town calendar). */
  daysSinceMailing: number;
  /** Share (0-1) of the batch's letters whose business was claimed by day d after mailing, d = 0..min(horizon, daysSinceMailing). */
  curve: number[];
  /** The same at each checkpoint: null for a day that has not come yet. */
  checkpoints: { day: number; claimed: number | null; rate: number | null }[];
};

export type StandingCounts = { current: number; due: number; delinquent: number };

export type Overview = {
  receipts: MonthlyReceipts;
  claims: BatchClaims[];
  standing: StandingCounts;
  filings: FilingsByAge;
};
