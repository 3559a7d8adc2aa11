/**
 * The shapes of a remittance statement (issue 22), shared by the model that builds it
 * (app/models/remittance.server.ts) and the components that show it.
 */

export type Period = { from: string; to: string };

export type StatementLine = {
  kind: "payment" | "refund";
  /** The payment's id, for both kinds. */
  paymentId: number;
  refundId: number | null;
  /** The town's day of the payment or of the refund. */
  date: string;
  /** Dated before the period: a late arrival, carried by this statement. */
  late: boolean;
  receiptNumber: string | null;
  businessId: number;
  businessName: string;
  documentNumber: string;
  fiscalYear: string;
  method: string;
  reference: string;
  taxCents: number;
  penaltyCents: number;
  grossCents: number;
  feeCents: number;
  refundCents: number;
  netCents: number;
  /** The closed statement that carries this line; null while not remitted. */
  remittanceId: number | null;
  /** For a refund: the statement that carried the payment it refunds (an adjustment), or null. */
  adjustsRemittanceId: number | null;
  reason: string | null;
};

export type StatementTotals = {
  paymentCount: number;
  refundCount: number;
  grossCents: number;
  feeCents: number;
  refundCents: number;
  netCents: number;
};

/** The business data the town receives with a statement: each business in it, as claimed. */
export type StatementBusiness = {
  id: number;
  name: string;
  documentNumber: string;
  address: string;
  city: string | null;
  zip: string | null;
  filingType: string;
  status: string;
  isClaimed: boolean;
  ownerName: string | null;
  ownerEmail: string | null;
  employeeCount: number | null;
  vehicleCount: number | null;
};

export type Statement = {
  /** Null while the period is open (a preview of what closing it would carry). */
  id: number | null;
  period: Period;
  remittedOn: string | null;
  reference: string | null;
  closedAt: string | null;
  lines: StatementLine[];
  totals: StatementTotals;
  businesses: StatementBusiness[];
};
