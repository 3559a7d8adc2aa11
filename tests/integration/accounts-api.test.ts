import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { sessions, users } from "~/db/schema";
import * as apiLogin from "~/routes/api.login";
import * as apiLogout from "~/routes/api.logout";
import * as apiRegister from "~/routes/api.register";
import * as apiUser from "~/routes/api.user";
import * as apiPassword from "~/routes/api.user.password";
import * as apiProfile from "~/routes/api.user.profile";
import { verifyPassword } from "~/models/password.server";
import { getUser } from "~/utils/session.server";
import { callRoute, createUser, makeRequest, sessionCookieFor, TEST_PASSWORD, unique } from "../support/factories";
import { sessionCookieFrom, sessionSetCookie, uniqueAddress } from "../support/accounts";

type ApiError = { error: { message: string; fieldErrors?: Record<string, string[]> } };
const asUser = (cookie: string) => new Request("http://localhost:3000/", { headers: { Cookie: cookie } });

function jsonRequest(path: string, method: string, json: unknown, extra: { cookie?: string; address?: string } = {}) {
  return makeRequest(path, {
    method,
    json,
    cookie: extra.cookie,
    headers: { "X-Forwarded-For": extra.address ?? uniqueAddress() },
  });
}

describe("GET /api/user", () => {
  it("is 401 when signed out", async () => {
    const response = await callRoute(apiUser.loader, await makeRequest("/api/user"));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: "Authentication required" } });
  });

  it("answers the signed-in user without the password hash", async () => {
    const user = await createUser({ firstName: "Lee" });
    const response = await callRoute(apiUser.loader, await makeRequest("/api/user", { user }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: user.id, username: user.username, email: user.email, firstName: "Lee", isAdmin: false });
    expect(body).not.toHaveProperty("passwordHash");
    expect(JSON.stringify(body)).not.toContain("scrypt");
  });
});

describe("POST /api/login", () => {
  it("sets the cookie and answers the user", async () => {
    const user = await createUser();
    const response = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: user.username, password: TEST_PASSWORD }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: user.id, username: user.username });
    expect(body).not.toHaveProperty("passwordHash");
    expect(sessionSetCookie(response)).not.toMatch(/Expires=/i);
    expect((await getUser(asUser(sessionCookieFrom(response)!)))?.id).toBe(user.id);
  });

  it("rememberMe: true gives a 30-day cookie", async () => {
    const user = await createUser();
    const response = await callRoute(
      apiLogin.action,
      await jsonRequest("/api/login", "POST", { username: user.username, password: TEST_PASSWORD, rememberMe: true }),
    );
    const expires = new Date(/Expires=([^;]+)/i.exec(sessionSetCookie(response)!)![1]);
    expect((expires.getTime() - Date.now()) / 86_400_000).toBeGreaterThan(29.9);
  });

  it("401 with one message for a wrong password and an unknown user", async () => {
    const user = await createUser();
    const wrong = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: user.username, password: "nope-nope" }));
    const unknown = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: unique("ghost_"), password: "nope-nope" }));
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: { message: "Invalid username or password" } });
    expect(await unknown.json()).toEqual({ error: { message: "Invalid username or password" } });
    expect(sessionSetCookie(wrong)).toBeUndefined();
  });

  it("400 with field errors", async () => {
    const response = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: "", rememberMe: "yes" }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.message).toBe("Please check your information and try again");
    expect(body.error.fieldErrors?.username).toEqual(["Username is required"]);
    expect(body.error.fieldErrors?.password).toEqual(["Password is required"]);
    expect(body.error.fieldErrors?.rememberMe).toBeDefined();
  });

  it("400 for a body that is not a JSON object, 415 for a form post, 405 for GET", async () => {
    const bad = new Request("http://localhost:3000/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{oops" });
    expect((await callRoute(apiLogin.action, bad)).status).toBe(400);
    const form = await makeRequest("/api/login", { form: { username: "a", password: "b" } });
    expect((await callRoute(apiLogin.action, form)).status).toBe(415);
    expect((await callRoute(apiLogin.loader, await makeRequest("/api/login"))).status).toBe(405);
  });

  it("429 after 10 failures for one username", async () => {
    const user = await createUser();
    for (let i = 0; i < 10; i++) {
      const r = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: user.username, password: `bad-${i}` }));
      expect(r.status).toBe(401);
    }
    const locked = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: user.username, password: TEST_PASSWORD }));
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(((await locked.json()) as ApiError).error.message).toMatch(/^Too many failed sign-in attempts/);
  });
});

describe("POST /api/register", () => {
  const valid = () => {
    const username = unique("api_");
    return { username, password: "s3cret-pass", confirmPassword: "s3cret-pass", email: `${username}@Example.com`, firstName: "Api", lastName: "User" };
  };

  it("201 with the new user, not signed in", async () => {
    const input = valid();
    const response = await callRoute(apiRegister.action, await jsonRequest("/api/register", "POST", input));
    expect(response.status).toBe(201);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ username: input.username, email: input.email.toLowerCase(), firstName: "Api" });
    expect(body).not.toHaveProperty("passwordHash");
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: undefined }, "lastName", "Last name is required"],
    [{ email: "nope" }, "email", "Please enter a valid email address"],
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [{ username: "a-b-c" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ password: "123", confirmPassword: "123456" }, "password", "Password must be at least 6 characters"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ confirmPassword: "other-pass" }, "confirmPassword", "Passwords do not match"],
  ])("400 for %o on %s", async (overrides, field, message) => {
    const response = await callRoute(apiRegister.action, await jsonRequest("/api/register", "POST", { ...valid(), ...overrides }));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ApiError;
    expect(body.error.message).toBe("Please check your information and try again");
    expect(body.error.fieldErrors?.[field]).toContain(message);
  });

  it("400 for a username taken in another case and for a taken email", async () => {
    const existing = await createUser({ username: unique("Dup_") });
    let response = await callRoute(
      apiRegister.action,
      await jsonRequest("/api/register", "POST", { ...valid(), username: existing.username.toUpperCase() }),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.fieldErrors).toEqual({ username: ["Username is already taken"] });
    response = await callRoute(apiRegister.action, await jsonRequest("/api/register", "POST", { ...valid(), email: existing.email }));
    expect(((await response.json()) as ApiError).error.fieldErrors).toEqual({ email: ["An account with this email already exists"] });
  });
});

