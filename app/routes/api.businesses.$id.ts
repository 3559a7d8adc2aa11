import type { LoaderFunctionArgs } from "@remix-run/node";
import { getBusinessById, toPublicBusiness } from "~/models/business.server";
import { apiError } from "~/utils/http";
import { parseId } from "~/lib/ids";

/** GET /api/businesses/{id}: one business, public fields only. */
export function loader({ params }: LoaderFunctionArgs) {
  const id = parseId(params.id);
  if (id === null) return apiError(400, "Business ID must be a positive whole number");
  const business = getBusinessById(id);
  if (!business) return apiError(404, "Business not found");
  return Response.json(toPublicBusiness(business));
}
