/**
 * Session rows: who a session id belongs to, until when. The cookie that carries the id is the
 * HTTP side's business (~/utils/session.server).
 */
import crypto from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions, users, type User } from "~/db/schema";

/** A fresh random session id for the user, valid until `expiresAt`; expired rows are swept. */
export function createSessionRow(userId: number, expiresAt: Date, persistent: boolean): string {
  const id = crypto.randomBytes(32).toString("base64url");
  const db = getDb();
  db.delete(sessions).where(lt(sessions.expiresAt, new Date())).run();
  db.insert(sessions).values({ id, userId, expiresAt, persistent }).run();
  return id;
}

/** The user of an unexpired session, or null. */
export function findSessionUser(sessionId: string): User | null {
  const row = getDb()
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sessionId), gt(sessions.expiresAt, new Date())))
    .get();
  return row?.user ?? null;
}

export function deleteSession(sessionId: string) {
  getDb().delete(sessions).where(eq(sessions.id, sessionId)).run();
}

/** Ends every session of a user except (optionally) the one with id `keep`. */
export function deleteOtherSessions(userId: number, keep: string | null = null) {
  const db = getDb();
  const rows = db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, userId)).all();
  for (const row of rows) if (row.id !== keep) db.delete(sessions).where(eq(sessions.id, row.id)).run();
}
