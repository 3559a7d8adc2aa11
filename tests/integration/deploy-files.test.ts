/**
 * Issue 43: the files in deploy/ hold together with the code they deploy.
 * - The Prometheus alert rules pass `promtool check rules` and their unit tests
 *   (tests/support/prometheus-alerts.promtool.yml); the scrape config passes `promtool check config`.
 * - The Grafana dashboard parses, its every query is valid PromQL, and every metric the dashboard
 *   and the alerts name is in a real scrape of the production server (`npm run build` first).
 * - The env file template lists every production variable, parses the same for Node (what
 *   `npm run` reads) and for a shell (what upgrade.sh reads), and is refused by the app until its
 *   REQUIRED lines are filled in.
 * - `systemd-analyze verify` accepts the units; the scripts parse; the Dockerfile has its stages,
 *   user, volume and health check (Docker itself is not run here).
 * Tools that are missing (promtool, systemd-analyze) skip their test with a message.
 */
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import util from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EnvError, parseEnv } from "~/utils/env.server";
import { serverDir, startProdServer, type ProdServer } from "../support/prod-server";

const has = (tool: string, ...args: string[]) => spawnSync(tool, args).error === undefined;
const hasPromtool = has("promtool", "--version");
const hasSystemdAnalyze = has("systemd-analyze", "--version");
if (!hasPromtool) console.warn("deploy-files: `promtool` is not installed (.ci/install-deploy-tools installs it): its tests skipped");
if (!hasSystemdAnalyze) console.warn("deploy-files: `systemd-analyze` is not installed: the unit check skipped");

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), "fbr-deploy-"));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

function run(tool: string, args: string[]) {
  const result = spawnSync(tool, args, { encoding: "utf8" });
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

type Dashboard = { panels: { type: string; title: string; targets?: { expr: string }[] }[]; templating: { list: { query?: unknown }[] } };
const dashboard = JSON.parse(fs.readFileSync("deploy/grafana-dashboard.json", "utf8")) as Dashboard;
const dashboardExprs = dashboard.panels.flatMap((p) => (p.targets ?? []).map((t) => ({ panel: p.title, expr: t.expr })));
/** The dashboard's variables as Prometheus would get them: any instance, a 5-minute rate window. */
const asPromql = (expr: string) => expr.replaceAll("$__rate_interval", "5m").replaceAll("$instance", ".*");
const alertExprs = [...fs.readFileSync("deploy/prometheus-alerts.yml", "utf8").matchAll(/expr: (\|\n((?: {10}.*\n)+)|.*)/g)].map((m) => m[2] ?? m[1]);

/** Metric names in a PromQL expression: identifiers followed by `{`, or by `)` / an operator where they stand alone. */
function metricNames(expr: string): string[] {
  const names = new Set<string>();
  for (const m of expr.matchAll(/\b([a-z_][a-z0-9_]*)\s*(?=\{)/g)) names.add(m[1]);
  for (const m of expr.matchAll(/\b((?:fbr|process|nodejs)_[a-z0-9_]+)\b/g)) names.add(m[1]);
  return [...names];
}
/** Prometheus's own series (the scrape's health, the blackbox probe), not the app's. */
const NOT_FROM_THE_APP = new Set(["up", "probe_success"]);

describe("Prometheus alert rules (deploy/prometheus-alerts.yml)", () => {
  it.skipIf(!hasPromtool)("pass promtool check rules", () => {
    const { status, output } = run("promtool", ["check", "rules", "deploy/prometheus-alerts.yml"]);
    expect(status, output).toBe(0);
    expect(output).toMatch(/SUCCESS: \d+ rules found/);
  });

  it.skipIf(!hasPromtool)("fire when they should and stay quiet otherwise (promtool test rules)", () => {
    const { status, output } = run("promtool", ["test", "rules", "tests/support/prometheus-alerts.promtool.yml"]);
    expect(status, output).toBe(0);
  });

  it("cover what should wake someone", () => {
    const text = fs.readFileSync("deploy/prometheus-alerts.yml", "utf8");
    for (const alert of [
      "FloridaBtrNotReady",
      "FloridaBtrMailNotDelivered",
      "FloridaBtrMailJobFailing",
      "FloridaBtrStripeCancellationsFailing",
      "FloridaBtrNoSuccessfulImport",
      "FloridaBtrNoRecentBackup",
      "FloridaBtrServerErrors",
    ]) {
      expect(text).toContain(`alert: ${alert}`);
    }
  });

  it.skipIf(!hasPromtool)("and the scrape config passes promtool check config", () => {
    const token = path.join(tmp, "metrics-token");
    fs.writeFileSync(token, "x".repeat(32));
    const config = path.join(tmp, "prometheus.yml");
    fs.writeFileSync(
      config,
      fs
        .readFileSync("deploy/prometheus-scrape.yml", "utf8")
        .replaceAll("/etc/prometheus/florida-btr-alerts.yml", path.resolve("deploy/prometheus-alerts.yml"))
        .replaceAll("/etc/prometheus/florida-btr.token", token),
    );
    const { status, output } = run("promtool", ["check", "config", config]);
    expect(status, output).toBe(0);
  });
});

describe("Grafana dashboard (deploy/grafana-dashboard.json)", () => {
  it("has a panel for each subject, each with a query", () => {
    const titles = dashboard.panels.map((p) => p.title.toLowerCase()).join("\n");
    for (const subject of ["requests per second", "latency", "5xx", "search latency", "outbox", "job", "registry", "backup", "payments"]) {
      expect(titles).toContain(subject);
    }
    for (const panel of dashboard.panels.filter((p) => p.type !== "row")) expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
  });

  it.skipIf(!hasPromtool)("asks only valid PromQL (each query checked by promtool as a recording rule)", () => {
    const rules = [
      "groups:",
      "  - name: dashboard",
      "    rules:",
      ...dashboardExprs.flatMap(({ expr }, i) => [`      - record: dashboard:query_${i}`, `        expr: ${JSON.stringify(asPromql(expr))}`]),
    ].join("\n");
    const file = path.join(tmp, "dashboard-rules.yml");
    fs.writeFileSync(file, `${rules}\n`);
    const { status, output } = run("promtool", ["check", "rules", file]);
    expect(status, output).toBe(0);
  });
});

describe("the metrics the dashboard and the alerts name", () => {
  let server: ProdServer | undefined;
  let scrape = "";
  const token = "deploy-files-metrics-token-0123456789";
  beforeAll(async () => {
    const dir = serverDir("fbr-deploy-metrics-");
    server = await startProdServer({ dir, env: { METRICS_TOKEN: token, BACKUP_DIR: path.join(dir, "backups") } });
    // A page, a search and a failed sign-in, so the labelled series have something in them.
    await fetch(`${server.url}/`);
    await fetch(`${server.url}/search?q=pembroke`);
    await fetch(`${server.url}/api/login`, { method: "POST", headers: { "Content-Type": "application/json" }, body: '{"username":"x","password":"y"}' });
    const answer = await fetch(`${server.url}/resources/metrics`, { headers: { Authorization: `Bearer ${token}` } });
    expect(answer.status).toBe(200);
    scrape = await answer.text();
  }, 90_000);
  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill("SIGTERM");
      await server.exited;
    }
    if (server) fs.rmSync(server.dir, { recursive: true, force: true });
  });

  it("are all in a scrape of the production server", () => {
    const scraped = new Set<string>();
    for (const line of scrape.split("\n")) {
      const m = /^(?:# TYPE )?([a-zA-Z_:][a-zA-Z0-9_:]*)/.exec(line);
      if (m && !line.startsWith("# HELP")) scraped.add(m[1]);
    }
    const named = new Map<string, string>();
    for (const { panel, expr } of dashboardExprs) for (const n of metricNames(expr)) named.set(n, `dashboard panel "${panel}"`);
    for (const expr of alertExprs) for (const n of metricNames(expr)) named.set(n, `alert ${expr.trim().split("\n")[0]}`);
    const missing = [...named].filter(([name]) => !NOT_FROM_THE_APP.has(name) && !scraped.has(name));
    expect(missing.map(([name, where]) => `${name} (${where})`)).toEqual([]);
    expect(named.size).toBeGreaterThan(15);
  });
});

