/** The staff navigation's entries by role, and the entry each staff address belongs to (issue 40). */
import { describe, expect, it } from "vitest";
import { currentStaffEntry, STAFF_ENTRIES, staffEntriesFor } from "~/lib/staff-nav";

describe("staff navigation", () => {
  it("lists every entry, in order, for an administrator; a clerk does not see the admin-only pages", () => {
    expect(staffEntriesFor("admin").map((e) => e.label)).toEqual([
      "Overview",
      "Filings",
      "Businesses",
      "Payments",
      "Letters",
      "Remittance",
      "Tax years",
      "Fee schedule",
      "Imports",
      "Mail",
      "Audit",
      "Users",
    ]);
    expect(staffEntriesFor("clerk").map((e) => e.label)).toEqual(["Overview", "Filings", "Businesses", "Payments", "Letters", "Remittance", "Audit", "Users"]);
    expect(staffEntriesFor("user")).toEqual([]);
    expect(STAFF_ENTRIES.find((e) => e.id === "filings")?.to).toBe("/admin/filings");
  });

  it("marks the entry of the page, exact on its own page and within it elsewhere", () => {
    expect(currentStaffEntry("/admin")).toEqual({ id: "overview", exact: true });
    expect(currentStaffEntry("/admin/", "")).toEqual({ id: "overview", exact: true });
    expect(currentStaffEntry("/admin", "?tab=users")).toEqual({ id: "users", exact: true });
    expect(currentStaffEntry("/admin", "?tab=businesses&page=2")).toEqual({ id: "businesses", exact: true });
    expect(currentStaffEntry("/admin", "?tab=claimed-businesses")).toEqual({ id: "businesses", exact: false });
    expect(currentStaffEntry("/admin", "?tab=licenses")).toEqual({ id: "businesses", exact: false });
    expect(currentStaffEntry("/admin", "?tab=payments")).toEqual({ id: "payments", exact: true });
    expect(currentStaffEntry("/admin", "?tab=nonsense")).toEqual({ id: "users", exact: false });
    expect(currentStaffEntry("/admin/letters")).toEqual({ id: "letters", exact: true });
    expect(currentStaffEntry("/admin/letters/12")).toEqual({ id: "letters", exact: false });
    expect(currentStaffEntry("/admin/filings")).toEqual({ id: "filings", exact: true });
    expect(currentStaffEntry("/admin/filings/7")).toEqual({ id: "filings", exact: false });
    expect(currentStaffEntry("/admin/mail/3/attachments/0")).toEqual({ id: "mail", exact: false });
    expect(currentStaffEntry("/admin/tax-years")).toEqual({ id: "tax-years", exact: true });
    expect(currentStaffEntry("/admin/fee-schedule", "?year=2028")).toEqual({ id: "fee-schedule", exact: true });
    expect(currentStaffEntry("/admin/businesses/5")).toEqual({ id: "businesses", exact: false });
    expect(currentStaffEntry("/admin/users/5/role")).toEqual({ id: "users", exact: false });
    expect(currentStaffEntry("/admin/unknown")).toBeNull();
    expect(currentStaffEntry("/administrator")).toBeNull();
    expect(currentStaffEntry("/search")).toBeNull();
  });
});
