import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { z } from "zod";
import { getEnv } from "~/utils/env.server";

export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  variant: z.enum(["default", "destructive"]).default("default"),
});
export type Toast = z.input<typeof ToastSchema>;
export type ShownToast = z.output<typeof ToastSchema> & { id: string };

const TOAST_KEY = "toast";

function toastStorage() {
  return createCookieSessionStorage({
    cookie: {
      name: "__toast",
      httpOnly: true,
      sameSite: "lax",
      path: "/",
      secrets: getEnv().SESSION_SECRETS,
    },
  });
}

/** A Set-Cookie header carrying one toast to the next page load. */
export async function createToastHeaders(toast: Toast): Promise<Headers> {
  const storage = toastStorage();
  const session = await storage.getSession();
  session.flash(TOAST_KEY, ToastSchema.parse(toast));
  return new Headers({ "Set-Cookie": await storage.commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads (and consumes) the flashed toast. The returned header must be sent to clear it. */
export async function getToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers | null }> {
  const storage = toastStorage();
  const session = await storage.getSession(request.headers.get("Cookie"));
  const value: unknown = session.get(TOAST_KEY);
  if (value === undefined) return { toast: null, headers: null };
  const parsed = ToastSchema.safeParse(value);
  const headers = new Headers({ "Set-Cookie": await storage.destroySession(session) });
  if (!parsed.success) return { toast: null, headers };
  // A stable id lets the client tell one toast from the next without re-showing it.
  const id = `${parsed.data.title}:${Date.now()}`;
  return { toast: { ...parsed.data, id }, headers };
}
