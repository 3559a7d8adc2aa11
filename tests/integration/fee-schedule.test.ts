/**
 * The town's fee schedule per fiscal year (issue 21): an admin edits next year's, a new year copies
 * the last one, a year with receipts sold is frozen, and what a receipt costs follows it.
 */
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/client.server";
import { auditLog } from "~/db/schema";
import { defaultSchedule } from "~/lib/tax-year";
import { getSchedule, getScheduleWithSource, saveSchedule, ScheduleLockedError } from "~/models/fee-schedule.server";
import * as page from "~/routes/admin_.fee-schedule";
import { callRoute as callAnyRoute, createBusiness, createReceipt, createUser, makeRequest } from "../support/factories";

const callRoute = (fn: unknown, request: Request, params: Record<string, string> = {}) =>
  callAnyRoute(fn as Parameters<typeof callAnyRoute>[0], request, params);

const form = (year: number, overrides: Record<string, string> = {}) => ({
  fiscalYear: String(year),
  base: "120.00",
  perEmployee: "6",
  perVehicle: "12.50",
  firstMonthPenaltyPercent: "10",
  furtherMonthPenaltyPercent: "5",
  penaltyCapPercent: "25",
  neverReceiptedPenaltyPercent: "25",
  renewalOpens: "07-01",
  dueDay: "09-30",
  renewalCharge: "09-01",
  ...overrides,
});

describe("the fee schedule", () => {
  it("defaults to $100 + $5 + $10 and the statute's penalties; a later year copies the last saved one", () => {
    expect(getScheduleWithSource(2040)).toMatchObject({ source: "default", schedule: defaultSchedule(2040) });
    saveSchedule({ ...defaultSchedule(2041), baseCents: 110_00 }, null);
    expect(getScheduleWithSource(2043)).toMatchObject({ source: "copied", copiedFrom: 2041, schedule: { fiscalYear: 2043, baseCents: 110_00 } });
    expect(getSchedule(2040).baseCents).toBe(100_00);
  });

  it("cannot be changed for a year with receipts sold, and keeps later years' sold figures", async () => {
    const business = createBusiness();
    createReceipt(business.id, { fiscalYear: 2051 });
    const soldAt = getSchedule(2051).baseCents;
    expect(() => saveSchedule({ ...defaultSchedule(2051), baseCents: 1 }, null)).toThrow(ScheduleLockedError);
    // 2051 copies an earlier year: saving 2050 first freezes 2051's figures as they were sold.
    saveSchedule({ ...defaultSchedule(2050), baseCents: 90_00 }, null);
    expect(getScheduleWithSource(2051)).toMatchObject({ source: "stored", schedule: { baseCents: soldAt } });
    expect(getSchedule(2050).baseCents).toBe(90_00);
  });

  it("the admin page: admins only, saves next year's schedule without JavaScript, refuses a sold year (409)", async () => {
    const user = await createUser();
    expect((await callRoute(page.loader, await makeRequest("/admin/fee-schedule", { user }))).headers.get("Location")).toBe("/");
    const admin = await createUser({ isAdmin: true });
    const res = await callRoute(page.action, await makeRequest("/admin/fee-schedule", { user: admin, form: form(2061, { neverReceiptedPenaltyApplies: "on" }) }));
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/admin/fee-schedule?year=2061");
    expect(getSchedule(2061)).toMatchObject({ baseCents: 120_00, perEmployeeCents: 6_00, perVehicleCents: 12_50, neverReceiptedPenaltyApplies: true });
    // Audited, with the values before (the copied defaults) and after.
    const [audit] = getDb().select().from(auditLog).where(and(eq(auditLog.action, "fee_schedule.save"), eq(auditLog.entityId, 2061))).all();
    expect(audit).toMatchObject({ actorId: admin.id, actorUsername: admin.username, entityType: "fee_schedule" });
    expect(JSON.parse(audit.before!)).toMatchObject({ source: "copied", baseCents: 110_00 });
    expect(JSON.parse(audit.after!)).toMatchObject({ fiscalYear: 2061, baseCents: 120_00, perEmployeeCents: 6_00 });
    const shown = await (await callRoute(page.loader, await makeRequest("/admin/fee-schedule?year=2061", { user: admin }))).json();
    expect(shown).toMatchObject({ name: "FY2061", source: "stored", locked: false, defaults: { base: "120.00", perVehicle: "12.50" } });

    const bad = await callRoute(page.action, await makeRequest("/admin/fee-schedule", { user: admin, form: form(2061, { base: "abc", dueDay: "13-01" }) }));
    expect(bad.status).toBe(400);

    createReceipt(createBusiness().id, { fiscalYear: 2061 });
    const locked = await callRoute(page.action, await makeRequest("/admin/fee-schedule", { user: admin, form: form(2061, { base: "1.00" }) }));
    expect(locked.status).toBe(409);
    expect(getSchedule(2061).baseCents).toBe(120_00);
    const lockedView = await (await callRoute(page.loader, await makeRequest("/admin/fee-schedule?year=2061", { user: admin }))).json();
    expect(lockedView).toMatchObject({ locked: true, sold: 1 });
  });
});
