/**
 * The staff pages' refusals in the reader's language (issue 42). The admin models answer in
 * English, as the JSON door gives them (refunds, remittance, roles, counter payments, licences);
 * a page shows them through here: each known text becomes its key of admin.json `refusals`, any
 * other text (a key already, or Stripe's own words) stays as it is.
 */
import type { TFunction } from "i18next";
import { filingMessage } from "~/components/filings/messages";
import { translateMessage, type MessageValues } from "~/lib/i18n-message";
import { FILING_MESSAGES } from "~/models/filings/errors";

export const STAFF_REFUSALS: Record<string, string> = {
  "That payment is not this business's.": "paymentNotHere",
  "This payment has already been refunded in full.": "refundedInFull",
  "Stripe does not know this payment's charge; it cannot be refunded online.": "noCharge",
  "Stripe could not be reached; the refund will be completed when it answers.": "refundPending",
  "A period can be closed once it has ended: choose a last day no later than today.": "periodNotEnded",
  "Stripe could not be reached to read the card fees; try again in a moment.": "stripeFees",
  "Payments kept arriving while the period was being closed; try again.": "paymentsArriving",
  "User not found": "userNotFound",
  "You cannot remove your own administrator role": "ownAdminRole",
  "Business not found": "businessNotFound",
  "This business is not claimed": "notClaimed",
  "This business has no uploaded license to review": "noLicense",
  "This form was already used for another business. Reload the page.": "formUsed",
  "This business already holds that year's receipt.": "alreadyHeld",
  "This business is not closed": "notClosed",
};

const PATTERNS: { pattern: RegExp; key: string; values: (m: RegExpMatchArray) => MessageValues }[] = [
  // ~/models/refund.server
  { pattern: /^At most (\$[\d,]+\.\d{2}) of this payment can be refunded\.$/, key: "refundAtMost", values: (m) => ({ amount: m[1] }) },
  { pattern: /^Stripe refused the refund: (.*)$/s, key: "stripeRefused", values: (m) => ({ reason: m[1] }) },
  // ~/models/remittance.server
  { pattern: /^There is nothing to remit up to (.+)\.$/, key: "nothingToRemit", values: (m) => ({ date: m[1] }) },
];

/** A staff model's refusal (English, or a key) in t's language. */
export function staffRefusal(t: TFunction, message: string): string {
  const fixed = STAFF_REFUSALS[message];
  if (fixed) return t(`admin:refusals.${fixed}`);
  for (const { pattern, key, values } of PATTERNS) {
    const match = message.match(pattern);
    if (match) return t(`admin:refusals.${key}`, values(match));
  }
  return translateMessage(t, message);
}

/** A filing decision's refusals as keys of admin.json; the rest are the filings' own (filingMessage). */
const DECISION_REFUSALS: Record<string, string> = {
  [FILING_MESSAGES.notDecidable]: "admin:filings.errors.notDecidable",
  [FILING_MESSAGES.messageRequired]: "admin:filings.errors.messageRequired",
  [FILING_MESSAGES.ownerTaken]: "admin:filings.errors.ownerTaken",
  [FILING_MESSAGES.buyerGone]: "admin:filings.errors.buyerGone",
  [FILING_MESSAGES.applicantNotOwner]: "admin:filings.errors.applicantNotOwner",
};

/** A filing decision's refusal (the model's English) in t's language. */
export function decisionRefusal(t: TFunction, message: string): string {
  const key = DECISION_REFUSALS[message];
  return key ? t(key) : filingMessage(t, message);
}
