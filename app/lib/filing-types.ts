/** Filing type labels (spec section 3). */
const LABELS: Record<string, string> = {
  CORP: "Corporation",
  LLC: "Limited Liability Company",
  FIC: "Foreign Profit Corporation",
  FICA: "Foreign Profit Corporation Amendment",
  LIC: "Limited Company",
  ABN: "Doing Business As",
  LLLP: "Limited Liability Limited Partnership",
  LP: "Limited Partnership",
};

/** Extra values the detail page also maps. */
const DETAIL_LABELS: Record<string, string> = {
  corporation: "Corporation",
  llc: "Limited Liability Company",
  partnership: "Partnership",
  sole_proprietorship: "Sole Proprietorship",
  nonprofit: "Non-Profit",
};

export const FILING_TYPE_CODES = Object.keys(LABELS);

/** Label for a filing type code; unknown values are shown as-is. */
export function filingTypeLabel(value: string | null | undefined, { detail = false } = {}): string {
  if (!value) return "";
  return LABELS[value] ?? (detail ? DETAIL_LABELS[value] : undefined) ?? value;
}
