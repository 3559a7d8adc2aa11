/**
 * Backups that restore (issue 24). Plain async functions, so the CLI (`npm run db:backup`,
 * `npm run db:restore`), the server's optional schedule and a jobs runner all call the same code.
 *
 * A backup is a folder `backup-<UTC time>` under the destination, written as `.partial-…` and
 * renamed only when complete:
 * - `app.db`: a consistent online copy made with `VACUUM INTO` (one read transaction: writers
 *   go on, the copy is the database as of one instant; never a file copy of a live WAL db);
 * - `uploads/`: every stored upload, copied after the database (an upload is in place before
 *   the row that names it commits, so every row in the copy finds its file);
 * - `manifest.json`: time, app version, schema migration, row counts per table, and the size
 *   and SHA-256 of every file.
 * Only the newest `keep` backups are kept.
 *
 * Restore verifies first (every checksum, `PRAGMA integrity_check`), refuses while the server
 * runs (its pid file, or anything answering on its port), keeps what it replaces beside it
 * (`*.before-restore-<time>`), and swaps files in by rename.
 */
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import Database from "better-sqlite3";

export const MANIFEST = "manifest.json";
const DB_NAME = "app.db";
const UPLOADS_NAME = "uploads";

export type ManifestFile = { path: string; bytes: number; sha256: string };
export type Manifest = {
  format: 1;
  createdAt: string;
  app: { name: string; version: string; commit?: string; build?: string };
  schema: { migration: string | null; appliedAt: string | null; migrations: number };
  database: { file: string; integrity: string; rows: Record<string, number> };
  uploads: { count: number };
  files: ManifestFile[];
};

function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = crypto.createHash("sha256");
    fs.createReadStream(file)
      .on("data", (d) => hash.update(d))
      .on("error", reject)
      .on("end", () => resolve(hash.digest("hex")));
  });
}

function stamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

function appInfo(): Manifest["app"] {
  let name = "florida-business-registry";
  let version = "0.0.0";
  try {
    const pkg = JSON.parse(fs.readFileSync("package.json", "utf8")) as { name?: string; version?: string };
    name = pkg.name ?? name;
    version = pkg.version ?? version;
  } catch {
    // not run from the checkout: keep the defaults
  }
  let commit: string | undefined;
  try {
    commit = execFileSync("git", ["rev-parse", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] }).toString().trim();
  } catch {
    commit = undefined;
  }
  const build = fs.existsSync("build/version.txt") ? fs.readFileSync("build/version.txt", "utf8").trim() : undefined;
  return { name, version, commit, build };
}

/** Table name -> row count, the last applied migration, and integrity_check, of a database file. */
export function describeDatabase(file: string, migrationsDir = process.env.MIGRATIONS_DIR ?? "drizzle") {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const integrity = (db.pragma("integrity_check") as { integrity_check: string }[]).map((r) => r.integrity_check).join("; ");
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name")
      .all() as { name: string }[];
    const rows: Record<string, number> = {};
    for (const { name } of tables) {
      rows[name] = (db.prepare(`SELECT count(*) AS n FROM "${name.replace(/"/g, '""')}"`).get() as { n: number }).n;
    }
    let migration: string | null = null;
    let appliedAt: string | null = null;
    let migrations = 0;
    if (rows.__drizzle_migrations !== undefined) {
      const last = db.prepare("SELECT created_at AS at FROM __drizzle_migrations ORDER BY created_at DESC LIMIT 1").get() as
        | { at: number }
        | undefined;
      migrations = rows.__drizzle_migrations;
      if (last) {
        appliedAt = new Date(Number(last.at)).toISOString();
        try {
          const journal = JSON.parse(fs.readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as {
            entries: { tag: string; when: number }[];
          };
          migration = journal.entries.find((e) => e.when === Number(last.at))?.tag ?? `when=${last.at}`;
        } catch {
          migration = `when=${last.at}`;
        }
      }
    }
    return { integrity, rows, schema: { migration, appliedAt, migrations } };
  } finally {
    db.close();
  }
}

function listFiles(root: string, rel = ""): string[] {
  const dir = path.join(root, rel);
  if (!fs.existsSync(dir)) return [];
  const out: string[] = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const child = path.join(rel, entry.name);
    if (entry.isDirectory()) out.push(...listFiles(root, child));
    // In-progress uploads (.part) and probe files are not data.
    else if (entry.isFile() && !entry.name.endsWith(".part") && !entry.name.startsWith(".")) out.push(child);
  }
  return out.sort();
}

export type BackupOptions = { dbFile: string; uploadsDir: string; destination: string; keep?: number; now?: Date };

