import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { businesses, claimAttempts, payments, sessions, users } from "~/db/schema";
import { action, loader } from "~/routes/profile";
import { getEnv } from "~/utils/env.server";
import { verifyPassword } from "~/models/password.server";
import { getUser } from "~/utils/session.server";
import { callRoute, createBusiness, createUser, getBusiness, makeRequest, sessionCookieFor, TEST_PASSWORD } from "../support/factories";
import { flashedToast, sessionSetCookie } from "../support/accounts";

const asUser = (cookie: string) => new Request("http://localhost:3000/", { headers: { Cookie: cookie } });

async function postAs(cookie: string, form: Record<string, string>) {
  return callRoute(action, await makeRequest("/profile", { cookie, form }));
}

async function result(response: Response) {
  return (await response.json()) as {
    intent: string;
    result: { error?: Record<string, string[]>; initialValue?: Record<string, unknown> };
  };
}

describe("/profile access", () => {
  it("sends visitors to /login with redirectTo and 'Authentication Required'", async () => {
    const response = await callRoute(loader, await makeRequest("/profile?tab=password"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/profile?tab=password")}`);
    expect((await flashedToast(response))?.title).toBe("Authentication Required");
    const post = await callRoute(action, await makeRequest("/profile", { form: { intent: "profile", email: "x@example.com" } }));
    expect(post.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  });

  it("shows the requested tab, profile by default, and never the hash", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    for (const [query, tab] of [["", "profile"], ["?tab=password", "password"], ["?tab=delete", "delete"], ["?tab=nope", "profile"]]) {
      const data = (await (await callRoute(loader, await makeRequest(`/profile${query}`, { cookie }))).json()) as {
        tab: string;
        user: Record<string, unknown>;
      };
      expect(data.tab).toBe(tab);
      expect(data.user.id).toBe(user.id);
      expect(data.user).not.toHaveProperty("passwordHash");
    }
  });
});

describe("profile form", () => {
  it("saves names and email, then shows 'Profile Updated'", async () => {
    const user = await createUser();
    const response = await postAs(await sessionCookieFor(user.id), {
      intent: "profile",
      firstName: " Rosa ",
      lastName: "",
      email: "Rosa.New@Example.com",
    });
    expect(response.headers.get("Location")).toBe("/profile?tab=profile");
    expect((await flashedToast(response))?.title).toBe("Profile Updated");
    const row = getDb().select().from(users).where(eq(users.id, user.id)).get()!;
    expect(row).toMatchObject({ firstName: "Rosa", lastName: null, email: "rosa.new@example.com" });
  });

  it("rejects an invalid email with the spec's message", async () => {
    const user = await createUser();
    const response = await postAs(await sessionCookieFor(user.id), { intent: "profile", email: "nope" });
    expect(response.status).toBe(400);
    const data = await result(response);
    expect(data.intent).toBe("profile");
    expect(data.result.error?.email).toEqual(["Please enter a valid email address"]);
    expect(getDb().select().from(users).where(eq(users.id, user.id)).get()!.email).toBe(user.email);
  });

  it("refuses another account's email with a field error and 'Update Failed'", async () => {
    const user = await createUser();
    const other = await createUser();
    const response = await postAs(await sessionCookieFor(user.id), { intent: "profile", email: other.email.toUpperCase() });
    expect(response.status).toBe(400);
    const data = await result(response);
    expect(data.result.error?.email).toEqual(["An account with this email already exists"]);
    expect(await flashedToast(response)).toEqual({
      title: "Update Failed",
      description: "Failed to update profile. Please try again later",
      variant: "destructive",
    });
  });

  it("keeping one's own email is fine", async () => {
    const user = await createUser();
    const response = await postAs(await sessionCookieFor(user.id), { intent: "profile", firstName: "Same", email: user.email });
    expect(response.status).toBe(302);
  });

  it("an unknown intent is a 400", async () => {
    const user = await createUser();
    expect((await postAs(await sessionCookieFor(user.id), { intent: "explode" })).status).toBe(400);
  });
});

describe("password form", () => {
  it.each([
    [{ currentPassword: "" }, "currentPassword", "Current password is required"],
    [{ newPassword: "12345", confirmPassword: "12345" }, "newPassword", "Password must be at least 6 characters"],
    [{ confirmPassword: "" }, "confirmPassword", "Please confirm your new password"],
    [{ confirmPassword: "another-one" }, "confirmPassword", "Passwords do not match"],
  ])("rejects %o with the message on %s", async (overrides, field, message) => {
    const user = await createUser();
    const response = await postAs(await sessionCookieFor(user.id), {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-pass",
      confirmPassword: "brand-new-pass",
      ...overrides,
    });
    expect(response.status).toBe(400);
    const data = await result(response);
    expect(data.result.error?.[field]).toContain(message);
    expect(data.result.initialValue).not.toHaveProperty("currentPassword");
    expect(data.result.initialValue).not.toHaveProperty("newPassword");
  });

  it("a wrong current password: 'Update Failed' and nothing changes", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const other = await sessionCookieFor(user.id);
    const response = await postAs(cookie, {
      intent: "password",
      currentPassword: "not-my-password",
      newPassword: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(response.status).toBe(400);
    const data = await result(response);
    expect(await flashedToast(response)).toEqual({
      title: "Update Failed",
      description: "Failed to update password. Please check your current password",
      variant: "destructive",
    });
    expect(data.result.error?.currentPassword).toEqual(["Failed to update password. Please check your current password"]);
    const row = getDb().select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(true);
    expect((await getUser(asUser(other)))?.id).toBe(user.id);
  });

  it("changes the password and ends the user's other sessions, keeping this one", async () => {
    const user = await createUser();
    const bystander = await createUser();
    const bystanderCookie = await sessionCookieFor(bystander.id);
    const cookie = await sessionCookieFor(user.id);
    const otherDevice = await sessionCookieFor(user.id, true);
    const response = await postAs(cookie, {
      intent: "password",
      currentPassword: TEST_PASSWORD,
      newPassword: "brand-new-pass",
      confirmPassword: "brand-new-pass",
    });
    expect(response.headers.get("Location")).toBe("/profile?tab=password");
    expect((await flashedToast(response))?.title).toBe("Password Updated");
    expect(await getUser(asUser(otherDevice))).toBeNull();
    expect((await getUser(asUser(cookie)))?.id).toBe(user.id);
    expect((await getUser(asUser(bystanderCookie)))?.id).toBe(bystander.id);
    const row = getDb().select().from(users).where(eq(users.id, user.id)).get()!;
    expect(await verifyPassword("brand-new-pass", row.passwordHash)).toBe(true);
    expect(await verifyPassword(TEST_PASSWORD, row.passwordHash)).toBe(false);
  });
});

describe("delete account", () => {
  it("requires the password", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    let response = await postAs(cookie, { intent: "delete", password: "" });
    expect(response.status).toBe(400);
    expect((await result(response)).result.error?.password).toEqual(["Password is required"]);
    response = await postAs(cookie, { intent: "delete", password: "wrong-password" });
    expect(response.status).toBe(400);
    expect((await result(response)).result.error?.password).toEqual(["Incorrect password"]);
    expect(getDb().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
  });

  it("deletes the user and sessions, keeps payments detached, releases claimed businesses", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const otherDevice = await sessionCookieFor(user.id, true);
    const licenceKey = `licences/${user.id}-licence.png`;
    const licenceFile = path.join(getEnv().UPLOADS_DIR, licenceKey);
    fs.mkdirSync(path.dirname(licenceFile), { recursive: true });
    fs.writeFileSync(licenceFile, "png");
    const claimed = createBusiness({
      isClaimed: true,
      canBeClaimed: false,
      ownerId: user.id,
      hasPaidBTR: true,
      employeeCount: 3,
      vehicleCount: 1,
      driversLicenseUrl: licenceKey,
      claimedAt: new Date(),
      // A cancelled subscription's leftovers are cleared (a live one blocks deletion, below).
      stripeSubscriptionId: `sub_${user.id}_test`,
      subscriptionStatus: "canceled",
      autoRenew: false,
      renewalDate: new Date(Date.now() + 86_400_000),
      renewalNotice: "Card expiring",
    });
    const untouched = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: (await createUser()).id });
    getDb().insert(claimAttempts).values({ userId: user.id, businessId: untouched.id }).run();
    const payment = getDb()
      .insert(payments)
      .values({
        userId: user.id,
        businessId: claimed.id,
        amount: 12000,
        description: "Business Tax Receipt",
        stripePaymentId: `pi_delete_${user.id}`,
        fiscalYear: "2026-2027",
        taxYear: 2027,
        taxCents: 12000,
      })
      .returning()
      .get();

    const response = await postAs(cookie, { intent: "delete", password: TEST_PASSWORD });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/");
    expect(await flashedToast(response)).toMatchObject({ title: "Account deleted" });
    expect(sessionSetCookie(response)).toMatch(/Expires=Thu, 01 Jan 1970/);

    const db = getDb();
    expect(db.select().from(users).where(eq(users.id, user.id)).get()).toBeUndefined();
    expect(db.select().from(sessions).where(eq(sessions.userId, user.id)).all()).toEqual([]);
    expect(await getUser(asUser(otherDevice))).toBeNull();
    expect(db.select().from(claimAttempts).where(eq(claimAttempts.userId, user.id)).all()).toEqual([]);
    expect(db.select().from(payments).where(eq(payments.id, payment.id)).get()).toMatchObject({
      userId: null,
      amount: 12000,
      businessId: claimed.id,
    });
    expect(getBusiness(claimed.id)).toMatchObject({
      isClaimed: false,
      canBeClaimed: true,
      ownerId: null,
      claimedAt: null,
      employeeCount: null,
      vehicleCount: null,
      driversLicenseUrl: null,
      stripeSubscriptionId: null,
      subscriptionStatus: null,
      autoRenew: false,
      renewalDate: null,
      renewalNotice: null,
      hasPaidBTR: true,
    });
    expect(fs.existsSync(licenceFile)).toBe(false);
    expect(getBusiness(untouched.id)).toMatchObject({ isClaimed: true, ownerId: untouched.ownerId });
    expect(db.select().from(businesses).where(eq(businesses.ownerId, user.id)).all()).toEqual([]);
  });

  it("is refused while a claimed business still has a live subscription", async () => {
    const user = await createUser();
    const cookie = await sessionCookieFor(user.id);
    const business = createBusiness({
      isClaimed: true,
      canBeClaimed: false,
      ownerId: user.id,
      hasPaidBTR: true,
      stripeSubscriptionId: `sub_live_${user.id}`,
      subscriptionStatus: "active",
      autoRenew: true,
    });
    const response = await postAs(cookie, { intent: "delete", password: TEST_PASSWORD });
    expect(response.status).toBe(400);
    const data = (await response.json()) as { result: { error?: Record<string, string[]> }; renewing?: unknown };
    expect(data.result.error?.[""]).toEqual([
      `Cancel the auto-renewal subscription of ${business.name} before deleting your account.`,
    ]);
    expect(data.renewing).toEqual([{ id: business.id, name: business.name }]);
    expect(getDb().select().from(users).where(eq(users.id, user.id)).get()).toBeDefined();
    expect(getBusiness(business.id)).toMatchObject({ ownerId: user.id, stripeSubscriptionId: `sub_live_${user.id}` });
    expect((await getUser(asUser(cookie)))?.id).toBe(user.id);
  });
});
