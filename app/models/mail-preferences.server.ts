/**
 * What an owner chooses about email: the address is confirmed by a link before reminders go to
 * it, and reminders can be stopped (profile switch or one-click unsubscribe), at once.
 * Receipts and password resets always go.
 */
import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users, type User } from "~/db/schema";
import { queueEmailVerification, readUnsubscribeToken } from "./mail-events.server";
import { findLiveToken, useToken } from "./user-token.server";

/** Reminders and notices go only to a confirmed address of an owner who has not stopped them. */
export function wantsReminders(user: Pick<User, "emailVerifiedAt" | "remindersOptOut">): boolean {
  return user.emailVerifiedAt !== null && !user.remindersOptOut;
}

export function sendVerificationEmail(userId: number) {
  const db = getDb();
  return db.transaction((tx) => queueEmailVerification(tx, userId));
}

/** Confirms the address a verification link was sent to, if it is still the account's address. */
export function verifyEmail(token: string, now = new Date()): "verified" | "invalid" {
  const db = getDb();
  return db.transaction((tx) => {
    const row = findLiveToken(tx, token, "verify-email", now);
    if (!row) return "invalid";
    const user = tx.select().from(users).where(eq(users.id, row.userId)).get();
    if (!user || user.email !== row.email) return "invalid";
    if (!useToken(tx, row.id, now)) return "invalid";
    tx.update(users).set({ emailVerifiedAt: now }).where(and(eq(users.id, user.id), eq(users.email, row.email))).run();
    return "verified";
  });
}

export function setRemindersOptOut(userId: number, optOut: boolean) {
  getDb().update(users).set({ remindersOptOut: optOut }).where(eq(users.id, userId)).run();
}

/** One-click unsubscribe: true when the token named a user, whose reminders are now off. */
export function unsubscribeByToken(token: string): boolean {
  const userId = readUnsubscribeToken(token);
  if (userId === null) return false;
  const changed = getDb().update(users).set({ remindersOptOut: true }).where(eq(users.id, userId)).run().changes;
  return changed === 1;
}
