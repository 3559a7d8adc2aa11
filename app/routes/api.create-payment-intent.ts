import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_PAYMENT_DESCRIPTION, PaymentSchema } from "~/lib/schemas/payment";
import { createBtrPaymentIntent, PaymentError } from "~/models/payment.server";
import { apiError, assertMethod, readJsonObject, requireBodyId } from "~/utils/http";
import { requireApiUser } from "~/utils/session.server";

/** POST {businessId, amount?, description?} -> {clientSecret}. The amount is the server's; a different one is a 400. */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const body = await readJsonObject(request);
  const businessId = requireBodyId(body, "businessId", "Business ID is required");
  const parsed = PaymentSchema.safeParse({ description: body.description ?? DEFAULT_PAYMENT_DESCRIPTION });
  if (!parsed.success) {
    const message = parsed.error.issues[0]?.message ?? "Invalid description";
    return apiError(400, message, { description: [message] });
  }
  try {
    const { clientSecret } = await createBtrPaymentIntent({
      businessId,
      userId: user.id,
      description: parsed.data.description,
      clientAmount: body.amount,
    });
    return Response.json({ clientSecret });
  } catch (error) {
    if (error instanceof PaymentError) return apiError(error.status, error.message);
    throw error;
  }
}

export async function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
