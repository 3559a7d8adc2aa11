import type { LoaderFunctionArgs } from "@remix-run/node";
import { describeUserAgent } from "~/lib/user-agent";
import { sessionHandle } from "~/models/session-handles.server";
import { listSessions } from "~/models/session.server";
import { readSessionId, requireApiUser } from "~/utils/session.server";

/**
 * GET /api/user/sessions: where the account is signed in, this session first, then the most
 * recently used. `id` is the session's handle (a hash of its id: never the id, which is a bearer
 * secret); end one with DELETE /api/user/sessions/{id}. lastSeenAt is approximate (5 minutes).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const currentId = await readSessionId(request);
  const sessions = listSessions(user.id)
    .map((session) => ({
      id: sessionHandle(session.id),
      device: describeUserAgent(session.userAgent),
      userAgent: session.userAgent,
      createdAt: session.createdAt.toISOString(),
      lastSeenAt: (session.lastSeenAt ?? session.createdAt).toISOString(),
      current: session.id === currentId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current));
  return Response.json(sessions, { headers: { "Cache-Control": "no-store" } });
}
