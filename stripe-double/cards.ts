/** Stripe's documented test cards, and what the double does with each. */
export type CardOutcome = "succeed" | "decline" | "insufficient_funds" | "authenticate" | "incorrect_number";

export const TEST_CARDS: Record<string, CardOutcome> = {
  "4242424242424242": "succeed",
  "5555555555554444": "succeed",
  "4000000000000002": "decline",
  "4000000000009995": "insufficient_funds",
  "4000002500003155": "authenticate",
  "4000002760003184": "authenticate",
};

/** Stripe's ready-made test payment methods (`payment_method: 'pm_card_visa'`). */
export const TEST_PAYMENT_METHODS: Record<string, string> = {
  pm_card_visa: "4242424242424242",
  pm_card_mastercard: "5555555555554444",
  pm_card_chargeDeclined: "4000000000000002",
  pm_card_chargeDeclinedInsufficientFunds: "4000000000009995",
  pm_card_authenticationRequired: "4000002500003155",
};

export function normaliseCardNumber(raw: string) {
  return raw.replace(/[\s-]/g, "");
}

export function cardOutcome(number: string): CardOutcome {
  return TEST_CARDS[normaliseCardNumber(number)] ?? "incorrect_number";
}

export function cardBrand(number: string) {
  const n = normaliseCardNumber(number);
  if (n.startsWith("4")) return "visa";
  if (/^5[1-5]/.test(n)) return "mastercard";
  if (/^3[47]/.test(n)) return "amex";
  return "unknown";
}

export const DECLINE_MESSAGES = {
  decline: { code: "card_declined", decline_code: "generic_decline", message: "Your card was declined." },
  insufficient_funds: {
    code: "card_declined",
    decline_code: "insufficient_funds",
    message: "Your card has insufficient funds.",
  },
  incorrect_number: { code: "incorrect_number", decline_code: undefined, message: "Your card number is incorrect." },
  authentication_failed: {
    code: "payment_intent_authentication_failure",
    decline_code: undefined,
    message:
      "We are unable to authenticate your payment method. Please choose a different payment method and try again.",
  },
  authentication_required: {
    code: "authentication_required",
    decline_code: "authentication_required",
    message: "Your card was declined. This transaction requires authentication.",
  },
} as const;
