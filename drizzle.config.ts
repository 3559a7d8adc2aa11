import { defineConfig } from "drizzle-kit";

export default defineConfig({
  dialect: "sqlite",
  schema: "./app/db/schema.ts",
  out: "./drizzle",
  dbCredentials: { url: process.env.DATABASE_PATH ?? "data/app.db" },
  // The FTS5 virtual tables and their shadow tables are created by hand-written migrations.
  tablesFilter: ["!businesses_fts*", "!people_fts*"],
});
