import { z } from "zod";

/**
 * The form's messages, as keys of the "admin" namespace (translated where shown, issue 42):
 * admin:feeSchedule.errors.<field>.<rule>, each naming its field.
 */
const message = (field: string, rule: string) => `admin:feeSchedule.errors.${field}.${rule}`;

const dollars = (field: string) =>
  z
    .string({ error: message(field, "required") })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: message(field, "amount") })
    .transform((v) => Math.round(Number(v) * 100));

const percent = (field: string) =>
  z.coerce
    .number({ error: message(field, "whole") })
    .int({ error: message(field, "whole") })
    .min(0, { error: message(field, "range") })
    .max(100, { error: message(field, "range") });

const monthDay = (field: string) =>
  z
    .string({ error: message(field, "required") })
    .trim()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: message(field, "monthDay") });

/** The town's fee schedule for one fiscal year (admin form; money in dollars, stored in cents). */
export const FeeScheduleSchema = z
  .object({
    fiscalYear: z.coerce.number({ error: "admin:feeSchedule.errors.fiscalYear" }).int().min(2000).max(2200),
    base: dollars("base"),
    perEmployee: dollars("perEmployee"),
    perVehicle: dollars("perVehicle"),
    firstMonthPenaltyPercent: percent("firstMonthPenaltyPercent"),
    furtherMonthPenaltyPercent: percent("furtherMonthPenaltyPercent"),
    penaltyCapPercent: percent("penaltyCapPercent"),
    neverReceiptedPenaltyApplies: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    neverReceiptedPenaltyPercent: percent("neverReceiptedPenaltyPercent"),
    renewalOpens: monthDay("renewalOpens"),
    dueDay: monthDay("dueDay"),
    renewalCharge: monthDay("renewalCharge"),
  })
  .refine((v) => v.renewalOpens <= v.renewalCharge && v.renewalCharge <= v.dueDay, {
    error: "admin:feeSchedule.errors.order",
    path: ["renewalCharge"],
  });

export type FeeScheduleForm = z.input<typeof FeeScheduleSchema>;
