import fs from "node:fs";
import { register } from "node:module";
import { defineConfig, devices } from "@playwright/test";
import { e2eServer, type E2eServerName } from "./tests/support/e2e-servers";

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

// The app imports its translations as JSON without an import attribute (tests/support/json-modules.mjs).
register("./tests/support/json-modules.mjs", import.meta.url);

const executablePath = ensureBrowser();

// The e2e servers' own databases and uploads; tests reach the same files to set up fixtures.
// E2E_PORT lets several checkouts run their suites side by side. Two servers, one per clock
// (tests/support/e2e-servers.ts): "main" on E2E_PORT, "july" on E2E_PORT + 1.
const port = Number(process.env.E2E_PORT ?? 3100);
const main = e2eServer("main", port);
const july = e2eServer("july", port);
export const E2E = {
  port,
  stripePort: main.stripePort,
  dir: main.dir,
  secret: "e2e-session-secret-0123456789abcdef",
};
process.env.NODE_ENV = "test";
// The app's clock, database and Stripe double for the fixtures tests make: the main server's
// here; a worker of a project on another server switches to that one's (tests/e2e/fixtures.ts).
process.env.APP_NOW = main.now;
process.env.DATABASE_PATH = main.databasePath;
process.env.UPLOADS_DIR = main.uploadsDir;
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

/** Specs that run on the July 1 server only (`*.july.spec.ts`). */
const JULY_SPECS = /\.july\.spec\.ts$/;

/** Which e2e server a project's tests talk to (tests/e2e/fixtures.ts reads it). */
type ServerOption = { e2eServer: E2eServerName };

const webServer = (server: typeof main) => ({
  command: "node --import tsx tests/support/e2e-server.ts",
  url: `${server.baseURL}/`,
  env: { E2E_SERVER: server.name },
  reuseExistingServer: false,
  timeout: 120_000,
  stdout: "ignore" as const,
  stderr: "pipe" as const,
});

export default defineConfig<ServerOption>({
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
    // July 1, 2027 (renewals for the next fiscal year open). One project, not a js-on/js-off pair:
    // its journeys share the town's FY2028 fee schedule, which the first FY2028 sale freezes, so
    // they run in order in one worker, each choosing JS on or off itself (tax-year.july.spec.ts).
    // Listed first so that serial group starts first, beside the main suite, not last and alone.
    {
      name: "july",
      testMatch: JULY_SPECS,
      fullyParallel: false,
      use: { ...devices["Desktop Chrome"], baseURL: july.baseURL, e2eServer: "july", launchOptions },
    },
    { name: "js-on", testIgnore: JULY_SPECS, use: { ...devices["Desktop Chrome"], javaScriptEnabled: true, launchOptions } },
    {
      name: "js-off",
      testIgnore: JULY_SPECS,
      use: { ...devices["Desktop Chrome"], javaScriptEnabled: false, launchOptions },
      grepInvert: /@js-only/,
    },
  ],
  globalTeardown: "./tests/support/e2e-log-check.ts",
  // Both start in parallel before the first test.
  webServer: [webServer(main), webServer(july)],
});
