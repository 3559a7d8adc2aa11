import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, toCsv } from "~/lib/csv";
import { listUserPayments, userPaymentColumns } from "~/models/dashboard.server";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/user/export/payments: the caller's payments as my_payments.csv (401 signed out). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const csv = toCsv(userPaymentColumns, listUserPayments(user.id));
  return new Response(csv, { headers: csvHeaders("my_payments.csv") });
}
