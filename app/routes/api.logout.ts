import type { ActionFunctionArgs } from "@remix-run/node";
import { apiError, assertMethod } from "~/utils/http";
import { destroySession } from "~/utils/session.server";

/** POST /api/logout: deletes the session row and clears the cookie (fine when already signed out). */
export async function action({ request }: ActionFunctionArgs) {
  assertMethod(request, "POST");
  const cookie = await destroySession(request);
  return Response.json({ success: true }, { headers: { "Set-Cookie": cookie } });
}

export function loader() {
  return apiError(405, "Method GET not allowed", undefined, { headers: { Allow: "POST" } });
}
