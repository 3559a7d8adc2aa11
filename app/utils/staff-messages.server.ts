/**
 * The staff pages' refusals in the reader's language (issue 42). The admin models answer in
 * English, as the JSON door gives them (refunds, remittance, roles, counter payments, licences);
 * a page shows them through here: each known text becomes its key of admin.json `refusals`, any
 * other text (a key already, or Stripe's own words) stays as it is.
 */
import type { TFunction } from "i18next";
import { filingMessage } from "~/components/filings/messages";
import { translateMessage, type MessageValues } from "~/lib/i18n-message";
import englishAdmin from "~/locales/en/admin.json";
import { FILING_MESSAGES } from "~/models/filings/errors";

/** English text → its key of admin.json `refusals` (the texts without a value; en/admin.json holds the models' exact words). */
export const STAFF_REFUSALS: Record<string, string> = Object.fromEntries(
  Object.entries(englishAdmin.refusals)
    .filter(([, text]) => !text.includes("{{"))
    .map(([key, text]) => [text, key]),
);

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
