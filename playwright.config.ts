import fs from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { E2E_NOW } from "./tests/support/e2e-clock";

/** Debian's Chromium (or PLAYWRIGHT_CHROMIUM_PATH); Playwright's own browser as a last resort. */
function chromiumPath(): string | undefined {
  const candidates = [process.env.PLAYWRIGHT_CHROMIUM_PATH, "/usr/bin/chromium"].filter(Boolean) as string[];
  for (const candidate of candidates) if (fs.existsSync(candidate)) return candidate;
  return undefined;
}

function ensureBrowser() {
  const found = chromiumPath();
  if (found) return found;
  const bundled = (() => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return fs.existsSync(require("playwright-core").chromium.executablePath());
    } catch {
      return false;
    }
  })();
  if (!bundled) {
    throw new Error(
      "No Chromium found for the end-to-end tests. Install Debian's: `apt-get install -y chromium` " +
        "(or set PLAYWRIGHT_CHROMIUM_PATH to a Chromium binary).",
    );
  }
  return undefined;
}

const executablePath = ensureBrowser();

// The e2e server's own database and uploads; tests reach the same files to set up fixtures.
// E2E_PORT lets several checkouts run their suites side by side.
const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E = {
  port,
  stripePort: port + 50,
  dir: path.resolve(`.cache/e2e-${port}`),
  secret: "e2e-session-secret-0123456789abcdef",
};
process.env.NODE_ENV = "test";
// The app's clock, for the server and for the fixtures tests make (tests/support/e2e-clock.ts).
process.env.APP_NOW = E2E_NOW;
process.env.DATABASE_PATH = path.join(E2E.dir, "app.db");
process.env.UPLOADS_DIR = path.join(E2E.dir, "uploads");
process.env.SESSION_SECRET = E2E.secret;
process.env.E2E_PORT = String(E2E.port);
process.env.E2E_STRIPE_PORT = String(E2E.stripePort);

const launchOptions = {
  executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
  ],
};

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: `http://localhost:${E2E.port}`,
    trace: "retain-on-failure",
    launchOptions,
  },
  projects: [
    { name: "js-on", use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions } },
    {
      name: "js-off",
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
      grepInvert: /@js-only/,
    },
  ],
  globalTeardown: "./tests/support/e2e-log-check.ts",
  webServer: {
    command: "node --import tsx tests/support/e2e-server.ts",
    url: `http://localhost:${E2E.port}/`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
