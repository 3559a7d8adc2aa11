import type { ActionFunctionArgs } from "@remix-run/node";
import { createFilingFeePaymentIntent, feePaymentJson, verifyAndRecordFilingFee } from "~/models/filings/fee.server";
import { FILING_MESSAGES } from "~/models/filings/errors";
import { PaymentError } from "~/models/payment.server";
import { apiError, assertMethod, requireApiId } from "~/utils/http";
import { answerFilingErrors, readFilingJson, requireApplicantFiling } from "~/utils/http/filings.server";
import { requireApiUser } from "~/utils/session.server";

/** The body is optional: none (or `{}`) asks for the PaymentIntent. One that is sent must be a JSON object. */
async function readOptionalBody(request: Request): Promise<Record<string, unknown>> {
  const length = request.headers.get("Content-Length");
  if (!request.headers.get("Content-Type") && (length === null || length === "0")) return {};
  return readFilingJson(request);
}

/**
 * POST /api/filings/{id}/fee: the transfer fee of the caller's transfer filing, paid by card like
 * the receipt (POST /api/create-payment-intent), before the transfer can be submitted.
 *
 * - `{}` or no body (optionally `{ "amount": <the fee in cents> }`) → 200
 *   `{ clientSecret, paymentIntentId, amount }`: a PaymentIntent for the filing's fee, to confirm
 *   with Stripe.js. The amount is the server's (filings.fee_cents); a different one is a 400.
 * - `{ "stripePaymentId": "pi_..." }` once Stripe.js confirmed it → 201 the fee payment (200 when
 *   already recorded). The signed webhook records it too; this makes it count at once.
 *
 * 401 signed out; 404 not the caller's filing, or a filing without fee; 403 staff (who may read a
 * filing, not pay it); 409 already paid, or the filing is no longer editable (and, when recording,
 * a payment refused and refunded: paid twice, or not the filing's fee); 400 a wrong amount or a
 * payment Stripe does not confirm for this filing and caller; 502 Stripe unreachable.
 */
export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const id = requireApiId(params.id, FILING_MESSAGES.notFound);
  return answerFilingErrors(async () => {
    requireApplicantFiling(user, id);
    const body = await readOptionalBody(request);
    try {
      if (body.stripePaymentId !== undefined) {
        if (typeof body.stripePaymentId !== "string" || !body.stripePaymentId) {
          return apiError(400, "Stripe payment ID is required", { stripePaymentId: ["Stripe payment ID is required"] });
        }
        const { payment, created } = await verifyAndRecordFilingFee({ stripePaymentId: body.stripePaymentId, filingId: id, user });
        return Response.json(feePaymentJson(payment), { status: created ? 201 : 200 });
      }
      const { clientSecret, paymentIntentId, amount } = await createFilingFeePaymentIntent({ user, filingId: id, clientAmount: body.amount });
      return Response.json({ clientSecret, paymentIntentId, amount });
    } catch (error) {
      if (error instanceof PaymentError) return apiError(error.status, error.message);
      throw error;
    }
  });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
