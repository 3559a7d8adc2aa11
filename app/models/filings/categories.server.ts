/** The town's list of business activities (filing_categories), kept in the database and edited by an administrator. */
import { asc, eq } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { filingCategories } from "~/db/schema";
import type { FilingCategoryOption } from "~/lib/filings/answers";
import { recordAudit, type AuditActor } from "~/models/audit.server";

export function listCategories({ includeInactive = false } = {}): (FilingCategoryOption & { active: boolean })[] {
  const rows = getDb()
    .select({ code: filingCategories.code, name: filingCategories.name, needsStateLicense: filingCategories.needsStateLicense, active: filingCategories.active })
    .from(filingCategories)
    .where(includeInactive ? undefined : eq(filingCategories.active, true))
    .orderBy(asc(filingCategories.name))
    .all();
  return rows;
}

export type CategoryInput = { code: string; name: string; needsStateLicense: boolean; active: boolean };

/** Adds or changes one activity (by code), audited. */
export function saveCategory(input: CategoryInput, actor: AuditActor) {
  getDb().transaction((tx) => {
    const before = tx.select().from(filingCategories).where(eq(filingCategories.code, input.code)).get();
    tx.insert(filingCategories)
      .values(input)
      .onConflictDoUpdate({ target: filingCategories.code, set: { name: input.name, needsStateLicense: input.needsStateLicense, active: input.active } })
      .run();
    recordAudit(tx, {
      actor,
      action: before ? "filing_category.update" : "filing_category.create",
      entityType: "filing_category",
      entityId: null,
      before: before ? { code: before.code, name: before.name, needsStateLicense: before.needsStateLicense, active: before.active } : undefined,
      after: input,
    });
  }, { behavior: "immediate" });
}
