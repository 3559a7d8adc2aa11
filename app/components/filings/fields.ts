/**
 * How each answer of a filing is asked and shown: its label, hint, input type and autocomplete
 * token, and how a stored answer reads on the review page (labels, not codes). Shared by the step
 * forms, the review step and the filing's page; no I/O.
 */
import type { TFunction } from "i18next";
import type { AnswerContext } from "~/lib/filings/answers";
import { OWNERSHIPS, type AnswerName } from "~/lib/filings/kinds";
import { formatLongDate } from "~/lib/dates";
import { isLanguage } from "~/lib/languages";

export type FieldControl = "text" | "email" | "tel" | "number" | "date" | "select" | "radio";

export type FieldInfo = {
  label: string;
  control: FieldControl;
  /** The HTML autocomplete token ("off" where the browser has nothing useful to offer). */
  autoComplete: string;
  hint?: (ctx: Pick<AnswerContext, "townName">) => string;
  optional?: boolean;
  inputMode?: "numeric" | "tel" | "email" | "text";
};

export const FIELD_INFO: Record<AnswerName, FieldInfo> = {
  businessName: {
    label: "Legal name of the business",
    control: "text",
    autoComplete: "organization",
    hint: () => "As registered with the state, or your own full name for a sole proprietor.",
  },
  tradeName: {
    label: "Trade name (optional)",
    control: "text",
    autoComplete: "off",
    optional: true,
    hint: () => "The name the business trades under, if it is not its legal name (a \"doing business as\" name).",
  },
  ownership: { label: "Ownership", control: "radio", autoComplete: "off" },
  stateDocumentNumber: {
    label: "State document number (optional)",
    control: "text",
    autoComplete: "off",
    optional: true,
    hint: () => "From sunbiz.org, when the business is registered with the state (e.g. L24000000001). Leave it empty if it has none.",
  },
  phone: { label: "Phone number", control: "tel", autoComplete: "tel", inputMode: "tel", hint: () => "With its area code, e.g. (954) 555-0100." },
  email: { label: "Email", control: "email", autoComplete: "email", inputMode: "email", hint: () => "Where the town writes about this application." },
  address1: { label: "Street address", control: "text", autoComplete: "address-line1" },
  address2: { label: "Unit, suite or floor (optional)", control: "text", autoComplete: "address-line2", optional: true },
  city: { label: "City", control: "text", autoComplete: "address-level2", hint: (ctx) => `The town's receipt is for businesses located in ${ctx.townName}.` },
  zip: { label: "ZIP code", control: "text", autoComplete: "postal-code", inputMode: "numeric" },
  homeBased: { label: "Is the business run from your home?", control: "radio", autoComplete: "off" },
  category: { label: "Activity", control: "select", autoComplete: "off", hint: () => "The town's category that best describes what the business does." },
  employeeCount: { label: "Number of employees", control: "number", autoComplete: "off", inputMode: "numeric" },
  vehicleCount: { label: "Number of vehicles", control: "number", autoComplete: "off", inputMode: "numeric" },
  stateLicenseNumber: {
    label: "State licence number",
    control: "text",
    autoComplete: "off",
    hint: () => "Needed only for an activity the state licenses (marked in the list above).",
  },
  buyer: {
    label: "Buyer's username or email",
    control: "text",
    autoComplete: "off",
    hint: () => "The buyer needs an account on this site; the business and its receipt pass to that account.",
  },
  closedOn: {
    label: "Date the business stopped operating",
    control: "date",
    autoComplete: "off",
    hint: () => "Today or earlier, as yyyy-mm-dd.",
  },
};

export const HOME_BASED_LABELS = { yes: "Yes, from my home", no: "No, from a storefront, office or other premises" } as const;

/** A field's label and hint in t's language (the "filings" namespace). */
export function fieldLabel(t: TFunction, name: AnswerName): string {
  return t(`filings:fields.${name}.label`);
}

export function fieldHint(t: TFunction, name: AnswerName, ctx: Pick<AnswerContext, "townName">): string | undefined {
  return FIELD_INFO[name].hint ? t(`filings:fields.${name}.hint`, { town: ctx.townName }) : undefined;
}

/** A stored answer as the applicant reads it, in t's language: labels for codes, a long date for a date. */
export function answerText(t: TFunction, language: string, name: AnswerName, value: string | undefined, ctx: Pick<AnswerContext, "categories">): string {
  if (value === undefined || value === "") return t("filings:answer.notGiven");
  switch (name) {
    case "ownership":
      return (OWNERSHIPS as readonly string[]).includes(value) ? t(`filings:ownership.${value}`) : value;
    case "homeBased":
      return value === "yes" ? t("filings:answer.yes") : value === "no" ? t("filings:answer.no") : value;
    case "category":
      return ctx.categories.find((c) => c.code === value)?.name ?? value;
    case "closedOn":
      return formatLongDate(value, value, isLanguage(language) ? language : undefined);
    default:
      return value;
  }
}
