/**
 * The documents a business files with the BTR office (issue 40): what kinds there are, the
 * statuses a filing moves through, and the steps of each kind's guided form.
 */
export const FILING_KINDS = ["new-business", "transfer", "change-location", "close-business"] as const;
export type FilingKind = (typeof FILING_KINDS)[number];

export const isFilingKind = (value: unknown): value is FilingKind =>
  typeof value === "string" && (FILING_KINDS as readonly string[]).includes(value);

export const FILING_KIND_LABELS: Record<FilingKind, string> = {
  "new-business": "New receipt application",
  transfer: "Transfer on sale",
  "change-location": "Change of location",
  "close-business": "Closing the business",
};

/** What each kind is for and what it asks, shown on /filings/new before starting. */
export const FILING_KIND_SUMMARIES: Record<FilingKind, string> = {
  "new-business":
    "For a business operating in town that has no receipt yet (a sole proprietor, a home business, a trade name, or a company that just moved in). You give the business, its location and its activity, and upload the documents the town needs.",
  transfer:
    "You sold your business: its receipt for this year passes to the buyer's account. The fee is 10% of the year's tax, at least $3 and at most $25, paid by card.",
  "change-location":
    "Your business moves to a new address in town. Receipts from now on show the new address.",
  "close-business":
    "Your business stopped operating: from the date you give, no more receipts, reminders or notices.",
};

/** Kinds filed about a business the applicant already owns. */
export const KINDS_ABOUT_A_BUSINESS: readonly FilingKind[] = ["transfer", "change-location", "close-business"];

export const FILING_STATUSES = ["draft", "submitted", "changes-requested", "approved", "denied", "withdrawn"] as const;
export type FilingStatus = (typeof FILING_STATUSES)[number];

export const isFilingStatus = (value: unknown): value is FilingStatus =>
  typeof value === "string" && (FILING_STATUSES as readonly string[]).includes(value);

export const FILING_STATUS_LABELS: Record<FilingStatus, string> = {
  draft: "Draft",
  submitted: "Submitted",
  "changes-requested": "Changes requested",
  approved: "Approved",
  denied: "Denied",
  withdrawn: "Withdrawn",
};

/** The applicant may change the answers and documents only in these. */
export const EDITABLE_STATUSES: readonly FilingStatus[] = ["draft", "changes-requested"];
export const isEditable = (status: string) => (EDITABLE_STATUSES as readonly string[]).includes(status);

/** Staff decide on a submitted filing. */
export const FILING_DECISIONS = ["approve", "request-changes", "deny"] as const;
export type FilingDecision = (typeof FILING_DECISIONS)[number];

/** Every answer a filing can hold (the JSON API's names). All are kept as the text typed. */
export const ANSWER_NAMES = [
  "businessName",
  "tradeName",
  "ownership",
  "stateDocumentNumber",
  "phone",
  "email",
  "address1",
  "address2",
  "city",
  "zip",
  "homeBased",
  "category",
  "employeeCount",
  "vehicleCount",
  "stateLicenseNumber",
  "buyer",
  "closedOn",
] as const;
export type AnswerName = (typeof ANSWER_NAMES)[number];
export type Answers = Partial<Record<AnswerName, string>>;

export const isAnswerName = (value: string): value is AnswerName => (ANSWER_NAMES as readonly string[]).includes(value);

/** A step of the guided form: a page /filings/{id}/{slug}. */
export type FilingStep = { slug: string; title: string; fields: readonly AnswerName[] };

const LOCATION: FilingStep = { slug: "location", title: "Location in town", fields: ["address1", "address2", "city", "zip", "homeBased"] };
const DOCUMENTS: FilingStep = { slug: "documents", title: "Documents", fields: [] };
const REVIEW: FilingStep = { slug: "review", title: "Review and submit", fields: [] };

export const FILING_STEPS: Record<FilingKind, readonly FilingStep[]> = {
  "new-business": [
    { slug: "business", title: "Applicant and business", fields: ["businessName", "tradeName", "ownership", "stateDocumentNumber", "phone", "email"] },
    LOCATION,
    { slug: "activity", title: "Activity", fields: ["category", "employeeCount", "vehicleCount", "stateLicenseNumber"] },
    DOCUMENTS,
    REVIEW,
  ],
  transfer: [{ slug: "buyer", title: "Buyer", fields: ["buyer"] }, DOCUMENTS, REVIEW],
  "change-location": [LOCATION, DOCUMENTS, REVIEW],
  "close-business": [{ slug: "closing", title: "Closing date", fields: ["closedOn"] }, REVIEW],
};

export function stepOf(kind: FilingKind, slug: string): FilingStep | undefined {
  return FILING_STEPS[kind].find((s) => s.slug === slug);
}

/** The step after `slug`, or undefined at the last one. */
export function nextStep(kind: FilingKind, slug: string): FilingStep | undefined {
  const steps = FILING_STEPS[kind];
  const i = steps.findIndex((s) => s.slug === slug);
  return i >= 0 ? steps[i + 1] : undefined;
}

export function previousStep(kind: FilingKind, slug: string): FilingStep | undefined {
  const steps = FILING_STEPS[kind];
  const i = steps.findIndex((s) => s.slug === slug);
  return i > 0 ? steps[i - 1] : undefined;
}

export const OWNERSHIPS = ["sole-proprietor", "partnership", "corporation", "llc", "other"] as const;
export type Ownership = (typeof OWNERSHIPS)[number];
export const OWNERSHIP_LABELS: Record<Ownership, string> = {
  "sole-proprietor": "Sole proprietor",
  partnership: "Partnership",
  corporation: "Corporation",
  llc: "Limited liability company (LLC)",
  other: "Other",
};

/** The business's filing type (what the detail page shows) for a town business of this ownership. */
export const OWNERSHIP_FILING_TYPES: Record<Ownership, string> = {
  "sole-proprietor": "sole_proprietorship",
  partnership: "partnership",
  corporation: "corporation",
  llc: "llc",
  other: "Other",
};

/** The transfer fee (F.S. 205.043): 10% of the year's tax, at least $3, at most $25. */
export function transferFeeCents(yearTaxCents: number): number {
  return Math.min(25_00, Math.max(3_00, Math.round(yearTaxCents / 10)));
}

/** The local number of a business the town created: BTR-2027-000123 (fiscal year, filing id). */
export function localBusinessNumber(taxYear: number, filingId: number): string {
  return `BTR-${taxYear}-${String(filingId).padStart(6, "0")}`;
}
