/** Ids in URLs and bodies: the one rule of ~/lib/ids, and the answers when there is none. */
import { parseId } from "~/lib/ids";
import { apiError } from "./errors.server";

export { parseId };

/** The id, or a thrown JSON 404 (a route param that is not an id names nothing). */
export function requireApiId(value: unknown, message: string): number {
  const id = parseId(value);
  if (id === null) throw apiError(404, message);
  return id;
}
