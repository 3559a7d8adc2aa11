/**
 * The production build served IN this process (no remix-serve child that could outlive us):
 * the same express + compression + @remix-run/express stack remix-serve uses (loaded from
 * remix-serve's own dependencies), so every body still goes through @remix-run/node's patched
 * writeReadableStreamToWritable (patches/, tests/integration/remix-writer-backpressure.test.ts).
 *
 * On top of remix-serve: a request id per request (X-Request-Id, and on error pages), the
 * client's real address and protocol (TRUSTED_PROXIES, app/utils/client-address.server), one
 * JSON log line per request (method, route pattern, status, duration, user id, client address),
 * the request duration metric (server/metrics.ts), unexpected errors logged with their stack and
 * answered as a 500 that carries the request id, and a graceful stop (stop accepting, finish
 * what is in flight within a deadline).
 */
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import net, { type AddressInfo } from "node:net";
import type { TLSSocket } from "node:tls";
import path from "node:path";
import url from "node:url";
import type { ServerBuild } from "@remix-run/node";
import { getDb } from "~/db/client.server";
import { isBusyError, waitForWriteLock, WriteLockBusyError } from "~/db/write-lock.server";
import { resolveClient, trustedProxies } from "~/utils/client-address.server";
import { getEnv } from "~/utils/env.server";
import { requestContextStorage, type RequestContext } from "~/utils/request-context.server";
import type { Logger } from "./logger";
import { observeRequest, serverMetrics } from "./metrics";

// express, compression, @remix-run/express and the router: the copies remix-serve loads.
const requireFromServe = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/package.json"));
type Handler = (req: http.IncomingMessage, res: http.ServerResponse, next: (err?: unknown) => void) => void;
type ExpressApp = Handler & {
  disable: (name: string) => void;
  set: (name: string, value: unknown) => void;
  use: (...args: unknown[]) => void;
  all: (path: string, handler: Handler) => void;
};
const express = requireFromServe("express") as (() => ExpressApp) & {
  static: (dir: string, options?: object) => Handler;
};
const compression = requireFromServe("compression") as () => Handler;
const { createRequestHandler } = requireFromServe("@remix-run/express") as {
  createRequestHandler: (options: { build: ServerBuild | (() => Promise<ServerBuild>); mode?: string }) => Handler;
};
const { broadcastDevReady, installGlobals } = requireFromServe("@remix-run/node") as {
  broadcastDevReady: (build: ServerBuild) => Promise<void>;
  installGlobals: (options: { nativeFetch: boolean }) => void;
};
const { matchRoutes } = requireFromServe("@remix-run/router") as {
  matchRoutes: (routes: RouteNode[], pathname: string) => { route: RouteNode }[] | null;
};

type RouteNode = { id: string; path?: string; index?: boolean; caseSensitive?: boolean; children?: RouteNode[] };

/** Route patterns whose parameters are secrets: never logged as typed. */
const SECRET_PARAM = /:token\b/;

/** Route id and pattern (e.g. `routes/business.$id` and `/business/:id`) for a URL path. */
export function routeMatcher(routes: ServerBuild["routes"]) {
  const nodes = new Map<string, RouteNode>();
  for (const r of Object.values(routes)) nodes.set(r.id, { id: r.id, path: r.path, index: r.index, children: [] });
  const roots: RouteNode[] = [];
  for (const r of Object.values(routes)) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId ? nodes.get(r.parentId) : undefined;
    (parent ? parent.children! : roots).push(node);
  }
  return (pathname: string): { routeId: string; route: string } | undefined => {
    // Single-fetch data requests: /page.data, and /_root.data for the index.
    let p = pathname;
    if (p.endsWith(".data")) p = p.slice(0, -5) === "/_root" ? "/" : p.slice(0, -5);
    const matches = matchRoutes(roots, p);
    if (!matches?.length) return undefined;
    const last = matches[matches.length - 1].route;
    const pattern = matches
      .map((m) => m.route.path)
      .filter((s): s is string => Boolean(s))
      .join("/")
      .replace(/\/+/g, "/");
    return { routeId: last.id, route: `/${pattern}`.replace(/^\/\//, "/") };
  };
}

/** After SIGTERM, how long a connection that has sent nothing yet may take to deliver its request. */
const FRESH_CONNECTION_GRACE_MS = 1_000;

const REQUEST_ID = /^[A-Za-z0-9._-]{8,64}$/;

const header = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(",") : value);

