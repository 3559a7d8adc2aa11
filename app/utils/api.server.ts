/** The JSON API's error shape: { error: { message, fieldErrors? } } with the right status. */
export type FieldErrors = Record<string, string[]>;

export function apiError(status: number, message: string, fieldErrors?: FieldErrors, init?: ResponseInit) {
  return Response.json({ error: fieldErrors ? { message, fieldErrors } : { message } }, { ...init, status });
}

/** Reads a JSON body; a body that is not a JSON object is a 400, never a 500. */
export async function readJsonObject(request: Request): Promise<Record<string, unknown>> {
  const body: unknown = await request.json().catch(() => undefined);
  if (!body || typeof body !== "object" || Array.isArray(body)) {
    throw apiError(400, "Request body must be a JSON object");
  }
  return body as Record<string, unknown>;
}

/** Only these methods; anything else is a 405. */
export function assertMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method.toUpperCase())) {
    throw apiError(405, `Method ${request.method} not allowed`, undefined, { headers: { Allow: methods.join(", ") } });
  }
}
