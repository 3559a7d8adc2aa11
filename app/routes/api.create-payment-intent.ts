import type { ActionFunctionArgs } from "@remix-run/node";
import { DEFAULT_PAYMENT_DESCRIPTION, PaymentSchema } from "~/lib/schemas/payment";
import { createBtrPaymentIntent, parseFiscalYearInput, PaymentError } from "~/models/payment.server";
import { apiError, assertMethod, readJsonObject, requireBodyId } from "~/utils/http";
import { englishMessage } from "~/utils/http/errors.server";
import { requireApiUser } from "~/utils/session.server";

/**
 * POST {businessId, fiscalYear?, amount?, description?} -> {clientSecret, amount, fiscalYear, breakdown}.
 * The amount is the server's (the year's tax plus any late penalty owed today); a different one is
 * a 400. fiscalYear is the year it ends (2027 = Oct 1, 2026 - Sep 30, 2027), by default the oldest
 * one the business can buy; a year already held is a 409.
 */
export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  assertMethod(request, "POST");
  const body = await readJsonObject(request);
  const businessId = requireBodyId(body, "businessId", "Business ID is required");
  const fiscalYear = parseFiscalYearInput(body.fiscalYear);
  if (fiscalYear === null) return apiError(400, "Fiscal year must be a year such as 2027", { fiscalYear: ["Fiscal year must be a year such as 2027"] });
  const parsed = PaymentSchema.safeParse({ description: body.description ?? DEFAULT_PAYMENT_DESCRIPTION });
  if (!parsed.success) {
    const message = englishMessage(parsed.error.issues[0]?.message ?? "Invalid description");
    return apiError(400, message, { description: [message] });
  }
  try {
    const { clientSecret, amount, charge } = await createBtrPaymentIntent({
      businessId,
      userId: user.id,
      description: parsed.data.description,
      clientAmount: body.amount,
      fiscalYear,
    });
    return Response.json({ clientSecret, amount, fiscalYear: charge.fiscalYear, breakdown: charge });
  } catch (error) {
    if (error instanceof PaymentError) return apiError(error.status, error.message);
    throw error;
  }
}

export async function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
