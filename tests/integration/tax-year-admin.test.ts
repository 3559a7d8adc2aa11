/**
 * The town sees years (issue 21): receipts and revenue per fiscal year with tax and penalties
 * apart, the due/delinquent list with the penalty owed today (page and CSV), and the owner's
 * dashboard with each business's standing and next step.
 */
import { afterEach, describe, expect, it } from "vitest";
import { parseCsv } from "~/lib/csv";
import * as delinquentCsv from "~/routes/api.admin.reports.delinquent";
import * as taxYearsCsv from "~/routes/api.admin.reports.tax-years";
import * as taxYearsPage from "~/routes/admin_.tax-years";
import { loader as dashboardLoader } from "~/routes/dashboard";
import { resetClock, setTestNow } from "~/utils/clock.server";
import { callRoute as callAnyRoute, createBusiness, createReceipt, createUser, makeRequest } from "../support/factories";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

afterEach(() => resetClock());

describe("tax years for the town", () => {
  it("figures per year, and the delinquent with the penalty owed today, on the page and in CSV", async () => {
    setTestNow("2026-11-15T12:00:00-05:00");
    const owner = await createUser();
    const late = createBusiness({ name: "Late Lobster LLC", isClaimed: true, canBeClaimed: false, ownerId: owner.id, employeeCount: 10, vehicleCount: 0 });
    createReceipt(late.id, { fiscalYear: 2026, amount: 150_00, userId: owner.id });
    const onTime = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    createReceipt(onTime.id, { fiscalYear: 2027, amount: 115_00, penaltyCents: 15_00 });
    const admin = await createUser({ isAdmin: true });

    const page = await (await callRoute(taxYearsPage.loader, await makeRequest("/admin/tax-years", { user: admin }))).json();
    expect(page.figures).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ fiscalYear: 2027, name: "FY2027", receipts: 1, taxCents: 100_00, penaltyCents: 15_00, revenueCents: 115_00 }),
        expect.objectContaining({ fiscalYear: 2026, receipts: 1, taxCents: 150_00, penaltyCents: 0 }),
      ]),
    );
    expect(page.owed).toEqual([
      expect.objectContaining({ id: late.id, standing: "Delinquent", lastYearHeld: "FY2026", yearsOwed: "FY2027", penaltyOwedCents: 22_50, totalOwedCents: 172_50 }),
    ]);

    const csv = parseCsv(await (await callRoute(delinquentCsv.loader, await makeRequest("/api/admin/reports/delinquent", { user: admin }))).text());
    expect(csv[0]).toContain("Penalty Owed Today (USD)");
    expect(csv.slice(1)).toEqual([[String(late.id), "Late Lobster LLC", late.documentNumber, owner.username, "Delinquent", "FY2026", "FY2027", "2026-09-30", "150.00", "22.50", "172.50"]]);
    const years = parseCsv(await (await callRoute(taxYearsCsv.loader, await makeRequest("/api/admin/reports/tax-years", { user: admin }))).text());
    expect(years[0]).toEqual(["Fiscal Year", "Period", "Receipts Sold", "Tax (USD)", "Penalties (USD)", "Revenue (USD)"]);
    expect(years).toContainEqual(["FY2027", "2026-10-01 to 2027-09-30", "1", "100.00", "15.00", "115.00"]);

    expect((await callRoute(delinquentCsv.loader, await makeRequest("/api/admin/reports/delinquent", { user: owner }))).status).toBe(403);
    expect((await callRoute(taxYearsPage.loader, await makeRequest("/admin/tax-years", { user: owner }))).headers.get("Location")).toBe("/");
  });

  it("the owner's dashboard shows each business's standing and the next step", async () => {
    setTestNow("2027-07-15T12:00:00-04:00");
    const owner = await createUser();
    const renewing = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    createReceipt(renewing.id, { fiscalYear: 2027 });
    const lapsed = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    createReceipt(lapsed.id, { fiscalYear: 2026 });
    const fresh = createBusiness({ isClaimed: true, canBeClaimed: false, ownerId: owner.id });
    const data = await (await callRoute(dashboardLoader, await makeRequest("/dashboard", { user: owner }))).json();
    const byId = Object.fromEntries(data.businesses.map((b: { id: number }) => [b.id, b]));
    expect(byId[renewing.id]).toMatchObject({
      taxState: "paid",
      standing: { standing: "renewal open", label: "Renewal open", action: { to: `/payment/${renewing.id}?year=2028`, label: "Buy FY2028" } },
    });
    expect(byId[renewing.id].standing.text).toContain("FY2028 receipts are on sale: $100.00, due by September 30, 2027.");
    expect(byId[lapsed.id]).toMatchObject({ taxState: "pay", standing: { standing: "delinquent" } });
    expect(byId[lapsed.id].standing.text).toContain("$125.00 owed today for FY2027, including $25.00 of late penalty");
    expect(byId[fresh.id].standing).toMatchObject({ standing: "never receipted", text: "No receipt yet: the FY2027 receipt costs $100.00." });
  });
});
