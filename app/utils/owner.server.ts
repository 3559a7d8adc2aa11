/**
 * The one owner check of the HTTP side: the business a user owns, or the right refusal
 * (404 no such business, 403 someone else's or unclaimed), as a page error or a JSON error.
 */
import { data } from "@remix-run/node";
import type { Business } from "~/db/schema";
import { findBusinessForOwner } from "~/models/business.server";
import { parseId } from "~/lib/ids";
import { apiError } from "~/utils/http";

export const NOT_FOUND_MESSAGE = "Business not found";
export const NOT_OWNER_MESSAGE = "Only the owner of this business can do this.";

/** For pages: throws `data({ message }, 404 | 403)`, which the route's error boundary shows. */
export function requireOwnedBusiness(rawId: unknown, userId: number): Business {
  const id = parseId(rawId);
  const found = id === null ? ({ status: "not_found" } as const) : findBusinessForOwner(id, userId);
  if (found.status === "not_found") throw data({ message: NOT_FOUND_MESSAGE }, { status: 404 });
  if (found.status === "not_owner") throw data({ message: NOT_OWNER_MESSAGE }, { status: 403 });
  return found.business;
}

/** For the JSON API: throws `{ error: { message } }` with 404 or 403. */
export function requireApiOwnedBusiness(rawId: unknown, userId: number): Business {
  const id = parseId(rawId);
  const found = id === null ? ({ status: "not_found" } as const) : findBusinessForOwner(id, userId);
  if (found.status === "not_found") throw apiError(404, NOT_FOUND_MESSAGE);
  if (found.status === "not_owner") throw apiError(403, NOT_OWNER_MESSAGE);
  return found.business;
}
