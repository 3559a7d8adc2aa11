import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers, parseApiPageRequest } from "~/models/admin.server";
import { requireApiAdmin } from "~/utils/session.server";

/** GET /api/admin/users?page&limit: { users, pagination }. Never password hashes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const { items, pagination } = listUsers(parseApiPageRequest(new URL(request.url).searchParams));
  return Response.json({ users: items, pagination });
}
