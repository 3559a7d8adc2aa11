import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import { registerUser } from "~/models/user.server";
import { action, loader } from "~/routes/register";
import { callRoute, createUser, makeRequest, unique } from "../support/factories";
import { flashedToast } from "../support/accounts";

function validForm(overrides: Record<string, string> = {}) {
  const username = unique("new_");
  return {
    firstName: "Ana",
    lastName: "Lopez",
    email: `${username}@example.com`,
    username,
    password: "s3cret-pass",
    confirmPassword: "s3cret-pass",
    terms: "on",
    ...overrides,
  };
}

const post = (form: Record<string, string>, query = "") => makeRequest(`/register${query}`, { form });

async function errorsOf(response: Response) {
  const data = (await response.json()) as { result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> } };
  return data.result;
}

function findUser(username: string) {
  return getDb().select().from(users).where(sql`lower(${users.username}) = lower(${username})`).get();
}

describe("/register", () => {
  it("sends a signed-in visitor to redirectTo or /dashboard", async () => {
    const user = await createUser();
    expect((await callRoute(loader, await makeRequest("/register", { user }))).headers.get("Location")).toBe("/dashboard");
    const response = await callRoute(loader, await makeRequest("/register?redirectTo=%2Fpayment%2F3", { user }));
    expect(response.headers.get("Location")).toBe("/payment/3");
    const evil = await callRoute(loader, await makeRequest("/register?redirectTo=%2F%2Fevil.example.com", { user }));
    expect(evil.headers.get("Location")).toBe("/dashboard");
  });

  it("creates the account with a salted slow hash and goes to /login with the toast", async () => {
    const form = validForm({ email: "Ana.Lopez+X@Example.COM" });
    const response = await callRoute(action, await post(form));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    expect(await flashedToast(response)).toEqual({
      title: "Registration successful",
      description: "Your account has been created. Please log in.",
      variant: "default",
    });
    const row = findUser(form.username)!;
    expect(row).toMatchObject({ username: form.username, email: "ana.lopez+x@example.com", firstName: "Ana", lastName: "Lopez", isAdmin: false });
    expect(row.passwordHash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[^$]+\$[^$]+$/);
    expect(row.passwordHash).not.toContain(form.password);
  });

  it("keeps a safe redirectTo on the way to /login, and drops an unsafe one", async () => {
    let response = await callRoute(action, await post(validForm({ redirectTo: "/claim/1" })));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fclaim%2F1");
    response = await callRoute(action, await post(validForm({ redirectTo: "https://evil.example.com" })));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
    response = await callRoute(action, await post(validForm({ redirectTo: "javascript:alert(1)" })));
    expect(response.headers.get("Location")).toBe("/login?redirectTo=%2Fdashboard");
  });

  it.each([
    [{ firstName: "" }, "firstName", "First name is required"],
    [{ lastName: "" }, "lastName", "Last name is required"],
    [{ email: "not-an-email" }, "email", "Please enter a valid email address"],
    [{ email: "" }, "email", "Please enter a valid email address"],
    [{ username: "ab" }, "username", "Username must be at least 3 characters"],
    [{ username: "bad name!" }, "username", "Username can only contain letters, numbers, and underscores"],
    [{ password: "12345", confirmPassword: "12345" }, "password", "Password must be at least 6 characters"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your password"],
    [{ confirmPassword: "different-pass" }, "confirmPassword", "Passwords do not match"],
    [{ terms: "" }, "terms", "You must accept the terms and conditions"],
  ])("rejects %o with the message on %s", async (overrides, field, message) => {
    const form = validForm(overrides as Record<string, string>);
    if (form.terms === "") delete (form as Partial<typeof form>).terms;
    const response = await callRoute(action, await post(form));
    expect(response.status).toBe(400);
    const result = await errorsOf(response);
    expect(result.error?.[field]).toContain(message);
    expect(result.initialValue?.password).toBeUndefined();
    expect(result.initialValue?.confirmPassword).toBeUndefined();
    expect(findUser(form.username)).toBeUndefined();
  });

  it.each(["lower", "upper", "mixed"])("refuses a username taken in another case (%s)", async (variant) => {
    const existing = await createUser({ username: unique("Taken_") });
    const username =
      variant === "lower" ? existing.username.toLowerCase() : variant === "upper" ? existing.username.toUpperCase() : `t${existing.username.slice(1).toUpperCase()}`;
    const response = await callRoute(action, await post(validForm({ username })));
    expect(response.status).toBe(400);
    const result = await errorsOf(response);
    expect(result.error?.username).toEqual(["Username is already taken"]);
    expect(getDb().select().from(users).where(sql`lower(${users.username}) = lower(${username})`).all()).toHaveLength(1);
  });

  it("refuses an email that is taken, whatever its case", async () => {
    const existing = await createUser();
    const response = await callRoute(action, await post(validForm({ email: existing.email.toUpperCase() })));
    expect(response.status).toBe(400);
    const data = (await response.json()) as { result: { error: Record<string, string[]> } };
    expect(data.result.error.email).toEqual(["An account with this email already exists"]);
    expect(await flashedToast(response)).toEqual({
      title: "Registration failed",
      description: "Please check your information and try again",
      variant: "destructive",
    });
  });

  it("two sign-ups racing for one username: one account, the other gets the field error", async () => {
    const username = unique("Race_");
    const input = (suffix: string, name: string) => ({
      firstName: "A",
      lastName: "B",
      email: `${unique("race")}${suffix}@example.com`,
      username: name,
      password: "s3cret-pass",
      confirmPassword: "s3cret-pass",
    });
    // Both pass the pre-check while the other is still hashing; the unique index decides.
    const results = await Promise.all([registerUser(input("a", username)), registerUser(input("b", username.toLowerCase()))]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.find((r) => !r.ok)).toEqual({ ok: false, fieldErrors: { username: ["Username is already taken"] } });

    const email = `${unique("race")}@example.com`;
    const byEmail = await Promise.all([
      registerUser({ ...input("", unique("r1_")), email }),
      registerUser({ ...input("", unique("r2_")), email }),
    ]);
    expect(byEmail.filter((r) => r.ok)).toHaveLength(1);
    expect(byEmail.find((r) => !r.ok)).toEqual({ ok: false, fieldErrors: { email: ["An account with this email already exists"] } });
    expect(getDb().select().from(users).where(eq(users.email, email)).all()).toHaveLength(1);
  });
});

describe("/forgot-password", () => {
  it("gives the town's support contact, for people who no longer have their email", async () => {
    const { loader: forgotLoader } = await import("~/routes/forgot-password");
    const response = await callRoute(forgotLoader, await makeRequest("/forgot-password"));
    expect(await response.json()).toMatchObject({ town: "Pembroke Park", email: "btr@pembrokepark.example", phone: "(954) 966-4600" });
    const spanish = await callRoute(forgotLoader, await makeRequest("/forgot-password?lng=es"));
    expect((await spanish.json()).meta).toMatchObject({ title: "Olvidó su contraseña | Registro de Negocios de Florida" });
  });
});
