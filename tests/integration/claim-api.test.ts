/**
 * The claim JSON endpoints: POST /api/businesses/{id}/claim (401/404/409/400/429/200, never a
 * code or licence path), GET /api/user/businesses, GET /api/businesses/claimed.
 */
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { payments } from "~/db/schema";
import * as claimApi from "~/routes/api.businesses.$id.claim";
import * as claimedApi from "~/routes/api.businesses.claimed";
import * as userBusinessesApi from "~/routes/api.user.businesses";
import * as exportBusinesses from "~/routes/api.user.export.businesses";
import * as dashboard from "~/routes/dashboard";
import { createBusiness, createReceipt, createUser, getBusiness, makeRequest } from "../support/factories";
import { claimRequest, fixtureFile, run } from "../support/claim-requests";

const claim = async (id: number | string, user: { id: number } | null, fields: Parameters<typeof claimRequest>[2] = {}) =>
  run(claimApi.action, await claimRequest(`/api/businesses/${id}/claim`, user, fields), { id: String(id) });

const get = async (mod: { loader: (args: never) => unknown }, path: string, user: { id: number } | null) =>
  run(mod.loader, await makeRequest(path, { user }));

describe("POST /api/businesses/{id}/claim", () => {
  it("answers the claimed business (id included), without its code or licence path", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await claim(business.id, user, {
      employeeCount: "5",
      vehicleCount: "1",
      driversLicenseFile: fixtureFile("license.png", "license.png", "image/png"),
    });
    expect(response.status).toBe(200);
    const text = await response.text();
    const body = JSON.parse(text);
    expect(body).toMatchObject({
      id: business.id,
      name: business.name,
      isClaimed: true,
      canBeClaimed: false,
      ownerId: user.id,
      employeeCount: 5,
      vehicleCount: 1,
      hasDriversLicense: true,
    });
    expect(body).not.toHaveProperty("verificationCode");
    expect(body).not.toHaveProperty("driversLicenseUrl");
    expect(text).not.toContain("7654321");
    expect(text).not.toContain(getBusiness(business.id)!.driversLicenseUrl!);
  });

  it("401 when signed out", async () => {
    const business = createBusiness();
    const response = await claim(business.id, null);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: "Authentication required" } });
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  it("404 for a missing business or a malformed id", async () => {
    const user = await createUser();
    expect((await claim(987654, user)).status).toBe(404);
    expect((await claim("abc", user)).status).toBe(404);
  });

  it("409 when already claimed", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const business = createBusiness();
    expect((await claim(business.id, owner)).status).toBe(200);
    const response = await claim(business.id, other);
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ error: { message: "This business has already been claimed by someone else." } });
    expect(getBusiness(business.id)!.ownerId).toBe(owner.id);
  });

  it("400 with fieldErrors for invalid input", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await claim(business.id, user, { employeeCount: "-1", vehicleCount: "x", verificationCode: "12a" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "Please correct the errors in the claim form.",
        fieldErrors: {
          employeeCount: ["Employee count must be a positive number or zero"],
          vehicleCount: ["Vehicle count must be a positive number or zero"],
          verificationCode: ["Verification code must be 7 digits", "Verification code must only contain digits"],
        },
      },
    });
  });

  it("400 with a verificationCode field error for a wrong code", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await claim(business.id, user, { verificationCode: "7654320" });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: {
        message: "Failed to claim business. Please check your verification code and try again.",
        fieldErrors: { verificationCode: ["Failed to claim business. Please check your verification code and try again."] },
      },
    });
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  it("400 for a body that is not multipart", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const request = await makeRequest(`/api/businesses/${business.id}/claim`, {
      user,
      json: { employeeCount: 0, vehicleCount: 0, verificationCode: "7654321" },
    });
    const response = await run(claimApi.action, request, { id: String(business.id) });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: { message: "Expected a multipart/form-data body" } });
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  it("429 with Retry-After after 5 wrong codes within an hour", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    for (let i = 0; i < 5; i++) expect((await claim(business.id, user, { verificationCode: "1111111" })).status).toBe(400);
    const response = await claim(business.id, user, { verificationCode: "7654321" });
    expect(response.status).toBe(429);
    expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(3500);
    const body = (await response.json()) as { error: { message: string } };
    expect(body.error.message).toMatch(/Too many incorrect verification codes for this business/);
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  it("GET is 405 (and 401 first when signed out)", async () => {
    const user = await createUser();
    expect((await run(claimApi.loader, await makeRequest("/api/businesses/1/claim", { user }), { id: "1" })).status).toBe(405);
    expect((await run(claimApi.loader, await makeRequest("/api/businesses/1/claim"), { id: "1" })).status).toBe(401);
  });
});