function isResponseLike(error: unknown): boolean {
  if (error instanceof Response) return true;
  const type = (error as { type?: unknown } | null)?.type;
  return type === "DataWithResponseInit";
}

/** What a person (or an API client) reads when a write could not get the database in time. */
export const BUSY_MESSAGE =
  "The service is busy saving other changes, and your request was not saved. Nothing was changed: please try again in a few seconds.";
/** Seconds a client is asked to wait before trying a write again. */
export const BUSY_RETRY_AFTER_S = 5;

function errorAnswer(message: string, status: number, requestId: string | undefined, headers: Record<string, string> = {}) {
  return Response.json({ error: { message, requestId } }, { status, headers: { "Cache-Control": "no-store", ...headers } });
}

const totalChanges = () => getDb().$client.prepare("SELECT total_changes()").pluck().get() as number;

/**
 * Runs an action; if it finds the database busy (the importer took the lock while the action
 * awaited something slow, a password hash say) and nothing at all was written on the connection
 * meanwhile, waits for the lock and runs it once more on a copy of the request. Only for bodies
 * that are cheap to copy (not multipart uploads); otherwise the busy error goes on to the 503.
 */
async function retriedOnceIfBusy<F extends (...args: never[]) => unknown>(fn: F, args: Parameters<F>, writeWaitMs: number) {
  const first = args[0] as unknown as { request: Request };
  const copyable = !/^multipart\//i.test(first.request.headers.get("Content-Type") ?? "");
  const spare = copyable ? first.request.clone() : null;
  const before = totalChanges();
  try {
    return await fn(...args);
  } catch (error) {
    if (!spare || !isBusyError(error) || totalChanges() !== before) throw error;
    await waitForWriteLock(() => getDb().$client, writeWaitMs);
    return await fn(...([{ ...first, request: spare }, ...args.slice(1)] as unknown as Parameters<F>));
  }
}

/**
 * Every loader and action of the build, wrapped:
 * - an action first waits, asynchronously, until the database's write lock is free (another
 *   process, the registry importer, may hold it): `writeWaitMs` at most, then 503; one that
 *   still meets the lock having written nothing is run once more (retriedOnceIfBusy);
 * - a write that still finds the database busy (SQLITE_BUSY) answers 503 with Retry-After and
 *   the product's words, as a page or as `{ error: { message } }` JSON (Stripe retries a 503);
 *   its transaction was rolled back, so nothing was written (decision 0023);
 * - an unexpected error (not a Response the route throws on purpose) is logged with its stack
 *   and the request id, and answered as a 500 whose JSON body `{ error: { message, requestId } }`
 *   the error boundary shows, instead of Remix's bare 'Unexpected Server Error'.
 */
export function withErrorReferences(
  build: ServerBuild,
  logger: Logger,
  { writeWaitMs = getEnv().WRITE_WAIT_MS }: { writeWaitMs?: number } = {},
): ServerBuild {
  const wrap = <F extends (...args: never[]) => unknown>(fn: F | undefined, routeId: string, kind: "loader" | "action") => {
    if (!fn) return fn;
    return (async (...args: Parameters<F>) => {
      try {
        if (kind !== "action") return await fn(...args);
        await waitForWriteLock(() => getDb().$client, writeWaitMs);
        return await retriedOnceIfBusy(fn, args, writeWaitMs);
      } catch (error) {
        const request = (args[0] as unknown as { request?: Request })?.request;
        if (isResponseLike(error) || request?.signal.aborted) throw error;
        const context = requestContextStorage().getStore();
        const requestId = context?.requestId;
        if (error instanceof WriteLockBusyError || isBusyError(error)) {
          logger.warn({ reqId: requestId, routeId, err: error }, `${kind} found the database busy: 503`);
          // On the response itself, not only on the thrown one: Remix drops a thrown Response's
          // headers when it renders a page's error boundary (and would send them twice for an API).
          const retryAfter = String(BUSY_RETRY_AFTER_S);
          if (context?.setResponseHeader) context.setResponseHeader("Retry-After", retryAfter);
          throw errorAnswer(BUSY_MESSAGE, 503, requestId, context?.setResponseHeader ? {} : { "Retry-After": retryAfter });
        }
        logger.error({ reqId: requestId, routeId, err: error }, `${kind} failed`);
        throw errorAnswer(
          "Something went wrong on our side and your request was not completed. Please try again later.",
          500,
          requestId,
        );
      }
    }) as unknown as F;
  };
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = route.module as unknown as Record<string, unknown>;
    routes[id] = {
      ...route,
      module: {
        ...module,
        loader: wrap(module.loader as never, id, "loader"),
        action: wrap(module.action as never, id, "action"),
      } as unknown as typeof route.module,
    };
  }
  return { ...build, routes };
}

