/**
 * The real production server, as `npm start` runs it (scripts/start.ts in its own process, the
 * build from `npm run build`), on a free port with its own database, uploads and JSON log in a
 * temporary folder. For the operations tests: signals, kill -9, probes, logs.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

export function portTaken(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}

export type ProdServer = {
  child: ChildProcess;
  port: number;
  url: string;
  dir: string;
  dbFile: string;
  uploads: string;
  logFile: string;
  stderr: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  logLines: () => Record<string, unknown>[];
};

/** A fresh folder with the files a server needs. */
export function serverDir(prefix = "fbr-ops-") {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

/**
 * Starts the server: `how: "npm"` is `npm run start:server` (npm -> sh -> node, as `npm start`
 * after its build), `how: "node"` runs scripts/start.ts directly (signals go straight to it).
 */
export async function startProdServer({
  how = "node",
  env = {},
  dir = serverDir(),
  wait = true,
}: { how?: "npm" | "node"; env?: Record<string, string | undefined>; dir?: string; wait?: boolean } = {}): Promise<ProdServer> {
  const port = await freePort();
  const dbFile = path.join(dir, "app.db");
  const uploads = path.join(dir, "uploads");
  const logFile = path.join(dir, "server.log");
  const childEnv: Record<string, string | undefined> = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    APP_URL: `http://localhost:${port}`,
    DATABASE_PATH: dbFile,
    UPLOADS_DIR: uploads,
    LOG_FILE: logFile,
    SESSION_SECRET: "ops-test-session-secret-0123456789",
    SEED_DEMO: "false",
    // The warm-up holds readiness back at start; its own tests turn it on.
    WARM_ON_START: "off",
    STRIPE_SECRET_KEY: undefined,
    STRIPE_API_URL: undefined,
    STRIPE_WEBHOOK_SECRET: undefined,
    STRIPE_PUBLISHABLE_KEY: undefined,
    ...env,
  };
  for (const key of Object.keys(childEnv)) if (childEnv[key] === undefined) delete childEnv[key];
  const options = { env: childEnv as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"] as ("ignore" | "pipe")[] };
  const child: ChildProcess =
    how === "npm"
      ? spawn("npm", ["run", "--silent", "start:server"], options)
      : spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], options);
  let stderr = "";
  child.stderr!.on("data", (d: Buffer) => (stderr += d));
  child.stdout!.resume();
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const server: ProdServer = {
    child,
    port,
    url: `http://localhost:${port}`,
    dir,
    dbFile,
    uploads,
    logFile,
    stderr: () => stderr,
    exited,
    logLines: () =>
      fs.existsSync(logFile)
        ? fs
            .readFileSync(logFile, "utf8")
            .split("\n")
            .filter(Boolean)
            .map((l) => JSON.parse(l) as Record<string, unknown>)
        : [],
  };
  if (wait) {
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr}`);
      try {
        // The answer read whole: a probe that drops it mid-way is logged by the server as aborted,
        // which the lifecycle tests count as a request cut short.
        const answer = await fetch(`${server.url}/resources/healthz`);
        await answer.arrayBuffer();
        if (answer.ok) break;
      } catch {
        // not up yet
      }
      if (Date.now() > until) throw new Error(`server did not start: ${stderr}`);
      await new Promise((r) => setTimeout(r, 200));
    }
  }
  return server;
}

/** Processes (pids) listening on `port`, from /proc/net/tcp{,6} and every process's fds. */
export function listeners(port: number): number[] {
  const hex = port.toString(16).toUpperCase().padStart(4, "0");
  const inodes = new Set<string>();
  for (const table of ["/proc/net/tcp", "/proc/net/tcp6"]) {
    if (!fs.existsSync(table)) continue;
    for (const line of fs.readFileSync(table, "utf8").split("\n").slice(1)) {
      const cols = line.trim().split(/\s+/);
      if (cols[1]?.endsWith(`:${hex}`) && cols[3] === "0A") inodes.add(cols[9]);
    }
  }
  const pids: number[] = [];
  for (const pid of fs.readdirSync("/proc").filter((p) => /^\d+$/.test(p))) {
    try {
      for (const fd of fs.readdirSync(`/proc/${pid}/fd`)) {
        const link = fs.readlinkSync(`/proc/${pid}/fd/${fd}`);
        const m = /^socket:\[(\d+)\]$/.exec(link);
        if (m && inodes.has(m[1])) pids.push(Number(pid));
      }
    } catch {
      // gone, or not ours to read
    }
  }
  return [...new Set(pids)];
}

/**
 * Makes files unwritable even for root (chattr +i when we are root, chmod otherwise); returns
 * the undo. The SQLite -shm file must stay writable (it is memory-mapped).
 */
export function makeUnwritable(...files: string[]): () => void {
  const existing = files.filter((f) => fs.existsSync(f));
  if (process.getuid?.() === 0) {
    execFileSync("chattr", ["+i", ...existing]);
    return () => execFileSync("chattr", ["-i", ...existing]);
  }
  const modes = existing.map((f) => fs.statSync(f).mode);
  existing.forEach((f) => fs.chmodSync(f, fs.statSync(f).isDirectory() ? 0o555 : 0o444));
  return () => existing.forEach((f, i) => fs.chmodSync(f, modes[i]));
}

/** Runs scripts/start.ts with `env` and returns how it ended (it must not get as far as listening). */
export function startWith(env: Record<string, string | undefined>) {
  const dir = serverDir("fbr-refuse-");
  const full: Record<string, string | undefined> = {
    PATH: process.env.PATH,
    NODE_ENV: "production",
    PORT: "1",
    DATABASE_PATH: path.join(dir, "app.db"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    SESSION_SECRET: "refusal-test-secret-0123456789",
    SEED_DEMO: "false",
    ...env,
  };
  for (const k of Object.keys(full)) if (full[k] === undefined) delete full[k];
  return new Promise<{ code: number | null; stderr: string; dir: string }>((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], { env: full as NodeJS.ProcessEnv });
    let stderr = "";
    child.stderr.on("data", (d: Buffer) => (stderr += d));
    child.stdout.resume();
    const timer = setTimeout(() => child.kill("SIGKILL"), 30_000);
    child.on("exit", (code) => {
      clearTimeout(timer);
      resolve({ code, stderr, dir });
    });
  });
}
