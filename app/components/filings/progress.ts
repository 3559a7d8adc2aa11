/**
 * Where a filing stands, in words and links: which steps are done, the first one still to do,
 * and the applicant's next step on the dashboard. Pure functions of the filing's kind, status and
 * what is missing (FilingView.missing), shared by the filing's pages and the dashboard.
 */
import { FILING_STEPS, type FilingKind, type FilingStatus, type FilingStep } from "~/lib/filings/kinds";

export type Missing = { field?: string; documentType?: string; message: string };

/** Whether a step still lacks something the submission needs. Review is complete when nothing is missing. */
export function stepIsMissing(step: FilingStep, missing: readonly Missing[]): boolean {
  if (step.slug === "documents") return missing.some((m) => m.documentType);
  if (step.slug === "review") return missing.length > 0;
  return missing.some((m) => m.field && (step.fields as readonly string[]).includes(m.field));
}

/** The first step that lacks something, else the review step. */
export function firstIncompleteStep(kind: FilingKind, missing: readonly Missing[]): FilingStep {
  const steps = FILING_STEPS[kind];
  return steps.find((s) => s.slug !== "review" && stepIsMissing(s, missing)) ?? steps[steps.length - 1];
}

/** The step a missing item is answered on (the documents step for a document). */
export function stepOfMissing(kind: FilingKind, item: Missing): FilingStep | undefined {
  const steps = FILING_STEPS[kind];
  if (item.documentType) return steps.find((s) => s.slug === "documents");
  return steps.find((s) => item.field && (s.fields as readonly string[]).includes(item.field));
}

/** The applicant's next step: a key of filings.json's `next`, the step it names (a draft's), and where it goes. */
export type NextStep = { key: string; step?: FilingStep["slug"]; to: string | null };

/** The applicant's next step, as the dashboard's Documents tab says it. */
export function nextStepOf(filing: {
  id: number;
  kind: FilingKind;
  status: FilingStatus;
  businessId: number | null;
  missing: readonly Missing[];
  /** For an approved new business: whether it already holds this year's receipt. */
  receiptHeld: boolean;
}): NextStep {
  switch (filing.status) {
    case "draft": {
      const step = firstIncompleteStep(filing.kind, filing.missing);
      return { key: "next.continue", step: step.slug, to: `/filings/${filing.id}/${step.slug}` };
    }
    case "changes-requested":
      return { key: "next.changes", to: `/filings/${filing.id}` };
    case "submitted":
      return { key: "next.waiting", to: null };
    case "approved":
      if (filing.kind === "new-business" && filing.businessId && !filing.receiptHeld) return { key: "next.pay", to: `/payment/${filing.businessId}` };
      return { key: "next.nothing", to: null };
    case "denied":
      return { key: "next.reason", to: `/filings/${filing.id}` };
    case "withdrawn":
      return { key: "next.nothing", to: null };
  }
}

/** What a history entry's action reads as. */
export const HISTORY_LABELS: Record<string, string> = {
  created: "Started",
  submitted: "Submitted",
  resubmitted: "Submitted again",
  fee_paid: "Transfer fee paid",
  withdrawn: "Withdrawn",
  approved: "Approved",
  changes_requested: "Changes requested",
  denied: "Denied",
};

/** Statuses the applicant may still withdraw from (not yet decided). */
export const WITHDRAWABLE: readonly FilingStatus[] = ["draft", "submitted", "changes-requested"];
