import { describe, expect, it } from "vitest";
import * as list from "~/routes/api.businesses";
import * as searchApi from "~/routes/api.businesses.search";
import * as detail from "~/routes/api.businesses.$id";
import * as businessPage from "~/routes/business.$id";
import * as searchPage from "~/routes/search";
import { cityFilter, readSearchFilters } from "~/lib/search-params";
import { callRoute, createBusiness, createUser, makeRequest, unique } from "../support/factories";

// Route loaders take Remix's LoaderFunctionArgs; callRoute passes the same fields.
type RouteFn = Parameters<typeof callRoute>[0];
const route = (fn: unknown) => fn as RouteFn;
const listLoader = route(list.loader);
const searchLoader = route(searchApi.loader);
const detailLoader = route(detail.loader);
const pageLoader = route(businessPage.loader);
const searchPageLoader = route(searchPage.loader);

const PRIVATE = ["verificationCode", "driversLicenseUrl", "ownerId", "stripeSubscriptionId", "renewalNotice", "subscriptionStatus"];

function expectNoPrivateFields(value: unknown) {
  const text = JSON.stringify(value);
  for (const key of PRIVATE) expect(text).not.toContain(`"${key}"`);
  expect(text).not.toContain("7654321");
  expect(text).not.toContain("licence-secret");
}

const t = unique("api");
const owner = await createUser();
const claimed = createBusiness({
  name: `${t} Claimed Towing LLC`,
  isClaimed: true,
  canBeClaimed: false,
  ownerId: owner.id,
  hasPaidBTR: true,
  employeeCount: 4,
  vehicleCount: 2,
  driversLicenseUrl: "licence-secret.png",
  stripeSubscriptionId: "sub_secret",
  subscriptionStatus: "active",
  autoRenew: true,
  renewalDate: new Date(Date.UTC(2027, 9, 1)),
});
for (let i = 0; i < 11; i++) createBusiness({ name: `${t} Shop ${i} Inc`, category: i === 0 ? "Retail" : null });

