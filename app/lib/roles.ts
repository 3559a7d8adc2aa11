/**
 * Roles: `admin` (everything), `clerk` (search, view, print letters; no refunds, schedule or
 * role changes), `user`. `is_admin` is the admin flag (older rows, seeds and scripts set it);
 * `role` adds the clerk. One function reads both, so nothing else has to.
 */
export const ROLES = ["user", "clerk", "admin"] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = { user: "User", clerk: "Clerk", admin: "Administrator" };

export function roleOf(user: { isAdmin: boolean; role?: string | null } | null | undefined): Role {
  if (!user) return "user";
  if (user.isAdmin) return "admin";
  return user.role === "clerk" ? "clerk" : "user";
}

/** Admin or clerk: may use the staff pages. */
export const isStaff = (user: { isAdmin: boolean; role?: string | null } | null | undefined) => roleOf(user) !== "user";

export function parseRole(value: unknown): Role | null {
  return typeof value === "string" && (ROLES as readonly string[]).includes(value) ? (value as Role) : null;
}
