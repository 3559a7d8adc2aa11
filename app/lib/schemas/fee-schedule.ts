import { z } from "zod";

const dollars = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^\d{1,6}(\.\d{1,2})?$/, { error: `${label} must be an amount in dollars, e.g. 100.00` })
    .transform((v) => Math.round(Number(v) * 100));

const percent = (label: string) =>
  z.coerce
    .number({ error: `${label} must be a whole percentage` })
    .int({ error: `${label} must be a whole percentage` })
    .min(0, { error: `${label} must be between 0 and 100` })
    .max(100, { error: `${label} must be between 0 and 100` });

const monthDay = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .regex(/^(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, { error: `${label} must be a month and day, MM-DD` });

/** The town's fee schedule for one fiscal year (admin form; money in dollars, stored in cents). */
export const FeeScheduleSchema = z
  .object({
    fiscalYear: z.coerce.number({ error: "Choose a fiscal year" }).int().min(2000).max(2200),
    base: dollars("Base fee"),
    perEmployee: dollars("Per-employee amount"),
    perVehicle: dollars("Per-vehicle amount"),
    firstMonthPenaltyPercent: percent("October's penalty"),
    furtherMonthPenaltyPercent: percent("Each further month's penalty"),
    penaltyCapPercent: percent("The penalty cap"),
    neverReceiptedPenaltyApplies: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
    neverReceiptedPenaltyPercent: percent("The never-receipted penalty"),
    renewalOpens: monthDay("Sales open"),
    dueDay: monthDay("Due date"),
    renewalCharge: monthDay("Auto-renewal charge date"),
  })
  .refine((v) => v.renewalOpens <= v.renewalCharge && v.renewalCharge <= v.dueDay, {
    error: "Sales must open on or before the auto-renewal charge date, which must be on or before the due date",
    path: ["renewalCharge"],
  });

export type FeeScheduleForm = z.input<typeof FeeScheduleSchema>;
