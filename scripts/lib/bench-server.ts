/** The production build served by remix-serve on a benchmark database, as the benchmarks measure it. */
import { type ChildProcess, spawn } from "node:child_process";
import net from "node:net";
import path from "node:path";

/** A TCP port nothing listens on now (on loopback). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts remix-serve (build/index.js) on `dbFile` at `port`; its errors go to this process's stderr. */
export function serveBenchBuild(dbFile: string, port: number, extraEnv: Record<string, string> = {}): ChildProcess {
  return spawn(process.execPath, [path.resolve("node_modules/@remix-run/serve/dist/cli.js"), "build/index.js"], {
    env: { ...process.env, NODE_ENV: "production", PORT: String(port), DATABASE_PATH: dbFile, ...extraEnv },
    stdio: ["ignore", "ignore", "inherit"],
  });
}

/** Resolves once `url` answers 2xx; fails if `server` exits first or nothing answers in time. */
export async function waitForServer(server: ChildProcess, url: string, timeoutMs = 60_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (server.exitCode !== null) throw new Error(`remix-serve exited with ${server.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not answer at ${url}`);
}
