/**
 * npm run registry:import-dir -- DIR
 *
 * Imports every state file dropped into DIR that was not imported yet (by SHA-256): quarterly
 * files first, then the daily files in date order. For a schedule (`npm run jobs`, cron).
 */
import { runImportCommand } from "./lib/registry-import-cli";

const USAGE = "Usage: npm run registry:import-dir -- [--report-dir DIR] DIR";

const { importPendingFiles } = await import("~/services/registry-import.server");
process.exitCode = await runImportCommand(USAGE, async (db, dirs, options) => {
  const all = [];
  for (const dir of dirs) all.push(...(await importPendingFiles(db, dir, options)));
  return all;
});
