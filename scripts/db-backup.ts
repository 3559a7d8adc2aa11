/**
 * npm run db:backup -- DIR [--keep N]
 *
 * A consistent online backup of DATABASE_PATH (VACUUM INTO, safe while the server runs) and
 * of UPLOADS_DIR into a new folder DIR/backup-<UTC time>/ with manifest.json; keeps the newest
 * N backups (--keep, else BACKUP_KEEP, else 7). See server/ops/backup.ts.
 */
import { parseArgs } from "node:util";
import { loadDotEnv } from "./lib/load-env";

loadDotEnv();
const USAGE = "Usage: npm run db:backup -- DIR [--keep N]   (or set BACKUP_DIR)";

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({ options: { keep: { type: "string" }, help: { type: "boolean", short: "h" } }, allowPositionals: true });
  } catch (error) {
    console.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (parsed.values.help) return console.log(USAGE), 0;
  const destination = parsed.positionals[0] ?? process.env.BACKUP_DIR;
  if (!destination) return console.error(USAGE), 2;
  const keep = Number(parsed.values.keep ?? process.env.BACKUP_KEEP ?? 7);
  if (!Number.isInteger(keep) || keep < 1) return console.error(`--keep must be a whole number of at least 1\n${USAGE}`), 2;
  const { getEnv } = await import("~/utils/env.server");
  const { createBackup } = await import("../server/ops/backup");
  const env = getEnv();
  const result = await createBackup({ dbFile: env.DATABASE_PATH, uploadsDir: env.UPLOADS_DIR, destination, keep });
  const rows = Object.entries(result.manifest.database.rows)
    .filter(([t]) => !t.startsWith("__"))
    .map(([t, n]) => `${t} ${n}`)
    .join(", ");
  console.log(`Backup written to ${result.dir}`);
  console.log(`  schema ${result.manifest.schema.migration}; ${result.manifest.uploads.count} uploads; rows: ${rows}`);
  for (const old of result.removed) console.log(`  removed old backup ${old}`);
  return 0;
}

main().then(
  (code) => process.exit(code),
  (error) => {
    console.error(`Backup failed: ${(error as Error).message}`);
    process.exit(1);
  },
);
