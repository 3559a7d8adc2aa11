import type { LoaderFunctionArgs } from "@remix-run/node";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { businesses, payments, users, type User } from "~/db/schema";
import { parseCsv } from "~/lib/csv";
import { getAdminSummary } from "~/models/admin/summary.server";
import { loader as adminPage } from "~/routes/admin";
import { loader as apiBusinesses } from "~/routes/api.admin.businesses";
import { loader as apiClaimed } from "~/routes/api.admin.businesses.claimed";
import { loader as apiLicenses } from "~/routes/api.admin.drivers-licenses";
import { loader as apiPayments } from "~/routes/api.admin.payments";
import { loader as reportBusinesses } from "~/routes/api.admin.reports.businesses";
import { loader as reportPayments } from "~/routes/api.admin.reports.payments";
import { loader as apiUsers } from "~/routes/api.admin.users";
import { callRoute, createBusiness, createUser, holdsCurrentReceipt, makeRequest, unique } from "../support/factories";
import { createPayment } from "../support/reports";

type Loader = (args: LoaderFunctionArgs) => unknown;
/** Each endpoint, and who it is for: administrators only, or staff (administrators and clerks). */
const ENDPOINTS: [string, Loader, "admin" | "staff"][] = [
  ["/api/admin/users", apiUsers, "admin"],
  ["/api/admin/businesses", apiBusinesses, "staff"],
  ["/api/admin/businesses/claimed", apiClaimed, "staff"],
  ["/api/admin/payments", apiPayments, "staff"],
  ["/api/admin/drivers-licenses", apiLicenses, "admin"],
  ["/api/admin/reports/businesses", reportBusinesses, "staff"],
  ["/api/admin/reports/payments", reportPayments, "staff"],
];

let admin: User;
let clerk: User;
let user: User;
let owner: User;
const marker = unique("Zyxquorb");

beforeAll(async () => {
  admin = await createUser({ isAdmin: true, username: unique("admin_") });
  clerk = await createUser({ role: "clerk", username: unique("clerk_") });
  user = await createUser();
  owner = await createUser({ firstName: "Olive" });
  // 23 businesses: 20 plain, 3 claimed by `owner` (one with a licence, one paid with payments).
  for (let i = 0; i < 20; i++) createBusiness({ name: i === 7 ? `${marker} Marine Services LLC` : `Plain ${unique()} Holdings LLC` });
  createBusiness({ name: `=Claimed, "One" ${unique()} LLC`, isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date(Date.UTC(2026, 9, 3)), employeeCount: 3, vehicleCount: 0, driversLicenseUrl: "licenses/secret-storage-key.png" });
  createBusiness({ name: `Claimed Two ${unique()} Inc`, isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date(Date.UTC(2026, 9, 4)) });
  const paid = createBusiness({ name: `Paid Three ${unique()} LLC`, isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date(Date.UTC(2026, 9, 5)) });
  createPayment(owner.id, paid.id, { amount: 11500, createdAt: new Date(Date.UTC(2026, 9, 6)), fiscalYear: "2026-2027" });
  createPayment(owner.id, paid.id, { amount: 9900, createdAt: new Date(Date.UTC(2026, 8, 30, 23)), fiscalYear: "2025-2026", description: "+Renewal, late" });
  // Midnight in Pembroke Park on October 1, 2027: the first instant of the next fiscal year.
  createPayment(null, paid.id, { amount: 100, createdAt: new Date("2027-10-01T00:00:00-04:00"), fiscalYear: "2027-2028" });
});

async function get(loader: Loader, path: string, who: User | null = admin) {
  return callRoute(loader, await makeRequest(path, { user: who }));
}

