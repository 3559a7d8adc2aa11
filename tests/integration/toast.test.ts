/**
 * One toast path: every server result is a toast the root loader reads once. A failed form post
 * re-renders its page: with JavaScript (a fetch) the toast is flashed in the __toast cookie and
 * the root loader reads it when it revalidates; without (a navigation) the root loader runs in
 * the same request, so it gets the toast directly and nothing is flashed for a later page.
 */
import { describe, expect, it } from "vitest";
import { dataWithToast, getToast, redirectWithToast } from "~/utils/toast.server";
import { flashedToast } from "../support/accounts";
import { unique } from "../support/factories";

const TOAST = { title: "Update Failed", description: "Failed to update profile. Please try again later", variant: "destructive" } as const;
const post = (url: string, headers: Record<string, string> = {}) => new Request(url, { method: "POST", headers });
const headersOf = (result: Awaited<ReturnType<typeof dataWithToast>>) => new Headers(result.init?.headers);

describe("dataWithToast", () => {
  it("with JavaScript (a fetch) flashes the toast for the root loader's revalidation", async () => {
    const result = await dataWithToast(post("http://localhost/profile", { "Sec-Fetch-Mode": "cors" }), { ok: false }, TOAST, { status: 400 });
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({ ok: false });
    expect(await flashedToast(new Response(null, { headers: headersOf(result) }))).toEqual(TOAST);
  });

  it("without JavaScript (a navigation) hands it to this request's root loader, once, and flashes nothing", async () => {
    const url = `http://localhost/profile?t=${unique()}`;
    const headers = { "Sec-Fetch-Mode": "navigate", Cookie: "__session=abc" };
    const result = await dataWithToast(post(url, headers), { ok: false }, TOAST, { status: 400 });
    expect(headersOf(result).getSetCookie()).toEqual([]);
    // Another visitor's request for the same page does not see it.
    expect((await getToast(new Request(url, { headers: { Cookie: "__session=other" } }))).toast).toBeNull();
    const shown = await getToast(new Request(url, { headers }));
    expect(shown.toast).toMatchObject(TOAST);
    expect((await getToast(new Request(url, { headers }))).toast).toBeNull();
  });

  it("redirects carry their toast in the same flash", async () => {
    const response = await redirectWithToast("/dashboard", { title: "Login successful", description: "Welcome back!" });
    expect(response.status).toBe(302);
    expect(await flashedToast(response)).toEqual({ title: "Login successful", description: "Welcome back!", variant: "default" });
  });
});