export type AppServer = {
  server: http.Server;
  port: number;
  /** In-flight requests right now. */
  inFlight: () => number;
  /** Stops accepting, lets in-flight requests finish (until `deadlineMs`), then cuts the rest. */
  close: (deadlineMs?: number) => Promise<{ cut: number }>;
};

async function importBuild(buildPath: string): Promise<ServerBuild> {
  const stat = fs.statSync(buildPath);
  return (await import(`${url.pathToFileURL(buildPath).href}?t=${stat.mtimeMs}`)) as ServerBuild;
}

/**
 * Serves `buildPath` (build/index.js) on `port` (0: any free port). In development it reloads
 * the build when `remix dev` rebuilds, as remix-serve does.
 */
export async function startAppServer({
  port,
  host,
  logger,
  buildPath = path.resolve("build/index.js"),
  mode = process.env.NODE_ENV ?? "production",
}: {
  port: number;
  host?: string;
  logger: Logger;
  buildPath?: string;
  mode?: string;
}): Promise<AppServer> {
  let build = await importBuild(buildPath);
  installGlobals({ nativeFetch: Boolean(build.future.v3_singleFetch) });
  let match = routeMatcher(build.routes);
  let served = withErrorReferences(build, logger);
  globalThis.__appLogger = logger;

  if (mode === "development") {
    const versionPath = path.resolve(buildPath, "..", "version.txt");
    const chokidar = requireFromServe("chokidar") as {
      watch: (p: string, o: object) => { on: (e: string, f: () => void) => { on: (e: string, f: () => void) => void } };
    };
    const reload = async () => {
      build = await importBuild(buildPath);
      match = routeMatcher(build.routes);
      served = withErrorReferences(build, logger);
      await broadcastDevReady(build);
    };
    chokidar.watch(versionPath, { ignoreInitial: true }).on("add", reload).on("change", reload);
  }

  let active = 0;
  let stopping = false;
  const storage = requestContextStorage();
  const trust = trustedProxies();
  serverMetrics();

  const app = express();
  app.disable("x-powered-by");
  // The same rule for express's own reading (req.protocol and req.hostname, hence the URL Remix
  // hands loaders: https behind a trusted proxy that says so) as for the client address below.
  app.set("trust proxy", trust);
  // Request id, context and the log line come first so that even static files are counted.
  app.use((req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => {
    const started = process.hrtime.bigint();
    const incoming = req.headers["x-request-id"];
    const requestId = typeof incoming === "string" && REQUEST_ID.test(incoming) ? incoming : crypto.randomUUID();
    res.setHeader("X-Request-Id", requestId);
    if (stopping) res.setHeader("Connection", "close");
    active++;
    const client = resolveClient(
      {
        socketAddress: req.socket.remoteAddress,
        encrypted: Boolean((req.socket as TLSSocket).encrypted),
        forwardedFor: header(req.headers["x-forwarded-for"]),
        forwardedProto: header(req.headers["x-forwarded-proto"]),
      },
      trust,
    );
    const ctx: RequestContext = {
      requestId,
      logger,
      clientAddress: client.address,
      protocol: client.protocol,
      setResponseHeader: (name, value) => {
        if (!res.headersSent) res.setHeader(name, value);
      },
    };
    res.once("close", () => {
      active--;
      const pathname = (req.url ?? "/").split("?")[0];
      const matched = match(pathname);
      const status = res.statusCode;
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      // Assets under the build's public path all count as one route.
      observeRequest(pathname.startsWith(build.publicPath) ? `${build.publicPath}*` : matched?.route, req.method, status, seconds);
      const line = {
        reqId: requestId,
        method: req.method,
        // A route whose URL carries a secret (a reset, verification or unsubscribe token) is
        // logged by its pattern only.
        path: matched && SECRET_PARAM.test(matched.route) ? matched.route : pathname,
        route: matched?.route,
        routeId: matched?.routeId,
        status,
        durationMs: Math.round(seconds * 1e5) / 100,
        userId: ctx.userId,
        clientAddress: ctx.clientAddress,
        protocol: ctx.protocol,
        aborted: res.writableFinished ? undefined : true,
      };
      if (status >= 500) logger.error(line, "request");
      else logger.info(line, "request");
    });
    storage.run(ctx, next);
  });
  app.use(compression());
  app.use(build.publicPath, express.static(build.assetsBuildDirectory, { immutable: true, maxAge: "1y" }));
  app.use(express.static("public", { maxAge: "1h" }));
  const handlers = new WeakMap<ServerBuild, Handler>();
  app.all("*", (req, res, next) => {
    let handler = handlers.get(served);
    if (!handler) handlers.set(served, (handler = createRequestHandler({ build: served, mode })));
    handler(req, res, next);
  });
  // Errors outside Remix (a static file read failing, say): logged, and a plain 500 with the id.
  app.use((err: unknown, req: http.IncomingMessage, res: http.ServerResponse, _next: () => void) => {
    const requestId = String(res.getHeader("X-Request-Id") ?? "");
    logger.error({ reqId: requestId, err }, "unhandled server error");
    if (res.headersSent) return void res.destroy();
    res.statusCode = 500;
    res.setHeader("Content-Type", "text/plain; charset=utf-8");
    res.end(`Something went wrong on our side. Reference: ${requestId}\n`);
  });

  const server = http.createServer(app as unknown as http.RequestListener);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    const done = () => {
      server.off("error", reject);
      resolve();
    };
    if (host) server.listen(port, host, done);
    else server.listen(port, done);
  });
  const actualPort = (server.address() as AddressInfo).port;
  // Every connection, with how many requests it has had and how many are being answered.
  const sockets = new Map<net.Socket, { since: number; requests: number; busy: number }>();
  server.on("connection", (socket: net.Socket) => {
    sockets.set(socket, { since: Date.now(), requests: 0, busy: 0 });
    socket.once("close", () => sockets.delete(socket));
  });
  server.on("request", (req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = sockets.get(req.socket);
    if (!state) return;
    state.requests++;
    state.busy++;
    res.once("close", () => state.busy--);
  });
  if (mode === "development") void broadcastDevReady(build);

  return {
    server,
    port: actualPort,
    inFlight: () => active,
    close: async (deadlineMs = 10_000) => {
      stopping = true;
      // Connections already waiting in the kernel's accept queue were accepted as far as the
      // client knows: let the event loop take them in before the listening socket goes (closing
      // it resets whatever is still queued). A busy loop may need a few turns.
      for (let i = 0; i < 4; i++) await new Promise((r) => setTimeout(r, 25));
      // Stop listening WITHOUT http.Server#close's closeIdleConnections(): a connection the
      // kernel accepted whose request Node has not read yet (a busy event loop) counts as idle
      // there, and would be reset with its request unanswered.
      const closed = new Promise<void>((resolve) => net.Server.prototype.close.call(server, () => resolve()));
      const until = Date.now() + deadlineMs;
      for (;;) {
        const now = Date.now();
        for (const [socket, state] of sockets) {
          // Idle keep-alive connections go now; a fresh one gets a moment to deliver its request.
          if (state.busy === 0 && (state.requests > 0 || now - state.since > FRESH_CONNECTION_GRACE_MS)) socket.destroy();
        }
        if (sockets.size === 0 || now >= until) break;
        await new Promise((r) => setTimeout(r, 25));
      }
      const cut = active;
      for (const socket of sockets.keys()) socket.destroy();
      await closed;
      return { cut };
    },
  };
}
