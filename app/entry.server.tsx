import crypto from "node:crypto";
import type { Writable } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToPipeableStream } from "react-dom/server";
import { startScheduler } from "~/jobs/scheduler.server";
import { getEnv } from "~/utils/env.server";
import { NonceProvider } from "~/utils/nonce";
import { logError } from "~/utils/request-context.server";
import { cachedPage, pageCacheKey, rememberRenderedPage } from "~/utils/cache.server";
import { applyBaseSecurityHeaders, applyDocumentSecurityHeaders } from "~/utils/security-headers.server";

export const streamTimeout = 5_000;

// Fail fast at start-up with a readable message when the environment is wrong.
getEnv();
// Scheduled jobs (mail, reminders, ...) run in the server unless JOBS_SCHEDULE=false. (Vitest
// never loads this module; the e2e server runs the build with NODE_ENV=test and its schedule.)
if (getEnv().JOBS_SCHEDULE !== false) startScheduler();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  _loadContext: AppLoadContext,
) {
  // 122 random bits from Node's pool of pre-generated UUIDs (a random draw per page costs more).
  const nonce = crypto.randomUUID().replaceAll("-", "");
  const cacheKey = pageCacheKey(request, responseStatusCode, responseHeaders, remixContext, "document");
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const cached = cacheKey ? cachedPage(cacheKey, nonce) : null;
  if (cacheKey) responseHeaders.set("X-Page-Cache", cached === null ? "miss" : "hit");
  if (cached !== null) {
    remixContext.serverHandoffStream?.cancel().catch(() => {}); // the page already holds the data
    applyDocumentSecurityHeaders(responseHeaders, nonce);
    return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  }

  // Nothing in this app defers data: every page is whole once React has it all (the loader data's
  // script included). Wait for that and answer with one buffer: no stream conversions per chunk
  // (PassThrough, web stream, Remix's writer), one write to the socket (decision 0014).
  return new Promise((resolve, reject) => {
    let failed = false;
    let renderError: unknown;
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        onAllReady() {
          if (failed && !request.signal.aborted) logError(renderError, "render failed");
          // React writes the whole page at once into this collector (a bare sink: a stream's
          // machinery per chunk is not needed to gather bytes) and then ends it.
          const chunks: Uint8Array[] = [];
          const sink = {
            write(chunk: Uint8Array) {
              chunks.push(chunk);
              return true;
            },
            end() {
              clearTimeout(timer);
              const html = Buffer.concat(chunks);
              if (cacheKey && !failed) rememberRenderedPage(cacheKey, nonce, html);
              applyDocumentSecurityHeaders(responseHeaders, nonce);
              resolve(new Response(html, { headers: responseHeaders, status: failed ? 500 : responseStatusCode }));
            },
            on() {
              return sink;
            },
          };
          pipe(sink as unknown as Writable);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          renderError ??= error;
        },
      },
    );
    timer = setTimeout(abort, streamTimeout + 1000);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyBaseSecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError(error);
}
