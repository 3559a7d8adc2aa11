import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb, openDatabase, READ_MAP_BYTES } from "~/db/client.server";
import { businesses, payments, users } from "~/db/schema";
import { EnvError, parseEnv } from "~/utils/env.server";
import { verifyPassword } from "~/models/password.server";
import { seedDemoData } from "../../scripts/lib/seed";
import { FILING_TYPES, STATUSES } from "../../scripts/lib/registry-generator";

const tmpFile = () => path.join(fs.mkdtempSync(path.join(os.tmpdir(), "fbr-found-")), "app.db");

describe("migrations", () => {
  it("create every table, index and the FTS table on an empty file, with the pragmas on", () => {
    const file = tmpFile();
    const db = openDatabase(file);
    const names = db.$client
      .prepare("select name from sqlite_master where type in ('table','index','trigger') order by name")
      .all()
      .map((r) => (r as { name: string }).name);
    for (const expected of [
      "users",
      "sessions",
      "businesses",
      "payments",
      "login_attempts",
      "claim_attempts",
      "stripe_events",
      "businesses_fts",
      "businesses_document_number_unique",
      "businesses_owner_idx",
      "businesses_status_idx",
      "businesses_filing_type_idx",
      "businesses_city_name_idx",
      "users_username_lower_unique",
      "payments_stripe_payment_id_unique",
    ]) {
      expect(names).toContain(expected);
    }
    expect(db.$client.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(db.$client.pragma("foreign_keys", { simple: true })).toBe(1);
    expect(db.$client.pragma("busy_timeout", { simple: true })).toBe(5000);
    db.$client.close();
    // Applying them again to the same file is a no-op, not an error.
    openDatabase(file).$client.close();
  });

  it("maps the file for the server's reads (getDb), not for the importer's own connection", () => {
    // SQLite clamps the size to its compiled limit (2 GiB less a 64 KiB page here): mapped, not 0.
    const mapped = getDb().$client.pragma("mmap_size", { simple: true }) as number;
    expect(mapped).toBeGreaterThan(0);
    expect(mapped).toBeLessThanOrEqual(READ_MAP_BYTES);
    const own = openDatabase(tmpFile());
    expect(own.$client.pragma("mmap_size", { simple: true })).toBe(0);
    own.$client.close();
  });

  it("`npm run db:migrate` migrates the file named by DATABASE_PATH", () => {
    const file = tmpFile();
    const result = spawnSync(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/migrate.ts"], {
      env: { ...process.env, DATABASE_PATH: file, NODE_ENV: "test" },
      encoding: "utf8",
    });
    expect(result.status, result.stderr).toBe(0);
    const db = openDatabase(file);
    expect(db.select({ n: sql<number>`count(*)` }).from(users).get()?.n).toBe(0);
    db.$client.close();
  });

  it("enforces unique document numbers and case-insensitive unique usernames", () => {
    const db = openDatabase(tmpFile());
    db.insert(users).values({ username: "Alice", email: "a@example.com", passwordHash: "x" }).run();
    expect(() => db.insert(users).values({ username: "alice", email: "b@example.com", passwordHash: "x" }).run()).toThrow(
      /UNIQUE/,
    );
    const row = { name: "A", filingType: "LLC", status: "ACTIVE", documentNumber: "L00000000001" };
    db.insert(businesses).values(row).run();
    expect(() => db.insert(businesses).values(row).run()).toThrow(/UNIQUE/);
    db.$client.close();
  });
});

