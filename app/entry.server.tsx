import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { startScheduler } from "~/jobs/scheduler.server";
import { getEnv } from "~/utils/env.server";
import { NonceProvider } from "~/utils/nonce";
import { logError } from "~/utils/request-context.server";
import { cachedPage, pageCacheKey, rememberPage } from "~/utils/cache.server";
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
  const nonce = crypto.randomBytes(16).toString("base64");
  // Bots and no-JS crawlers get the whole document at once; browsers get it streamed.
  const readyEvent = isbot(request.headers.get("user-agent") ?? "") ? "onAllReady" : "onShellReady";
  const cacheKey = pageCacheKey(request, responseStatusCode, responseHeaders, remixContext, readyEvent);
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");

  const cached = cacheKey ? cachedPage(cacheKey, nonce) : null;
  if (cacheKey) responseHeaders.set("X-Page-Cache", cached === null ? "miss" : "hit");
  if (cached !== null) {
    remixContext.serverHandoffStream?.cancel().catch(() => {}); // the page already holds the data
    applyDocumentSecurityHeaders(responseHeaders, nonce);
    return new Response(cached, { headers: responseHeaders, status: responseStatusCode });
  }

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    let failed = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        [readyEvent]() {
          shellRendered = true;
          const body = cacheKey ? rememberPage(cacheKey, nonce, () => failed) : new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          applyDocumentSecurityHeaders(responseHeaders, nonce);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          failed = true;
          responseStatusCode = 500;
          // A client that went away mid-page aborts the render: nothing to report.
          if (shellRendered && !request.signal.aborted) logError(error, "render failed");
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
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