describe("who may call the admin endpoints", () => {
  it.each(ENDPOINTS)("%s: 401 signed out, 403 for a user, 200 for an admin; a clerk as the role says (%s)", async (path, loader, role) => {
    const anonymous = await get(loader, path, null);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ error: { message: "Authentication required" } });
    const plain = await get(loader, path, user);
    expect(plain.status).toBe(403);
    expect(await plain.json()).toEqual({ error: { message: role === "admin" ? "Administrator access required" : "Staff access required" } });
    const ok = await get(loader, path, admin);
    expect(ok.status).toBe(200);
    await ok.arrayBuffer();
    const byClerk = await get(loader, path, clerk);
    expect(byClerk.status).toBe(role === "admin" ? 403 : 200);
    await byClerk.arrayBuffer();
  });

  it("/admin sends anyone but an admin to /", async () => {
    for (const who of [null, user]) {
      const response = await get(adminPage, "/admin", who);
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/");
    }
    expect((await get(adminPage, "/admin", admin)).status).toBe(200);
  });
});

describe("pagination", () => {
  it("defaults to page 1 of 10", async () => {
    const body = await (await get(apiBusinesses, "/api/admin/businesses")).json();
    expect(body.pagination).toEqual({ page: 1, limit: 10, total: 23, totalPages: 3 });
    expect(body.businesses).toHaveLength(10);
  });

  it("serves the last, partial page and clamps a page past the end to it", async () => {
    const last = await (await get(apiBusinesses, "/api/admin/businesses?page=3")).json();
    expect(last.pagination).toEqual({ page: 3, limit: 10, total: 23, totalPages: 3 });
    expect(last.businesses).toHaveLength(3);
    const beyond = await (await get(apiBusinesses, "/api/admin/businesses?page=99")).json();
    expect(beyond.pagination.page).toBe(3);
    expect(beyond.businesses.map((b: { id: number }) => b.id)).toEqual(last.businesses.map((b: { id: number }) => b.id));
  });

  it("accepts limit 1 and 100, and pages do not overlap", async () => {
    const one = await (await get(apiUsers, "/api/admin/users?limit=1&page=2")).json();
    expect(one.pagination).toEqual({ page: 2, limit: 1, total: 4, totalPages: 4 });
    expect(one.users).toHaveLength(1);
    const all = await (await get(apiBusinesses, "/api/admin/businesses?limit=100")).json();
    expect(all.businesses).toHaveLength(23);
    const ids = new Set<number>();
    for (const p of [1, 2, 3]) {
      const body = await (await get(apiBusinesses, `/api/admin/businesses?page=${p}`)).json();
      for (const b of body.businesses) ids.add(b.id);
    }
    expect(ids.size).toBe(23);
  });

  it.each(["page=0", "page=-1", "page=abc", "page=1.5", "limit=0", "limit=101", "limit=ten", "limit=1e2"])(
    "answers 400 to %s",
    async (query) => {
      for (const [path, loader] of ENDPOINTS.slice(0, 4)) {
        const response = await get(loader, `${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect((await response.json()).error.message).toMatch(/page|limit/);
      }
    },
  );

  it("an empty list has one empty page", async () => {
    const body = await (await get(apiBusinesses, `/api/admin/businesses?name=${unique("nothingmatches")}`)).json();
    expect(body).toEqual({ businesses: [], pagination: { page: 1, limit: 10, total: 0, totalPages: 1 }, totalIsCapped: false });
  });
});

describe("the lists", () => {
  it("users never carry password hashes", async () => {
    const response = await get(apiUsers, "/api/admin/users?limit=100");
    const text = await response.text();
    expect(text).not.toMatch(/passwordHash|password_hash|scrypt\$|stripeCustomerId/);
    const body = JSON.parse(text);
    expect(body.users.map((u: { id: number }) => u.id)).toEqual([admin.id, clerk.id, user.id, owner.id]);
    expect(body.users[0]).toEqual({
      id: admin.id, username: admin.username, email: admin.email, firstName: "Test", lastName: "User", isAdmin: true, role: "admin", createdAt: admin.createdAt.toISOString(),
    });
  });

  it("businesses search by name and by document number, as /search does", async () => {
    const byName = await (await get(apiBusinesses, `/api/admin/businesses?name=${marker}`)).json();
    expect(byName.businesses.map((b: { name: string }) => b.name)).toEqual([`${marker} Marine Services LLC`]);
    const doc = byName.businesses[0].documentNumber as string;
    const byDoc = await (await get(apiBusinesses, `/api/admin/businesses?doc=${doc.toLowerCase()}`)).json();
    expect(byDoc.businesses.map((b: { documentNumber: string }) => b.documentNumber)).toEqual([doc]);
    expect(JSON.stringify(byDoc)).not.toContain("verificationCode");
  });

  it("claimed businesses are only the claimed ones, with their owner", async () => {
    const body = await (await get(apiClaimed, "/api/admin/businesses/claimed")).json();
    expect(body.pagination.total).toBe(3);
    for (const b of body.businesses) expect(b).toMatchObject({ isClaimed: true, ownerId: owner.id, ownerUsername: owner.username });
    const searched = await (await get(apiClaimed, "/api/admin/businesses/claimed?name=claimed two")).json();
    expect(searched.businesses).toHaveLength(1);
    expect(searched.businesses[0].name).toMatch(/^Claimed Two/);
  });

  it("payments, newest first, amounts in cents, with payer and business", async () => {
    const body = await (await get(apiPayments, "/api/admin/payments")).json();
    expect(body.pagination.total).toBe(3);
    expect(body.payments.map((p: { amount: number }) => p.amount)).toEqual([100, 11500, 9900]);
    expect(body.payments[1]).toMatchObject({ userId: owner.id, username: owner.username, businessName: expect.stringMatching(/^Paid Three/) });
    expect(body.payments[0]).toMatchObject({ userId: null, username: null });
  });

  it("drivers-licenses lists the uploaded licence with the protected URL, never the storage key", async () => {
    const response = await get(apiLicenses, "/api/admin/drivers-licenses");
    const text = await response.text();
    expect(text).not.toContain("secret-storage-key");
    const rows = JSON.parse(text);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toEqual({
      id: expect.any(Number),
      businessName: expect.stringMatching(/^=Claimed, "One"/),
      documentNumber: expect.any(String),
      ownerId: owner.id,
      claimedDate: "2026-10-03T00:00:00.000Z",
      driversLicenseUrl: `/resources/licenses/${rows[0].id}`,
    });
  });
});

describe("summary", () => {
  it("counts businesses, claimed, paid and this fiscal year's revenue", () => {
    expect(getAdminSummary(new Date(Date.UTC(2026, 10, 21)))).toEqual({
      businesses: 23, claimed: 3, paid: 1, revenueCents: 11500, fiscalYear: "2026-2027",
    });
    expect(getAdminSummary(new Date(Date.UTC(2026, 8, 30))).revenueCents).toBe(9900);
  });
});

describe("CSV reports", () => {
  it("businesses.csv holds every business, in id order, matching the database", async () => {
    const response = await get(reportBusinesses, "/api/admin/reports/businesses");
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="businesses.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).not.toContain("7654321"); // verification codes stay private
    expect(text).not.toContain("secret-storage-key");
    const [header, ...rows] = parseCsv(text);
    expect(header[0]).toBe("ID");
    const db = getDb().select().from(businesses).orderBy(businesses.id).all();
    const owners = new Map(getDb().select().from(users).all().map((u) => [u.id, u.username]));
    expect(rows).toHaveLength(db.length);
    rows.forEach((row, i) => {
      const b = db[i];
      const name = /^[=+\-@]/.test(b.name) ? `'${b.name}` : b.name;
      expect(row.slice(0, 5)).toEqual([String(b.id), name, b.documentNumber, b.filingType, b.status]);
      expect(row[12]).toBe(b.isClaimed ? "Yes" : "No");
      expect(row[13]).toBe(holdsCurrentReceipt(b.id) ? "Yes" : "No");
      expect(row[14]).toBe(b.ownerId ? String(b.ownerId) : "");
      expect(row[15]).toBe(b.ownerId ? owners.get(b.ownerId) : "");
      expect(row[18]).toBe(b.claimedAt ? b.claimedAt.toISOString() : "");
    });
  });

  it("businesses.csv takes the businesses tab's name and document filters", async () => {
    const byName = parseCsv(await (await get(reportBusinesses, `/api/admin/reports/businesses?name=${marker}`)).text());
    expect(byName.slice(1).map((r) => r[1])).toEqual([`${marker} Marine Services LLC`]);
    const doc = byName[1][2];
    const byDoc = parseCsv(await (await get(reportBusinesses, `/api/admin/reports/businesses?doc=${doc}`)).text());
    expect(byDoc.slice(1).map((r) => r[2])).toEqual([doc]);
    const none = parseCsv(await (await get(reportBusinesses, `/api/admin/reports/businesses?name=${unique("nomatch")}`)).text());
    expect(none).toHaveLength(1);
    const punctuation = parseCsv(await (await get(reportBusinesses, `/api/admin/reports/businesses?name=${encodeURIComponent('"*')}`)).text());
    expect(punctuation).toHaveLength(1);
  });

  it("a HEAD request gets the download headers and no body", async () => {
    for (const [path, loader] of [["/api/admin/reports/businesses", reportBusinesses], ["/api/admin/reports/payments", reportPayments]] as const) {
      const response = await callRoute(loader, await makeRequest(path, { user: admin, method: "HEAD" }));
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Disposition")).toMatch(/^attachment; filename="(businesses|payments)\.csv"$/);
      expect(response.body).toBeNull();
    }
  });

  it("payments.csv holds every payment, oldest first, in dollars", async () => {
    const response = await get(reportPayments, "/api/admin/reports/payments");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="payments.csv"');
    const [header, ...rows] = parseCsv(await response.text());
    expect(header).toEqual([
      "Payment ID", "Date", "User ID", "Username", "Business ID", "Business Name", "Document Number", "Amount (USD)", "Currency", "Description", "Type", "Fiscal Year", "Stripe Payment ID",
    ]);
    const db = getDb().select().from(payments).all().sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id - b.id);
    expect(rows.map((r) => [r[0], r[1], r[2], r[7], r[9], r[12]])).toEqual(
      db.map((p) => [String(p.id), p.createdAt.toISOString(), p.userId ? String(p.userId) : "", (p.amount / 100).toFixed(2), p.description.startsWith("+") ? `'${p.description}` : p.description, p.stripePaymentId]),
    );
    expect(rows[0][3]).toBe(owner.username);
  });
});

