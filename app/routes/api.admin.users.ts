import type { LoaderFunctionArgs } from "@remix-run/node";
import { listUsers } from "~/models/admin/users.server";
import { readPaging } from "~/utils/http";
import { requireApiAdmin } from "~/utils/session.server";

/** GET /api/admin/users?page&limit: { users, pagination }. Never password hashes. */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  const { items, pagination } = listUsers(readPaging(new URL(request.url).searchParams));
  return Response.json({ users: items, pagination });
}
