/**
 * remix-serve writes every response body through @remix-run/node's writeReadableStreamToWritable.
 * As published it never waits for 'drain' (a slow client makes the server buffer the whole body)
 * and keeps reading the body after the client has gone. patches/@remix-run+node+2.17.5.patch
 * fixes both; these tests fail against the unpatched file.
 */
import { createRequire } from "node:module";
import { once } from "node:events";
import http from "node:http";
import net from "node:net";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { writeReadableStreamToWritable } from "@remix-run/node";
import { afterEach, expect, it } from "vitest";

const KB = 1024;
const MB = 1024 * KB;
const CHUNK = 64 * KB;
// What a client that reads nothing may make the server pull: the socket buffers of both ends
// of a loopback connection plus a chunk or two. The unpatched writer pulls everything offered.
const PAUSED_LIMIT = 8 * MB;

/**
 * A body of `total` bytes in 64 KB chunks that counts what has been pulled from it and whether
 * it was cancelled. Every chunk is the same random 64 KB (deflate's window is 32 KB, so gzip
 * cannot shrink it): cheap to hand out even when a broken writer pulls all of it.
 */
function countingBody(total: number) {
  const chunk = new Uint8Array(CHUNK);
  for (let i = 0; i < CHUNK; i += 65536) crypto.getRandomValues(chunk.subarray(i, i + 65536));
  const state = { pulled: 0, cancelled: false, cancelledAt: -1 };
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (state.pulled >= total) return controller.close();
        state.pulled += CHUNK;
        controller.enqueue(chunk);
      },
      cancel() {
        state.cancelled = true;
        state.cancelledAt = state.pulled;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, state };
}

type Served = {
  url: URL;
  port: number;
  state: ReturnType<typeof countingBody>["state"];
  done: Promise<unknown>;
  response: () => http.ServerResponse | undefined;
};
const servers: http.Server[] = [];
afterEach(async () => {
  // A failed test may leave a paused client connected: close its connection too.
  await Promise.all(
    servers.splice(0).map((s) => {
      const closed = new Promise((resolve) => s.close(resolve));
      s.closeAllConnections();
      return closed;
    }),
  );
});

/** A server whose one response is a counting body of `total` bytes, written by Remix's writer. */
async function serve(
  total: number,
  wrap?: (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void,
): Promise<Served> {
  const body = countingBody(total);
  let settle!: (value: unknown) => void;
  const done = new Promise((resolve) => (settle = resolve));
  let response: http.ServerResponse | undefined;
  const server = http.createServer((req, res) => {
    response = res;
    const handle = () => {
      res.writeHead(200, { "Content-Type": "application/octet-stream" });
      writeReadableStreamToWritable(body.stream, res).then(
        () => settle("resolved"),
        (error: unknown) => settle(error),
      );
    };
    if (wrap) wrap(req, res, handle);
    else handle();
  });
  servers.push(server);
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const port = (server.address() as AddressInfo).port;
  return { url: new URL(`http://127.0.0.1:${port}/`), port, state: body.state, done, response: () => response };
}

/** Waits until `read()` stops growing for `quietMs` (or passes `limit`, or `timeoutMs` runs out). */
async function settledValue(read: () => number, limit: number, quietMs = 750, timeoutMs = 10_000) {
  const until = Date.now() + timeoutMs;
  let last = read();
  let since = Date.now();
  while (Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = read();
    if (now > limit) return now;
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (Date.now() - since >= quietMs) return now;
  }
  return read();
}

/** A raw client that sends a GET and then reads nothing: only the kernel buffers take data. */
async function pausedClient(port: number, headers = "") {
  const socket = net.connect(port, "127.0.0.1");
  await once(socket, "connect");
  socket.pause();
  socket.write(`GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n${headers}\r\n`);
  return socket;
}

it("waits for 'drain': a client that reads nothing makes the server pull only a few MB, not the whole body", async () => {
  const served = await serve(256 * MB);
  const socket = await pausedClient(served.port);
  const pulled = await settledValue(() => served.state.pulled, PAUSED_LIMIT);
  console.log(`paused client: ${(pulled / MB).toFixed(1)} MB pulled of 256 MB`);
  expect(pulled).toBeGreaterThan(0);
  expect(pulled).toBeLessThan(PAUSED_LIMIT);

  // The client goes away: the writer stops waiting and cancels the body (releasing its source).
  socket.destroy();
  const outcome = await Promise.race([served.done, new Promise((resolve) => setTimeout(() => resolve("still waiting"), 5_000))]);
  expect(outcome).toBe("resolved");
  expect(served.state.cancelled).toBe(true);
  expect(served.state.pulled).toBeLessThan(PAUSED_LIMIT);
}, 20_000);

it("a slow client gets the whole body once it reads again, and the writer leaves no listeners behind", async () => {
  const total = 32 * MB;
  const served = await serve(total);
  let received = 0;
  const response = await new Promise<http.IncomingMessage>((resolve, reject) => http.get(served.url, resolve).on("error", reject));
  // Not reading for a while: the server stops at the socket buffers...
  const pulled = await settledValue(() => served.state.pulled, PAUSED_LIMIT);
  expect(pulled).toBeLessThan(PAUSED_LIMIT);
  // ...and resumes on 'drain' once the client reads again.
  for await (const chunk of response) {
    received += (chunk as Buffer).length;
  }
  expect(received).toBe(total);
  expect(await served.done).toBe("resolved");
  expect(served.state.cancelled).toBe(false);
  // The writer's listeners went with it.
  for (const event of ["drain", "close", "error"]) expect(served.response()!.listenerCount(event)).toBe(0);
}, 20_000);

it("through remix-serve's compression middleware: backpressure reaches the stream, without a listener per wait", async () => {
  // The copy of `compression` that remix-serve itself loads.
  const requireFromServe = createRequire(createRequire(import.meta.url).resolve("@remix-run/serve/package.json"));
  const compression = requireFromServe("compression") as () => (req: http.IncomingMessage, res: http.ServerResponse, next: () => void) => void;
  const middleware = compression();
  const warnings: string[] = [];
  const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
  process.on("warning", onWarning);
  try {
    const total = 32 * MB;
    const served = await serve(total, middleware);

    // Paused gzip client: the zlib stream fills, then the socket; the body stops being pulled.
    const socket = await pausedClient(served.port, "Accept-Encoding: gzip\r\n");
    const pulled = await settledValue(() => served.state.pulled, PAUSED_LIMIT);
    expect(pulled).toBeLessThan(PAUSED_LIMIT);
    socket.destroy();
    expect(await served.done).toBe("resolved");
    expect(served.state.cancelled).toBe(true);

    // A gzip client that reads: the whole body arrives intact, and no 'drain' listeners piled
    // up on the zlib stream (a once('drain') per wait would: MaxListenersExceededWarning).
    const again = await serve(total, middleware);
    const gz = await new Promise<http.IncomingMessage>((resolve, reject) =>
      http.get(again.url, { headers: { "Accept-Encoding": "gzip" } }, resolve).on("error", reject),
    );
    expect(gz.headers["content-encoding"]).toBe("gzip");
    let received = 0;
    for await (const chunk of gz.pipe(zlib.createGunzip())) received += (chunk as Buffer).length;
    expect(received).toBe(total);
    expect(await again.done).toBe("resolved");
    await new Promise((resolve) => setImmediate(resolve));
    expect(warnings.filter((w) => w.startsWith("MaxListenersExceededWarning"))).toEqual([]);
  } finally {
    process.off("warning", onWarning);
  }
}, 20_000);
