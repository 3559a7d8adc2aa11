/**
 * The two caches behind fast public pages: search answers remembered while the registry is
 * unchanged, and whole pages shared by anonymous visitors. Both must never show stale or
 * someone else's data. Pages go through the production build (`npm run build`), as remix-serve
 * serves them.
 */
import path from "node:path";
import { pathToFileURL } from "node:url";
import Database from "better-sqlite3";
import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses } from "~/db/schema";
import { searchBusinesses } from "~/models/business-search.server";
import { registryVersion } from "~/utils/cache.server";
import { getEnv } from "~/utils/env.server";
import { createBusiness, createUser, sessionCookieFor, unique } from "../support/factories";

const names = (result: { businesses: { name: string }[] }) => result.businesses.map((b) => b.name);

describe("remembered search answers", () => {
  it("the registry version moves on every insert, update and delete of a business", () => {
    const client = getDb().$client;
    const v0 = registryVersion(client);
    const b = createBusiness();
    const v1 = registryVersion(client);
    getDb().update(businesses).set({ status: "INACTIVE" }).where(eq(businesses.id, b.id)).run();
    const v2 = registryVersion(client);
    getDb().delete(businesses).where(eq(businesses.id, b.id)).run();
    const v3 = registryVersion(client);
    expect([v1 > v0, v2 > v1, v3 > v2]).toEqual([true, true, true]);
  });

  it("answers a repeated search from memory until a business changes", () => {
    const t = unique("memo");
    createBusiness({ name: `Harbor ${t} Supply LLC` });
    const first = searchBusinesses({ name: `harbor ${t}` });
    expect(searchBusinesses({ name: `harbor ${t}` })).toBe(first); // the same remembered answer
    createBusiness({ name: `Harbor ${t} Marine Inc` });
    expect(names(searchBusinesses({ name: `harbor ${t}` })).sort()).toEqual([`Harbor ${t} Marine Inc`, `Harbor ${t} Supply LLC`]);
  });

  it("keeps pages of up to 10 only, so large API pages cannot fill the memory", () => {
    const t = unique("big");
    createBusiness({ name: `Ibis ${t} Books LLC` });
    expect(searchBusinesses({ name: `ibis ${t}`, limit: 10 })).toBe(searchBusinesses({ name: `ibis ${t}`, limit: 10 }));
    const large = searchBusinesses({ name: `ibis ${t}`, limit: 100 });
    expect(searchBusinesses({ name: `ibis ${t}`, limit: 100 })).not.toBe(large);
    expect(searchBusinesses({ name: `ibis ${t}`, limit: 100 })).toEqual(large);
  });

  it("sees changes made through another connection (another process)", () => {
    const t = unique("other");
    expect(searchBusinesses({ name: `kestrel ${t}` }).pagination.total).toBe(0);
    const other = new Database(getEnv().DATABASE_PATH);
    other
      .prepare(
        "INSERT INTO businesses (name, document_number, filing_type, status, verification_code) VALUES (?, ?, 'LLC', 'ACTIVE', '1234567')",
      )
      .run(`Kestrel ${t} Aviation LLC`, `L${Date.now()}`.slice(0, 12));
    other.close();
    expect(names(searchBusinesses({ name: `kestrel ${t}` }))).toEqual([`Kestrel ${t} Aviation LLC`]);
  });
});

describe("pages shared by anonymous visitors", () => {
  let handler: (request: Request) => Promise<Response>;
  beforeAll(async () => {
    const build = (await import(pathToFileURL(path.resolve("build/index.js")).href)) as ServerBuild;
    handler = createRequestHandler(build, "production");
  });
  const get = (url: string, headers: Record<string, string> = {}) =>
    handler(new Request(`http://localhost${url}`, { headers }));
  const nonceOf = (response: Response) => /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")![1];

  it("renders a search once, then serves the same page with the request's own nonce", async () => {
    const t = unique("pc");
    createBusiness({ name: `Osprey ${t} Insurance LLC` });
    const url = `/search?name=${encodeURIComponent(`osprey ${t}`)}`;
    const first = await get(url);
    const firstHtml = await first.text();
    const second = await get(url);
    const secondHtml = await second.text();
    expect([first.status, second.status]).toEqual([200, 200]);
    expect([first.headers.get("X-Page-Cache"), second.headers.get("X-Page-Cache")]).toEqual(["miss", "hit"]);
    expect(firstHtml).toContain(`Osprey ${t} Insurance LLC`);
    const [n1, n2] = [nonceOf(first), nonceOf(second)];
    expect(n1).not.toBe(n2);
    expect(secondHtml).toContain(`nonce="${n2}"`);
    expect(secondHtml).not.toContain(n1);
    expect(secondHtml.split(n2).join("NONCE")).toBe(firstHtml.split(n1).join("NONCE"));
  });

  it("renders again when a business on the page changes", async () => {
    const t = unique("pcchg");
    const b = createBusiness({ name: `Pelican ${t} Dental LLC`, status: "ACTIVE" });
    const url = `/business/${b.id}`;
    await (await get(url)).text();
    expect((await get(url)).headers.get("X-Page-Cache")).toBe("hit");
    getDb().update(businesses).set({ name: `Pelican ${t} Dental Group LLC` }).where(eq(businesses.id, b.id)).run();
    const after = await get(url);
    expect(after.headers.get("X-Page-Cache")).toBe("miss");
    expect(await after.text()).toContain(`Pelican ${t} Dental Group LLC`);
  });

  it("never shares a signed-in page, nor serves a shared page to a signed-in visitor", async () => {
    const user = await createUser({ firstName: "Zelda", lastName: unique("Pc") });
    const cookie = await sessionCookieFor(user.id);
    const url = `/search?name=${encodeURIComponent(unique("nobody"))}`;
    await (await get(url)).text(); // an anonymous page is now remembered for this URL
    const signedIn = await get(url, { Cookie: cookie });
    expect(signedIn.headers.get("X-Page-Cache")).toBeNull();
    expect(await signedIn.text()).toContain(user.lastName!);
    const anonymous = await get(url);
    expect(anonymous.headers.get("X-Page-Cache")).toBe("hit");
    expect(await anonymous.text()).not.toContain(user.lastName!);
  });

  it("leaves pages that did not opt in, and failed pages, alone", async () => {
    const help = await get("/help");
    await help.text();
    expect((await get("/help")).headers.get("X-Page-Cache")).toBeNull();
    const missing = await get("/business/999999999");
    expect(missing.status).toBe(404);
    await missing.text();
    expect((await get("/business/999999999")).headers.get("X-Page-Cache")).toBeNull();
  });
});
