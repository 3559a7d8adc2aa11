/**
 * `npm run lighthouse`: Lighthouse 12 (mobile, default simulated throttling) on a first visit of
 * `/`, `/search?name=...` and `/business/{id}`, against the production build served here on a
 * free port with a freshly seeded demo database, in Debian's Chromium (the e2e tests' browser).
 *
 * First visit means empty storage and cache (Lighthouse resets both) with the guided tour
 * included: automated browsers (navigator.webdriver) never get the automatic tour, so each page
 * opts back in with the `tour-autostart=force` key before any of its scripts run.
 *
 * Options: `--url <base>` measures a server that is already running instead;
 * `--runs <n>` (default 1) keeps each page's median performance run; `--json <file>` writes the
 * scores; `--verbose` also lists the unscored diagnostics under 0.9. Exits 1 when a category scores under `--min` (default 0: report only).
 */
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import puppeteer, { type Browser } from "puppeteer-core";
import { parseArgs } from "node:util";
import { freePort, waitForServer } from "./lib/bench-server";

const CHROMIUM = process.env.PLAYWRIGHT_CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
const PAGES = [
  { name: "home", path: "/" },
  { name: "search", path: "/search?name=sunshine" },
  { name: "business", path: "/business/1" },
];

/** Builds if there is no build, seeds a fresh demo database and starts remix-serve on it. */
async function serveProductionBuild(): Promise<{ base: string; server: ChildProcess; stop: () => Promise<void> }> {
  if (!fs.existsSync("build/index.js")) {
    console.log("No production build: running `remix build` first.");
    await new Promise<void>((resolve, reject) =>
      spawn("npx", ["remix", "build"], { stdio: "inherit" }).on("exit", (code) =>
        code === 0 ? resolve() : reject(new Error(`remix build exited with ${code}`)),
      ),
    );
  }
  const dir = path.resolve(".cache/lighthouse");
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const port = await freePort();
  const base = `http://localhost:${port}`;
  Object.assign(process.env, {
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: base,
    DATABASE_PATH: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: crypto.randomBytes(32).toString("hex"),
  });
  const { getEnv } = await import("~/utils/env.server");
  const { prepareDatabase } = await import("./lib/serve");
  const { startDemoStripe } = await import("./lib/demo-stripe");
  const env = getEnv();
  await prepareDatabase(env);
  const stripe = await startDemoStripe(env);
  const server = spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    env: { ...process.env, ...stripe.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  await waitForServer(server, `${base}/resources/healthz`);
  return {
    base,
    server,
    stop: async () => {
      server.kill("SIGTERM");
      await stripe.close();
    },
  };
}

type Scores = Record<Category, number>;

let verbose = false;

async function audit(browser: Browser, url: string): Promise<{ scores: Scores; notes: string[] }> {
  const page = await browser.newPage();
  // Runs before the page's own scripts on every document, after Lighthouse has cleared storage.
  await page.evaluateOnNewDocument(() => window.localStorage.setItem("tour-autostart", "force"));
  const result = await lighthouse(
    url,
    { output: "json", logLevel: "error", onlyCategories: [...CATEGORIES] },
    undefined,
    page,
  );
  await page.close();
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  const { lhr } = result;
  if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  ) as Scores;
  // What costs points: every scored audit under 0.9, with its displayed value.
  const notes: string[] = [];
  for (const category of CATEGORIES) {
    for (const ref of lhr.categories[category]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (!a || (ref.weight === 0 && !verbose) || a.score === null || a.score >= 0.9) continue;
      notes.push(`${category}: ${a.id} ${a.score}${a.displayValue ? ` (${a.displayValue})` : ""}`);
    }
  }
  const cls = lhr.audits["cumulative-layout-shift"]?.displayValue;
  const lcp = lhr.audits["largest-contentful-paint"]?.displayValue;
  const tbt = lhr.audits["total-blocking-time"]?.displayValue;
  notes.push(`metrics: LCP ${lcp}, TBT ${tbt}, CLS ${cls}`);
  // Whether the first-visit tour really ran during the measurement (its code is its own chunk).
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  if (new URL(url).pathname === "/" || new URL(url).pathname === "/search")
    notes.push(`tour: ${requests.some((r) => /guided-tour/.test(r.url)) ? "started (its chunk was fetched)" : "NOT started"}`);
  return { scores, notes };
}

async function main() {
  const { values } = parseArgs({
    options: { runs: { type: "string" }, min: { type: "string" }, json: { type: "string" }, url: { type: "string" }, verbose: { type: "boolean" } },
  });
  const runs = Number(values.runs ?? 1);
  const min = Number(values.min ?? 0);
  const jsonFile = values.json;
  const external = values.url;
  verbose = values.verbose ?? false;
  const served = external ? null : await serveProductionBuild();
  const base = (external ?? served!.base).replace(/\/$/, "");
  const browser = await puppeteer.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
  const rows: { page: string; url: string; scores: Scores }[] = [];
  try {
    for (const p of PAGES) {
      const url = base + p.path;
      const results = [];
      for (let i = 0; i < runs; i++) results.push(await audit(browser, url));
      // The median run by performance (the other categories do not vary between runs).
      results.sort((a, b) => a.scores.performance - b.scores.performance);
      const { scores, notes } = results[Math.floor(results.length / 2)];
      rows.push({ page: p.path, url, scores });
      console.log(`${p.path}`);
      for (const note of notes) console.log(`  ${note}`);
    }
  } finally {
    await browser.close();
    await served?.stop();
  }
  console.log(`\nLighthouse ${JSON.parse(fs.readFileSync("node_modules/lighthouse/package.json", "utf8")).version}, mobile (default throttling), first visit with the tour, ${new Date().toISOString()}`);
  console.log(`| page | ${CATEGORIES.join(" | ")} |`);
  console.log(`|---|${CATEGORIES.map(() => "---:").join("|")}|`);
  for (const row of rows) console.log(`| \`${row.page}\` | ${CATEGORIES.map((c) => row.scores[c]).join(" | ")} |`);
  if (jsonFile) fs.writeFileSync(jsonFile, JSON.stringify(rows, null, 2));
  const failing = rows.filter((r) => CATEGORIES.some((c) => r.scores[c] < min));
  if (failing.length) {
    console.error(`Under ${min}: ${failing.map((r) => r.page).join(", ")}`);
    process.exitCode = 1;
  }
}

await main();
