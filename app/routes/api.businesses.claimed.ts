import type { LoaderFunctionArgs } from "@remix-run/node";
import { listClaimedBusinesses } from "~/models/claim.server";
import { requireApiUser } from "~/utils/session.server";

/**
 * GET /api/businesses/claimed: the signed-in user's claimed businesses, each with its BTR state
 * (`btr.paid`, the last payment) and subscription state (`subscription.status`, `autoRenew`,
 * `renewalDate`, `notice`).
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  return Response.json(listClaimedBusinesses(user.id), { headers: { "Cache-Control": "private, no-store" } });
}
