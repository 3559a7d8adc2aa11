/**
 * Licence uploads: the 5 MB limit while streaming (a 50 MB body is refused with flat memory),
 * types from magic numbers (a PNG renamed .gif is fine, a text file renamed .png is not),
 * no file left behind by a failed claim, and the owner/admin-only licence route.
 */
import v8 from "node:v8";
import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { MAX_LICENSE_BYTES } from "~/lib/schemas/claim";
import * as claimApi from "~/routes/api.businesses.$id.claim";
import * as claimPage from "~/routes/claim.$id/route";
import * as licenseRoute from "~/routes/resources.licenses.$businessId";
import { sniffImageType } from "~/services/uploads.server";
import { createBusiness, createUser, getBusiness, makeRequest, sessionCookieFor } from "../support/factories";
import { claimRequest, fixtureBytes, fixtureFile, run, uploadedFiles } from "../support/claim-requests";

v8.setFlagsFromString("--expose_gc");
const gc = vm.runInNewContext("gc") as () => void;

const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MB = 1024 * 1024;

const apiClaim = async (id: number, user: { id: number } | null, fields: Parameters<typeof claimRequest>[2] = {}) =>
  run(claimApi.action, await claimRequest(`/api/businesses/${id}/claim`, user, fields), { id: String(id) });

const pageClaim = async (id: number, user: { id: number } | null, fields: Parameters<typeof claimRequest>[2] = {}) =>
  run(claimPage.action, await claimRequest(`/claim/${id}`, user, fields), { id: String(id) });

const getLicense = async (businessId: number, user: { id: number } | null) =>
  run(licenseRoute.loader, await makeRequest(`/resources/licenses/${businessId}`, { user }), {
    businessId: String(businessId),
  });

/** A PNG-looking file of `size` bytes (PNG magic, then filler). */
function bigPng(size: number, name = "big.png") {
  const bytes = new Uint8Array(size).fill(0x61);
  bytes.set(PNG_MAGIC);
  return new File([bytes], name, { type: "image/png" });
}

/**
 * A multipart claim body of `fileBytes` that is generated while it is read: the test never holds
 * it. Every chunk is a fresh buffer, so a server that kept the chunks would show in memory.
 */
