/**
 * /claim/{id}: the page's loader and action (guards, every validation message of spec section 5,
 * success, wrong code, not claimable, not found), the race, and the wrong-code lockout.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { claimAttempts } from "~/db/schema";
import { CLAIM_LOCKOUT, claimBusiness, codesMatch } from "~/models/claim.server";
import * as claimPage from "~/routes/claim.$id/route";
import { createBusiness, createUser, getBusiness, makeRequest } from "../support/factories";
import { claimRequest, fixtureFile, readFlashedToast, run, uploadedFiles } from "../support/claim-requests";

const load = (id: number | string, user: { id: number } | null) =>
  makeRequest(`/claim/${id}`, { user }).then((r) => run(claimPage.loader, r, { id: String(id) }));

const submit = async (id: number, user: { id: number } | null, fields: Parameters<typeof claimRequest>[2] = {}) =>
  run(claimPage.action, await claimRequest(`/claim/${id}`, user, fields), { id: String(id) });

type Result = { result: { status?: string; error?: Record<string, string[] | null> } };
const errorsOf = async (response: Response) => ((await response.json()) as Result).result.error ?? {};

describe("GET /claim/{id}", () => {
  it("sends a signed-out visitor to the login page with 'Authentication Required'", async () => {
    const business = createBusiness();
    const response = await load(business.id, null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent(`/claim/${business.id}`)}`);
    expect(await readFlashedToast(response)).toMatchObject({
      title: "Authentication Required",
      description: "Please log in to claim a business",
    });
    // The login page it lands on, in Spanish, says it in Spanish.
    const again = await load(business.id, null);
    expect(await readFlashedToast(again, "es")).toMatchObject({ title: "Debe iniciar sesión", description: "Inicie sesión para reclamar un negocio" });
  });

  it("shows the business name and document number, never its code", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await load(business.id, user);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toEqual({
      business: { id: business.id, name: business.name, documentNumber: business.documentNumber },
      lockedMessage: null,
    });
    expect(JSON.stringify(body)).not.toContain("7654321");
  });

  it("answers 404 for a missing business or a malformed id", async () => {
    const user = await createUser();
    for (const id of ["999999", "abc", "0", "-3", "1.5"]) {
      const response = await load(id, user);
      expect(response.status, id).toBe(404);
      expect(await response.json()).toEqual({ message: "We couldn't find the business you're trying to claim" });
    }
  });

  it("redirects to the business page, with 'Business Already Claimed' when someone else holds it", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const claimed = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });

    const forOther = await load(claimed.id, other);
    expect(forOther.status).toBe(302);
    expect(forOther.headers.get("Location")).toBe(`/business/${claimed.id}`);
    expect(await readFlashedToast(forOther)).toMatchObject({
      title: "Business Already Claimed",
      description: "This business has already been claimed by someone else.",
      variant: "destructive",
    });

    const forOwner = await load(claimed.id, owner);
    expect(forOwner.headers.get("Location")).toBe(`/business/${claimed.id}`);
    expect(await readFlashedToast(forOwner)).toBeNull();

    const notClaimable = createBusiness({ canBeClaimed: false });
    const response = await load(notClaimable.id, other);
    expect(response.headers.get("Location")).toBe(`/business/${notClaimable.id}`);
    expect(await readFlashedToast(response)).toBeNull();
  });
});

describe("POST /claim/{id}", () => {
  it("claims with the right code: owner, counts, claimed date, no longer claimable, success toast", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const before = Date.now();
    const response = await submit(business.id, user, { employeeCount: "3", vehicleCount: "2", verificationCode: "7654321" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/business/${business.id}`);
    expect(await readFlashedToast(response)).toMatchObject({
      title: "Business Claimed Successfully",
      description: "You can now manage this business and pay business taxes.",
    });
    const row = getBusiness(business.id)!;
    expect(row).toMatchObject({ isClaimed: true, canBeClaimed: false, ownerId: user.id, employeeCount: 3, vehicleCount: 2 });
    expect(row.driversLicenseUrl).toBeNull();
    expect(row.claimedAt!.getTime()).toBeGreaterThanOrEqual(before - 5);
  });

  it("signed out: redirect to login, nothing changes", async () => {
    const business = createBusiness();
    const response = await submit(business.id, null);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  it.each([
    ["employeeCount", { employeeCount: "-1" }, "Employee count must be a positive number or zero"],
    ["employeeCount", { employeeCount: "1.5" }, "Employee count must be a positive number or zero"],
    ["employeeCount", { employeeCount: "many" }, "Employee count must be a positive number or zero"],
    ["employeeCount", { employeeCount: "" }, "Employee count must be a positive number or zero"],
    ["vehicleCount", { vehicleCount: "-2" }, "Vehicle count must be a positive number or zero"],
    ["vehicleCount", { vehicleCount: "2.25" }, "Vehicle count must be a positive number or zero"],
    ["verificationCode", { verificationCode: "123456" }, "Verification code must be 7 digits"],
    ["verificationCode", { verificationCode: "12345678" }, "Verification code must be 7 digits"],
    ["verificationCode", { verificationCode: "" }, "Verification code must be 7 digits"],
    ["verificationCode", { verificationCode: "12345a7" }, "Verification code must only contain digits"],
    ["driversLicenseFile", { driversLicenseFile: "not-a-file" }, "Driver's license must be a file"],
    [
      "driversLicenseFile",
      { driversLicenseFile: fixtureFile("not-an-image.png", "license.png", "image/png") },
      "File must be an image (JPEG, PNG, or GIF)",
    ],
  ] as const)("%s %j → '%s' (400, nothing changes)", async (field, fields, message) => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await submit(business.id, user, fields);
    expect(response.status).toBe(400);
    const errors = await errorsOf(response);
    expect(errors[field]).toContain(message);
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, canBeClaimed: true, ownerId: null });
  });

  it("a wrong code is a field error, records an attempt and changes nothing", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const filesBefore = uploadedFiles().length;
    const response = await submit(business.id, user, {
      verificationCode: "1111111",
      driversLicenseFile: fixtureFile("license.png", "license.png", "image/png"),
    });
    expect(response.status).toBe(400);
    const errors = await errorsOf(response);
    expect(errors.verificationCode).toEqual(["Failed to claim business. Please check your verification code and try again."]);
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, canBeClaimed: true, ownerId: null, employeeCount: null });
    expect(uploadedFiles().length).toBe(filesBefore);
    const attempts = getDb().select().from(claimAttempts).where(eq(claimAttempts.businessId, business.id)).all();
    expect(attempts).toHaveLength(1);
  });

  it("an already-claimed business: 'Business Already Claimed' redirect, the owner stays", async () => {
    const [owner, other] = [await createUser(), await createUser()];
    const business = createBusiness();
    expect((await submit(business.id, owner)).status).toBe(302);
    const response = await submit(business.id, other);
    expect(response.headers.get("Location")).toBe(`/business/${business.id}`);
    expect(await readFlashedToast(response)).toMatchObject({ title: "Business Already Claimed" });
    expect(getBusiness(business.id)!.ownerId).toBe(owner.id);
  });

  it("a missing business is a 404", async () => {
    const user = await createUser();
    const response = await submit(987654, user);
    expect(response.status).toBe(404);
  });
});

describe("no race", () => {
  it("20 simultaneous correct claims by 20 users: exactly one owner, the others get 'Business Already Claimed'", async () => {
    const business = createBusiness();
    const users = await Promise.all(Array.from({ length: 20 }, () => createUser()));
    const requests = await Promise.all(users.map((u) => claimRequest(`/claim/${business.id}`, u)));
    const responses = await Promise.all(requests.map((r) => run(claimPage.action, r, { id: String(business.id) })));
    const toasts = await Promise.all(responses.map((response) => readFlashedToast(response)));
    const winners = toasts.filter((t) => t?.title === "Business Claimed Successfully");
    const losers = toasts.filter((t) => t?.title === "Business Already Claimed");
    expect(winners).toHaveLength(1);
    expect(losers).toHaveLength(19);
    const winner = users[toasts.findIndex((t) => t?.title === "Business Claimed Successfully")];
    expect(getBusiness(business.id)!.ownerId).toBe(winner.id);
  });

  it("the guarded UPDATE refuses a second claim even when called directly", async () => {
    const business = createBusiness();
    const [a, b] = [await createUser(), await createUser()];
    const claim = (userId: number) =>
      claimBusiness({ businessId: business.id, userId, employeeCount: 0, vehicleCount: 0, verificationCode: "7654321" });
    expect(claim(a.id)).toMatchObject({ ok: true });
    expect(claim(b.id)).toMatchObject({ ok: false, reason: "already_claimed", ownedByYou: false });
    expect(claim(a.id)).toMatchObject({ ok: false, reason: "already_claimed", ownedByYou: true });
    expect(getBusiness(business.id)!.ownerId).toBe(a.id);
  });

  it("compares codes in constant time and only equal codes match", () => {
    expect(codesMatch("7654321", "7654321")).toBe(true);
    expect(codesMatch("7654321", "7654320")).toBe(false);
    expect(codesMatch("7654321", "765432")).toBe(false);
    expect(codesMatch(null, "7654321")).toBe(false);
  });
});

describe("wrong-code lockout", () => {
  it("after 5 wrong codes for one business by one user within an hour: 429 with a clear message, even for the right code", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    for (let i = 0; i < CLAIM_LOCKOUT.maxWrongCodes; i++) {
      const response = await submit(business.id, user, { verificationCode: `000000${i}` });
      expect(response.status).toBe(400);
    }
    const locked = await submit(business.id, user, { verificationCode: "7654321" });
    expect(locked.status).toBe(429);
    const errors = await errorsOf(locked);
    expect(errors[""]?.[0]).toMatch(/^Too many incorrect verification codes for this business\. .*locked for (60|59) minutes/);
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, ownerId: null });

    // The page says so before another code is typed.
    const page = await load(business.id, user);
    expect(((await page.json()) as { lockedMessage: string }).lockedMessage).toMatch(/^Too many incorrect verification codes/);

    // Another user is not locked out by someone else's guesses.
    const other = await createUser();
    expect((await submit(business.id, other, { verificationCode: "7654321" })).status).toBe(302);
    expect(getBusiness(business.id)!.ownerId).toBe(other.id);
  });

  it("the lock lifts once the wrong codes are more than an hour old", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const start = new Date(Date.now() - CLAIM_LOCKOUT.windowMs - 60_000);
    const input = { businessId: business.id, userId: user.id, employeeCount: 1, vehicleCount: 1 };
    for (let i = 0; i < 5; i++) {
      expect(claimBusiness({ ...input, verificationCode: "0000000" }, start)).toMatchObject({ reason: "wrong_code" });
    }
    expect(claimBusiness({ ...input, verificationCode: "7654321" }, new Date(start.getTime() + 1000))).toMatchObject({
      reason: "locked",
    });
    expect(claimBusiness({ ...input, verificationCode: "7654321" })).toMatchObject({ ok: true });
  });
});
