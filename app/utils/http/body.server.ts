/** Request bodies of the JSON API: JSON objects only (415 otherwise), checked by the form's zod schema. */
import type { z } from "zod";
import { apiError, fieldErrorsOf, INVALID_INPUT } from "./errors.server";

/** 415 unless the body is declared `application/json`; this also keeps cross-site HTML forms (no preflight) out. */
export function requireJsonContentType(request: Request) {
  const type = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\b/i.test(type)) throw apiError(415, "Content-Type must be application/json");
}

/** Reads a JSON body: 415 unless declared JSON; a body that is not a JSON object is a 400, never a 500. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  requireJsonContentType(request);
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw apiError(400, "Request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/**
 * Reads a JSON object body and checks it with a zod schema: the value, or a thrown 400
 * `{error:{message, fieldErrors}}` with the schema's messages; 415 when it is not JSON.
 */
export async function readJsonWith<S extends z.ZodType>(
  request: Request,
  schema: S,
  message = INVALID_INPUT,
): Promise<z.output<S>> {
  const body = await readJsonObject(request);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw apiError(400, message, fieldErrorsOf(parsed.error));
  return parsed.data;
}
