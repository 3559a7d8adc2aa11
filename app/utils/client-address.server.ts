/**
 * The client's address for the sign-in lockout. remix-serve hands loaders no socket address, so
 * it is the first X-Forwarded-For entry when a proxy in front of the app sets it, else
 * UNKNOWN_ADDRESS. Deploy behind a proxy that overwrites X-Forwarded-For (a client could
 * otherwise send its own header).
 */
import { UNKNOWN_ADDRESS } from "~/models/login-attempt.server";

export function clientAddress(request: Request): string {
  const first = request.headers.get("X-Forwarded-For")?.split(",")[0]?.trim();
  return first && first.length <= 64 ? first.toLowerCase() : UNKNOWN_ADDRESS;
}