function streamedClaim(fileBytes: number, onProgress: (pulled: number) => void) {
  const boundary = "----claim-stream-test-boundary-7f3a";
  const enc = new TextEncoder();
  const field = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = enc.encode(
    field("employeeCount", "0") +
      field("vehicleCount", "0") +
      field("verificationCode", "7654321") +
      `--${boundary}\r\nContent-Disposition: form-data; name="driversLicenseFile"; filename="huge.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const state = { pulled: 0, cancelled: false, finished: false };
  let sentHead = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!sentHead) {
          sentHead = true;
          controller.enqueue(head);
          return;
        }
        if (state.pulled < fileBytes) {
          const chunk = new Uint8Array(Math.min(64 * 1024, fileBytes - state.pulled)).fill(0x61);
          if (state.pulled === 0) chunk.set(PNG_MAGIC);
          state.pulled += chunk.byteLength;
          onProgress(state.pulled);
          controller.enqueue(chunk);
          return;
        }
        state.finished = true;
        controller.enqueue(tail);
        controller.close();
      },
      cancel() {
        state.cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { body, boundary, state };
}

describe("file type from the first bytes", () => {
  it("recognises JPEG, PNG and GIF magic numbers and nothing else", () => {
    expect(sniffImageType(fixtureBytes("license.png"))?.mime).toBe("image/png");
    expect(sniffImageType(fixtureBytes("license.jpg"))?.mime).toBe("image/jpeg");
    expect(sniffImageType(fixtureBytes("license.gif"))?.mime).toBe("image/gif");
    expect(sniffImageType(fixtureBytes("not-an-image.png"))).toBeNull();
    expect(sniffImageType(new Uint8Array([0x89, 0x50]))).toBeNull();
  });

  it("a PNG renamed .gif (and claimed as image/gif) is accepted: stored and served as the PNG it is", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await apiClaim(business.id, user, {
      driversLicenseFile: fixtureFile("license.png", "license.gif", "image/gif"),
    });
    expect(response.status).toBe(200);
    const key = getBusiness(business.id)!.driversLicenseUrl!;
    expect(key).toMatch(/^[a-f0-9]{32}\.png$/);
    expect(uploadedFiles()).toContain(key);

    const served = await getLicense(business.id, user);
    expect(served.status).toBe(200);
    expect(served.headers.get("Content-Type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer())).toEqual(fixtureBytes("license.png"));
  });

  it.each([
    ["license.jpg", "image/jpeg", "jpg"],
    ["license.gif", "image/gif", "gif"],
  ])("accepts %s", async (fixture, type, ext) => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await pageClaim(business.id, user, { driversLicenseFile: fixtureFile(fixture, fixture, type) });
    expect(response.status).toBe(302);
    expect(getBusiness(business.id)!.driversLicenseUrl).toMatch(new RegExp(`^[a-f0-9]{32}\\.${ext}$`));
  });

  it("a text file renamed .png (claimed as image/png) is refused and not kept", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const before = uploadedFiles();
    const response = await apiClaim(business.id, user, {
      driversLicenseFile: fixtureFile("not-an-image.png", "license.png", "image/png"),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: { fieldErrors: { driversLicenseFile: ["File must be an image (JPEG, PNG, or GIF)"] } },
    });
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, driversLicenseUrl: null });
    expect(uploadedFiles()).toEqual(before);
  });
});

describe("the 5 MB limit", () => {
  it("a 6 MB file: 413 'File size must be less than 5MB' (API and page), nothing changes, no file kept", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const before = uploadedFiles();
    const api = await apiClaim(business.id, user, { driversLicenseFile: bigPng(6 * MB) });
    expect(api.status).toBe(413);
    expect(await api.json()).toEqual({
      error: {
        message: "File size must be less than 5MB",
        fieldErrors: { driversLicenseFile: ["File size must be less than 5MB"] },
      },
    });
    const page = await pageClaim(business.id, user, { driversLicenseFile: bigPng(6 * MB) });
    expect(page.status).toBe(413);
    expect(await page.json()).toMatchObject({
      result: { error: { driversLicenseFile: ["File size must be less than 5MB"] } },
    });
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false, ownerId: null });
    expect(uploadedFiles()).toEqual(before);
  });

  it("a file of exactly 5 MB is accepted", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const response = await apiClaim(business.id, user, { driversLicenseFile: bigPng(MAX_LICENSE_BYTES) });
    expect(response.status).toBe(200);
    expect(getBusiness(business.id)!.driversLicenseUrl).toMatch(/\.png$/);
  });

  it("a 50 MB streamed body is refused with 413 while memory stays flat, and is cut off", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const before = uploadedFiles();
    gc();
    const baseline = process.memoryUsage();
    const samples: { arrayBuffers: number; rss: number }[] = [];
    let nextSample = 2 * MB;
    const { body, boundary, state } = streamedClaim(50 * MB, (pulled) => {
      if (pulled < nextSample) return;
      nextSample += 2 * MB;
      gc();
      const { arrayBuffers, rss } = process.memoryUsage();
      samples.push({ arrayBuffers, rss });
    });
    const request = new Request(`http://localhost:3000/api/businesses/${business.id}/claim`, {
      method: "POST",
      headers: {
        Cookie: await sessionCookieFor(user.id),
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
      },
      body,
      duplex: "half",
    } as RequestInit);

    const response = await run(claimApi.action, request, { id: String(business.id) });
    expect(response.status).toBe(413);
    expect(await response.json()).toMatchObject({ error: { message: "File size must be less than 5MB" } });
    const pulledAtAnswer = state.pulled;
    expect(pulledAtAnswer).toBeLessThan(6 * MB);

    // The rest is drained in the background (so a browser still sending gets the answer), then cut off.
    for (let i = 0; i < 200 && !state.cancelled && !state.finished; i++) await new Promise((r) => setTimeout(r, 25));
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(30 * MB);

    gc();
    const after = process.memoryUsage();
    const peakArrayBuffers = Math.max(...samples.map((s) => s.arrayBuffers));
    const peakRss = Math.max(...samples.map((s) => s.rss));
    expect(samples.length).toBeGreaterThan(5);
    expect(peakArrayBuffers - baseline.arrayBuffers).toBeLessThan(12 * MB);
    expect(after.arrayBuffers - baseline.arrayBuffers).toBeLessThan(4 * MB);
    expect(peakRss - baseline.rss).toBeLessThan(40 * MB);
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false });
    expect(uploadedFiles()).toEqual(before);
  });

  it("a Content-Length over the limit is refused before the body is read", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const { body, boundary, state } = streamedClaim(50 * MB, () => undefined);
    const request = new Request(`http://localhost:3000/api/businesses/${business.id}/claim`, {
      method: "POST",
      headers: {
        Cookie: await sessionCookieFor(user.id),
        "Content-Type": `multipart/form-data; boundary=${boundary}`,
        "Content-Length": String(50 * MB),
      },
      body,
      duplex: "half",
    } as RequestInit);
    const response = await run(claimApi.action, request, { id: String(business.id) });
    expect(response.status).toBe(413);
    for (let i = 0; i < 200 && !state.cancelled && !state.finished; i++) await new Promise((r) => setTimeout(r, 25));
    expect(state.cancelled).toBe(true);
    expect(getBusiness(business.id)).toMatchObject({ isClaimed: false });
  });
});