describe("GET /api/user/businesses", () => {
  it("401 when signed out", async () => {
    expect((await get(userBusinessesApi, "/api/user/businesses", null)).status).toBe(401);
  });

  it("lists only the user's own businesses, never a code", async () => {
    const [user, other] = [await createUser(), await createUser()];
    const mine = createBusiness({ name: "AAA Mine LLC", isClaimed: true, canBeClaimed: false, ownerId: user.id });
    createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: other.id });
    createBusiness();
    const response = await get(userBusinessesApi, "/api/user/businesses", user);
    expect(response.status).toBe(200);
    const text = await response.text();
    const list = JSON.parse(text) as { id: number }[];
    expect(list.map((b) => b.id)).toEqual([mine.id]);
    expect(text).not.toContain("verificationCode");
    expect(text).not.toContain("7654321");

    const empty = await get(userBusinessesApi, "/api/user/businesses", await createUser());
    expect(await empty.json()).toEqual([]);
  });
});

describe("the user's businesses: one list for the API, the dashboard and its export", () => {
  it("owned businesses plus those the user paid for, in the same order everywhere, with no one else's private fields", async () => {
    const [user, newOwner] = [await createUser(), await createUser()];
    const owned = createBusiness({ name: "ZZZ Owned LLC", isClaimed: true, canBeClaimed: false, ownerId: user.id, claimedAt: new Date("2025-01-01") });
    // Paid for by the user once, owned by someone else now (the spec's 'Claim First' row).
    const paidOnly = createBusiness({
      name: "AAA Paid Once LLC",
      isClaimed: true,
      canBeClaimed: false,
      ownerId: newOwner.id,
      claimedAt: new Date("2025-06-01"),
      subscriptionStatus: "active",
      renewalNotice: "someone else's notice",
    });
    // This fiscal year's receipt, bought by the user before the business changed hands.
    createReceipt(paidOnly.id, { userId: user.id, amount: 10000 });
    createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: newOwner.id });

    const api = (await (await get(userBusinessesApi, "/api/user/businesses", user)).json()) as Record<string, unknown>[];
    const page = await (await run(dashboard.loader, await makeRequest("/dashboard", { user }))).json();
    const csv = await (await run(exportBusinesses.loader, await makeRequest("/api/user/export/businesses", { user }))).text();

    // Oldest claim first, then name: the dashboard's order (the API used to sort by name and drop paidOnly).
    expect(api.map((b) => b.id)).toEqual([owned.id, paidOnly.id]);
    expect(page.businesses.map((b: { id: number }) => b.id)).toEqual([owned.id, paidOnly.id]);
    expect(csv.split("\r\n").filter((line) => /^\d/.test(line)).map((line) => Number(line.split(",")[0]))).toEqual([owned.id, paidOnly.id]);

    expect(api[0]).toMatchObject({ ownedByYou: true, ownerId: user.id, taxState: "pay" });
    expect(api[1]).toMatchObject({ ownedByYou: false, ownerId: null, taxState: "paid", subscriptionStatus: null, renewalNotice: null, hasDriversLicense: false });
    expect(JSON.stringify(api)).not.toContain(`"ownerId":${newOwner.id}`);
    expect(JSON.stringify(api)).not.toContain("someone else's notice");
  });
});

describe("GET /api/businesses/claimed", () => {
  it("401 when signed out", async () => {
    expect((await get(claimedApi, "/api/businesses/claimed", null)).status).toBe(401);
  });

  it("lists the user's claimed businesses with BTR and subscription state", async () => {
    const user = await createUser();
    const unpaid = createBusiness({ name: "A Unpaid LLC", isClaimed: true, canBeClaimed: false, ownerId: user.id });
    const renewal = new Date(Date.UTC(2027, 9, 1));
    const paid = createBusiness({
      name: "B Paid LLC",
      isClaimed: true,
      canBeClaimed: false,
      ownerId: user.id,
      hasPaidBTR: true,
      subscriptionStatus: "active",
      autoRenew: true,
      renewalDate: renewal,
      stripeSubscriptionId: "sub_secret_123",
    });
    getDb()
      .insert(payments)
      .values({
        userId: user.id,
        businessId: paid.id,
        amount: 13500,
        description: "Business Tax Receipt",
        stripePaymentId: `pi_test_${paid.id}`,
        fiscalYear: "2026-2027",
        taxYear: 2027,
        taxCents: 13500,
      })
      .run();
    createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: (await createUser()).id });

    const response = await get(claimedApi, "/api/businesses/claimed", user);
    expect(response.status).toBe(200);
    const text = await response.text();
    const list = JSON.parse(text);
    expect(list).toHaveLength(2);
    expect(list[0]).toMatchObject({
      id: unpaid.id,
      btr: { paid: false, lastPayment: null },
      subscription: { status: null, active: false, autoRenew: false, renewalDate: null, notice: null },
    });
    expect(list[1]).toMatchObject({
      id: paid.id,
      btr: { paid: true, lastPayment: { amount: 13500, fiscalYear: "2026-2027" } },
      subscription: { status: "active", active: true, autoRenew: true, renewalDate: renewal.toISOString() },
    });
    expect(text).not.toContain("7654321");
    expect(text).not.toContain("sub_secret_123");
  });
});
