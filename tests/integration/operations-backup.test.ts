/**
 * Backups that restore (issue 24): `npm run db:backup` while another process writes, then
 * `npm run db:restore` into a fresh folder, finds every row committed before the backup and
 * every upload its rows name; a corrupted backup is refused; a running server blocks a restore.
 */
import { execFile, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/db/client.server";
import { createBackup, listBackups, pidFileFor, restoreBackup, RestoreRefused, type Manifest } from "../../server/ops/backup";
import { serverDir } from "../support/prod-server";

const run = promisify(execFile);

/** `npm run <script> -- args` with the app's variables pointing at `env`. */
async function npm(script: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run("npm", ["run", "--silent", script, "--", ...args], {
      env: { ...process.env, ...env, PORT: "1" },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/**
 * Another process that writes like the app does: the upload file first, then (in one
 * transaction) the row that names it. Prints every committed id.
 */
const WRITER = `
const { createRequire } = require("node:module");
const fs = require("node:fs");
const path = require("node:path");
const Database = createRequire(path.resolve("package.json"))("better-sqlite3");
const [dbFile, uploads] = process.argv.slice(1);
const db = new Database(dbFile);
db.pragma("journal_mode = WAL");
db.pragma("busy_timeout = 5000");
const insert = db.prepare("INSERT INTO users (username, email, password_hash) VALUES (?, ?, 'x') RETURNING id");
let n = 0;
let stop = false;
process.on("SIGTERM", () => (stop = true));
function step() {
  if (stop || n >= 3000) { db.close(); process.exit(0); }
  for (let i = 0; i < 2; i++) {
    n++;
    const name = "w" + process.pid + "_" + n;
    fs.writeFileSync(path.join(uploads, name + ".png"), Buffer.alloc(2048, n % 251));
    const { id } = insert.get(name, name + "@example.com");
    process.stdout.write(id + "\\n");
  }
  setTimeout(step, 2);
}
step();
`;

describe("backup and restore", () => {
  let dir: string;
  let dbFile: string;
  let uploads: string;
  let backups: string;

  beforeAll(() => {
    dir = serverDir("fbr-backup-");
    dbFile = path.join(dir, "live", "app.db");
    uploads = path.join(dir, "live", "uploads");
    backups = path.join(dir, "backups");
    fs.mkdirSync(uploads, { recursive: true });
    openDatabase(dbFile).$client.close();
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a backup taken during writes restores into a fresh folder with every committed row and upload", async () => {
    const writer = spawn(process.execPath, ["-e", WRITER, dbFile, uploads], { stdio: ["ignore", "pipe", "inherit"] });
    const committed: number[] = [];
    writer.stdout.on("data", (d: Buffer) => committed.push(...d.toString().split("\n").filter(Boolean).map(Number)));
    const exited = new Promise((r) => writer.once("exit", r));
    try {
      while (committed.length < 200) await new Promise((r) => setTimeout(r, 50));
      // Everything committed before the backup starts must be in it.
      const before = [...committed];
      const result = await npm("db:backup", [backups], { DATABASE_PATH: dbFile, UPLOADS_DIR: uploads });
      expect(result.stderr.replace(/^npm warn.*\n?/gm, "")).toBe("");
      expect(result.code).toBe(0);
      expect(committed.length).toBeGreaterThan(before.length); // the writer really wrote meanwhile
      expect(committed.length).toBeLessThan(3000); // ...and was still writing when the backup ended
      writer.kill("SIGTERM");
      await exited;

      const [backup] = listBackups(backups);
      const manifest = JSON.parse(fs.readFileSync(path.join(backup, "manifest.json"), "utf8")) as Manifest;
      expect(manifest).toMatchObject({ format: 1, database: { integrity: "ok" }, schema: { migration: expect.any(String) } });
      expect(manifest.app.name).toBe("florida-business-registry");
      expect(manifest.files[0]).toMatchObject({ path: "app.db", sha256: expect.stringMatching(/^[0-9a-f]{64}$/) });

      // Restore into a fresh place.
      const freshDb = path.join(dir, "fresh", "data", "app.db");
      const freshUploads = path.join(dir, "fresh", "data", "uploads");
      const restored = await npm("db:restore", [backups], { DATABASE_PATH: freshDb, UPLOADS_DIR: freshUploads });
      expect(restored.code).toBe(0);
      expect(restored.stdout).toContain("Restored");

      const db = new Database(freshDb, { readonly: true });
      expect(db.pragma("integrity_check", { simple: true })).toBe("ok");
      const rows = db.prepare("SELECT id, username FROM users").all() as { id: number; username: string }[];
      const counts = (db.prepare("SELECT count(*) AS n FROM users").get() as { n: number }).n;
      db.close();
      expect(counts).toBe(manifest.database.rows.users);
      const ids = new Set(rows.map((r) => r.id));
      for (const id of before) expect(ids.has(id)).toBe(true);
      // Every row's upload, byte for byte.
      for (const { username } of rows) {
        const file = path.join(freshUploads, `${username}.png`);
        expect(fs.existsSync(file)).toBe(true);
        expect(fs.readFileSync(file).equals(fs.readFileSync(path.join(uploads, `${username}.png`)))).toBe(true);
      }
    } finally {
      writer.kill("SIGKILL");
    }
  }, 60_000);

  it("refuses a backup whose checksum, file list or integrity_check fails, touching nothing", async () => {
    const good = listBackups(backups).at(-1)!;
    const target = { dbFile: path.join(dir, "t", "app.db"), uploadsDir: path.join(dir, "t", "uploads") };
    const copy = (name: string) => {
      const to = path.join(dir, name);
      fs.cpSync(good, to, { recursive: true });
      return to;
    };

    // A flipped byte in the database.
    const flipped = copy("flipped");
    const file = path.join(flipped, "app.db");
    const bytes = fs.readFileSync(file);
    bytes[bytes.length - 100] ^= 0xff;
    fs.writeFileSync(file, bytes);
    await expect(restoreBackup({ backupDir: flipped, ...target })).rejects.toThrow(/app\.db: SHA-256 does not match/);

    // A missing upload.
    const missing = copy("missing");
    const anUpload = fs.readdirSync(path.join(missing, "uploads"))[0];
    fs.rmSync(path.join(missing, "uploads", anUpload));
    await expect(restoreBackup({ backupDir: missing, ...target })).rejects.toThrow(new RegExp(`uploads/${anUpload}: missing`));

    // Damage with a manifest rewritten to match: integrity_check catches it.
    const damaged = copy("damaged");
    const dbPath = path.join(damaged, "app.db");
    const raw = fs.readFileSync(dbPath);
    const pageSize = raw.readUInt16BE(16) === 1 ? 65536 : raw.readUInt16BE(16);
    // Scribble over the second page (a b-tree page of the schema's first table).
    crypto.randomFillSync(raw, pageSize + 8, pageSize - 16);
    fs.writeFileSync(dbPath, raw);
    const manifestPath = path.join(damaged, "manifest.json");
    const manifest = JSON.parse(fs.readFileSync(manifestPath, "utf8")) as Manifest;
    manifest.files[0].sha256 = crypto.createHash("sha256").update(raw).digest("hex");
    fs.writeFileSync(manifestPath, JSON.stringify(manifest));
    const refused = restoreBackup({ backupDir: damaged, ...target });
    await expect(refused).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refused).rejects.toThrow(/app\.db: (integrity_check|cannot be opened)/);

    expect(fs.existsSync(target.dbFile)).toBe(false);

    // And through the command: exit 1 with the reason.
    const cli = await npm("db:restore", [flipped], { DATABASE_PATH: target.dbFile, UPLOADS_DIR: target.uploadsDir });
    expect(cli.code).toBe(1);
    expect(cli.stderr).toMatch(/refused[\s\S]*SHA-256 does not match/);
  }, 60_000);

  it("refuses to restore under a running server", async () => {
    const good = listBackups(backups).at(-1)!;
    fs.writeFileSync(pidFileFor(dbFile), `${process.pid}\n`); // this process stands in for the server
    try {
      await expect(restoreBackup({ backupDir: good, dbFile, uploadsDir: uploads })).rejects.toThrow(/server .* is running/);
    } finally {
      fs.rmSync(pidFileFor(dbFile));
    }
  });

  it("keeps the newest N backups", async () => {
    const root = path.join(dir, "rotation");
    for (let i = 0; i < 4; i++) {
      await createBackup({ dbFile, uploadsDir: uploads, destination: root, keep: 2, now: new Date(Date.UTC(2026, 0, 1 + i)) });
    }
    expect(listBackups(root).map((d) => path.basename(d))).toEqual(["backup-20260103T000000Z", "backup-20260104T000000Z"]);
  }, 60_000);
});
