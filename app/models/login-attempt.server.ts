/**
 * Brute-force protection for sign-in: after MAX_FAILURES failed attempts for one username, or
 * from one client address, within WINDOW_MS, further attempts are refused (429) until the
 * oldest of those failures leaves the window.
 *
 * The client address comes from ~/utils/client-address.server. When it is UNKNOWN_ADDRESS only
 * the per-username limit applies: one shared bucket for every client would let ten wrong
 * guesses by anyone pause sign-in for everybody.
 */
import { and, desc, eq, gt, lt, or } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { loginAttempts } from "~/db/schema";

export const MAX_FAILURES = 10;
export const WINDOW_MS = 15 * 60 * 1000;
export const UNKNOWN_ADDRESS = "unknown";

const usernameKey = (username: string) => username.trim().toLowerCase().slice(0, 200);

/** Seconds until the lock lifts, or 0 when this username and address may try. */
export function lockoutSeconds(username: string, address: string, now = Date.now()): number {
  const since = new Date(now - WINDOW_MS);
  const db = getDb();
  let until = 0;
  const conditions = [eq(loginAttempts.username, usernameKey(username))];
  if (address !== UNKNOWN_ADDRESS) conditions.push(eq(loginAttempts.ip, address));
  for (const condition of conditions) {
    // The MAX_FAILURES-th most recent failure in the window decides when the lock lifts.
    const row = db
      .select({ createdAt: loginAttempts.createdAt })
      .from(loginAttempts)
      .where(and(condition, gt(loginAttempts.createdAt, since)))
      .orderBy(desc(loginAttempts.createdAt))
      .limit(1)
      .offset(MAX_FAILURES - 1)
      .get();
    if (row) until = Math.max(until, row.createdAt.getTime() + WINDOW_MS);
  }
  return until > now ? Math.ceil((until - now) / 1000) : 0;
}

/**
 * Records an attempt before the password is checked, so parallel guesses count too.
 * Returns its id: forget it with `forgetAttempt` when the sign-in succeeds.
 */
export function recordAttempt(username: string, address: string): number {
  const db = getDb();
  db.delete(loginAttempts)
    .where(lt(loginAttempts.createdAt, new Date(Date.now() - WINDOW_MS)))
    .run();
  return db
    .insert(loginAttempts)
    .values({ username: usernameKey(username), ip: address })
    .returning({ id: loginAttempts.id })
    .get().id;
}

/** A successful sign-in clears this attempt and the username's earlier failures (not the address's). */
export function forgetAttempts(attemptId: number, username: string) {
  getDb()
    .delete(loginAttempts)
    .where(or(eq(loginAttempts.id, attemptId), eq(loginAttempts.username, usernameKey(username))))
    .run();
}

export function lockoutMessage(seconds: number) {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Too many failed sign-in attempts. For your security, sign-in is paused: please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

