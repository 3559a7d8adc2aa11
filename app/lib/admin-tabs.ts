/** The admin dashboard's tabs, in order; anything else in `?tab=` shows the first. */
export const ADMIN_TABS = ["users", "businesses", "claimed-businesses", "payments", "licenses"] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export function parseAdminTab(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? "") ? (value as AdminTab) : "users";
}
