import type { TFunction } from "i18next";
import { formatLongDate } from "~/lib/dates";
import { formatCents } from "~/lib/fee";
import type { Language } from "~/lib/languages";

/** A payment refusal as the pages see it: the model's English, its code, and its key when it has one. */
export type PaymentRefusal = {
  message: string;
  code: string;
  detail?: { key: string; values?: Record<string, string | number> };
};

/** Refusals whose text does not depend on the case: one key per code. */
const CODE_KEYS: Record<string, string> = {
  not_found: "payment:refusal.notFound",
  not_claimed: "payment:refusal.notClaimed",
  not_owner: "payment:refusal.notOwner",
  already_paid: "payment:refusal.alreadyPaid",
  not_confirmed: "payment:refusal.notConfirmed",
  stripe_error: "payment:refusal.stripeError",
};

/**
 * A payment model's refusal in the reader's language (issue 42): its key, with amounts
 * (`...Cents`) and days (`...On`) formatted for the language; the English message when it has
 * no key.
 */
export function paymentRefusalText(t: TFunction, language: Language, refusal: PaymentRefusal): string {
  if (refusal.detail) {
    const values: Record<string, string | number> = {};
    for (const [name, value] of Object.entries(refusal.detail.values ?? {})) {
      if (name.endsWith("Cents") && typeof value === "number") values[name.slice(0, -"Cents".length)] = formatCents(value, language);
      else if (name.endsWith("On") && typeof value === "string") values[name.slice(0, -"On".length)] = formatLongDate(value, value, language);
      else values[name] = value;
    }
    return t(refusal.detail.key, values) as string;
  }
  const key = CODE_KEYS[refusal.code];
  return key ? (t(key) as string) : refusal.message;
}