/** Takes a backup; returns its folder and manifest. Removes backups beyond the newest `keep`. */
export async function createBackup({ dbFile, uploadsDir, destination, keep = 7, now = new Date() }: BackupOptions) {
  if (!fs.existsSync(dbFile)) throw new Error(`No database at ${dbFile}`);
  fs.mkdirSync(destination, { recursive: true });
  const name = `backup-${stamp(now)}`;
  let finalDir = path.join(destination, name);
  for (let n = 2; fs.existsSync(finalDir); n++) finalDir = path.join(destination, `${name}-${n}`);
  const work = path.join(destination, `.partial-${path.basename(finalDir)}-${crypto.randomBytes(4).toString("hex")}`);
  fs.mkdirSync(work);
  try {
    // 1. The database, as of one instant, while the server goes on writing.
    const source = new Database(dbFile, { fileMustExist: true, timeout: 10_000 });
    try {
      source.pragma("busy_timeout = 10000");
      source.prepare("VACUUM INTO ?").run(path.join(work, DB_NAME));
    } finally {
      source.close();
    }
    const described = describeDatabase(path.join(work, DB_NAME));
    if (described.integrity !== "ok") throw new Error(`The copy failed integrity_check: ${described.integrity}`);

    // 2. The uploads, after the database.
    const uploads = listFiles(uploadsDir);
    for (const rel of uploads) {
      const target = path.join(work, UPLOADS_NAME, rel);
      fs.mkdirSync(path.dirname(target), { recursive: true });
      try {
        fs.copyFileSync(path.join(uploadsDir, rel), target);
      } catch (error) {
        // Deleted between listing and copying (a failed claim's file): not part of any row.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
      }
    }

    // 3. The manifest: checksums of what is really in the folder.
    const files: ManifestFile[] = [];
    for (const rel of [DB_NAME, ...listFiles(path.join(work, UPLOADS_NAME)).map((f) => path.join(UPLOADS_NAME, f))]) {
      const full = path.join(work, rel);
      files.push({ path: rel.split(path.sep).join("/"), bytes: fs.statSync(full).size, sha256: await sha256File(full) });
    }
    const manifest: Manifest = {
      format: 1,
      createdAt: now.toISOString(),
      app: appInfo(),
      schema: described.schema,
      database: { file: DB_NAME, integrity: described.integrity, rows: described.rows },
      uploads: { count: files.length - 1 },
      files,
    };
    fs.writeFileSync(path.join(work, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    fs.renameSync(work, finalDir);
    const removed = pruneBackups(destination, keep);
    return { dir: finalDir, manifest, removed };
  } catch (error) {
    fs.rmSync(work, { recursive: true, force: true });
    throw error;
  }
}

/** The complete backups under `destination`, oldest first. */
export function listBackups(destination: string): string[] {
  if (!fs.existsSync(destination)) return [];
  return fs
    .readdirSync(destination)
    .filter((n) => n.startsWith("backup-") && fs.existsSync(path.join(destination, n, MANIFEST)))
    .sort()
    .map((n) => path.join(destination, n));
}

/** Deletes all but the newest `keep` backups (and leftovers of interrupted ones); returns what went. */
export function pruneBackups(destination: string, keep: number): string[] {
  const all = listBackups(destination);
  const removed = keep > 0 ? all.slice(0, Math.max(0, all.length - keep)) : [];
  for (const dir of removed) fs.rmSync(dir, { recursive: true, force: true });
  for (const n of fs.readdirSync(destination)) {
    const full = path.join(destination, n);
    // An interrupted backup older than an hour (a newer one may be in progress right now).
    if (n.startsWith(".partial-backup-") && Date.now() - fs.statSync(full).mtimeMs > 3_600_000) {
      fs.rmSync(full, { recursive: true, force: true });
      removed.push(full);
    }
  }
  return removed;
}

/** A backup folder from what the operator gave: the folder itself, or the newest one under it. */
export function resolveBackup(dirOrRoot: string): string {
  if (fs.existsSync(path.join(dirOrRoot, MANIFEST))) return dirOrRoot;
  const newest = listBackups(dirOrRoot).at(-1);
  if (!newest) throw new Error(`No backup (no ${MANIFEST}) in ${dirOrRoot}`);
  return newest;
}

/** Every problem with a backup: unreadable manifest, missing or extra files, checksums, integrity. */
export async function verifyBackup(dir: string): Promise<{ manifest?: Manifest; problems: string[] }> {
  const problems: string[] = [];
  let manifest: Manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), "utf8")) as Manifest;
    if (manifest.format !== 1 || !Array.isArray(manifest.files)) throw new Error("unknown format");
  } catch (error) {
    return { problems: [`${MANIFEST} cannot be read: ${(error as Error).message}`] };
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  if (!listed.has(DB_NAME)) problems.push(`${DB_NAME} is not in the manifest`);
  for (const f of manifest.files) {
    const full = path.join(dir, f.path);
    if (path.relative(dir, full).startsWith("..")) {
      problems.push(`${f.path}: outside the backup`);
      continue;
    }
    if (!fs.existsSync(full)) {
      problems.push(`${f.path}: missing`);
      continue;
    }
    const bytes = fs.statSync(full).size;
    if (bytes !== f.bytes) problems.push(`${f.path}: ${bytes} bytes, manifest says ${f.bytes}`);
    else if ((await sha256File(full)) !== f.sha256) problems.push(`${f.path}: SHA-256 does not match the manifest`);
  }
  for (const rel of listFiles(path.join(dir, UPLOADS_NAME))) {
    const p = `${UPLOADS_NAME}/${rel.split(path.sep).join("/")}`;
    if (!listed.has(p)) problems.push(`${p}: not in the manifest`);
  }
  if (problems.length === 0) {
    try {
      const described = describeDatabase(path.join(dir, DB_NAME));
      if (described.integrity !== "ok") problems.push(`${DB_NAME}: integrity_check: ${described.integrity}`);
    } catch (error) {
      problems.push(`${DB_NAME}: cannot be opened: ${(error as Error).message}`);
    }
  }
  return { manifest, problems };
}

