/**
 * The session cookie and the guards every loader and action starts with (requireUser,
 * requireAdmin, requireApiUser, requireApiAdmin). The rows live in ~/models/session.server.
 */
import { redirect } from "@remix-run/node";
import { isStaff, roleOf } from "~/lib/roles";
import type { PublicUser } from "~/lib/types";
import { writable } from "~/db/write-lock.server";
import { createSessionRow, deleteOtherSessions, deleteSession, findSession, touchSession } from "~/models/session.server";
import type { Session } from "~/db/schema";
import { toPublicUser } from "~/models/user.server";
import { noteUser } from "~/utils/request-context.server";
import { safeRedirect } from "~/utils/redirect";
import { staffMfaGate } from "~/utils/staff-mfa.server";
import { readSessionId, sessionCookie } from "~/utils/session-cookie.server";
import { redirectWithToast } from "~/utils/toast.server";

export { readSessionId };

export const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** A browser-session cookie still needs a server-side limit. */
const BROWSER_SESSION_MS = 24 * 60 * 60 * 1000;

/** The request's unexpired session and its user, or null (expired sessions count as signed out). */
export async function getSession(request: Request): Promise<{ session: Session; user: PublicUser } | null> {
  const sessionId = await readSessionId(request);
  if (!sessionId) return null;
  const found = findSession(sessionId);
  if (!found) return null;
  noteUser(found.user.id);
  touchSession(found.session);
  return { session: found.session, user: toPublicUser(found.user) };
}

/** The signed-in user, or null. */
export async function getUser(request: Request): Promise<PublicUser | null> {
  return (await getSession(request))?.user ?? null;
}

function currentPath(request: Request) {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}`;
}

/**
 * The signed-in user, or a redirect to /login?redirectTo=<this page> with the
 * 'Authentication Required' toast. `description` completes the sentence, e.g.
 * 'Please log in to claim a business' (a text, or a message key shown in the visitor's language).
 */
export async function requireUser(
  request: Request,
  { description = "auth:toasts.authRequired.description", redirectTo }: { description?: string; redirectTo?: string } = {},
): Promise<PublicUser> {
  const user = await getUser(request);
  if (user) return user;
  const target = safeRedirect(redirectTo ?? currentPath(request));
  // Keys: the login page's getToast writes them in the visitor's language.
  throw await redirectWithToast(`/login?${new URLSearchParams({ redirectTo: target })}`, {
    title: "auth:toasts.authRequired.title",
    description,
    variant: "destructive",
  });
}

/** Staff (admin or clerk) only: anyone else is sent to `/`. */
export async function requireStaff(request: Request): Promise<PublicUser> {
  const current = await getSession(request);
  if (!current || !isStaff(current.user)) throw redirect("/");
  staffMfaGate(current.session, current.user, request, { api: false });
  return current.user;
}

/** Admins only: a clerk gets 403 (the page's error boundary), anyone else is sent to `/`. */
export async function requireAdmin(request: Request): Promise<PublicUser> {
  const user = await requireStaff(request);
  if (roleOf(user) !== "admin") throw new Response("Administrator access required", { status: 403 });
  return user;
}

/** For JSON endpoints: 401 instead of a redirect. */
export async function requireApiUser(request: Request): Promise<PublicUser> {
  const user = await getUser(request);
  if (!user) throw Response.json({ error: { message: "Authentication required" } }, { status: 401 });
  return user;
}

/** For JSON endpoints: 401 signed out, 403 signed in but not an admin. */
export async function requireApiAdmin(request: Request): Promise<PublicUser> {
  const current = await getSession(request);
  if (!current) throw Response.json({ error: { message: "Authentication required" } }, { status: 401 });
  if (roleOf(current.user) !== "admin") throw Response.json({ error: { message: "Administrator access required" } }, { status: 403 });
  staffMfaGate(current.session, current.user, request, { api: true });
  return current.user;
}

/** For JSON endpoints: 401 signed out, 403 signed in but neither admin nor clerk. */
export async function requireApiStaff(request: Request): Promise<PublicUser> {
  const current = await getSession(request);
  if (!current) throw Response.json({ error: { message: "Authentication required" } }, { status: 401 });
  if (!isStaff(current.user)) throw Response.json({ error: { message: "Staff access required" } }, { status: 403 });
  staffMfaGate(current.session, current.user, request, { api: true });
  return current.user;
}

/**
 * Starts a fresh session (a new id at every sign-in) and returns the Set-Cookie header.
 * With rememberMe the cookie lasts 30 days; without, it ends with the browser session.
 */
export async function createSession(
  userId: number,
  rememberMe: boolean,
  { mfaAt = null, userAgent = null }: { mfaAt?: Date | null; userAgent?: string | null } = {},
): Promise<string> {
  const expiresAt = new Date(Date.now() + (rememberMe ? REMEMBER_ME_MS : BROWSER_SESSION_MS));
  await writable();
  const id = createSessionRow(userId, expiresAt, { persistent: rememberMe, mfaAt, userAgent });
  return sessionCookie().serialize(id, rememberMe ? { expires: expiresAt } : {});
}

/** Deletes the request's session row and returns a Set-Cookie header that clears the cookie. */
export async function destroySession(request: Request): Promise<string> {
  const sessionId = await readSessionId(request);
  if (sessionId) deleteSession(sessionId);
  return sessionCookie().serialize("", { expires: new Date(0) });
}

/** Ends every session of a user except (optionally) the one making the request. */
export async function destroyOtherSessions(userId: number, request?: Request) {
  deleteOtherSessions(userId, request ? await readSessionId(request) : null);
}
