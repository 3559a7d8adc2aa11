import type { TFunction } from "i18next";
import { z } from "zod";
import { translateMessage } from "~/lib/i18n-message";

/**
 * The town's operations on money (issue 22): refunds, counter payments, closing a remittance
 * period. The admin pages' forms and the API share these schemas. Their messages are keys of the
 * "admin" namespace (issue 42): the pages translate them (ErrorList), the JSON API gives them in
 * English (fieldErrorsOf).
 */

/** The schemas' messages, as keys of the "admin" namespace. */
export const PAYMENT_OPS_ERRORS = {
  dateRequired: {
    "first day": "admin:payments.errors.firstDayRequired",
    "last day": "admin:payments.errors.lastDayRequired",
    "date the money was sent": "admin:payments.errors.remittedOnRequired",
  },
  dateFormat: "admin:payments.errors.dateFormat",
  refundAmountRequired: "admin:payments.errors.refundAmountRequired",
  refundAmountFormat: "admin:payments.errors.refundAmountFormat",
  refundAmountPositive: "admin:payments.errors.refundAmountPositive",
  reasonRequired: "admin:payments.errors.reasonRequired",
  reasonShort: "admin:payments.errors.reasonShort",
  reasonLong: "admin:payments.errors.reasonLong",
  method: "admin:counter.errors.method",
  checkNumberLong: "admin:counter.errors.checkNumberLong",
  reload: "admin:counter.errors.reload",
  checkNumberRequired: "admin:counter.errors.checkNumberRequired",
  checkNumberCharacters: "admin:counter.errors.checkNumberCharacters",
  periodOrder: "admin:remittance.errors.periodOrder",
  referenceRequired: "admin:remittance.errors.referenceRequired",
  referenceLong: "admin:remittance.errors.referenceLong",
  choosePayment: "admin:payments.errors.choosePayment",
} as const;
const E = PAYMENT_OPS_ERRORS;

/**
 * A zod error as a page's field errors in the request's language (`t` from requestT): the path
 * joined with "." ("" for the form as a whole). The JSON door uses fieldErrorsOf (English).
 */
export function localFieldErrors(t: TFunction, error: z.ZodError): Record<string, string[]> {
  const fieldErrors: Record<string, string[]> = {};
  for (const issue of error.issues) (fieldErrors[issue.path.join(".")] ??= []).push(translateMessage(t, issue.message));
  return fieldErrors;
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const day = (label: keyof typeof E.dateRequired) =>
  z
    .string({ error: E.dateRequired[label] })
    .trim()
    .regex(isoDay, { error: E.dateFormat })
    .refine((v) => !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v), {
      error: E.dateFormat,
    });

/** Dollars as typed ("12", "12.5", "12.50", "$1,200.00") to cents (the refund's amount). */
const refundDollarsToCents = () =>
  z
    .string({ error: E.refundAmountRequired })
    .trim()
    .transform((v) => v.replace(/^\$/, "").replace(/,/g, ""))
    .pipe(z.string().regex(/^\d{1,7}(\.\d{1,2})?$/, { error: E.refundAmountFormat }))
    .transform((v) => Math.round(Number(v) * 100))
    .refine((cents) => cents > 0, { error: E.refundAmountPositive });

export const RefundSchema = z.object({
  amount: refundDollarsToCents(),
  reason: z
    .string({ error: E.reasonRequired })
    .trim()
    .min(3, { error: E.reasonShort })
    .max(300, { error: E.reasonLong }),
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
    method: z.enum(COUNTER_METHODS, { error: E.method }),
    checkNumber: z.string().trim().max(30, { error: E.checkNumberLong }).optional(),
    /** The year to buy, as the year it ends; absent: the oldest year the business owes. */
    fiscalYear: z.coerce.number().int().min(2000).max(2200).optional(),
    /** A key made when the form was drawn: the same form sent twice records one payment. */
    key: z.string({ error: E.reload }).regex(/^[A-Za-z0-9-]{16,64}$/, { error: E.reload }),
  })
  .refine((v) => v.method !== "check" || Boolean(v.checkNumber), { path: ["checkNumber"], error: E.checkNumberRequired })
  .refine((v) => !v.checkNumber || /^[A-Za-z0-9-]+$/.test(v.checkNumber), { path: ["checkNumber"], error: E.checkNumberCharacters });

export const RemittancePeriodSchema = z
  .object({ from: day("first day"), to: day("last day") })
  .refine((v) => v.from <= v.to, { path: ["to"], error: E.periodOrder });

export const ClosePeriodSchema = z
  .object({
    from: day("first day"),
    to: day("last day"),
    remittedOn: day("date the money was sent"),
    reference: z
      .string({ error: E.referenceRequired })
      .trim()
      .min(2, { error: E.referenceRequired })
      .max(100, { error: E.referenceLong }),
  })
  .refine((v) => v.from <= v.to, { path: ["to"], error: E.periodOrder });
