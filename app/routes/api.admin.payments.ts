import type { LoaderFunctionArgs } from "@remix-run/node";
import { listPayments } from "~/models/admin/payments.server";
import { readPaging } from "~/utils/http";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/payments?page&limit: { payments, pagination }, newest first, amounts in cents. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  const { items, pagination } = listPayments(readPaging(new URL(request.url).searchParams));
  return Response.json({ payments: items, pagination });
}