describe("a registry larger than the search's count cap (runs last: it adds 10,001 rows)", () => {
  it("the plain businesses list counts and pages exactly; a broad search says it is capped", async () => {
    const client = getDb().$client;
    const insert = client.prepare("INSERT INTO businesses (name, document_number, filing_type, status, city) VALUES (?, ?, 'LLC', 'ACTIVE', 'Miami')");
    client.transaction(() => {
      for (let i = 0; i < 10_001; i++) insert.run(`Bulk Cap ${i} LLC`, `BULK${String(i).padStart(8, "0")}`);
    })();
    const total = 23 + 10_001;
    const first = await (await get(apiBusinesses, "/api/admin/businesses")).json();
    expect(first.pagination).toEqual({ page: 1, limit: 10, total, totalPages: Math.ceil(total / 10) });
    expect(first.totalIsCapped).toBe(false);
    const last = await (await get(apiBusinesses, `/api/admin/businesses?page=${Math.ceil(total / 10)}&limit=10`)).json();
    expect(last.businesses.map((b: { name: string }) => b.name)).toEqual(["Bulk Cap 9997 LLC", "Bulk Cap 9998 LLC", "Bulk Cap 9999 LLC", "Bulk Cap 10000 LLC"]);
    const broad = await (await get(apiBusinesses, "/api/admin/businesses?name=bulk")).json();
    expect(broad.totalIsCapped).toBe(true);
    expect(broad.pagination.total).toBe(10_000);
  });
});
