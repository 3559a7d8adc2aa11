import type { ActionFunctionArgs } from "@remix-run/node";
import type { Refund } from "~/db/schema";
import { ApiRefundSchema } from "~/lib/schemas/staff-api";
import { OperationError } from "~/models/admin/operations.server";
import { paymentWithBusiness } from "~/models/payment-with-business.server";
import { refundPayment } from "~/models/refund.server";
import { apiError, assertMethod, readJsonWith, requireApiId } from "~/utils/http";
import { requireApiAdmin } from "~/utils/session.server";
import { requireApiStepUp } from "~/utils/step-up.server";

const NOT_FOUND = "Payment not found";

function refundJson(refund: Refund) {
  return {
    id: refund.id,
    paymentId: refund.paymentId,
    amountCents: refund.amount,
    reason: refund.reason,
    status: refund.status,
    stripeRefundId: refund.stripeRefundId,
    createdAt: refund.createdAt.toISOString(),
    succeededAt: refund.succeededAt?.toISOString() ?? null,
  };
}

/**
 * POST /api/admin/payments/{id}/refunds {amountCents, reason}: refunds a payment, whole or in
 * part (a card payment through Stripe, a counter payment recorded as paid back), as the
 * business page's Refund form does. Administrators only, behind the step-up (403 mfa_required).
 * 201 the refund; 400 invalid or more than is left; 404 unknown payment; 409 already refunded
 * in full or refused by Stripe; 502 Stripe unreachable.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const actor = await requireApiAdmin(request);
  await requireApiStepUp(request);
  assertMethod(request, "POST");
  const paymentId = requireApiId(params.id, NOT_FOUND);
  const input = await readJsonWith(request, ApiRefundSchema);
  const found = paymentWithBusiness(paymentId);
  if (!found) return apiError(404, NOT_FOUND);
  try {
    const refund = await refundPayment(actor, { businessId: found.payment.businessId, paymentId, amountCents: input.amountCents, reason: input.reason });
    return Response.json(refundJson(refund), { status: 201 });
  } catch (error) {
    if (error instanceof OperationError) return apiError(error.status, error.message);
    throw error;
  }
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
