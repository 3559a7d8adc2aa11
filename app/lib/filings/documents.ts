/**
 * Which documents a filing needs, as one table (issue 40): each row says which kinds ask for the
 * document and when, from the answers. The first step shows the whole table as a checklist; the
 * server asks for exactly the rows that apply before a filing can be submitted.
 */
import type { Answers, FilingKind } from "./kinds";

export const DOCUMENT_TYPES = ["certificate-of-use", "proof-of-location", "state-license", "fictitious-name", "bill-of-sale"] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];

export const isDocumentType = (value: unknown): value is DocumentType =>
  typeof value === "string" && (DOCUMENT_TYPES as readonly string[]).includes(value);

/** What the rules need to know besides the answers: which activities need a state licence. */
export type DocumentContext = { licensedCategories: ReadonlySet<string> };

type DocumentRule = {
  type: DocumentType;
  label: string;
  kinds: readonly FilingKind[];
  /** When the document is needed, in words, for the checklist. */
  when: string;
  applies: (answers: Answers, context: DocumentContext) => boolean;
};

export const DOCUMENT_RULES: readonly DocumentRule[] = [
  {
    type: "proof-of-location",
    label: "Lease or proof of the location",
    kinds: ["new-business", "change-location"],
    when: "Always: a lease, a deed or a utility bill at the address",
    applies: () => true,
  },
  {
    type: "certificate-of-use",
    label: "Certificate of use or zoning approval",
    kinds: ["new-business", "change-location"],
    when: "For a storefront, office or other premises (not a home-based business)",
    applies: (a) => a.homeBased === "no",
  },
  {
    type: "state-license",
    label: "State licence",
    kinds: ["new-business"],
    when: "For an activity the state licenses (contractors, cosmetology, health care)",
    applies: (a, c) => Boolean(a.category && c.licensedCategories.has(a.category)),
  },
  {
    type: "fictitious-name",
    label: "Fictitious name registration",
    kinds: ["new-business"],
    when: "When the business trades under a name other than its legal name",
    applies: (a) => Boolean(a.tradeName?.trim()),
  },
  {
    type: "bill-of-sale",
    label: "Bill of sale",
    kinds: ["transfer"],
    when: "Always: the bill of sale or the contract that transfers the business",
    applies: () => true,
  },
];

export const DOCUMENT_LABELS = Object.fromEntries(DOCUMENT_RULES.map((r) => [r.type, r.label])) as Record<DocumentType, string>;

/** Every document a kind may ask for, with when: the checklist shown before starting. */
export function documentChecklist(kind: FilingKind) {
  return DOCUMENT_RULES.filter((r) => r.kinds.includes(kind)).map(({ type, label, when }) => ({ type, label, when }));
}

/** The documents this filing needs, given its answers so far. */
export function requiredDocuments(kind: FilingKind, answers: Answers, context: DocumentContext): DocumentType[] {
  return DOCUMENT_RULES.filter((r) => r.kinds.includes(kind) && r.applies(answers, context)).map((r) => r.type);
}

/** Uploads: PDF, JPEG or PNG (judged by their first bytes on the server), at most 10 MB. */
export const MAX_FILING_DOCUMENT_BYTES = 10 * 1024 * 1024;
export const FILING_DOCUMENT_MIME_TYPES = ["application/pdf", "image/jpeg", "image/png"] as const;
export const FILING_DOCUMENT_ACCEPT = "application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png";

export const DOCUMENT_MESSAGES = {
  type: "Choose which document this is",
  notAFile: "Choose a file to upload",
  fileSize: "File size must be less than 10MB",
  fileType: "File must be a PDF, JPEG or PNG",
  notNeeded: "This filing does not need that document",
} as const;
