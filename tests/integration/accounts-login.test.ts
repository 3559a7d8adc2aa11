import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions } from "~/db/schema";
import { action, loader } from "~/routes/login";
import { getUser } from "~/utils/session.server";
import { callRoute, createUser, makeRequest, sessionCookieFor, TEST_PASSWORD, unique } from "../support/factories";
import { flashedToast, sessionCookieFrom, sessionSetCookie, uniqueAddress } from "../support/accounts";

const OPEN_REDIRECTS = [
  "https://evil.example.com/x",
  "http:/evil.example.com",
  "//evil.example.com",
  "/\\evil.example.com",
  "\\\\evil.example.com",
  "/\t/evil.example.com",
  "javascript:alert(1)",
  "JavaScript:alert(1)",
  "dashboard",
  " /dashboard",
];

function loginPost(form: Record<string, string>, options: { address?: string; cookie?: string; query?: string } = {}) {
  return makeRequest(`/login${options.query ?? ""}`, {
    form,
    cookie: options.cookie,
    headers: { "X-Forwarded-For": options.address ?? uniqueAddress() },
  });
}

async function body(response: Response) {
  return (await response.json()) as {
    result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  };
}

describe("GET /login", () => {
  it("shows the form to visitors", async () => {
    const response = await callRoute(loader, await makeRequest("/login"));
    expect(response.status).toBe(200);
  });

  it("sends a signed-in visitor to redirectTo, or /dashboard", async () => {
    const user = await createUser();
    let response = await callRoute(loader, await makeRequest("/login", { user }));
    expect(response.headers.get("Location")).toBe("/dashboard");
    response = await callRoute(loader, await makeRequest("/login?redirectTo=%2Fclaim%2F1", { user }));
    expect(response.headers.get("Location")).toBe("/claim/1");
  });

  it.each(OPEN_REDIRECTS)("never follows an off-site redirectTo (%s)", async (target) => {
    const user = await createUser();
    const response = await callRoute(loader, await makeRequest(`/login?${new URLSearchParams({ redirectTo: target })}`, { user }));
    expect(response.headers.get("Location")).toBe("/dashboard");
  });
});

