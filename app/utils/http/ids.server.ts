/** Ids in URLs and bodies: the one rule of ~/lib/ids, and the answers when there is none. */
import { parseId } from "~/lib/ids";
import { apiError } from "./errors.server";

export { parseId };

/** The id in a JSON body's `field`, or a thrown 400 naming the field. */
export function requireBodyId(body: Record<string, unknown>, field: string, message: string): number {
  const id = parseId(body[field]);
  if (id === null) throw apiError(400, message, { [field]: [message] });
  return id;
}

/** The id, or a thrown JSON 404 (a route param that is not an id names nothing). */
export function requireApiId(value: unknown, message: string): number {
  const id = parseId(value);
  if (id === null) throw apiError(404, message);
  return id;
}
