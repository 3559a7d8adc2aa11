/** The record of `npm run registry:import` runs (registry_imports), for the admin's imports page. */
import { desc, sql } from "drizzle-orm";
import { getDb } from "~/db/client.server";
import { registryImports } from "~/db/schema";

export type ImportSummaryJson = {
  read?: number;
  inserted?: number;
  updated?: number;
  unchanged?: number;
  rejected?: number;
  unknownCodes?: Record<string, number>;
  seconds?: number;
  perSecond?: number;
  mode?: string;
};

export type RegistryImportRow = {
  id: number;
  fileName: string;
  sha256: string;
  startedAt: Date;
  finishedAt: Date;
  summary: ImportSummaryJson;
};

function parseSummary(text: string): ImportSummaryJson {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" ? (value as ImportSummaryJson) : {};
  } catch {
    return {};
  }
}

/** The latest imports, newest first. */
export function listRegistryImports(limit = 100): RegistryImportRow[] {
  return getDb()
    .select()
    .from(registryImports)
    .orderBy(desc(registryImports.finishedAt), desc(registryImports.id))
    .limit(limit)
    .all()
    .map((r) => ({ ...r, summary: parseSummary(r.summary) }));
}

/**
 * "Registry as of": the latest state file applied, and when. Daily files are named by their date
 * (YYYYMMDDc.txt), so that date is the registry's; otherwise the time the import finished.
 */
export function registryAsOf(): { date: string; fileName: string } | null {
  const latest = getDb()
    .select({ fileName: registryImports.fileName, finishedAt: registryImports.finishedAt })
    .from(registryImports)
    .orderBy(desc(registryImports.finishedAt), desc(registryImports.id))
    .limit(1)
    .get();
  if (!latest) return null;
  const daily = getDb()
    .select({ fileName: registryImports.fileName })
    .from(registryImports)
    .where(sql`${registryImports.fileName} GLOB '[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][cC].txt'`)
    .orderBy(desc(registryImports.fileName))
    .limit(1)
    .get();
  if (daily) {
    const d = daily.fileName;
    return { date: `${d.slice(0, 4)}-${d.slice(4, 6)}-${d.slice(6, 8)}`, fileName: d };
  }
  return { date: latest.finishedAt.toISOString().slice(0, 10), fileName: latest.fileName };
}
