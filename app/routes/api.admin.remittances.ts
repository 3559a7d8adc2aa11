import type { LoaderFunctionArgs } from "@remix-run/node";
import { listRemittances } from "~/models/remittance.server";
import { requireApiStaff } from "~/utils/session.server";

/** GET /api/admin/remittances: the closed statements, newest first. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiStaff(request);
  return Response.json({ remittances: listRemittances().map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })) });
}
