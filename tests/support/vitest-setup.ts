import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll } from "vitest";
import { resetEnvCache } from "~/utils/env.server";

// Every test file gets its own fresh SQLite file (migrated on first use) and upload folder.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-test-"));
process.env.NODE_ENV = "test";
process.env.DATABASE_PATH = path.join(dir, "test.db");
process.env.UPLOADS_DIR = path.join(dir, "uploads");
process.env.SESSION_SECRET = "test-session-secret-0123456789";
process.env.APP_URL = "http://localhost:3000";
resetEnvCache();

afterAll(() => {
  global.__db?.db.$client.close();
  global.__db = undefined;
  fs.rmSync(dir, { recursive: true, force: true });
});