describe("POST /login", () => {
  it("signs in, lands on /dashboard with the welcome toast and a browser-session cookie", async () => {
    const user = await createUser({ firstName: "Maria" });
    const response = await callRoute(action, await loginPost({ username: user.username, password: TEST_PASSWORD }));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/dashboard");
    expect(await flashedToast(response)).toEqual({
      title: "Login successful",
      description: "Welcome back, Maria!",
      variant: "default",
    });
    const setCookie = sessionSetCookie(response)!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    expect(setCookie).not.toMatch(/Expires=/i);
    const signedIn = await getUser(new Request("http://localhost/", { headers: { Cookie: sessionCookieFrom(response)! } }));
    expect(signedIn?.id).toBe(user.id);
  });

  it("with Remember me the cookie lasts 30 days", async () => {
    const user = await createUser();
    const response = await callRoute(
      action,
      await loginPost({ username: user.username, password: TEST_PASSWORD, rememberMe: "on" }),
    );
    const expires = /Expires=([^;]+)/i.exec(sessionSetCookie(response)!)?.[1];
    expect(expires).toBeDefined();
    const days = (new Date(expires!).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("accepts the username in any case and greets by username without a first name", async () => {
    const user = await createUser({ username: unique("Case_"), firstName: null });
    const response = await callRoute(action, await loginPost({ username: user.username.toUpperCase(), password: TEST_PASSWORD }));
    expect(response.status).toBe(302);
    expect((await flashedToast(response))?.description).toBe(`Welcome back, ${user.username}!`);
  });

  it("follows a same-site redirectTo and issues a new session id, deleting the old one", async () => {
    const user = await createUser();
    const oldCookie = await sessionCookieFor(user.id);
    const oldId = decodeURIComponent(oldCookie.split("=")[1]);
    // A signed-in visitor posting the form is just sent on.
    let response = await callRoute(
      action,
      await loginPost({ username: user.username, password: TEST_PASSWORD, redirectTo: "/claim/1?step=2" }, { cookie: oldCookie }),
    );
    expect(response.headers.get("Location")).toBe("/claim/1?step=2");

    // A stale (expired) cookie: the new sign-in gets a different id and the stale row is gone.
    getDb().update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).run();
    response = await callRoute(
      action,
      await loginPost({ username: user.username, password: TEST_PASSWORD, redirectTo: "/claim/1?step=2" }, { cookie: oldCookie }),
    );
    expect(response.headers.get("Location")).toBe("/claim/1?step=2");
    const newCookie = sessionCookieFrom(response)!;
    expect(newCookie).not.toBe(oldCookie);
    expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all().map((s) => s.id)).not.toContain(oldId);
  });

  it.each(OPEN_REDIRECTS)("falls back to /dashboard for redirectTo %s", async (target) => {
    const user = await createUser();
    const response = await callRoute(
      action,
      await loginPost({ username: user.username, password: TEST_PASSWORD, redirectTo: target }),
    );
    expect(response.headers.get("Location")).toBe("/dashboard");
  });

  it("answers the same 'Login failed' for a wrong password and an unknown username", async () => {
    const user = await createUser();
    const wrong = await callRoute(action, await loginPost({ username: user.username, password: "wrong-password" }));
    const unknown = await callRoute(action, await loginPost({ username: unique("nobody_"), password: "wrong-password" }));
    // 401, as POST /api/login answers (one mapping: signInAnswer); 400 is for invalid input only.
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const [a, b] = [await body(wrong), await body(unknown)];
    expect(a.result.error).toEqual({ "": ["Invalid username or password"] });
    expect(b.result.error).toEqual(a.result.error);
    // The toast is flashed, like every server result, for the root loader to show.
    const toast = await flashedToast(wrong);
    expect(toast).toEqual({ title: "Login failed", description: "Invalid username or password", variant: "destructive" });
    expect(await flashedToast(unknown)).toEqual(toast);
    expect(sessionSetCookie(wrong)).toBeUndefined();
    // The password is never echoed back.
    expect(a.result.initialValue?.password).toBeUndefined();
    expect(a.result.initialValue?.username).toBe(user.username);
  });

  it("spends about the same time on an unknown username as on a wrong password", async () => {
    const user = await createUser();
    const time = async (username: string) => {
      const start = performance.now();
      await callRoute(action, await loginPost({ username, password: "wrong-password" }));
      return performance.now() - start;
    };
    await time(unique("warmup_"));
    const known = await time(user.username);
    const unknown = await time(unique("nobody_"));
    expect(unknown).toBeGreaterThan(known * 0.4);
  });

  it("shows each validation message", async () => {
    const response = await callRoute(action, await loginPost({ username: "", password: "" }));
    expect(response.status).toBe(400);
    expect((await body(response)).result.error).toEqual({
      username: ["Username is required"],
      password: ["Password is required"],
    });
  });
});

describe("brute-force lockout", () => {
  it("locks a username after 10 failures in 15 minutes, even with the right password", async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      // Different addresses: the username bucket alone decides.
      const response = await callRoute(action, await loginPost({ username: user.username, password: `wrong-${i}` }));
      expect(response.status).toBe(401);
    }
    const locked = await callRoute(action, await loginPost({ username: user.username.toUpperCase(), password: TEST_PASSWORD }));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    const data = await body(locked);
    expect(data.result.error?.[""]?.[0]).toMatch(/^Too many failed sign-in attempts\. .*try again in 15 minutes\.$/);
    expect((await flashedToast(locked))?.title).toBe("Login failed");
    expect(sessionSetCookie(locked)).toBeUndefined();
  });

  it("locks a client address after 10 failures across usernames; other addresses still sign in", async () => {
    const address = uniqueAddress();
    for (let i = 0; i < 10; i++) {
      const response = await callRoute(action, await loginPost({ username: unique("guess_"), password: "x" }, { address }));
      expect(response.status).toBe(401);
    }
    const user = await createUser();
    const locked = await callRoute(action, await loginPost({ username: user.username, password: TEST_PASSWORD }, { address }));
    expect(locked.status).toBe(429);
    const elsewhere = await callRoute(action, await loginPost({ username: user.username, password: TEST_PASSWORD }));
    expect(elsewhere.status).toBe(302);
  });

  it("lifts the lock once the failures leave the 15-minute window", async () => {
    const { loginAttempts } = await import("~/db/schema");
    const user = await createUser();
    for (let i = 0; i < 10; i++) await callRoute(action, await loginPost({ username: user.username, password: "x" }));
    expect((await callRoute(action, await loginPost({ username: user.username, password: TEST_PASSWORD }))).status).toBe(429);
    getDb()
      .update(loginAttempts)
      .set({ createdAt: new Date(Date.now() - 16 * 60 * 1000) })
      .where(eq(loginAttempts.username, user.username.toLowerCase()))
      .run();
    expect((await callRoute(action, await loginPost({ username: user.username, password: TEST_PASSWORD }))).status).toBe(302);
  });

  it("a successful sign-in clears the username's earlier failures", async () => {
    const user = await createUser();
    for (let i = 0; i < 9; i++) await callRoute(action, await loginPost({ username: user.username, password: "x" }));
    expect((await callRoute(action, await loginPost({ username: user.username, password: TEST_PASSWORD }))).status).toBe(302);
    for (let i = 0; i < 9; i++) {
      expect((await callRoute(action, await loginPost({ username: user.username, password: "x" }))).status).toBe(401);
    }
  });
});

describe("lockout without a client address", () => {
  it("does not let failures under one username lock out another user when no address is known", async () => {
    const { lockoutSeconds, recordAttempt, MAX_FAILURES, UNKNOWN_ADDRESS } = await import("~/models/login-attempt.server");
    for (let i = 0; i < MAX_FAILURES; i++) recordAttempt(`victimless_${i}`, UNKNOWN_ADDRESS);
    expect(lockoutSeconds("someone_else", UNKNOWN_ADDRESS)).toBe(0);
    for (let i = 0; i < MAX_FAILURES; i++) recordAttempt("guessed_user", UNKNOWN_ADDRESS);
    expect(lockoutSeconds("guessed_user", UNKNOWN_ADDRESS)).toBeGreaterThan(0);
  });
});
