import type { LoaderFunctionArgs } from "@remix-run/node";
import { csvHeaders, toCsv } from "~/lib/csv";
import { listUserBusinesses, userBusinessColumns } from "~/models/dashboard.server";
import { requireApiUser } from "~/utils/session.server";

/** GET /api/user/export/businesses: the caller's businesses as my_businesses.csv (401 signed out). */
export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  const csv = toCsv(userBusinessColumns, listUserBusinesses(user.id));
  return new Response(csv, { headers: csvHeaders("my_businesses.csv") });
}
