/**
 * The staff navigation's entries (issue 40), in their order, and which one a URL belongs to.
 * `adminOnly` follows each page's guard: requireAdmin pages (tax years, fee schedule, imports,
 * mail) are not shown to a clerk; the rest are requireStaff.
 */
import type { Role } from "~/lib/roles";

export type StaffEntryId =
  | "overview"
  | "filings"
  | "businesses"
  | "payments"
  | "letters"
  | "remittance"
  | "tax-years"
  | "fee-schedule"
  | "imports"
  | "mail"
  | "audit"
  | "users";

export type StaffEntry = { id: StaffEntryId; label: string; to: string; adminOnly: boolean };

export const STAFF_ENTRIES: readonly StaffEntry[] = [
  { id: "overview", label: "Overview", to: "/admin", adminOnly: false },
  { id: "filings", label: "Filings", to: "/admin/filings", adminOnly: false },
  { id: "businesses", label: "Businesses", to: "/admin?tab=businesses", adminOnly: false },
  { id: "payments", label: "Payments", to: "/admin?tab=payments", adminOnly: false },
  { id: "letters", label: "Letters", to: "/admin/letters", adminOnly: false },
  { id: "remittance", label: "Remittance", to: "/admin/remittance", adminOnly: false },
  { id: "tax-years", label: "Tax years", to: "/admin/tax-years", adminOnly: true },
  { id: "fee-schedule", label: "Fee schedule", to: "/admin/fee-schedule", adminOnly: true },
  { id: "imports", label: "Imports", to: "/admin/imports", adminOnly: true },
  { id: "mail", label: "Mail", to: "/admin/mail", adminOnly: true },
  { id: "audit", label: "Audit", to: "/admin/audit", adminOnly: false },
  { id: "users", label: "Users", to: "/admin?tab=users", adminOnly: false },
];

/** The entries a role may open (none for a plain user). */
export function staffEntriesFor(role: Role): StaffEntry[] {
  if (role === "user") return [];
  return STAFF_ENTRIES.filter((e) => role === "admin" || !e.adminOnly);
}

/** The /admin tabs (?tab=) and the entry each belongs to. */
const TAB_ENTRIES: Record<string, StaffEntryId> = {
  users: "users",
  businesses: "businesses",
  "claimed-businesses": "businesses",
  licenses: "businesses",
  payments: "payments",
};

/** Pages under /admin/ whose first segment is not an entry's own. */
const PATH_ENTRIES: Record<string, StaffEntryId> = { businesses: "businesses", users: "users" };

/**
 * The entry the page at `pathname` + `search` belongs to, and whether it is that entry's own page
 * (aria-current="page") or a page within it (aria-current="true"); null outside the staff area.
 */
export function currentStaffEntry(pathname: string, search = ""): { id: StaffEntryId; exact: boolean } | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  if (path === "/admin") {
    const tab = new URLSearchParams(search).get("tab");
    if (!tab) return { id: "overview", exact: true };
    const id = TAB_ENTRIES[tab] ?? "users";
    return { id, exact: STAFF_ENTRIES.find((e) => e.id === id)!.to === `/admin?tab=${tab}` };
  }
  if (!path.startsWith("/admin/")) return null;
  const segment = path.split("/")[2];
  const entry = STAFF_ENTRIES.find((e) => e.to === `/admin/${segment}`);
  if (entry) return { id: entry.id, exact: path === entry.to };
  const id = PATH_ENTRIES[segment];
  return id ? { id, exact: false } : null;
}