describe("the env file template (deploy/florida-btr.env)", () => {
  const template = fs.readFileSync("deploy/florida-btr.env", "utf8");
  const listed = new Set([...template.matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]));

  it("lists every production variable of env.server.ts, .env.example and the README's table", () => {
    const schema = [...fs.readFileSync("app/utils/env.server.ts", "utf8").matchAll(/^ {4}([A-Z][A-Z0-9_]+): z/gm)].map((m) => m[1]);
    const example = [...fs.readFileSync(".env.example", "utf8").matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]);
    const readme = [...fs.readFileSync("README.md", "utf8").matchAll(/^\| `([A-Z][A-Z0-9_]+)` \|[^|]*\|(.*)\|$/gm)]
      .filter(([, , what]) => !/^\s*(Tests|Benchmarks)\b|test double|^\s*$/.test(what))
      .map((m) => m[1]);
    // Set by a parent process or only for tests, never by hand in production.
    const notForProduction = new Set(["STRIPE_API_URL", "IMPORT_PARENT_PID", "APP_NOW"]);
    const wanted = new Set([...schema, ...example, ...readme].filter((v) => !notForProduction.has(v)));
    expect(schema.length).toBeGreaterThan(20);
    expect([...wanted].filter((v) => !listed.has(v))).toEqual([]);
  });

  it("reads the same for Node's .env loader (npm run ...) and for a shell (upgrade.sh)", () => {
    const node = util.parseEnv(template) as Record<string, string>;
    const shell = execFileSync("bash", ["-c", 'set -a; . "$1"; set +a; node -e "process.stdout.write(JSON.stringify(process.env))"', "_", "deploy/florida-btr.env"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH } as unknown as NodeJS.ProcessEnv,
    });
    const fromShell = JSON.parse(shell) as Record<string, string>;
    for (const [key, value] of Object.entries(node)) expect(fromShell[key], key).toBe(value);
    expect(node.BACKUP_SCHEDULE).toBe("0 3 * * *");
    expect(node.TOWN_SUPPORT_PHONE).toBe("(954) 966-4600");
  });

  it("is refused until its REQUIRED lines are filled in, then accepted", () => {
    const values = util.parseEnv(template) as Record<string, string>;
    // install.sh fills these two.
    const installed = { ...values, SESSION_SECRET: "a".repeat(64), METRICS_TOKEN: "b".repeat(64) };
    let refusal = "";
    try {
      parseEnv(installed);
    } catch (error) {
      expect(error).toBeInstanceOf(EnvError);
      refusal = (error as Error).message;
    }
    expect(refusal).toContain("STRIPE_SECRET_KEY");
    expect(refusal).toContain("SMTP_URL");
    const env = parseEnv({
      ...installed,
      STRIPE_SECRET_KEY: "sk_live_0123456789abcdef",
      STRIPE_PUBLISHABLE_KEY: "pk_live_0123456789abcdef",
      STRIPE_WEBHOOK_SECRET: "whsec_0123456789abcdef",
      SMTP_URL: "smtp://btr:secret@mail.pembrokepark.example:587",
    });
    expect(env).toMatchObject({ NODE_ENV: "production", SEED_DEMO: false, APP_URL: "https://btr.pembrokepark.example" });
    expect(env.DATABASE_PATH.startsWith("/var/lib/florida-btr/")).toBe(true);
  });
});

