/**
 * The JSON API's answers when it refuses: `{ error: { message, fieldErrors? } }` with the status
 * (400 bad input, 401, 403, 404, 405, 409, 413 too large, 415 not JSON).
 */
import type { z } from "zod";
import { translateMessage } from "~/lib/i18n-message";
import { fixedT } from "~/utils/i18n.server";

export type FieldErrors = Record<string, string[]>;

export const INVALID_INPUT = "Please check your information and try again";

/** The JSON door speaks English: a message that is a key (a model's refusal) is given in English. */
export function apiError(status: number, message: string, fieldErrors?: FieldErrors, init?: ResponseInit) {
  const english = englishMessage(message);
  return Response.json({ error: fieldErrors ? { message: english, fieldErrors } : { message: english } }, { ...init, status });
}

/** Only these methods; anything else is a 405. */
export function assertMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw apiError(405, `Method ${request.method} not allowed`, undefined, { headers: { Allow: methods.join(", ") } });
  }
}

/**
 * A zod error as fieldErrors: the path joined with "." ("" for the form as a whole). The JSON
 * door speaks English: a message that is a key (~/lib/i18n-message) is given in English.
 */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "";
    (fieldErrors[key] ??= []).push(englishMessage(issue.message));
  }
  return fieldErrors;
}

/** A message (or message key) in English, for the JSON door and the logs. */
export function englishMessage(message: string): string {
  return translateMessage(fixedT("en"), message);
}
