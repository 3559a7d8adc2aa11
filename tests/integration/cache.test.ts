/**
 * The one invalidation rule of app/utils/cache.server.ts: a claim, a payment and an import each
 * start over exactly the cached answers derived from what they change, and SEARCH_CACHE=off
 * turns both caches off.
 */
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { searchBusinesses } from "~/models/business-search.server";
import { claimBusiness } from "~/models/claim.server";
import { recordConfirmedPayment } from "~/models/payment.server";
import { cachedPage, cacheEnabled, registryVersion, rememberPage } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import { createBusiness, createUser, unique } from "../support/factories";

const version = () => registryVersion(getDb().$client);

afterEach(() => {
  delete process.env.SEARCH_CACHE;
});

describe("each write invalidates exactly what it changes", () => {
  it("a claim updates the business row: the version moves and the cached answer is recomputed", async () => {
    const t = unique("claim");
    const business = createBusiness({ name: `Pelican ${t} Tools LLC`, verificationCode: "1234567" });
    const user = await createUser();
    const before = searchBusinesses({ name: `pelican ${t}` });
    expect(searchBusinesses({ name: `pelican ${t}` })).toBe(before);
    const v0 = version();
    const outcome = claimBusiness({ businessId: business.id, userId: user.id, employeeCount: 1, vehicleCount: 0, verificationCode: "1234567" });
    expect(outcome.ok).toBe(true);
    expect(version()).toBeGreaterThan(v0);
    const after = searchBusinesses({ name: `pelican ${t}` });
    expect(after).not.toBe(before);
    expect(after.businesses[0]?.isClaimed).toBe(true);
  });

  it("a payment marks the business paid (a row change: bump); a repeated report of it changes nothing and keeps the cache", async () => {
    const t = unique("pay");
    const user = await createUser();
    const business = createBusiness({ name: `Egret ${t} Bakery LLC`, isClaimed: true, ownerId: user.id });
    const confirmed = {
      paymentIntentId: `pi_${t}`,
      businessId: business.id,
      userId: user.id,
      // The fee of a business without counts, for this fiscal year's receipt.
      amount: 10000,
      currency: "usd",
      description: "Business Tax Receipt",
      receiptUrl: null,
      fiscalYear: null,
      chargedAt: null,
    };
    const cached = searchBusinesses({ name: `egret ${t}` });
    const v0 = version();
    expect((await recordConfirmedPayment(confirmed)).created).toBe(true);
    const v1 = version();
    expect(v1).toBeGreaterThan(v0);
    const fresh = searchBusinesses({ name: `egret ${t}` });
    expect(fresh).not.toBe(cached);

    // The same payment reported again (browser and webhook both report it): no business row changes.
    expect((await recordConfirmedPayment(confirmed)).created).toBe(false);
    expect(version()).toBe(v1);
    expect(searchBusinesses({ name: `egret ${t}` })).toBe(fresh);
  });

  it("an import writing business rows with plain SQL from another connection starts the answers over", () => {
    const t = unique("imp");
    const business = createBusiness({ name: `Heron ${t} Marine LLC` });
    const before = searchBusinesses({ name: `heron ${t}` });
    expect(searchBusinesses({ name: `heron ${t}` })).toBe(before);
    const importer = new Database(getEnv().DATABASE_PATH);
    importer.prepare("UPDATE businesses SET name = ? WHERE id = ?").run(`Heron ${t} Marine Holdings LLC`, business.id);
    importer.close();
    expect(searchBusinesses({ name: `heron ${t}` }).businesses.map((b) => b.name)).toEqual([`Heron ${t} Marine Holdings LLC`]);
  });

  it("a write that touches no business row (a user) keeps every cached answer", async () => {
    const t = unique("user");
    createBusiness({ name: `Ibis ${t} Cafe LLC` });
    const cached = searchBusinesses({ name: `ibis ${t}` });
    const v0 = version();
    await createUser();
    expect(version()).toBe(v0);
    expect(searchBusinesses({ name: `ibis ${t}` })).toBe(cached);
  });
});

describe("SEARCH_CACHE=off", () => {
  it("computes every answer afresh", () => {
    const t = unique("off");
    createBusiness({ name: `Tern ${t} Supply LLC` });
    expect(cacheEnabled()).toBe(true);
    process.env.SEARCH_CACHE = "off";
    expect(cacheEnabled()).toBe(false);
    const first = searchBusinesses({ name: `tern ${t}` });
    const second = searchBusinesses({ name: `tern ${t}` });
    expect(second).not.toBe(first);
    expect(second).toEqual(first);
  });

  it("neither keeps nor serves pages", async () => {
    const key = `test /off ${unique("k")}`;
    const nonce = "NONCE";
    const remember = async () => {
      const stream = rememberPage(key, nonce, () => false);
      stream.end(Buffer.from(`<p nonce="${nonce}">hi</p>`));
      for await (const chunk of stream) void chunk;
    };
    process.env.SEARCH_CACHE = "off";
    await remember();
    expect(cachedPage(key, "n2")).toBeNull();
    delete process.env.SEARCH_CACHE;
    expect(cachedPage(key, "n2")).toBeNull(); // nothing was kept while off
    await remember();
    expect(Buffer.from(cachedPage(key, "n2")!).toString()).toBe(`<p nonce="n2">hi</p>`);
    process.env.SEARCH_CACHE = "off";
    expect(cachedPage(key, "n3")).toBeNull(); // nor served
  });
});
