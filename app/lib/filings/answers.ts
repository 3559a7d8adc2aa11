/**
 * The rules of every answer a filing holds, in one place: the format of each (a zod schema the
 * step's form and the server both use), when it is required, and the message when it is missing.
 * Answers are kept as the text typed; a step's schema judges the whole step, `fieldErrors`
 * judges any answers (the JSON API), and `missingAnswers` says what a submission still needs.
 */
import { z } from "zod";
import { CLAIM_MESSAGES } from "~/lib/schemas/claim";
import { FILING_STEPS, OWNERSHIPS, type AnswerName, type Answers, type FilingKind, type FilingStep } from "./kinds";

export type FilingCategoryOption = { code: string; name: string; needsStateLicense: boolean };

/** What the rules need besides the answers: the town (the one rule of TOWN_CITY_NAMES + TOWN_ZIPS), its activities, today. */
export type AnswerContext = {
  townName: string;
  /** City names that are the town, any case. */
  cities: readonly string[];
  /** 5-digit ZIP codes of the town. */
  zips: readonly string[];
  categories: readonly FilingCategoryOption[];
  /** The town's calendar day, yyyy-MM-dd. */
  today: string;
};

export const REQUIRED_MESSAGES: Record<AnswerName, string> = {
  businessName: "Business name is required",
  tradeName: "Trade name is required",
  ownership: "Choose the kind of ownership",
  stateDocumentNumber: "Document number is required",
  phone: "Phone number is required",
  email: "Email is required",
  address1: "Street address is required",
  address2: "Unit is required",
  city: "City is required",
  zip: "ZIP code is required",
  homeBased: "Say whether the business is home-based",
  category: "Choose the business's activity",
  employeeCount: CLAIM_MESSAGES.employeeCount,
  vehicleCount: CLAIM_MESSAGES.vehicleCount,
  stateLicenseNumber: "State licence number is required for this activity",
  buyer: "Enter the buyer's username or email",
  closedOn: "Enter the date the business stopped operating",
};

