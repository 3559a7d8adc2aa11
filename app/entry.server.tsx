import crypto from "node:crypto";
import type { AppLoadContext, EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { I18nNamespacesContext } from "~/components/i18n-boot";
import { isLanguage } from "~/lib/languages";
import { startScheduler } from "~/jobs/scheduler.server";
import { getEnv } from "~/utils/env.server";
import { getLanguage, requestInstance, routeNamespaces } from "~/utils/i18n.server";
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

export default async function handleRequest(
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

  // Nothing in this app defers data, so the page is rendered whole, synchronously, into one
  // string (decision 0014): the loader data's stream is read first and handed to Remix's
  // <StreamTransfer> as already read, which then renders its <script>s without suspending.
  await readHandoffWhole(remixContext);
  // The language the root loader chose (the request's own when the root failed).
  const rootLanguage = (remixContext.staticHandlerContext.loaderData?.root as { language?: unknown } | undefined)?.language;
  const i18n = requestInstance(isLanguage(rootLanguage) ? rootLanguage : await getLanguage(request));
  const namespaces = [...new Set(["common", ...routeNamespaces(remixContext)])];
  // Encoded here in one go: a string body would be checked and encoded again by the Response.
  const html = Buffer.from(
    `<!DOCTYPE html>${renderToString(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <I18nNamespacesContext.Provider value={namespaces}>
            <RemixServer context={remixContext} url={request.url} abortDelay={streamTimeout} nonce={nonce} />
          </I18nNamespacesContext.Provider>
        </I18nextProvider>
      </NonceProvider>,
    )}`,
  );
  if (cacheKey) rememberRenderedPage(cacheKey, nonce, html);
  applyDocumentSecurityHeaders(responseHeaders, nonce);
  responseHeaders.set("Content-Length", String(html.length));
  return new Response(html, { headers: responseHeaders, status: responseStatusCode });
}

/**
 * Reads Remix's single-fetch handoff stream (the loader data, turbo-stream encoded) to its end
 * and leaves it in `renderMeta.streamCache` as <StreamTransfer> would after reading it, as one
 * chunk. The stream ends once every loader's data is settled (or after `streamTimeout`).
 */
async function readHandoffWhole(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  let text = "";
  for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
    text += decoder.decode(chunk.value, { stream: true });
  }
  text += decoder.decode();
  reader.releaseLock();
  const read = Object.assign(Promise.resolve(), { result: { done: true, value: text } });
  (context.renderMeta ??= {}).streamCache = { 0: read };
}

export const handleDataRequest: HandleDataRequestFunction = (response) => {
  applyBaseSecurityHeaders(response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  logError(error);
}
