import { getDb } from "~/db/client.server";
import { importPendingFiles } from "~/services/registry-import.server";
import { getEnv } from "~/utils/env.server";
import type { Job } from "./registry.server";

/**
 * Keeps the registry current: every morning, the state's files dropped into REGISTRY_DROP_DIR
 * (the quarterly extract, the daily change files) that were not imported yet are imported, each
 * whole or not at all, quarterly files first, then the dailies in date order. A file already
 * imported (same SHA-256) is skipped. The server keeps answering meanwhile; the answer cache
 * starts over when a file changes the registry (registry_version).
 */
export const registryImportJob: Job = {
  name: "registry-import",
  // 07:15 UTC: after the Division of Corporations publishes the night's daily file.
  schedule: "15 7 * * *",
  description: "Import new state registry files from REGISTRY_DROP_DIR",
  leaseMs: 2 * 60 * 60_000,
  run: async ({ log }) => {
    const dir = getEnv().REGISTRY_DROP_DIR;
    if (!dir) return { skipped: "REGISTRY_DROP_DIR is not set" };
    const summaries = await importPendingFiles(getDb().$client, dir, { log });
    return {
      files: summaries.map((s) => ({ file: s.file, skipped: s.skipped, inserted: s.inserted, updated: s.updated, rejected: s.rejected })),
    };
  },
};
