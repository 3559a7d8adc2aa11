/**
 * Claiming a business, with JavaScript on and off (both projects share one database, so the
 * demo business 1 with code 1234567 is claimed in js-off only; everything else uses fresh rows
 * whose code is 7654321).
 */
import fs from "node:fs";
import path from "node:path";
import { getDb } from "~/db/client.server";
import { claimAttempts } from "~/db/schema";
import { createBusiness, createUser, getBusiness } from "../support/factories";
import { expect, expectToast, test } from "./fixtures";

const fixture = (name: string) => path.resolve("tests/fixtures", name);
const DEMO_BUSINESS = { id: 1, code: "1234567", name: "Pembroke Park Demo Bakery LLC" };

test.describe("claim a business", () => {
  test("claims with the code and a small PNG, then sees the claimed state", async ({ page, loginAs, jsEnabled }) => {
    // The demo business is claimed once, by the js-off project; js-on claims a fresh one.
    const business = jsEnabled
      ? { ...createBusiness(), code: "7654321" }
      : { ...getBusiness(DEMO_BUSINESS.id)!, code: DEMO_BUSINESS.code };
    const user = await createUser();
    await loginAs(user);

    await page.goto(`/claim/${business.id}`);
    await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
    await expect(page.getByText(business.documentNumber)).toBeVisible();
    await expect(page.getByText(/you certify that you are the owner or an authorized representative/)).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back to Business" })).toHaveAttribute("href", `/business/${business.id}`);
    await expect(page.getByLabel("Number of Employees")).toHaveValue("0");
    await expect(page.getByLabel("Number of Vehicles")).toHaveValue("0");

    await page.getByLabel("Number of Employees").fill("3");
    await page.getByLabel("Number of Vehicles").fill("2");
    await page.getByRole("textbox", { name: "Verification Code" }).fill(business.code);
    await page.getByLabel("Driver's License (optional)").setInputFiles(fixture("license.png"));
    await page.getByRole("button", { name: "Claim Business" }).click();

    await expect(page).toHaveURL(`/business/${business.id}`);
    await expectToast(page, "Business Claimed Successfully");
    await expect(page.getByTestId("toaster")).toContainText("You can now manage this business and pay business taxes.");
    // The claimed state on the business page, and as stored.
    await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
    await expect(page.getByTestId("status-card")).toContainText("Claimed");
    await expect(page.getByTestId("claim-card")).toContainText("You have claimed this business.");
    await expect(page.getByTestId("claim-card").getByRole("link", { name: "Claim This Business" })).toHaveCount(0);
    await expect(page.getByTestId("pay-card").getByRole("link", { name: "Pay Business Tax" })).toHaveAttribute(
      "href",
      `/payment/${business.id}`,
    );
    expect(getBusiness(business.id)).toMatchObject({
      isClaimed: true,
      canBeClaimed: false,
      ownerId: user.id,
      employeeCount: 3,
      vehicleCount: 2,
    });

    // The owner can fetch the licence; it comes back as the PNG it is.
    const licence = await page.request.get(`/resources/licenses/${business.id}`);
    expect(licence.status()).toBe(200);
    expect(licence.headers()["content-type"]).toBe("image/png");
    expect(licence.headers()["x-content-type-options"]).toBe("nosniff");

    // Coming back to the claim page now leads to the business page.
    await page.goto(`/claim/${business.id}`);
    await expect(page).toHaveURL(`/business/${business.id}`);
  });

  test("a wrong code shows the field error and changes nothing", async ({ page, loginAs }) => {
    const business = createBusiness();
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    await page.getByRole("textbox", { name: "Verification Code" }).fill("1111111");
    await page.getByRole("button", { name: "Claim Business" }).click();
    await expect(
      page.getByText("Failed to claim business. Please check your verification code and try again."),
    ).toBeVisible();
    await expect(page).toHaveURL(`/claim/${business.id}`);
    await expect(page.getByRole("textbox", { name: "Verification Code" })).toHaveAttribute("aria-invalid", "true");
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, ownerId: null });
  });

  test("the spec's messages for bad input (in the browser with JS, from the server without)", async ({ page, loginAs }) => {
    const business = createBusiness();
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    await page.getByLabel("Number of Employees").fill("-1");
    await page.getByRole("textbox", { name: "Verification Code" }).fill("12345a7");
    await page.getByRole("button", { name: "Claim Business" }).click();
    await expect(page.getByText("Employee count must be a positive number or zero")).toBeVisible();
    await expect(page.getByText("Verification code must only contain digits")).toBeVisible();
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  test("a text file named .png is refused as not an image", async ({ page, loginAs }) => {
    const business = createBusiness();
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    await page.getByRole("textbox", { name: "Verification Code" }).fill("7654321");
    await page.getByLabel("Driver's License (optional)").setInputFiles(fixture("not-an-image.png"));
    await page.getByRole("button", { name: "Claim Business" }).click();
    await expect(page.getByText("File must be an image (JPEG, PNG, or GIF)")).toBeVisible();
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  test("a 6 MB file is refused with 'File size must be less than 5MB'", async ({ page, loginAs }) => {
    const business = createBusiness();
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    const big = Buffer.alloc(6 * 1024 * 1024, 0x61);
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(big);
    await page.getByRole("textbox", { name: "Verification Code" }).fill("7654321");
    await page.getByLabel("Driver's License (optional)").setInputFiles({ name: "big.png", mimeType: "image/png", buffer: big });
    await page.getByRole("button", { name: "Claim Business" }).click();
    await expect(page.getByText("File size must be less than 5MB")).toBeVisible();
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  test("after 5 wrong codes the claim is locked, even for the right code", async ({ page, loginAs }) => {
    const [user, business] = [await createUser(), createBusiness()];
    const now = Date.now();
    getDb()
      .insert(claimAttempts)
      .values(Array.from({ length: 5 }, (_, i) => ({ userId: user.id, businessId: business.id, createdAt: new Date(now - i * 1000) })))
      .run();
    await loginAs(user);
    await page.goto(`/claim/${business.id}`);
    await expect(page.getByRole("alert").filter({ hasText: "Too many incorrect verification codes" })).toBeVisible();
    await page.getByRole("textbox", { name: "Verification Code" }).fill("7654321");
    await page.getByRole("button", { name: "Claim Business" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Too many incorrect verification codes" })).toBeVisible();
    await expect(page).toHaveURL(`/claim/${business.id}`);
    expect(getBusiness(business.id)!.isClaimed).toBe(false);
  });

  test("an already-claimed business sends the visitor to its page with 'Business Already Claimed'", async ({ page, loginAs }) => {
    const owner = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    await expect(page).toHaveURL(`/business/${business.id}`);
    await expectToast(page, "Business Already Claimed");
    await expect(page.getByTestId("toaster")).toContainText("This business has already been claimed by someone else.");
  });

  test("signed out: redirected to login with 'Authentication Required', and back after signing in", async ({ page, loginAs }) => {
    const business = createBusiness();
    await page.goto(`/claim/${business.id}`);
    await expect(page).toHaveURL(`/login?redirectTo=${encodeURIComponent(`/claim/${business.id}`)}`);
    await expectToast(page, "Authentication Required");
    await expect(page.getByTestId("toaster")).toContainText("Please log in to claim a business");

    // The login form belongs to the accounts pages: sign in with a session, then follow redirectTo.
    const redirectTo = new URL(page.url()).searchParams.get("redirectTo")!;
    await loginAs(await createUser());
    await page.goto(redirectTo);
    await expect(page).toHaveURL(`/claim/${business.id}`);
    await expect(page.getByRole("heading", { level: 1, name: business.name })).toBeVisible();
  });

  test("a missing business shows the not-found message with a way back to search", async ({ page, loginAs }) => {
    await loginAs(await createUser());
    const response = await page.goto("/claim/99999999");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("We couldn't find the business you're trying to claim")).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Search" })).toHaveAttribute("href", "/search");
  });

  test("the copy button copies the code @js-only", async ({ page, loginAs, context, baseURL }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
    const business = createBusiness();
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    // Nothing typed yet: nothing to copy.
    await page.getByRole("button", { name: "Copy verification code" }).click();
    await expectToast(page, "Failed to copy");
    await page.getByRole("textbox", { name: "Verification Code" }).fill("7654321");
    await page.getByRole("button", { name: "Copy verification code" }).click();
    await expectToast(page, "Copied!");
    await expect(page.getByTestId("toaster")).toContainText("Verification code copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe("7654321");
  });

  test("without JavaScript there is no copy button, the code field is a plain input", async ({ page, loginAs, jsEnabled }) => {
    test.skip(jsEnabled, "JS-off behaviour");
    const business = createBusiness();
    await loginAs(await createUser());
    await page.goto(`/claim/${business.id}`);
    await expect(page.getByRole("textbox", { name: "Verification Code" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Copy verification code" })).toHaveCount(0);
  });

  test("the JSON endpoints through the real server: claim, my businesses, claimed list", async ({ page, loginAs }) => {
    const business = createBusiness();
    const anonymous = await page.request.post(`/api/businesses/${business.id}/claim`, {
      multipart: { employeeCount: "1", vehicleCount: "0", verificationCode: "7654321" },
    });
    expect(anonymous.status()).toBe(401);

    const user = await createUser();
    await loginAs(user);
    const wrong = await page.request.post(`/api/businesses/${business.id}/claim`, {
      multipart: { employeeCount: "1", vehicleCount: "0", verificationCode: "7654320" },
    });
    expect(wrong.status()).toBe(400);

    const claimed = await page.request.post(`/api/businesses/${business.id}/claim`, {
      multipart: {
        employeeCount: "1",
        vehicleCount: "0",
        verificationCode: "7654321",
        driversLicenseFile: { name: "licence.gif", mimeType: "image/gif", buffer: fs.readFileSync(fixture("license.gif")) },
      },
    });
    expect(claimed.status()).toBe(200);
    const body = await claimed.text();
    expect(JSON.parse(body)).toMatchObject({ id: business.id, isClaimed: true, ownerId: user.id, hasDriversLicense: true });
    expect(body).not.toContain("7654321");

    const again = await page.request.post(`/api/businesses/${business.id}/claim`, {
      multipart: { employeeCount: "1", vehicleCount: "0", verificationCode: "7654321" },
    });
    expect(again.status()).toBe(409);

    const mine = await page.request.get("/api/user/businesses");
    expect(mine.status()).toBe(200);
    expect(((await mine.json()) as { id: number }[]).map((b) => b.id)).toEqual([business.id]);

    const list = await page.request.get("/api/businesses/claimed");
    expect(list.status()).toBe(200);
    expect(await list.json()).toMatchObject([{ id: business.id, btr: { paid: false }, subscription: { active: false } }]);

    const licence = await page.request.get(`/resources/licenses/${business.id}`);
    expect(licence.headers()["content-type"]).toBe("image/gif");
  });
});
