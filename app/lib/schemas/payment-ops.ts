import { z } from "zod";

/**
 * The town's operations on money (issue 22): refunds, counter payments, closing a remittance
 * period. The admin pages' forms and the API share these schemas.
 */

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: string) =>
  z
    .string({ error: `Choose the ${label}` })
    .trim()
    .regex(isoDay, { error: "Use a date like 2026-11-30" })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: "Use a date like 2026-11-30",
    });

/** Dollars as typed ("12", "12.5", "12.50", "$1,200.00") to cents. */
export const dollarsToCents = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
    .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: `${label} must be an amount in dollars, e.g. 25.00` }))
    .transform((v) => Math.round(Number(v) * 100))
    .refine((cents) => cents > 0, { error: `${label} must be more than $0.00` });

export const RefundSchema = z.object({
  amount: dollarsToCents("Refund amount"),
  reason: z
    .string({ error: "Give the reason for the refund" })
    .trim()
    .min(3, { error: "Give the reason for the refund (at least 3 characters)" })
    .max(300, { error: "Keep the reason under 300 characters" }),
});

/** How a payment at the counter is made: cash, a check, or a card terminal of the town's own. */
export const COUNTER_METHODS = ["cash", "check", "card_elsewhere"] as const;
export type CounterMethod = (typeof COUNTER_METHODS)[number];
export const COUNTER_METHOD_LABELS: Record<CounterMethod, string> = {
  cash: "Cash",
  check: "Check",
  card_elsewhere: "Card (taken at the counter)",
};
/** Labels of every payment method, online included. */
export const PAYMENT_METHOD_LABELS: Record<string, string> = { card: "Card (online)", ...COUNTER_METHOD_LABELS };

export const CounterPaymentSchema = z
  .object({
    method: z.enum(COUNTER_METHODS, { error: "Choose how it was paid" }),
    checkNumber: z.string().trim().max(30, { error: "Keep the check number under 30 characters" }).optional(),
    /** The year to buy, as the year it ends; absent: the oldest year the business owes. */
    fiscalYear: z.coerce.number().int().min(2000).max(2200).optional(),
    /** A key made when the form was drawn: the same form sent twice records one payment. */
    key: z.string({ error: "Reload the page and try again" }).regex(/^[A-Za-z0-9-]{16,64}$/, { error: "Reload the page and try again" }),
  })
  .refine((v) => v.method !== "check" || Boolean(v.checkNumber), { path: ["checkNumber"], error: "Give the check number" })
  .refine((v) => !v.checkNumber || /^[A-Za-z0-9-]+$/.test(v.checkNumber), { path: ["checkNumber"], error: "Use letters, digits and dashes" });

export const RemittancePeriodSchema = z
  .object({ from: day("first day"), to: day("last day") })
  .refine((v) => v.from <= v.to, { path: ["to"], error: "The last day must not be before the first" });

export const ClosePeriodSchema = z
  .object({
    from: day("first day"),
    to: day("last day"),
    remittedOn: day("date the money was sent"),
    reference: z
      .string({ error: "Give the transfer's reference" })
      .trim()
      .min(2, { error: "Give the transfer's reference" })
      .max(100, { error: "Keep the reference under 100 characters" }),
  })
  .refine((v) => v.from <= v.to, { path: ["to"], error: "The last day must not be before the first" });