async function json(fn: Parameters<typeof callRoute>[0], path: string, params: Record<string, string> = {}, user?: { id: number }) {
  const response = await callRoute(fn, await makeRequest(path, { user }), params);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe("GET /api/businesses/search", () => {
  it("answers businesses and pagination with the card fields", async () => {
    const { status, body } = await json(searchLoader, `/api/businesses/search?q=${t}&limit=5&page=2`);
    expect(status).toBe(200);
    expect(body.pagination).toEqual({ page: 2, limit: 5, total: 12, totalPages: 3 });
    const businesses = body.businesses as Record<string, unknown>[];
    expect(businesses).toHaveLength(5);
    expect(Object.keys(businesses[0]).sort()).toEqual(
      [
        "address1",
        "address2",
        "canBeClaimed",
        "category",
        "city",
        "documentNumber",
        "filingType",
        "hasPaidBTR",
        "id",
        "isClaimed",
        "name",
        "registeredOn",
        "state",
        "status",
        "zip",
      ].sort(),
    );
    expectNoPrivateFields(body);
  });

  it("name, doc, city, type and status filter; page is clamped", async () => {
    const { body } = await json(
      searchLoader,
      `/api/businesses/search?name=${t}+claimed&doc=${claimed.documentNumber.toLowerCase()}&city=Pembroke+Park&type=LLC&status=active&page=9`,
    );
    expect((body.businesses as { id: number }[]).map((b) => b.id)).toEqual([claimed.id]);
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 1, totalPages: 1 });
    expectNoPrivateFields(body);
  });

  it("one paging policy: limit 1..100 and page from 1, anything else a 400 naming the parameter", async () => {
    const hundred = await json(searchLoader, `/api/businesses/search?name=${t}&limit=100`);
    expect(hundred.status).toBe(200);
    expect((hundred.body.pagination as { limit: number }).limit).toBe(100);
    // Refused, not silently cut to 100 (the admin API answers the same: tests/integration/admin.test.ts).
    for (const query of ["limit=101", "limit=5000", "page=0", "page=-1", "page=abc", "limit=0", "limit=1.5", "limit=x"]) {
      const { status, body } = await json(searchLoader, `/api/businesses/search?${query}`);
      expect(status, query).toBe(400);
      expect((body.error as { message: string }).message).toMatch(query.startsWith("page") ? /page/ : /limit/);
    }
    expect((await json(searchLoader, `/api/businesses/search?name=${t}&suggest=1&limit=101`)).status).toBe(400);
  });

  it("an over-long text filter is cut to 200 characters, as on /search, not refused", async () => {
    const long = await json(searchLoader, `/api/businesses/search?name=${t}${"x".repeat(300)}`);
    expect(long.status).toBe(200);
    const cut = await json(searchLoader, `/api/businesses/search?name=${t}${"x".repeat(200 - t.length)}`);
    expect(long.body).toEqual(cut.body);
    // The API's reading of a filter is the page's: the same 200 characters.
    expect(readSearchFilters(new URLSearchParams({ name: "y".repeat(300) })).name).toBe("y".repeat(200));
  });

  it('city "all" (any case) means no city filter, in the search API, the list API and /search', async () => {
    const all = await json(searchLoader, `/api/businesses/search?name=${t}&city=ALL`);
    const none = await json(searchLoader, `/api/businesses/search?name=${t}`);
    expect(all.body.pagination).toEqual(none.body.pagination);
    const listAll = await json(listLoader, "/api/businesses?city=All");
    const listNone = await json(listLoader, "/api/businesses");
    expect(listAll.body.pagination).toEqual(listNone.body.pagination);
    expect(readSearchFilters(new URLSearchParams({ city: " all " })).city).toBe("");
    expect(cityFilter("Pembroke Park")).toBe("Pembroke Park");
  });

  it("hostile text is a 200 with no results, never a 500", async () => {
    for (const q of ['"', "*", "NEAR(", "a OR b", "-x", "🙂", "x".repeat(200), "ᦀᦰᦁ", "a\u1cf2b"]) {
      const { status, body } = await json(searchLoader, `/api/businesses/search?name=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.pagination).toBeDefined();
    }
  });

  it("suggest=1 answers up to 5 {id, name, documentNumber, city}", async () => {
    const { status, body } = await json(searchLoader, `/api/businesses/search?name=${t}&suggest=1`);
    expect(status).toBe(200);
    const list = body.businesses as Record<string, unknown>[];
    expect(list).toHaveLength(5);
    expect(Object.keys(list[0]).sort()).toEqual(["city", "documentNumber", "id", "name"]);
    const byDoc = await json(searchLoader, `/api/businesses/search?doc=${claimed.documentNumber.slice(0, 6)}&suggest=1&limit=5`);
    expect((byDoc.body.businesses as unknown[]).length).toBeGreaterThanOrEqual(1);
  });
});

describe("GET /api/businesses", () => {
  it("lists with pagination, filters by city, never private fields", async () => {
    const { status, body } = await json(listLoader, "/api/businesses?page=1&limit=3");
    expect(status).toBe(200);
    expect(body.businesses).toHaveLength(3);
    expect(body.pagination).toMatchObject({ page: 1, limit: 3 });
    const miami = await json(listLoader, "/api/businesses?city=Nowhere");
    expect(miami.body.pagination).toEqual({ page: 1, limit: 10, total: 0, totalPages: 1 });
    expectNoPrivateFields(body);
    expect((await json(listLoader, "/api/businesses?limit=-3")).status).toBe(400);
  });
});

describe("GET /api/businesses/{id}", () => {
  it("answers the public business, 404 when missing, 400 when not a number", async () => {
    const { status, body } = await json(detailLoader, `/api/businesses/${claimed.id}`, { id: String(claimed.id) }, owner);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: claimed.id, name: claimed.name, isClaimed: true, hasPaidBTR: true, employeeCount: 4, vehicleCount: 2 });
    expectNoPrivateFields(body);
    expect((await json(detailLoader, "/api/businesses/99999999", { id: "99999999" })).status).toBe(404);
    for (const id of ["abc", "1.5", "-1", "0", "1e3"]) {
      const r = await json(detailLoader, `/api/businesses/${id}`, { id });
      expect(r.status, id).toBe(400);
      expect((r.body.error as { message: string }).message).toBeTruthy();
    }
  });
});

describe("page loaders", () => {
  it("/business/{id} computes ownership on the server and sends no private field", async () => {
    const asOwner = await json(pageLoader, `/business/${claimed.id}`, { id: String(claimed.id) }, owner);
    expect(asOwner.body.isOwner).toBe(true);
    expect(asOwner.body.subscription).toMatchObject({ businessId: claimed.id, status: "active", autoRenew: true });
    expectNoPrivateFields(asOwner.body);
    const other = await createUser();
    const asOther = await json(pageLoader, `/business/${claimed.id}`, { id: String(claimed.id) }, other);
    expect(asOther.body.isOwner).toBe(false);
    expect(asOther.body.subscription).toBeNull();
    expectNoPrivateFields(asOther.body);
  });

  it("/business/{id} is a 404 for missing and non-numeric ids", async () => {
    for (const id of ["99999999", "abc", "0", "1.5"]) {
      const response = await callRoute(pageLoader, await makeRequest(`/business/${id}`), { id });
      expect(response.status, id).toBe(404);
    }
  });

  it("/search tidies empty fields away and clamps the page", async () => {
    const tidy = await callRoute(searchPageLoader, await makeRequest(`/search?name=${t}&doc=&city=all&type=&status=`));
    expect(tidy.status).toBe(302);
    expect(tidy.headers.get("Location")).toBe(`/search?name=${t}`);
    const { body } = await json(searchPageLoader, `/search?q=${t}&page=999`);
    expect(body.pagination).toEqual({ page: 2, limit: 10, total: 12, totalPages: 2 });
    const junk = await json(searchPageLoader, `/search?name=${t}&page=abc`);
    expect((junk.body.pagination as { page: number }).page).toBe(1);
  });
});
