import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { listPaymentsForUser, PaymentError, paymentJson, verifyAndRecordPayment } from "~/models/payment.server";
import { apiError, assertMethod, readJsonObject, requireBodyId } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";

/** GET: the signed-in user's own payments (amounts in cents). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const payments = listPaymentsForUser(user.id).map((p) => ({ ...p, createdAt: p.createdAt.toISOString() }));
  return Response.json({ payments });
}

/**
 * POST {businessId, amount, description, stripePaymentId, receiptUrl}: records the payment once
 * Stripe confirms it succeeded for this business and this user. The description, amount and
 * receipt URL recorded are Stripe's, never the client's.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const body = await readJsonObject(request);
  const businessId = requireBodyId(body, "businessId", "Business ID is required");
  if (typeof body.stripePaymentId !== "string" || !body.stripePaymentId) {
    return apiError(400, "Stripe payment ID is required", { stripePaymentId: ["Stripe payment ID is required"] });
  }
  try {
    const { payment, created } = await verifyAndRecordPayment({
      stripePaymentId: body.stripePaymentId,
      businessId,
      userId: user.id,
      clientAmount: body.amount,
    });
    return Response.json(paymentJson(payment), { status: created ? 201 : 200 });
  } catch (error) {
    if (error instanceof PaymentError) return apiError(error.status, error.message);
    throw error;
  }
}
