import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_PATH ?? "data/app.db" },
  // The FTS5 virtual table and its shadow tables are created by a hand-written migration.
  tablesFilter: ["!businesses_fts*"],
});
