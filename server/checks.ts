/**
 * Start-up refusals: each problem is one clear line, and the server does not start. The
 * environment's own rules (SESSION_SECRET, the Stripe key's shape, APP_URL) live in
 * app/utils/env.server.ts; here are the ones that need the file system.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";

export class StartupError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StartupError";
  }
}

/** The database file (created if missing) takes a write: a real one, rolled back. */
export function checkDatabaseWritable(file: string) {
  const resolved = path.resolve(file);
  try {
    fs.mkdirSync(path.dirname(resolved), { recursive: true });
    const db = new Database(resolved, { timeout: 5000 });
    try {
      db.exec("BEGIN IMMEDIATE; CREATE TABLE IF NOT EXISTS __write_check (x); DROP TABLE IF EXISTS __write_check; COMMIT");
    } finally {
      db.close();
    }
  } catch (error) {
    const reason = (error as { code?: string; message?: string }).code ?? (error as Error).message;
    throw new StartupError(
      `DATABASE_PATH ${resolved} cannot be written (${reason}): check the file's and its folder's permissions and the free disk space.`,
    );
  }
}

/** The uploads folder (created if missing) takes a file. */
export function checkFolderWritable(dir: string, name = "UPLOADS_DIR") {
  const resolved = path.resolve(dir);
  try {
    fs.mkdirSync(resolved, { recursive: true });
    const probe = path.join(resolved, `.write-check-${crypto.randomBytes(6).toString("hex")}`);
    fs.writeFileSync(probe, "ok");
    fs.rmSync(probe);
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new StartupError(`${name} ${resolved} cannot be written (${reason}): check the folder's permissions and the free disk space.`);
  }
}

/** Every check that needs the disk, in order; throws the first problem. */
export function checkStartup(env: { DATABASE_PATH: string; UPLOADS_DIR: string }) {
  checkDatabaseWritable(env.DATABASE_PATH);
  checkFolderWritable(env.UPLOADS_DIR);
}
