/**
 * A session's public handle: the first 16 hex characters of SHA-256 of its id. A session id is a
 * bearer secret (whoever holds it is signed in), so pages and JSON answers never show one; they
 * name a session by its handle, and an "end this session" request is resolved among the asking
 * user's own sessions only.
 */
import crypto from "node:crypto";
import { describeUserAgent } from "~/lib/user-agent";
import { listSessions, type SessionListing } from "~/models/session.server";

const HANDLE = /^[0-9a-f]{16}$/;

export function sessionHandle(sessionId: string): string {
  return crypto.createHash("sha256").update(sessionId).digest("hex").slice(0, 16);
}

/** The user's unexpired session with this handle, or null (someone else's, ended, or malformed). */
export function findUserSessionByHandle(userId: number, handle: string): SessionListing | null {
  const wanted = handle.trim().toLowerCase();
  if (!HANDLE.test(wanted)) return null;
  return listSessions(userId).find((session) => sessionHandle(session.id) === wanted) ?? null;
}

export type NamedSession = SessionListing & { handle: string; device: string; current: boolean };

/** The user's unexpired sessions named by handle, the asking one (currentId) first. */
export function listNamedSessions(userId: number, currentId: string | null): NamedSession[] {
  return listSessions(userId)
    .map((session) => ({
      ...session,
      handle: sessionHandle(session.id),
      device: describeUserAgent(session.userAgent),
      current: session.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
}
