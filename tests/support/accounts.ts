/** Helpers shared by the accounts integration tests. */
import crypto from "node:crypto";
import { getToast } from "~/utils/toast.server";

/** A fresh client address per request group, so tests never share a lockout bucket. */
export const uniqueAddress = () => `198.51.100.${crypto.randomInt(1, 255)}-${crypto.randomBytes(3).toString("hex")}`;

/** The toast a redirect flashed, read back the way the next page load reads it. */
export async function flashedToast(response: Response) {
  const cookie = response.headers.getSetCookie().find((c) => c.startsWith("__toast="));
  if (!cookie) return null;
  const { toast } = await getToast(new Request("http://localhost:3000/", { headers: { Cookie: cookie.split(";")[0] } }));
  return toast ? { title: toast.title, description: toast.description, variant: toast.variant } : null;
}

/** The `__session=...` pair a response set, for the next request's Cookie header. */
export function sessionCookieFrom(response: Response): string | undefined {
  return response.headers
    .getSetCookie()
    .find((c) => c.startsWith("__session="))
    ?.split(";")[0];
}

export function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((c) => c.startsWith("__session="));
}
