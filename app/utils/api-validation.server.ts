import type { z } from "zod";
import { apiError, readJsonObject, type FieldErrors } from "~/utils/api.server";

export const INVALID_INPUT = "Please check your information and try again";

/**
 * Reads a JSON object body and checks it with a zod schema: the value, or a thrown 400
 * `{error:{message, fieldErrors}}` with the schema's messages. Requests that are not
 * `application/json` get 415, which also keeps cross-site HTML forms (no preflight) out.
 */
export async function readJsonWith<S extends z.ZodType>(
  request: Request,
  schema: S,
  message = INVALID_INPUT,
): Promise<z.output<S>> {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw apiError(415, "Content-Type must be application/json");
  const body = await readJsonObject(request);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw apiError(400, message, fieldErrorsOf(parsed.error));
  return parsed.data;
}

export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const fieldErrors: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.join(".") : "";
    (fieldErrors[key] ??= []).push(issue.message);
  }
  return fieldErrors;
}
