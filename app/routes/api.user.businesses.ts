import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUserBusinesses } from "~/models/dashboard.server";
import { requireApiUser } from "~/utils/session.server";

/**
 * GET /api/user/businesses: the signed-in user's businesses, the same list as the dashboard's
 * (owned, plus any they paid for), never a verification code or licence path.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listUserBusinesses(user.id), { headers: { "Cache-Control": "private, no-store" } });
}
