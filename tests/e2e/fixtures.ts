/**
 * Shared Playwright fixtures:
 * - every app page a test visits is scanned with axe-core afterwards (serious or critical
 *   violations fail the test), once per worker for each address and signed-in state: the scan
 *   loads the page afresh in a JS-enabled context, so a second scan of the same address would
 *   see the same page (the scans were most of the suite's time);
 * - `loginAs(user)` signs the browser in by inserting a session row (no login form);
 * - factories from tests/support make fresh rows in the e2e server's database: the database,
 *   clock and Stripe double of the server the project talks to (`e2eServer`, playwright.config.ts).
 */
import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { resetClock } from "~/utils/clock.server";
import { resetEnvCache } from "~/utils/env.server";
import { createSession } from "~/utils/session.server";
import { e2eServer, type E2eServerName } from "../support/e2e-servers";

const MAX_SCANS_PER_TEST = 8;
/** Addresses this worker has scanned, with whether a session cookie was sent. */
const scannedInWorker = new Set<string>();

type Fixtures = {
  loginAs: (user: { id: number }, page?: Page) => Promise<void>;
  jsEnabled: boolean;
  axeScanVisitedPages: void;
};

type WorkerFixtures = {
  /** Which e2e server the project's tests talk to (tests/support/e2e-servers.ts). */
  e2eServer: E2eServerName;
  /** Points this worker's fixtures (database, uploads, clock, Stripe double) at that server. */
  e2eServerEnv: void;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  e2eServer: ["main", { scope: "worker", option: true }],

  e2eServerEnv: [
    async ({ e2eServer: name }, use) => {
      const server = e2eServer(name);
      process.env.DATABASE_PATH = server.databasePath;
      process.env.UPLOADS_DIR = server.uploadsDir;
      process.env.APP_NOW = server.now;
      process.env.E2E_STRIPE_PORT = String(server.stripePort);
      resetEnvCache();
      resetClock();
      await use();
    },
    { scope: "worker", auto: true },
  ],

  jsEnabled: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },

  loginAs: async ({ context, baseURL }, use) => {
    await use(async (user) => {
      const setCookie = await createSession(user.id, false);
      const [pair] = setCookie.split(";");
      const [name, ...rest] = pair.split("=");
      await context.addCookies([{ name, value: rest.join("="), url: baseURL!, httpOnly: true, sameSite: "Lax" }]);
    });
  },

  axeScanVisitedPages: [
    async ({ page, context, browser, baseURL }, use, testInfo) => {
      const visited = new Set<string>();
      const origin = new URL(baseURL!).origin;
      page.on("framenavigated", (frame) => {
        if (frame !== page.mainFrame()) return;
        const url = new URL(frame.url());
        if (url.origin !== origin || url.pathname.startsWith("/api/") || url.pathname.startsWith("/resources/")) return;
        visited.add(`${url.pathname}${url.search}`);
      });
      await use();
      if (testInfo.status !== testInfo.expectedStatus) return;
      if (visited.size === 0) return;
      const state = await context.storageState();
      const signedIn = state.cookies.some((c) => c.name === "__session");
      const paths = [...visited].filter((path) => !scannedInWorker.has(`${signedIn}:${path}`)).slice(0, MAX_SCANS_PER_TEST);
      if (paths.length === 0) return;
      // axe runs as page script, so scan in a JS-enabled context that shares the test's cookies.
      const scanContext = await browser.newContext({
        baseURL,
        javaScriptEnabled: true,
        storageState: state,
      });
      const scanPage = await scanContext.newPage();
      // The scans are work beyond the test's own steps: each gets its own time (on a busy machine
      // an axe scan of a page takes 10-20 s) instead of eating the test's.
      testInfo.setTimeout(testInfo.timeout + paths.length * 30_000);
      try {
        for (const path of paths) {
          const response = await scanPage.goto(path).catch(() => null);
          if (!response || new URL(scanPage.url()).origin !== origin) continue;
          // A sandboxed frame (a mail's HTML part) runs no script: axe cannot be injected there, and
          // trying to leaves the scan hanging until the test's time is up.
          const results = await new AxeBuilder({ page: scanPage }).exclude("iframe[sandbox]").analyze();
          const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
          scannedInWorker.add(`${signedIn}:${path}`);
          expect(
            serious.map((v) => `${v.id} (${v.impact}) on ${path}: ${v.help} — ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3).join(", ")}`),
            `accessibility violations on ${path}`,
          ).toEqual([]);
        }
      } finally {
        await scanContext.close();
      }
    },
    { auto: true },
  ],
});

export { expect };

/** Waits for the flashed or client toast with this title. */
export async function expectToast(page: Page, title: string | RegExp) {
  await expect(page.getByTestId("toaster")).toContainText(title);
}
