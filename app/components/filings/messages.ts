/**
 * The filings' messages in the reader's language (issue 42). The rules (~/lib/filings/answers,
 * documents) and the filing models answer in English, as the JSON API gives them; the owner's
 * pages show them through here: each known English message becomes its key of filings.json
 * (claim.json for the two counts), any other text (a key already, or data) stays as it is.
 */
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { translateMessage, type MessageValues } from "~/lib/i18n-message";
import englishClaim from "~/locales/en/claim.json";
import englishFilings from "~/locales/en/filings.json";

type Entry = { key: string; values?: MessageValues };

/** Every English text without placeholders of these sections, by its text. */
function reverse(section: Record<string, string>, prefix: string, into: Map<string, string>) {
  for (const [name, text] of Object.entries(section)) if (typeof text === "string" && !text.includes("{{")) into.set(text, `${prefix}.${name}`);
}

const FIXED = new Map<string, string>();
reverse(englishFilings.errors, "filings:errors", FIXED);
reverse(englishFilings.required, "filings:required", FIXED);
reverse(englishFilings.checks as unknown as Record<string, string>, "filings:checks", FIXED);
reverse(englishClaim.errors, "claim:errors", FIXED);

const NAMES = new Map(Object.entries(englishFilings.checks.names).map(([name, text]) => [text, name]));
const DOCUMENTS = new Map(Object.entries(englishFilings.documents).map(([type, d]) => [d.label, type]));

const PATTERNS: { pattern: RegExp; entry: (m: RegExpMatchArray, t: TFunction) => Entry | null }[] = [
  {
    pattern: /^(.+) must be at most (\d+) characters$/,
    entry: (m, t) => (NAMES.has(m[1]) ? { key: "filings:checks.tooLong", values: { label: t(`filings:checks.names.${NAMES.get(m[1])}`), max: Number(m[2]) } } : null),
  },
  { pattern: /^The business must be located in (.+)$/, entry: (m) => ({ key: "filings:checks.notInTown", values: { town: m[1] } }) },
  { pattern: /^This ZIP code is not in (.+)$/, entry: (m) => ({ key: "filings:checks.zipNotInTown", values: { town: m[1] } }) },
  {
    pattern: /^(.+) is required$/,
    entry: (m, t) => (DOCUMENTS.has(m[1]) ? { key: "filings:errors.documentRequired", values: { label: t(`filings:documents.${DOCUMENTS.get(m[1])}.label`) } } : null),
  },
  {
    pattern: /^This filing can no longer be changed, so its fee cannot be paid\. Your payment of (.+) has been refunded\.$/,
    entry: (m) => ({ key: "filings:errors.feeNotEditableRefunded", values: { amount: m[1] } }),
  },
  {
    pattern: /^The transfer fee is (.+), not (.+)\. Your payment has been refunded; please pay again\.$/,
    entry: (m) => ({ key: "filings:errors.feeAmountChanged", values: { fee: m[1], amount: m[2] } }),
  },
];

/** A filing message (English, or a key) in t's language. */
export function filingMessage(t: TFunction, message: string): string {
  const fixed = FIXED.get(message);
  if (fixed) return t(fixed);
  for (const { pattern, entry } of PATTERNS) {
    const match = message.match(pattern);
    const found = match ? entry(match, t) : null;
    if (found) return t(found.key, found.values);
  }
  return translateMessage(t, message);
}

/** filingMessage bound to the page's language. */
export function useFilingMessage() {
  const { t } = useTranslation(["filings", "claim"]);
  return (message: string) => filingMessage(t, message);
}
