import { describe, expect, it } from "vitest";
import { CSV_BOM, parseCsv } from "~/lib/csv";
import { taxState } from "~/models/dashboard.server";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { loader as exportBusinesses } from "~/routes/api.user.export.businesses";
import { loader as exportPayments } from "~/routes/api.user.export.payments";
import { callRoute, createBusiness, createUser, makeRequest, unique } from "../support/factories";
import { createPayment } from "../support/reports";

/** An owner with a paid business, an unpaid claimed one, and a stranger with their own rows. */
async function scenario() {
  const owner = await createUser({ firstName: "Olga", lastName: "Owner" });
  const stranger = await createUser();
  const unpaid = createBusiness({ name: `=HYPERLINK("x") Unpaid, "Quoted" ${unique()}`, isClaimed: true, canBeClaimed: false, ownerId: owner.id, claimedAt: new Date(Date.UTC(2026, 9, 1)) });
  const paid = createBusiness({
    name: `Café Peña ${unique()} LLC`,
    isClaimed: true,
    canBeClaimed: false,
    ownerId: owner.id,
    employeeCount: 2,
    vehicleCount: 1,
    claimedAt: new Date(Date.UTC(2026, 9, 2)),
    subscriptionStatus: "active",
    autoRenew: true,
    renewalDate: new Date(Date.UTC(2027, 9, 1)),
    renewalNotice: "Your card was declined; update it before the renewal date.",
  });
  const payment = createPayment(owner.id, paid.id, { amount: 12000, description: "BTR 2026, with \"quotes\"" });
  const strangersBusiness = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: stranger.id });
  const strangersPayment = createPayment(stranger.id, strangersBusiness.id);
  return { owner, stranger, unpaid, paid, payment, strangersBusiness, strangersPayment };
}

describe("/dashboard loader", () => {
  it("sends a signed-out visitor to /login with the Authentication Required toast", async () => {
    const response = await callRoute(dashboardLoader, await makeRequest("/dashboard?tab=payments"));
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(`/login?redirectTo=${encodeURIComponent("/dashboard?tab=payments")}`);
    expect(response.headers.getSetCookie().some((c) => c.startsWith("__toast="))).toBe(true);
  });

  it("lists only the user's businesses with Paid / Pay Taxes states, and only their payments", async () => {
    const s = await scenario();
    const response = await callRoute(dashboardLoader, await makeRequest("/dashboard", { user: s.owner }));
    expect(response.status).toBe(200);
    const data = await response.json();
    expect(data.tab).toBe("businesses");
    expect(data.businesses.map((b: { id: number }) => b.id)).toEqual([s.unpaid.id, s.paid.id]);
    const byId = Object.fromEntries(data.businesses.map((b: { id: number }) => [b.id, b]));
    expect(byId[s.unpaid.id].taxState).toBe("pay");
    expect(byId[s.paid.id]).toMatchObject({ taxState: "paid", subscriptionStatus: "active", autoRenew: true, renewalNotice: expect.stringContaining("declined") });
    expect(data.payments).toEqual([
      expect.objectContaining({ id: s.payment.id, businessId: s.paid.id, businessName: s.paid.name, amount: 12000 }),
    ]);
    expect(JSON.stringify(data)).not.toContain("passwordHash");
  });

  it("counts a business as Paid once any payment exists for it, and picks the payments tab", async () => {
    const user = await createUser();
    const business = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: user.id });
    createPayment(null, business.id);
    const data = await (await callRoute(dashboardLoader, await makeRequest("/dashboard?tab=payments", { user }))).json();
    expect(data.tab).toBe("payments");
    expect(data.businesses[0].taxState).toBe("paid");
    expect(data.payments).toEqual([]);
  });

  it("a new user gets empty lists", async () => {
    const user = await createUser();
    const data = await (await callRoute(dashboardLoader, await makeRequest("/dashboard?tab=nonsense", { user }))).json();
    expect(data).toMatchObject({ tab: "businesses", businesses: [], payments: [] });
  });
});

