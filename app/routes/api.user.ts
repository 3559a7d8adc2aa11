import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/user: the signed-in user (never the password hash), or 401. */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(user, { headers: { "Cache-Control": "no-store" } });
}
