import type { LoaderFunctionArgs } from "@remix-run/node";
import { listDriversLicenses } from "~/models/admin/licenses.server";
import { requireApiAdmin } from "~/utils/session.server";

/** GET /api/admin/drivers-licenses: every uploaded licence; driversLicenseUrl is the protected route. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json(listDriversLicenses());
}