describe("the row's state", () => {
  it("is Paid when this year's receipt is held, else Pay Taxes when the user's claim, else Claim First", () => {
    const base = { isClaimed: true, ownerId: 5, hasPaidBTR: false, paymentCount: 0 };
    // A payment for an earlier year does not make it paid (issue 21).
    expect(taxState({ ...base, paymentCount: 1 }, 5)).toBe("pay");
    expect(taxState({ ...base, hasPaidBTR: true }, 5)).toBe("paid");
    expect(taxState(base, 5)).toBe("pay");
    expect(taxState(base, 6)).toBe("claim");
    expect(taxState({ ...base, isClaimed: false, ownerId: null }, 5)).toBe("claim");
  });
});

describe("CSV exports", () => {
  it.each([
    ["/api/user/export/businesses", exportBusinesses],
    ["/api/user/export/payments", exportPayments],
  ] as const)("%s answers 401 JSON when signed out", async (path, loader) => {
    const response = await callRoute(loader, await makeRequest(path));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: { message: "Authentication required" } });
  });

  it("my_businesses.csv holds exactly the caller's businesses, quoted and neutralised", async () => {
    const s = await scenario();
    const response = await callRoute(exportBusinesses, await makeRequest("/api/user/export/businesses", { user: s.owner }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="my_businesses.csv"');
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
    expect(text.startsWith(CSV_BOM)).toBe(true);
    expect(text.endsWith("\r\n")).toBe(true);
    const [header, ...rows] = parseCsv(text);
    expect(header).toEqual([
      "ID", "Name", "Document Number", "Filing Type", "Status", "Address", "City", "State", "Zip", "Registered On",
      "Employees", "Vehicles", "Claimed At", "BTR", "Subscription Status", "Auto Renew", "Renewal Date",
    ]);
    expect(rows).toHaveLength(2);
    const [unpaidRow, paidRow] = rows;
    expect(unpaidRow[0]).toBe(String(s.unpaid.id));
    expect(unpaidRow[1]).toBe(`'${s.unpaid.name}`);
    expect(unpaidRow[13]).toBe("Unpaid");
    expect(paidRow).toEqual([
      String(s.paid.id), s.paid.name, s.paid.documentNumber, "LLC", "ACTIVE", "3150 SW 52nd Ave", "Pembroke Park", "FL", "33023",
      "2024-01-01", "2", "1", "2026-10-02T00:00:00.000Z", "Paid", "active", "true", "2027-10-01T00:00:00.000Z",
    ]);
    expect(text).not.toContain(s.strangersBusiness.name);
  });

  it("my_payments.csv holds exactly the caller's payments in dollars with ISO dates", async () => {
    const s = await scenario();
    const response = await callRoute(exportPayments, await makeRequest("/api/user/export/payments", { user: s.owner }));
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="my_payments.csv"');
    const rows = parseCsv(await response.text());
    expect(rows).toEqual([
      ["Payment ID", "Date", "Business ID", "Business Name", "Document Number", "Amount (USD)", "Description", "Fiscal Year", "Type", "Stripe Payment ID"],
      [String(s.payment.id), "2026-10-05T14:30:00.000Z", String(s.paid.id), s.paid.name, s.paid.documentNumber, "120.00", 'BTR 2026, with "quotes"', "2026-2027", "btr", s.payment.stripePaymentId],
    ]);
    // The stranger sees only theirs.
    const theirs = parseCsv(await (await callRoute(exportPayments, await makeRequest("/api/user/export/payments", { user: s.stranger }))).text());
    expect(theirs.slice(1).map((r) => r[0])).toEqual([String(s.strangersPayment.id)]);
  });

  it("a user with nothing gets header-only files", async () => {
    const user = await createUser();
    const businesses = await (await callRoute(exportBusinesses, await makeRequest("/api/user/export/businesses", { user }))).text();
    const paymentsCsv = await (await callRoute(exportPayments, await makeRequest("/api/user/export/payments", { user }))).text();
    expect(parseCsv(businesses)).toHaveLength(1);
    expect(parseCsv(paymentsCsv)).toHaveLength(1);
  });
});
