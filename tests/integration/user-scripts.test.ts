/** npm run user:create / user:promote, run as the real scripts against a temporary database. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { verifyPassword } from "~/models/password.server";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-scripts-"));
const dbPath = path.join(dir, "app.db");
const tsx = path.resolve("node_modules/.bin/tsx");

function run(script: "user-create" | "user-promote", args: string[], input?: string) {
  const result = spawnSync(tsx, [`scripts/${script}.ts`, ...args], {
    input: input ?? "",
    encoding: "utf8",
    env: { ...process.env, DATABASE_PATH: dbPath, NODE_ENV: "test" },
    timeout: 60_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

function userRow(username: string) {
  const db = new Database(dbPath, { readonly: true });
  try {
    return db.prepare("SELECT username, email, is_admin AS isAdmin, password_hash AS passwordHash FROM users WHERE username = ?").get(username) as
      | { username: string; email: string; isAdmin: number; passwordHash: string }
      | undefined;
  } finally {
    db.close();
  }
}

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("user scripts", { timeout: 120_000 }, () => {
  it("user:create --admin --password-stdin makes an administrator with a hashed password", async () => {
    const result = run("user-create", ["--username", "town_admin", "--email", "Clerk@Town.Example", "--admin", "--password-stdin"], "s3cret-pass\n");
    expect(result.stderr).not.toMatch(/Error/);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Created administrator town_admin");
    const row = userRow("town_admin")!;
    expect(row).toMatchObject({ email: "clerk@town.example", isAdmin: 1 });
    expect(row.passwordHash).not.toContain("s3cret-pass");
    expect(await verifyPassword("s3cret-pass", row.passwordHash)).toBe(true);
  });

  it("applies registration's rules and uniqueness, and writes nothing when they fail", () => {
    const invalid = run("user-create", ["--username", "ab!", "--email", "not-an-email", "--password-stdin"], "123\n");
    expect(invalid.status).toBe(1);
    expect(invalid.stderr).toContain("Username can only contain letters, numbers, and underscores");
    expect(invalid.stderr).toContain("Please enter a valid email address");
    const short = run("user-create", ["--username", "shorty", "--email", "s@example.com", "--password-stdin"], "12345\n");
    expect(short.status).toBe(1);
    expect(short.stderr).toContain("Password must be at least 6 characters");
    expect(userRow("shorty")).toBeUndefined();
    const taken = run("user-create", ["--username", "TOWN_ADMIN", "--email", "other@example.com", "--password-stdin"], "another-pass\n");
    expect(taken.status).toBe(1);
    expect(taken.stderr).toContain("Username is already taken");
  });

  it("without a terminal and without --password-stdin it refuses instead of hanging", () => {
    const result = run("user-create", ["--username", "nopass", "--email", "n@example.com"]);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("--password-stdin");
    expect(userRow("nopass")).toBeUndefined();
  });

  it("user:promote makes an existing user an administrator, any case; unknown users fail", () => {
    expect(run("user-create", ["--username", "clerk_two", "--email", "c2@example.com", "--password-stdin"], "clerk-pass\n").status).toBe(0);
    expect(userRow("clerk_two")!.isAdmin).toBe(0);
    const promoted = run("user-promote", ["--username", "CLERK_TWO"]);
    expect(promoted.status).toBe(0);
    expect(promoted.stdout).toContain("clerk_two is now an administrator.");
    expect(userRow("clerk_two")!.isAdmin).toBe(1);
    const missing = run("user-promote", ["--username", "nobody_here"]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("No user named nobody_here.");
    expect(run("user-promote", []).status).toBe(2);
  });
});
