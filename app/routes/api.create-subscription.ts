import type { ActionFunctionArgs } from "@remix-run/node";
import { createSubscription, SubscriptionError } from "~/models/subscription.server";
import { apiError, assertMethod, readJsonObject, requireBodyId } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";

/** POST {businessId, paymentMethodId} -> {clientSecret?, renewalDate}. 401 / 403 / 409 / 400. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const body = await readJsonObject(request);
  const businessId = requireBodyId(body, "businessId", "Business ID is required");
  const paymentMethodId = body.paymentMethodId;
  if (typeof paymentMethodId !== "string" || !/^pm_[A-Za-z0-9_]{3,255}$/.test(paymentMethodId)) {
    return apiError(400, "A card payment method is required", { paymentMethodId: ["A card payment method is required"] });
  }
  try {
    const { clientSecret, renewalDate } = await createSubscription({ businessId, userId: user.id, paymentMethodId });
    return Response.json(clientSecret ? { clientSecret, renewalDate } : { renewalDate }, { status: 201 });
  } catch (error) {
    if (error instanceof SubscriptionError) return apiError(error.status, error.message);
    throw error;
  }
}

export async function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
