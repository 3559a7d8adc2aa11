/**
 * Session rows: who a session id belongs to, until when, when it last passed a second factor,
 * and what the person sees of it on their sessions list. The cookie that carries the id is the
 * HTTP side's business (~/utils/session.server).
 */
import crypto from "node:crypto";
import { and, desc, eq, gt, lt, ne } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { isBusyError, writeLockFree } from "~/db/write-lock.server";
import { sessions, users, type Session, type User } from "~/db/schema";

/** "Last used" is approximate: a session's row is touched at most this often. */
export const LAST_SEEN_RESOLUTION_MS = 5 * 60 * 1000;

export type NewSession = { persistent: boolean; mfaAt?: Date | null; userAgent?: string | null };

/** A fresh random session id for the user, valid until `expiresAt`; expired rows are swept. */
export function createSessionRow(userId: number, expiresAt: Date, { persistent, mfaAt = null, userAgent = null }: NewSession): string {
  const id = crypto.randomBytes(32).toString("base64url");
  const db = getDb();
  db.delete(sessions).where(lt(sessions.expiresAt, new Date())).run();
  db.insert(sessions)
    .values({ id, userId, expiresAt, persistent, mfaAt, userAgent: userAgent?.slice(0, 400) ?? null, lastSeenAt: new Date() })
    .run();
  return id;
}

/** The unexpired session and its user, or null. */
export function findSession(sessionId: string): { session: Session; user: User } | null {
  const row = getDb()
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .get();
  return row ?? null;
}

/** The user of an unexpired session, or null. */
export function findSessionUser(sessionId: string): User | null {
  return findSession(sessionId)?.user ?? null;
}

/** Records a use of the session when its last one is older than the resolution. Never fails a request. */
export function touchSession(session: Session, now = new Date()) {
  if (session.lastSeenAt && now.getTime() - session.lastSeenAt.getTime() < LAST_SEEN_RESOLUTION_MS) return;
  const db = getDb();
  // An importer holding the write lock: the time of last use can wait for a later request
  // (checked without waiting, so a page load never blocks on it).
  if (!writeLockFree(db.$client)) return;
  try {
    db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, session.id)).run();
  } catch (error) {
    if (!isBusyError(error)) throw error;
  }
}

/** The session passed a second factor now (sign-in, step-up or enrolment). */
export function markSessionMfa(sessionId: string, at = new Date()) {
  getDb().update(sessions).set({ mfaAt: at }).where(eq(sessions.id, sessionId)).run();
}

export type SessionListing = Pick<Session, "id" | "userAgent" | "createdAt" | "lastSeenAt" | "expiresAt" | "persistent">;

/** The user's unexpired sessions, most recently used first. */
export function listSessions(userId: number): SessionListing[] {
  return getDb()
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
      expiresAt: sessions.expiresAt,
      persistent: sessions.persistent,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.createdAt))
    .all();
}

/** Ends one of the user's sessions; false when it is not theirs (or already ended). */
export function deleteUserSession(userId: number, sessionId: string): boolean {
  return (
    getDb()
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
      .returning({ id: sessions.id })
      .all().length === 1
  );
}

export function deleteSession(sessionId: string) {
  getDb().delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a user except (optionally) the one with id `keep`; how many ended. */
export function deleteOtherSessions(userId: number, keep: string | null = null): number {
  const condition = keep ? and(eq(sessions.userId, userId), ne(sessions.id, keep)) : eq(sessions.userId, userId);
  return getDb().delete(sessions).where(condition).run().changes;
}