describe("a failed claim leaves no file behind", () => {
  it("invalid counts with a valid image: 400 and the image is deleted", async () => {
    const [user, business] = [await createUser(), createBusiness()];
    const before = uploadedFiles();
    const response = await pageClaim(business.id, user, {
      employeeCount: "-4",
      driversLicenseFile: fixtureFile("license.png", "license.png", "image/png"),
    });
    expect(response.status).toBe(400);
    expect(uploadedFiles()).toEqual(before);
  });

  it("five simultaneous claims with images: one owner, and only the owner's file remains", async () => {
    const business = createBusiness();
    const before = uploadedFiles();
    const users = await Promise.all(Array.from({ length: 5 }, () => createUser()));
    const responses = await Promise.all(
      users.map((u) => apiClaim(business.id, u, { driversLicenseFile: fixtureFile("license.png", "l.png", "image/png") })),
    );
    expect(responses.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409]);
    const key = getBusiness(business.id)!.driversLicenseUrl!;
    expect(uploadedFiles().filter((f) => !before.includes(f))).toEqual([key]);
  });
});

describe("GET /resources/licenses/{businessId}", () => {
  async function claimedWithLicense() {
    const [owner, business] = [await createUser(), createBusiness()];
    const response = await apiClaim(business.id, owner, {
      driversLicenseFile: fixtureFile("license.jpg", "my licence.jpg", "image/jpeg"),
    });
    expect(response.status).toBe(200);
    return { owner, business };
  }

  it("serves the owner the file with its type, a download name and nosniff", async () => {
    const { owner, business } = await claimedWithLicense();
    const response = await getLicense(business.id, owner);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("image/jpeg");
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("Content-Disposition")).toBe(
      `inline; filename="drivers-license-business-${business.id}.jpg"`,
    );
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fixtureBytes("license.jpg"));
  });

  it("serves an admin", async () => {
    const { business } = await claimedWithLicense();
    const admin = await createUser({ isAdmin: true });
    const response = await getLicense(business.id, admin);
    expect(response.status).toBe(200);
    expect(Buffer.from(await response.arrayBuffer())).toEqual(fixtureBytes("license.jpg"));
  });

  it("refuses a stranger (403) and sends a signed-out visitor to login", async () => {
    const { business } = await claimedWithLicense();
    const stranger = await createUser();
    const forbidden = await getLicense(business.id, stranger);
    expect(forbidden.status).toBe(403);
    expect(forbidden.headers.get("Content-Type")).not.toMatch(/^image\//);

    const anonymous = await getLicense(business.id, null);
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login\?redirectTo=%2Fresources%2Flicenses%2F/);
  });

  it("404 when there is no licence, no business, or the file is gone", async () => {
    const [owner, business] = [await createUser(), createBusiness()];
    expect((await apiClaim(business.id, owner)).status).toBe(200);
    expect((await getLicense(business.id, owner)).status).toBe(404);
    const admin = await createUser({ isAdmin: true });
    expect((await getLicense(987654, admin)).status).toBe(404);

    const { owner: o2, business: b2 } = await claimedWithLicense();
    const { discardUpload } = await import("~/services/uploads.server");
    await discardUpload(getBusiness(b2.id)!.driversLicenseUrl);
    expect((await getLicense(b2.id, o2)).status).toBe(404);
  });
});
