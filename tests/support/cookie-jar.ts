/**
 * One client's cookies across calls to route modules: what a response sets is kept (a cleared
 * cookie is dropped), and every request sends them all. Each jar has its own client address, so
 * jars never share a sign-in lockout bucket.
 */
import type { LoaderFunctionArgs } from "@remix-run/node";
import { uniqueAddress } from "./accounts";
import { callRoute, makeRequest } from "./factories";

type Handler = (args: LoaderFunctionArgs) => unknown;

export class CookieJar {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly address = uniqueAddress(),
    readonly userAgent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  ) {}

  /** The Cookie header value. */
  header(): string {
    return [...this.cookies.values()].join("; ");
  }

  has(name: string): boolean {
    return this.cookies.has(name);
  }

  /** The `name=value` pair of a cookie, for a request of another client. */
  pair(name: string): string | undefined {
    return this.cookies.get(name);
  }

  keep(response: Response) {
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(";");
      const name = pair.slice(0, pair.indexOf("="));
      if (/expires=Thu, 01 Jan 1970|max-age=0/i.test(cookie) || pair.endsWith("=")) this.cookies.delete(name);
      else this.cookies.set(name, pair);
    }
  }

  /** Calls a loader (GET) or action with a JSON body (when given), keeping the cookies it sets. */
  async call(fn: unknown, path: string, { method, json, params = {} }: { method?: string; json?: unknown; params?: Record<string, string> } = {}) {
    const request = await makeRequest(path, {
      method: method ?? (json === undefined ? "GET" : "POST"),
      json,
      cookie: this.header(),
      headers: { "X-Forwarded-For": this.address, "User-Agent": this.userAgent },
    });
    const response = await callRoute(fn as Handler, request, params);
    this.keep(response);
    return response;
  }
}
