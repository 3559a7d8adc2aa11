import type { LoaderFunctionArgs } from "@remix-run/node";
import { findUserPaymentByStripeId } from "~/models/payment.server";
import { apiError } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";

/** GET -> {id} of the signed-in user's own payment with this Stripe id; 404 otherwise. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const found = params.stripePaymentId ? findUserPaymentByStripeId(user.id, params.stripePaymentId) : undefined;
  if (!found) return apiError(404, "Could not locate the receipt for this payment");
  return Response.json({ id: found.id });
}
