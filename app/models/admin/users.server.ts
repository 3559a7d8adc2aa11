/** Users as the administrator sees them (never password hashes), and the admin role. */
import { count, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { users } from "~/db/schema";
import type { PageRequest } from "~/lib/pagination";
import { roleOf } from "~/lib/roles";
import { page, type Page } from "./page.server";

export type AdminUser = {
  id: number;
  username: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isAdmin: boolean;
  role: string;
  createdAt: Date;
};

const adminUserColumns = {
  id: users.id,
  username: users.username,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  isAdmin: users.isAdmin,
  role: users.role,
  createdAt: users.createdAt,
};

export function listUsers(paging: PageRequest): Page<AdminUser> {
  const db = getDb();
  const total = db.select({ n: count() }).from(users).get()?.n ?? 0;
  return page(total, paging, (limit, offset) =>
    db
      .select(adminUserColumns)
      .from(users)
      .orderBy(users.id)
      .limit(limit)
      .offset(offset)
      .all()
      .map((u) => ({ ...u, role: roleOf(u) })),
  );
}

/** Makes the user with this username (any case) an administrator, or takes the role away (the user:create and user:promote scripts). Null if there is none. */
export function setAdminRole(username: string, isAdmin = true): AdminUser | null {
  return (
    getDb()
      .update(users)
      .set({ isAdmin, role: isAdmin ? "admin" : "user" })
      .where(sql`lower(${users.username}) = lower(${username.trim()})`)
      .returning(adminUserColumns)
      .get() ?? null
  );
}

