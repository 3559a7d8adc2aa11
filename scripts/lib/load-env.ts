import fs from "node:fs";

/** Loads .env (if present) without overriding variables already set. */
export function loadDotEnv(file = ".env") {
  if (fs.existsSync(file)) process.loadEnvFile(file);
}