describe("POST /api/logout", () => {
  it("deletes the session row and clears the cookie", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const response = await callRoute(apiLogout.action, await makeRequest("/api/logout", { method: "POST", cookie }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(sessionSetCookie(response)).toMatch(/Expires=Thu, 01 Jan 1970/);
    expect(await getUser(asUser(cookie))).toBeNull();
    expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
  });

  it("is harmless when signed out", async () => {
    const response = await callRoute(apiLogout.action, await makeRequest("/api/logout", { method: "POST" }));
    expect(response.status).toBe(200);
  });
});

describe("PATCH /api/user/profile", () => {
  it("401 when signed out", async () => {
    const response = await callRoute(apiProfile.action, await jsonRequest("/api/user/profile", "PATCH", { email: "a@b.co" }));
    expect(response.status).toBe(401);
  });

  it("405 for POST", async () => {
    const user = await createUser();
    const response = await callRoute(apiProfile.action, await jsonRequest("/api/user/profile", "POST", { email: "a@b.co" }, { cookie: await sessionCookieFor(user.id) }));
    expect(response.status).toBe(405);
  });

  it("updates and answers the user", async () => {
    const user = await createUser();
    const email = `${unique("p")}@Example.com`;
    const response = await callRoute(
      apiProfile.action,
      await jsonRequest("/api/user/profile", "PATCH", { firstName: "New", lastName: "Name", email }, { cookie: await sessionCookieFor(user.id) }),
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ id: user.id, firstName: "New", lastName: "Name", email: email.toLowerCase() });
    expect(body).not.toHaveProperty("passwordHash");
  });

  it("400 for an invalid or taken email", async () => {
    const user = await createUser();
    const other = await createUser();
    const cookie = await sessionCookieFor(user.id);
    let response = await callRoute(apiProfile.action, await jsonRequest("/api/user/profile", "PATCH", { email: "bad" }, { cookie }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.fieldErrors).toEqual({ email: ["Please enter a valid email address"] });
    response = await callRoute(apiProfile.action, await jsonRequest("/api/user/profile", "PATCH", { email: other.email }, { cookie }));
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.fieldErrors).toEqual({ email: ["An account with this email already exists"] });
  });
});

describe("PATCH /api/user/password", () => {
  it("401 when signed out", async () => {
    const response = await callRoute(
      apiPassword.action,
      await jsonRequest("/api/user/password", "PATCH", { currentPassword: "x", newPassword: "y", confirmPassword: "y" }),
    );
    expect(response.status).toBe(401);
  });

  it.each([
    [{ currentPassword: "" }, "currentPassword", "Current password is required"],
    [{ newPassword: "123" }, "newPassword", "Password must be at least 6 characters"],
    [{ confirmPassword: "12" }, "confirmPassword", "Please confirm your new password"],
    [{ confirmPassword: "mismatch-1" }, "confirmPassword", "Passwords do not match"],
  ])("400 for %o on %s", async (overrides, field, message) => {
    const user = await createUser();
    const response = await callRoute(
      apiPassword.action,
      await jsonRequest(
        "/api/user/password",
        "PATCH",
        { currentPassword: TEST_PASSWORD, newPassword: "fresh-pass-1", confirmPassword: "fresh-pass-1", ...overrides },
        { cookie: await sessionCookieFor(user.id) },
      ),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.fieldErrors?.[field]).toContain(message);
  });

  it("400 with the spec's message for a wrong current password", async () => {
    const user = await createUser();
    const response = await callRoute(
      apiPassword.action,
      await jsonRequest(
        "/api/user/password",
        "PATCH",
        { currentPassword: "not-it-at-all", newPassword: "fresh-pass-1", confirmPassword: "fresh-pass-1" },
        { cookie: await sessionCookieFor(user.id) },
      ),
    );
    expect(response.status).toBe(400);
    expect(((await response.json()) as ApiError).error.message).toBe("Failed to update password. Please check your current password");
  });

  it("changes the password and invalidates the user's other sessions", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const other = await sessionCookieFor(user.id, true);
    const response = await callRoute(
      apiPassword.action,
      await jsonRequest(
        "/api/user/password",
        "PATCH",
        { currentPassword: TEST_PASSWORD, newPassword: "fresh-pass-1", confirmPassword: "fresh-pass-1" },
        { cookie },
      ),
    );
    expect(response.status).toBe(200);
    expect(await getUser(asUser(other))).toBeNull();
    expect((await getUser(asUser(cookie)))?.id).toBe(user.id);
    const row = getDb().select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword("fresh-pass-1", row.passwordHash)).toBe(true);
    // And the new password signs in through the API.
    const login = await callRoute(apiLogin.action, await jsonRequest("/api/login", "POST", { username: user.username, password: "fresh-pass-1" }));
    expect(login.status).toBe(200);
  });
});
