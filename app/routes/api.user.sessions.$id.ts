import type { ActionFunctionArgs } from "@remix-run/node";
import { writable } from "~/db/write-lock.server";
import { findUserSessionByHandle } from "~/models/session-handles.server";
import { deleteUserSession } from "~/models/session.server";
import { apiError, assertMethod } from "~/utils/http";
import { destroySession, readSessionId, requireApiUser } from "~/utils/session.server";

const NOT_FOUND = "Session not found";

/**
 * DELETE /api/user/sessions/{id}: ends one of the user's sessions, named by the handle GET
 * /api/user/sessions answers (that browser is signed out at its next request). Ending this very
 * session signs out (the cookie is cleared). 404 for a handle that is not one of the user's
 * unexpired sessions (someone else's, already ended, or no handle at all).
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "DELETE");
  const session = findUserSessionByHandle(user.id, params.id ?? "");
  if (!session) return apiError(404, NOT_FOUND);
  await writable();
  if (session.id === (await readSessionId(request))) {
    const cookie = await destroySession(request);
    return Response.json({ success: true, current: true }, { headers: { "Set-Cookie": cookie } });
  }
  if (!deleteUserSession(user.id, session.id)) return apiError(404, NOT_FOUND);
  return Response.json({ success: true, current: false });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "DELETE" } });
}