describe("demo seed", () => {
  it("fills an empty database with the fixtures, deterministically", async () => {
    const db = getDb();
    expect(await seedDemoData(db)).toBe(true);

    const admin = db.select().from(users).where(eq(users.username, "admin")).get()!;
    expect(admin.isAdmin).toBe(true);
    expect(await verifyPassword("admin-demo-1", admin.passwordHash)).toBe(true);
    const demo = db.select().from(users).where(eq(users.username, "demo")).get()!;
    expect(demo.isAdmin).toBe(false);
    expect(await verifyPassword("demo-user-1", demo.passwordHash)).toBe(true);

    const [b1, b2, b3] = [1, 2, 3].map((id) => db.select().from(businesses).where(eq(businesses.id, id)).get()!);
    expect(b1).toMatchObject({
      name: "Pembroke Park Demo Bakery LLC",
      documentNumber: "L24000000001",
      status: "ACTIVE",
      filingType: "LLC",
      isClaimed: false,
      canBeClaimed: true,
      verificationCode: "1234567",
    });
    expect(b2).toMatchObject({
      name: "Sunshine Auto Repair Inc",
      documentNumber: "P24000000002",
      status: "ACTIVE",
      filingType: "CORP",
      isClaimed: true,
      ownerId: demo.id,
      employeeCount: 3,
      vehicleCount: 2,
    });
    expect(b3).toMatchObject({
      name: "Gulfstream Logistics LLC",
      documentNumber: "L24000000003",
      isClaimed: true,
      ownerId: demo.id,
    });
    // Business 3 holds the receipt for FY2027 (October 1, 2026 - September 30, 2027), paid on time.
    const b3Payments = db.select().from(payments).where(eq(payments.businessId, 3)).all();
    expect(b3Payments).toHaveLength(1);
    expect(b3Payments[0]).toMatchObject({ amount: 100_00 + 4 * 5_00 + 1 * 10_00, taxYear: 2027, receiptNumber: "2027-000001", penaltyCents: 0 });
    expect(db.select().from(payments).where(eq(payments.businessId, 2)).all()).toHaveLength(0);

    const count = (where: ReturnType<typeof sql>) =>
      db.select({ n: sql<number>`count(*)` }).from(businesses).where(where).get()!.n;
    expect(count(sql`city = 'Pembroke Park'`)).toBeGreaterThanOrEqual(300);
    expect(count(sql`city <> 'Pembroke Park'`)).toBeGreaterThanOrEqual(2000);
    expect(count(sql`city = 'Pembroke Park' and zip not in ('33009','33023')`)).toBe(0);
    expect(count(sql`document_number not glob '[A-Z][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]'`)).toBe(0);
    for (const type of FILING_TYPES) expect(count(sql`filing_type = ${type}`), type).toBeGreaterThan(0);
    for (const status of STATUSES) expect(count(sql`status = ${status}`), status).toBeGreaterThan(0);

    // A second run leaves a seeded database alone.
    expect(await seedDemoData(db)).toBe(false);
  });

  it("produces the same rows on every run", async () => {
    const snapshot = async () => {
      const db = openDatabase(tmpFile());
      await seedDemoData(db);
      const rows = db.$client
        .prepare("select id, name, document_number, city, status, verification_code from businesses order by id")
        .all();
      db.$client.close();
      return rows;
    };
    expect(await snapshot()).toEqual(await snapshot());
  });
});

describe("environment check", () => {
  it("refuses to start in production without SESSION_SECRET, with a readable message", () => {
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(EnvError);
    expect(() => parseEnv({ NODE_ENV: "production" })).toThrow(/SESSION_SECRET is required in production/);
  });

  it("reports every bad variable at once", () => {
    try {
      parseEnv({ NODE_ENV: "production", PORT: "99999", SESSION_SECRET: "short" });
      expect.unreachable();
    } catch (error) {
      expect(String((error as Error).message)).toMatch(/PORT/);
      expect(String((error as Error).message)).toMatch(/at least 16 characters/);
    }
  });

  it("has safe defaults for everything else", () => {
    const env = parseEnv({ NODE_ENV: "development" });
    expect(env).toMatchObject({
      PORT: 3000,
      DATABASE_PATH: "data/app.db",
      UPLOADS_DIR: "data/uploads",
      TOWN_NAME: "Pembroke Park",
      APP_URL: "http://localhost:3000",
    });
    expect(parseEnv({ NODE_ENV: "production", SESSION_SECRET: "a".repeat(32) + ",old-secret-0123456789" }).SESSION_SECRETS).toHaveLength(2);
  });

  it("asks staff for a second factor by default only when a real Stripe key is set", () => {
    expect(parseEnv({ NODE_ENV: "development" }).STAFF_MFA).toBe("optional");
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_0123456789", STRIPE_API_URL: "http://localhost:12111" }).STAFF_MFA).toBe("optional");
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_test_0123456789" }).STAFF_MFA).toBe("required");
    expect(parseEnv({ STRIPE_SECRET_KEY: "sk_live_0123456789", STAFF_MFA: "optional" }).STAFF_MFA).toBe("optional");
    expect(() => parseEnv({ STAFF_MFA: "sometimes" })).toThrow(/STAFF_MFA/);
    expect(() => parseEnv({ MFA_ENCRYPTION_KEY: "short" })).toThrow(/MFA_ENCRYPTION_KEY must be at least 16 characters/);
  });

  it("the production server exits with the message when SESSION_SECRET is missing", () => {
    const result = spawnSync(process.execPath, ["node_modules/@remix-run/serve/dist/cli.js", "build/index.js"], {
      env: { PATH: process.env.PATH, NODE_ENV: "production", PORT: "39999", DATABASE_PATH: tmpFile() },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).not.toBe(0);
    expect(result.stderr + result.stdout).toMatch(/SESSION_SECRET is required in production/);
  });
});
