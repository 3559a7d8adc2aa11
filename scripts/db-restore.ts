/**
 * npm run db:restore -- DIR
 *
 * Restores a backup made by db:backup into DATABASE_PATH and UPLOADS_DIR. DIR is a backup
 * folder (with manifest.json) or a folder of backups (the newest is taken). Refuses a backup
 * whose checksums or integrity_check fail, and refuses while the server runs (its pid file
 * beside the database, or anything answering on PORT). What it replaces is kept beside the
 * originals as *.before-restore-<time>. See server/ops/backup.ts.
 */
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
const USAGE = "Usage: npm run db:restore -- DIR   (a backup folder, or a folder of backups: the newest)";

async function main(): Promise<number> {
  const dir = process.argv[2];
  if (!dir || dir === "-h" || dir === "--help") return console.error(USAGE), dir ? 0 : 2;
  const { getEnv } = await import("~/utils/env.server");
  const { restoreBackup, RestoreRefused } = await import("../server/ops/backup");
  const env = getEnv();
  try {
    const result = await restoreBackup({
      backupDir: dir,
      dbFile: env.DATABASE_PATH,
      uploadsDir: env.UPLOADS_DIR,
      port: process.env.PORT ? env.PORT : 3000,
    });
    console.log(`Restored ${result.from} (taken ${result.manifest.createdAt}, schema ${result.manifest.schema.migration})`);
    console.log(`  into ${env.DATABASE_PATH} and ${env.UPLOADS_DIR} (${result.manifest.uploads.count} uploads)`);
    for (const kept of result.keptAside) console.log(`  previous data kept as ${kept}`);
    return 0;
  } catch (error) {
    if (error instanceof RestoreRefused) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Restore failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