describe("systemd units, scripts and the Dockerfile", () => {
  const units = fs.readdirSync("deploy").filter((f) => /\.(service|timer)$/.test(f));

  it.skipIf(!hasSystemdAnalyze)("systemd-analyze verify accepts the units", () => {
    const { status, output } = run("systemd-analyze", ["verify", ...units.map((u) => path.join("deploy", u))]);
    expect(status, output).toBe(0);
    expect(output.trim()).toBe("");
  });

  it("the service runs the build with node (not npm), hardened, writing only to the data folder", () => {
    const unit = fs.readFileSync("deploy/florida-btr.service", "utf8");
    expect(unit).toMatch(/^ExecStart=\/usr\/bin\/node --import tsx scripts\/start\.ts$/m);
    expect(JSON.parse(fs.readFileSync("package.json", "utf8")).scripts["start:server"]).toBe("node --import tsx scripts/start.ts");
    for (const line of [
      "User=btr",
      "WorkingDirectory=/opt/florida-btr",
      "EnvironmentFile=/etc/florida-btr/env",
      "Restart=on-failure",
      "ProtectSystem=strict",
      "NoNewPrivileges=yes",
      "PrivateTmp=yes",
      "ProtectHome=yes",
      "ReadWritePaths=/var/lib/florida-btr",
    ]) {
      expect(unit).toMatch(new RegExp(`^${line}$`, "m"));
    }
    expect(unit.match(/^ReadWritePaths=.*$/gm)).toEqual(["ReadWritePaths=/var/lib/florida-btr"]);
    expect(unit).not.toMatch(/^MemoryDenyWriteExecute=yes/m);
  });

  it("the shell scripts parse", () => {
    for (const script of ["deploy/install.sh", "deploy/upgrade.sh", ".ci/install-deploy-tools"]) {
      expect(run("bash", ["-n", script]).status, script).toBe(0);
    }
    expect(run("sh", ["-n", "deploy/florida-btr-cli"]).status).toBe(0);
  });

  it("the Dockerfile builds in one stage with compilers and runs in another, not as root, data on a volume, ready-checked", () => {
    const text = fs.readFileSync("Dockerfile", "utf8");
    const stages = text.split(/^FROM /m).slice(1);
    expect(stages).toHaveLength(2);
    expect(stages[0]).toMatch(/ AS build\n/);
    expect(stages[0]).toMatch(/apt-get install[^\n]*python3 make g\+\+/);
    expect(stages[0]).toContain("npm run build");
    expect(stages[1]).toContain("COPY --from=build /app /app");
    expect(stages[1]).not.toMatch(/g\+\+|python3/);
    expect(stages[1]).toMatch(/^USER btr$/m);
    expect(stages[1]).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(stages[1]).toMatch(/^HEALTHCHECK [\s\S]*\/resources\/readyz/m);
    expect(stages[1]).toMatch(/^CMD \["node", "--import", "tsx", "scripts\/start\.ts"\]$/m);
    // Every path the app writes is under the volume.
    for (const v of ["DATABASE_PATH=/data/", "UPLOADS_DIR=/data/", "MAIL_STORE_DIR=/data/", "BACKUP_DIR=/data/"]) expect(stages[1]).toContain(v);
  });

  it(".dockerignore leaves out what is not the app, in patterns rsync reads the same way", () => {
    const lines = fs
      .readFileSync(".dockerignore", "utf8")
      .split("\n")
      .filter((l) => l && !l.startsWith("#"));
    for (const l of lines) expect(l, l).toMatch(/^\/[^*!]+$/);
    for (const l of ["/.git", "/node_modules", "/build", "/data", "/bench", "/.env"]) expect(lines).toContain(l);
  });
});
