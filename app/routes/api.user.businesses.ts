import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUserBusinesses } from "~/models/claim.server";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/user/businesses: the signed-in user's businesses (never a verification code). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listUserBusinesses(user.id), { headers: { "Cache-Control": "private, no-store" } });
}
