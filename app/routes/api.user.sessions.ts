import type { LoaderFunctionArgs } from "@remix-run/node";
import { listNamedSessions } from "~/models/session-handles.server";
import { readSessionId, requireApiUser } from "~/utils/session.server";

/**
 * GET /api/user/sessions: where the account is signed in, this session first, then the most
 * recently used. `id` is the session's handle (a hash of its id: never the id, which is a bearer
 * secret); end one with DELETE /api/user/sessions/{id}. lastSeenAt is approximate (5 minutes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const currentId = await readSessionId(request);
  const sessions = listNamedSessions(user.id, currentId).map((session) => ({
    id: session.handle,
    device: session.device,
    userAgent: session.userAgent,
    createdAt: session.createdAt.toISOString(),
    lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
    current: session.current,
  }));
  return Response.json(sessions, { headers: { "Cache-Control": "no-store" } });
}
