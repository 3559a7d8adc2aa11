/**
 * npm run registry:import -- [--mode auto|triggers|rebuild] [--report-dir DIR] FILE...
 *
 * Loads the state's corporate data files (cordata0..9.txt, cordata.zip, daily YYYYMMDDc.txt) into
 * DATABASE_PATH, in the order given. See README "Registry import".
 */
import { runImportCommand } from "./lib/registry-import-cli";

const USAGE = "Usage: npm run registry:import -- [--mode auto|triggers|rebuild] [--report-dir DIR] FILE...";

const { importRegistryFiles } = await import("~/services/registry-import.server");
process.exitCode = await runImportCommand(USAGE, (db, files, options) => importRegistryFiles(db, files, options));
