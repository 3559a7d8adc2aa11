import type { ActionFunctionArgs } from "@remix-run/node";
import { cancelSubscription, refreshSubscription, setAutoRenew, SubscriptionError } from "~/models/subscription.server";
import { apiError, assertMethod, readJsonObject } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";
import { parseId } from "~/lib/ids";

/**
 * PATCH {autoRenew: boolean}: auto-renewal on/off (Stripe's cancel-at-period-end).
 * DELETE: cancel the subscription. POST: re-read it from Stripe (after the browser confirmed
 * the first payment). 401 signed out, 403 not the owner, 409 none exists, 400 invalid.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "PATCH", "DELETE", "POST");
  const businessId = parseId(params.businessId);
  if (!businessId) return apiError(400, "Business ID is required");
  try {
    const method = request.method.toUpperCase();
    if (method === "PATCH") {
      const body = await readJsonObject(request);
      if (typeof body.autoRenew !== "boolean") {
        return apiError(400, "autoRenew must be true or false", { autoRenew: ["autoRenew must be true or false"] });
      }
      const result = await setAutoRenew({ businessId, userId: user.id, autoRenew: body.autoRenew });
      return Response.json({ autoRenew: result.autoRenew, renewalDate: result.renewalDate?.toISOString() ?? null });
    }
    if (method === "DELETE") {
      await cancelSubscription({ businessId, userId: user.id });
      return Response.json({ cancelled: true });
    }
    const result = await refreshSubscription(businessId, user.id);
    return Response.json({ status: result.status, renewalDate: result.renewalDate?.toISOString() ?? null });
  } catch (error) {
    if (error instanceof SubscriptionError) return apiError(error.status, error.message);
    throw error;
  }
}

export async function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "PATCH, DELETE, POST" } });
}
