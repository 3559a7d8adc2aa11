/**
 * The second step of signing in on the pages (issue 41): a correct password for an account with
 * an authenticator leads to /login/two-factor and no session; the half-signed-in cookie opens
 * nothing; a code finishes it, once; owners may trust the browser, staff never; a password reset
 * does not get past the factor; a new browser is told to the owner.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { authChallenges, outbox, sessions } from "~/db/schema";
import { PENDING_SIGN_IN_MS } from "~/lib/schemas/mfa";
import { action as loginAction } from "~/routes/login";
import { action as twoFactorAction, loader as twoFactorLoader } from "~/routes/login_.two-factor";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { getSession } from "~/utils/session.server";
import { callRoute, createUser, makeRequest, TEST_PASSWORD } from "../support/factories";
import { uniqueAddress } from "../support/accounts";
import { enrolTotp, totpCode } from "../support/mfa";

type Jar = Map<string, string>;

function keep(jar: Jar, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const name = pair.slice(0, pair.indexOf("="));
    if (/expires=Thu, 01 Jan 1970|max-age=0/i.test(cookie)) jar.delete(name);
    else jar.set(name, pair);
  }
}
const cookieOf = (jar: Jar) => [...jar.values()].join("; ");

async function post(jar: Jar, fn: typeof loginAction, path: string, form: Record<string, string>, userAgent = "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0") {
  const request = await makeRequest(path, { form, cookie: cookieOf(jar), headers: { "X-Forwarded-For": uniqueAddress(), "User-Agent": userAgent } });
  const response = await callRoute(fn, request);
  keep(jar, response);
  return response;
}

async function passwordStep(jar: Jar, username: string) {
  return post(jar, loginAction, "/login", { username, password: TEST_PASSWORD, redirectTo: "/profile" });
}

describe("sign-in with an authenticator", () => {
  it("asks for the code after the password; the pending cookie opens nothing; the code signs in once", async () => {
    const user = await createUser();
    const { secret } = enrolTotp(user.id);
    const jar: Jar = new Map();
    const first = await passwordStep(jar, user.username);
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/login/two-factor");
    expect(jar.has("__session")).toBe(false);
    expect(jar.has("__signin")).toBe(true);
    expect(getDb().select().from(sessions).where(eq(sessions.userId, user.id)).all()).toHaveLength(0);

    // Half signed in: no page lets it in.
    const dashboard = await callRoute(dashboardLoader, await makeRequest("/dashboard", { cookie: cookieOf(jar) }));
    expect(dashboard.headers.get("Location")).toMatch(/^\/login\?/);
    expect((await callRoute(twoFactorLoader, await makeRequest("/login/two-factor", { cookie: cookieOf(jar) }))).status).toBe(200);

    const wrong = await post(jar, twoFactorAction, "/login/two-factor", { code: "000000" });
    expect(wrong.status).toBe(401);
    expect(jar.has("__session")).toBe(false);

    const pendingJar = new Map(jar);
    const right = await post(jar, twoFactorAction, "/login/two-factor", { code: totpCode(secret) });
    expect(right.headers.get("Location")).toBe("/profile");
    expect(jar.has("__session")).toBe(true);
    expect(jar.has("__signin")).toBe(false);
    const signedIn = await getSession(await makeRequest("/", { cookie: cookieOf(jar) }));
    expect(signedIn?.user.id).toBe(user.id);
    expect(signedIn?.session.mfaAt).not.toBeNull();

    // The same pending sign-in cannot be finished twice.
    const again = await post(pendingJar, twoFactorAction, "/login/two-factor", { code: totpCode(secret, Date.now() + 30_000) });
    expect(again.headers.get("Location")).toBe("/login");
    expect(pendingJar.has("__session")).toBe(false);
  });

  it("the pending sign-in expires after 5 minutes", async () => {
    const user = await createUser();
    enrolTotp(user.id);
    const jar: Jar = new Map();
    await passwordStep(jar, user.username);
    getDb()
      .update(authChallenges)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(and(eq(authChallenges.userId, user.id), eq(authChallenges.purpose, "mfa-sign-in")))
      .run();
    const expired = await callRoute(twoFactorLoader, await makeRequest("/login/two-factor", { cookie: cookieOf(jar) }));
    expect(expired.headers.get("Location")).toBe("/login");
    expect(PENDING_SIGN_IN_MS).toBe(5 * 60 * 1000);
  });

  it("an owner may trust this browser for 30 days; a clerk may not", async () => {
    const owner = await createUser();
    const ownerTotp = enrolTotp(owner.id);
    const jar: Jar = new Map();
    await passwordStep(jar, owner.username);
    await post(jar, twoFactorAction, "/login/two-factor", { code: totpCode(ownerTotp.secret), rememberDevice: "on" });
    jar.delete("__session");
    const trusted = await passwordStep(jar, owner.username);
    expect(trusted.headers.get("Location")).toBe("/profile");
    expect(jar.has("__session")).toBe(true);

    const clerk = await createUser({ role: "clerk" });
    const clerkTotp = enrolTotp(clerk.id);
    const clerkJar: Jar = new Map();
    await passwordStep(clerkJar, clerk.username);
    await post(clerkJar, twoFactorAction, "/login/two-factor", { code: totpCode(clerkTotp.secret), rememberDevice: "on" });
    clerkJar.delete("__session");
    const asked = await passwordStep(clerkJar, clerk.username);
    expect(asked.headers.get("Location")).toBe("/login/two-factor");
  });

  it("tells the owner of a sign-in from a browser the account has not used before", async () => {
    const user = await createUser();
    const jar: Jar = new Map();
    await passwordStep(jar, user.username);
    const notices = () => getDb().select().from(outbox).where(and(eq(outbox.userId, user.id), eq(outbox.kind, "security-new-device"))).all();
    expect(notices()).toHaveLength(0); // the first browser of an account is not news
    jar.delete("__session");
    await passwordStep(jar, user.username);
    expect(notices()).toHaveLength(0); // nor the same one again
    const other: Jar = new Map();
    await post(other, loginAction, "/login", { username: user.username, password: TEST_PASSWORD }, "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1");
    const [notice] = notices();
    expect(notice.subject).toBe("New sign-in to your account");
    expect(notice.text).toContain("Safari on iOS");
  });
});
