/**
 * Migration 0006 carries existing payments over without loss: each keeps its row and gains its
 * fiscal year as a number, its tax, and a receipt number (the first payment per business and
 * year); a business flagged paid without a payment keeps a receipt; the flag itself goes.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import { describe, expect, it } from "vitest";

function migrationsUpTo(tag: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mig-"));
  fs.mkdirSync(path.join(dir, "meta"));
  const journal = JSON.parse(fs.readFileSync("drizzle/meta/_journal.json", "utf8")) as { entries: { tag: string }[] };
  const index = journal.entries.findIndex((e) => e.tag === tag);
  const entries = journal.entries.slice(0, index + 1);
  for (const e of entries) fs.copyFileSync(`drizzle/${e.tag}.sql`, path.join(dir, `${e.tag}.sql`));
  fs.writeFileSync(path.join(dir, "meta/_journal.json"), JSON.stringify({ ...journal, entries }));
  return dir;
}

describe("migration 0006_tax_year", () => {
  it("keeps every payment, numbers one receipt per business and year, and replaces the paid flag", () => {
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "mig-db-")), "app.db");
    const sqlite = new Database(file);
    const db = drizzle(sqlite);
    migrate(db, { migrationsFolder: migrationsUpTo("0003_registry_version") });
    sqlite.exec(`
      INSERT INTO users (id, username, email, password_hash) VALUES (1, 'o', 'o@example.com', 'x');
      INSERT INTO businesses (id, name, document_number, filing_type, status, owner_id, has_paid_btr, is_claimed)
        VALUES (1, 'A', 'D1', 'LLC', 'ACTIVE', 1, 1, 1), (2, 'B', 'D2', 'LLC', 'ACTIVE', 1, 1, 1), (3, 'C', 'D3', 'LLC', 'ACTIVE', NULL, 0, 0);
      INSERT INTO payments (id, user_id, business_id, amount, description, stripe_payment_id, kind, fiscal_year, created_at) VALUES
        (10, 1, 1, 13500, 'BTR', 'pi_a', 'btr', '2025-2026', 1750000000000),
        (11, 1, 1, 13500, 'BTR', 'in_a', 'renewal', '2026-2027', 1760000000000),
        (12, 1, 1, 13500, 'BTR', 'pi_dup', 'btr', '2026-2027', 1760000001000);
    `);
    migrate(db, { migrationsFolder: "drizzle" });
    const rows = sqlite.prepare("SELECT id, business_id, amount, tax_year, tax_cents, penalty_cents, receipt_number, paid_at, kind FROM payments ORDER BY id").all();
    expect(rows).toEqual([
      { id: 10, business_id: 1, amount: 13500, tax_year: 2026, tax_cents: 13500, penalty_cents: 0, receipt_number: "2026-000001", paid_at: 1750000000000, kind: "btr" },
      { id: 11, business_id: 1, amount: 13500, tax_year: 2027, tax_cents: 13500, penalty_cents: 0, receipt_number: "2027-000001", paid_at: 1760000000000, kind: "renewal" },
      // A second payment for a year already held stays (nothing is lost) but holds no receipt.
      { id: 12, business_id: 1, amount: 13500, tax_year: 2027, tax_cents: 13500, penalty_cents: 0, receipt_number: null, paid_at: 1760000001000, kind: "btr" },
      expect.objectContaining({ business_id: 2, amount: 0, kind: "legacy", receipt_number: expect.stringMatching(/^\d{4}-00000\d$/) }),
    ]);
    const columns = (sqlite.prepare("PRAGMA table_info(businesses)").all() as { name: string }[]).map((c) => c.name);
    expect(columns).not.toContain("has_paid_btr");
    sqlite.close();
  });
});