const text = (label: string, max: number) => z.string().trim().max(max, { error: `${label} must be at most ${max} characters` });
const count = (message: string) => z.string().trim().regex(/^\d{1,6}$/, { error: message });
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(value: string) {
  if (!ISO_DATE.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** The format of one answer, when given. */
export function answerSchema(name: AnswerName, ctx: AnswerContext): z.ZodType<string, string> {
  switch (name) {
    case "businessName":
      return text("Business name", 200).min(1, { error: REQUIRED_MESSAGES.businessName });
    case "tradeName":
      return text("Trade name", 200);
    case "ownership":
      return z.string().refine((v) => (OWNERSHIPS as readonly string[]).includes(v), { error: REQUIRED_MESSAGES.ownership });
    case "stateDocumentNumber":
      return z
        .string()
        .trim()
        .transform((v) => v.toUpperCase())
        .pipe(z.string().regex(/^[A-Z0-9]{1,12}$/, { error: "Document number must be 1 to 12 letters and digits, as on sunbiz.org" }));
    case "phone":
      return z
        .string()
        .trim()
        .max(30, { error: "Phone number must be at most 30 characters" })
        .refine((v) => /^[\d\s()+.-]+$/.test(v) && v.replace(/\D/g, "").length >= 10, { error: "Enter a phone number with its area code, e.g. (954) 555-0100" });
    case "email":
      return z.string().trim().max(254, { error: "Email must be at most 254 characters" }).pipe(z.email({ error: "Please enter a valid email address" }));
    case "address1":
      return text("Street address", 200).min(1, { error: REQUIRED_MESSAGES.address1 });
    case "address2":
      return text("Unit", 100);
    case "city":
      return text("City", 100).refine((v) => ctx.cities.some((c) => c.toLowerCase() === v.toLowerCase()), {
        error: `The business must be located in ${ctx.townName}`,
      });
    case "zip":
      return z
        .string()
        .trim()
        .regex(/^\d{5}(-\d{4})?$/, { error: "ZIP code must be 5 digits" })
        .refine((v) => ctx.zips.includes(v.slice(0, 5)), { error: `This ZIP code is not in ${ctx.townName}` });
    case "homeBased":
      return z.string().refine((v) => v === "yes" || v === "no", { error: REQUIRED_MESSAGES.homeBased });
    case "category":
      return z.string().refine((v) => ctx.categories.some((c) => c.code === v), { error: "Choose an activity from the list" });
    case "employeeCount":
      return count(CLAIM_MESSAGES.employeeCount);
    case "vehicleCount":
      return count(CLAIM_MESSAGES.vehicleCount);
    case "stateLicenseNumber":
      return z
        .string()
        .trim()
        .regex(/^[A-Za-z0-9-]{3,20}$/, { error: "State licence number must be 3 to 20 letters, digits or dashes" });
    case "buyer":
      return text("Buyer", 254).min(1, { error: REQUIRED_MESSAGES.buyer });
    case "closedOn":
      return z
        .string()
        .trim()
        .refine(isRealDate, { error: "Enter the date as yyyy-mm-dd" })
        .refine((v) => v <= ctx.today, { error: "The closing date cannot be in the future" });
  }
}

/** Whether a kind requires the answer, given the answers so far. */
export function isRequired(kind: FilingKind, name: AnswerName, answers: Answers, ctx: AnswerContext): boolean {
  if (!FILING_STEPS[kind].some((s) => s.fields.includes(name))) return false;
  switch (name) {
    case "tradeName":
    case "stateDocumentNumber":
    case "address2":
      return false;
    case "stateLicenseNumber":
      return ctx.categories.some((c) => c.code === answers.category && c.needsStateLicense);
    default:
      return true;
  }
}

const blank = (v: string | undefined) => v === undefined || v.trim() === "";

/** Field errors of the given answers (format only; empty clears an answer). */
export function fieldErrors(answers: Answers, ctx: AnswerContext): Partial<Record<AnswerName, string>> {
  const errors: Partial<Record<AnswerName, string>> = {};
  for (const [name, value] of Object.entries(answers) as [AnswerName, string][]) {
    if (blank(value)) continue;
    const result = answerSchema(name, ctx).safeParse(value);
    if (!result.success) errors[name] = result.error.issues[0]?.message ?? "Invalid value";
  }
  return errors;
}

/** The answers a kind still needs before it can be submitted, in step order. */
export function missingAnswers(kind: FilingKind, answers: Answers, ctx: AnswerContext): { field: AnswerName; message: string }[] {
  const missing: { field: AnswerName; message: string }[] = [];
  for (const step of FILING_STEPS[kind]) {
    for (const name of step.fields) {
      if (isRequired(kind, name, answers, ctx) && blank(answers[name])) missing.push({ field: name, message: REQUIRED_MESSAGES[name] });
    }
  }
  return missing;
}

/** Each answer as it is stored: trimmed, the document number upper-cased, counts without leading zeros. */
export function normalizeAnswer(name: AnswerName, value: string): string {
  const v = value.trim();
  if (name === "stateDocumentNumber") return v.toUpperCase();
  if ((name === "employeeCount" || name === "vehicleCount") && /^\d+$/.test(v)) return String(Number(v));
  return v;
}

/**
 * A step's form schema for conform (`parseWithZod`, which turns empty fields into undefined): the
 * step's fields, each optional by format, then what the kind requires given the answers typed.
 */
export function stepSchema(kind: FilingKind, step: FilingStep, ctx: AnswerContext) {
  const shape = Object.fromEntries(step.fields.map((name) => [name, answerSchema(name, ctx).optional()]));
  return z.object(shape).superRefine((value, issue) => {
    const answers = value as Answers;
    for (const name of step.fields) {
      if (isRequired(kind, name, answers, ctx) && blank(answers[name])) {
        issue.addIssue({ code: "custom", path: [name], message: REQUIRED_MESSAGES[name] });
      }
    }
  });
}
