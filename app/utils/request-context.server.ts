/**
 * What the server knows about the request being handled, for its log line and error pages:
 * the request id (also sent as X-Request-Id), the signed-in user once a loader has looked,
 * and the logger. The in-process server (server/app-server.ts) opens one per request; the
 * store lives on globalThis because the server and the Remix build are separate module graphs.
 * Outside a request (tests, scripts) every function here is a harmless no-op.
 */
import { AsyncLocalStorage } from "node:async_hooks";

export type RequestLogger = {
  info: (obj: object, msg?: string) => void;
  warn: (obj: object, msg?: string) => void;
  error: (obj: object, msg?: string) => void;
};

export type RequestContext = {
  requestId: string;
  userId?: number;
  logger?: RequestLogger;
  /** Sets a header on the response before Remix writes it (one an error page must carry too). */
  setResponseHeader?: (name: string, value: string) => void;
  /**
   * Who is asking and over what, as the server decided from the socket and TRUSTED_PROXIES
   * (utils/client-address.server): Remix hands loaders no socket, so the server puts them here.
   */
  clientAddress?: string;
  protocol?: "http" | "https";
};

declare global {
  var __requestContext: AsyncLocalStorage<RequestContext> | undefined;
  var __appLogger: RequestLogger | undefined;
}

export function requestContextStorage(): AsyncLocalStorage<RequestContext> {
  globalThis.__requestContext ??= new AsyncLocalStorage<RequestContext>();
  return globalThis.__requestContext;
}

export function currentRequest(): RequestContext | undefined {
  return globalThis.__requestContext?.getStore();
}

/** Records who is asking, for the request's log line. */
export function noteUser(userId: number) {
  const ctx = currentRequest();
  if (ctx) ctx.userId = userId;
}

/** The app's logger (pino in the server, the console elsewhere). */
export function appLogger(): RequestLogger {
  return (
    globalThis.__appLogger ?? {
      info: (obj, msg) => console.log(msg ?? "", obj),
      warn: (obj, msg) => console.warn(msg ?? "", obj),
      error: (obj, msg) => console.error(msg ?? "", obj),
    }
  );
}

/** Logs an error with its stack and the request id (when there is a request). */
export function logError(error: unknown, msg = "request failed") {
  appLogger().error({ reqId: currentRequest()?.requestId, err: error }, msg);
}
