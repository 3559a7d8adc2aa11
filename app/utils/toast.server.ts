import { createCookieSessionStorage, data, redirect } from "@remix-run/node";
import { z } from "zod";
import { isMessageKey, translateMessage } from "~/lib/i18n-message";
import { requestT } from "~/utils/i18n.server";
import { secureCookies } from "~/utils/client-address.server";
import { getEnv } from "~/utils/env.server";

export const ToastSchema = z.object({
  title: z.string(),
  description: z.string().optional(),
  /** Values for a title or description that is a message key ("namespace:key", ~/lib/i18n-message). */
  values: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
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
      secure: secureCookies(),
      secrets: getEnv().SESSION_SECRETS,
    },
  });
}

/** A Set-Cookie header carrying one toast to the next page load. */
async function createToastHeaders(toast: Toast): Promise<Headers> {
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

/**
 * A form post that fails re-renders its page instead of redirecting. With JavaScript (a fetch,
 * not a navigation) the toast is flashed like any other and the root loader, which revalidates
 * after every submission (root.tsx `shouldRevalidate`), reads it. Without JavaScript the root
 * loader runs in this very request, after the action, before any cookie could come back: the
 * toast waits here for it, keyed by what both requests share (cookie header and URL), and is
 * never flashed, so it cannot turn up again on a later page.
 */
const forThisRequest = new Map<string, { toast: z.output<typeof ToastSchema>; expires: number }>();
const requestKey = (request: Request) => `${request.headers.get("cookie") ?? ""}\n${request.url}`;

/** The action's answer (data + status) with a toast, shown once by the root loader. */
export async function dataWithToast<T>(request: Request, value: T, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  if (request.headers.get("sec-fetch-mode") === "navigate") {
    const now = Date.now();
    if (forThisRequest.size > 1000) for (const [key, entry] of forThisRequest) if (entry.expires <= now) forThisRequest.delete(key);
    forThisRequest.set(requestKey(request), { toast: ToastSchema.parse(toast), expires: now + 30_000 });
  } else {
    for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  }
  return data(value, { ...init, headers });
}

/**
 * A toast whose title or description is a message key ("namespace:key"), written out in the
 * request's language: the page that shows it may not have loaded that namespace.
 */
async function inLanguage(request: Request, toast: z.output<typeof ToastSchema>) {
  if (!isMessageKey(toast.title) && !(toast.description && isMessageKey(toast.description))) return toast;
  const { t } = await requestT(request);
  const { values, ...rest } = toast;
  return {
    ...rest,
    title: translateMessage(t, toast.title, values),
    ...(toast.description ? { description: translateMessage(t, toast.description, values) } : {}),
  };
}

/** Reads (and consumes) the flashed toast, in the request's language. The returned header must be sent to clear it. */
export async function getToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers | null }> {
  const { toast, headers } = await readToast(request);
  return { toast: toast ? { ...(await inLanguage(request, toast)), id: toast.id } : null, headers };
}

async function readToast(request: Request): Promise<{ toast: ShownToast | null; headers: Headers | null }> {
  const key = requestKey(request);
  const waiting = forThisRequest.get(key);
  if (waiting) {
    forThisRequest.delete(key);
    if (waiting.expires > Date.now()) return { toast: { ...waiting.toast, id: `${waiting.toast.title}:${Date.now()}` }, headers: null };
  }
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