/** The pid file the server keeps beside its database while it runs. */
export function pidFileFor(dbFile: string) {
  return `${path.resolve(dbFile)}.pid`;
}

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

/** Why a restore must not run now (the server is up), or null. */
export async function serverRunning(dbFile: string, port?: number): Promise<string | null> {
  const pidFile = pidFileFor(dbFile);
  if (fs.existsSync(pidFile)) {
    const pid = Number(fs.readFileSync(pidFile, "utf8").trim());
    if (Number.isInteger(pid) && pid > 0) {
      try {
        process.kill(pid, 0);
        return `the server (pid ${pid}, ${pidFile}) is running on this database`;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "EPERM") return `the server (pid ${pid}, ${pidFile}) is running on this database`;
      }
    }
  }
  if (port && (await portAnswers(port))) return `something answers on port ${port} (PORT): is the server running?`;
  return null;
}

export class RestoreRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = "RestoreRefused";
  }
}

/**
 * Restores `backupDir` into `dbFile` and `uploadsDir` of a stopped app. Throws RestoreRefused
 * (nothing touched) when the backup fails verification or the server is running.
 */
export async function restoreBackup({
  backupDir,
  dbFile,
  uploadsDir,
  port,
  now = new Date(),
}: {
  backupDir: string;
  dbFile: string;
  uploadsDir: string;
  port?: number;
  now?: Date;
}) {
  const dir = resolveBackup(backupDir);
  const { manifest, problems } = await verifyBackup(dir);
  if (problems.length || !manifest) throw new RestoreRefused(`Backup ${dir} refused:\n  - ${problems.join("\n  - ")}`);
  const running = await serverRunning(dbFile, port);
  if (running) throw new RestoreRefused(`Restore refused: ${running}. Stop it first.`);

  const db = path.resolve(dbFile);
  const uploads = path.resolve(uploadsDir);
  const suffix = `.before-restore-${stamp(now)}`;
  fs.mkdirSync(path.dirname(db), { recursive: true });
  fs.mkdirSync(path.dirname(uploads), { recursive: true });

  // Copies first (nothing replaced yet), then the swap by rename.
  const tmpDb = `${db}.restoring`;
  const tmpUploads = `${uploads}.restoring`;
  fs.rmSync(tmpDb, { force: true });
  fs.rmSync(tmpUploads, { recursive: true, force: true });
  fs.copyFileSync(path.join(dir, DB_NAME), tmpDb);
  const fd = fs.openSync(tmpDb, "r+");
  fs.fsyncSync(fd);
  fs.closeSync(fd);
  fs.mkdirSync(tmpUploads, { recursive: true });
  for (const f of manifest.files.filter((f) => f.path.startsWith(`${UPLOADS_NAME}/`))) {
    const target = path.join(tmpUploads, f.path.slice(UPLOADS_NAME.length + 1));
    fs.mkdirSync(path.dirname(target), { recursive: true });
    fs.copyFileSync(path.join(dir, f.path), target);
  }

  const keptAside: string[] = [];
  for (const extra of ["-wal", "-shm"]) {
    if (fs.existsSync(db + extra)) {
      fs.renameSync(db + extra, db + suffix + extra);
      keptAside.push(db + suffix + extra);
    }
  }
  if (fs.existsSync(db)) {
    fs.renameSync(db, db + suffix);
    keptAside.push(db + suffix);
  }
  fs.renameSync(tmpDb, db);
  if (fs.existsSync(uploads)) {
    fs.renameSync(uploads, uploads + suffix);
    keptAside.push(uploads + suffix);
  }
  fs.renameSync(tmpUploads, uploads);
  return { from: dir, manifest, keptAside };
}
